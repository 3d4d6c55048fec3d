/* Perf report: what the report and the warnings say of the performance
 * models (SPEC 15.1), when a perf figure is asked for. */
#ifndef PP_PERF_REPORT_H
#define PP_PERF_REPORT_H

#include <stdio.h>
#include "views/perf/perf.h"

/* "  perf models:   ..." : the counted ops per family, the device time they
 * own of DEVICE_TOTAL, and the ops of the table not modelled, by reason. */
void perf_report_print(FILE *out, const struct perf *perf, gint64 device_total);
/* What a warning says of a trace in PyTorch's legacy format (trace_legacy()). */
#define PERF_LEGACY_TEXT                                                                                         \
	"the trace is in PyTorch's legacy format (\"CPU functions\" events of no category and empty args: what " \
	"PyTorch writes without Kineto), which keeps no shapes, memory events or ids"

/* What the trace SRC (as messages show it) is, for the warnings. */
struct perf_trace {
	gboolean legacy;        /* in PyTorch's legacy format */
	guint device_events;    /* its device events */
	gboolean asked;         /* a perf column or --summary perf asked for (not only the page's figures) */
};

/* The warnings for the trace SRC: no Input Dims at all (and why: the legacy
 * format, or no record_shapes); when perf figures are ASKED for and no op
 * is counted, why (no device events, none launched by a modelled op, or
 * the reasons the ops of the table were not modelled); devices without the
 * peaks their ops need; figures past 64 bits. */
void perf_report_warn(FILE *out, const char *src, const struct perf *perf, const char *peaks_file,
		      const struct perf_trace *trace);

#endif
