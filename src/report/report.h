/* Report: what was read and written, on standard error. */
#ifndef PP_REPORT_H
#define PP_REPORT_H

#include <stdio.h>
#include "report/warnings.h"

void report_print(FILE *out, const struct run_summary *run);
/* The report's lines for DEVICES (struct device_info): identical ones
 * collapsed, "  devices 0-7: NVIDIA H800, 79.1 GiB, ...\n". */
char *report_devices_text(const GArray *devices);
/* The report's device timeline lines for D (SPEC 11.3, 15.3), appended to
 * LINES: "  device 0:      busy ..." and its class and idle lines, each
 * ending in a newline; the page shows the same (src/page/page_charts.h). */
void report_timeline_device(GString *lines, const struct timeline_device *d);
/* The report's host wait line (SPEC 19.3), without indent or newline, appended to LINE. */
void report_waiting_line(GString *line, const struct waiting_report *waiting);
/* The same by cause (SPEC 26.8), in a run that has the causes. */
void report_causes_line(GString *line, const struct causes_summary *causes);

/* A progress line on standard error, for read_config.progress: shown for
 * inputs over 64 MiB, at most four times a second, erased when done. Use it
 * only when standard error is a terminal. */
void report_progress(const char *path, gint64 bytes, double fraction, gboolean done);

#endif
