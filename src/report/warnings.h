/* Warnings (SPEC 10.1): what a run did not see, said on standard error
 * rather than left as a silent empty or partial result. Each is one line
 * "profile_parser: warning: TRACE: ...", part of the report (so -q silences
 * it); none changes the exit status. */
#ifndef PP_WARNINGS_H
#define PP_WARNINGS_H

#include <stdio.h>
#include "attribution/attribute.h"
#include "attribution/timeline.h"
#include "attribution/waiting.h"
#include "analysis/categories.h"
#include "views/table/settings.h"
#include "input/et.h"

/* What the run of a trace tells the report (src/report/report.c) and the warnings. */
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
	const struct waiting_report *waiting; /* what the host was doing while devices waited (SPEC 19.3), or NULL */
	const struct causes_summary *wait_causes; /* the same by cause (SPEC 26.8), in a run that has the causes; or NULL */
	const char *label; /* the trace's part ("base", "new" with --diff), or NULL */
	const struct categories *categories; /* the -mc, -hc and -dc lists in effect, and what chose them */
	const struct perf *perf; /* the perf figures (SPEC 15.1), when asked for; or NULL */
	const struct graft_stats *graft; /* the graph launches and what grafting did (SPEC 14.4), or NULL */
	const struct collectives *collectives; /* --summary collective's (SPEC 15.2), or NULL */
	const struct memory_devices *memory; /* the memory devices (SPEC 21), when [memory] events were read; or NULL */
	const GPtrArray *findings; /* the run's findings (SPEC 22), when it worked them out; or NULL */
	const char *critical; /* the report's critical-path lines (SPEC 30), or NULL */
};


void warnings_print(FILE *out, const struct run_summary *run);

#endif
