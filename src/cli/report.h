/* Report: what was read and written, on standard error. */
#ifndef PP_REPORT_H
#define PP_REPORT_H

#include <stdio.h>
#include "attribution/attribute.h"
#include "cli/categories.h"
#include "input/et.h"
#include "cli/options.h"
#include "attribution/timeline.h"

struct run_summary {
	const char *src;
	const char *dst;
	const struct trace *trace;
	const struct forest *forest;
	const struct attribution *attribution;
	const struct options *options;
	const struct selection *selection;
	struct coverage coverage;
	guint64 rows;
	double seconds;
	double stage_seconds[4]; /* read, build, attribute, write */
	const struct et *et; /* the Execution Trace joined, or NULL */
	guint64 joined;
	guint64 joined_other_name;
	const struct timeline *timeline; /* per device (SPEC 11.3), or NULL */
	const char *label; /* the trace's part ("base", "new" with --diff), or NULL */
	const struct categories *categories; /* the -mc, -hc and -dc lists in effect, and what chose them */
};

void report_print(FILE *out, const struct run_summary *run);
/* The report's lines for DEVICES (struct device_info): identical ones
 * collapsed, "  devices 0-7: NVIDIA H800, 79.1 GiB, ...\n". */
char *report_devices_text(const GArray *devices);

/* A progress line on standard error, for read_config.progress: shown for
 * inputs over 64 MiB, at most four times a second, erased when done. Use it
 * only when standard error is a terminal. */
void report_progress(const char *path, gint64 bytes, double fraction, gboolean done);

#endif
