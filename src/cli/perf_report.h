/* Perf report: what the report and the warnings say of the performance
 * models (SPEC 15.1), when a perf figure is asked for. */
#ifndef PP_PERF_REPORT_H
#define PP_PERF_REPORT_H

#include <stdio.h>
#include "views/perf.h"

/* "  perf models:   ..." : the counted ops per family, the device time they
 * own of DEVICE_TOTAL, and the ops of the table not modelled, by reason. */
void perf_report_print(FILE *out, const struct perf *perf, gint64 device_total);
/* The warnings for the trace SRC (as messages show it): no Input Dims at
 * all, devices without the peaks their ops need, figures past 64 bits. */
void perf_report_warn(FILE *out, const char *src, const struct perf *perf, const char *peaks_file);

#endif
