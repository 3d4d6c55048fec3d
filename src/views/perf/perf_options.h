/* The options of the device peaks (SPEC 15.1), group "perf": --peaks FILE
 * (the table instead of the shipped one), --peak-flops TFLOPS and
 * --peak-bandwidth TBPS (one figure for every device and precision), the
 * values positive decimal numbers of at most six decimals; and the table
 * they make (src/views/perf/peaks.h). */
#ifndef PP_PERF_OPTIONS_H
#define PP_PERF_OPTIONS_H

#include "views/perf/peaks.h"
#include "views/table/settings.h"

extern const struct view_options perf_view_options;

/* The table OPTIONS ask for: --peaks FILE, else the shipped one
 * (peaks_default_file), with the overrides of --peak-flops and
 * --peak-bandwidth; NULL with ERROR when it cannot be read or is not one. */
struct peaks *perf_peaks_load(const struct options *options, GError **error);
/* Whether OPTIONS ask for a perf figure: a perf column (picked or sorted
 * by) or --summary perf; then the table of peaks is loaded and the figures
 * worked out (src/views/perf/perf.h). */
gboolean perf_asked(const struct options *options);
/* Whether the run writes the per-node HTML page (SPEC 16), which shows the
 * perf columns when the trace has Input Dims: the figures are worked out
 * then too, without the warning of a trace that has none. */
gboolean perf_for_page(const struct options *options);

#endif
