/* Run critical: the critical path of one trace's run (SPEC 30): its graph
 * (src/attribution/critical_make.h) with the --what-if rules, the paths of
 * its steps (src/attribution/critical.h) and the rows and report lines of
 * --summary critical (src/views/critical/summary_critical.h); or, for a table of
 * several traces, the graph alone, with its communication events, kept
 * for the job (src/cli/combine_critical.h). */
#ifndef PP_RUN_CRITICAL_H
#define PP_RUN_CRITICAL_H

#include "attribution/critical_graph.h"
#include "views/table/settings.h"
#include "views/critical/summary_critical.h"

/* The rows of TRACE's critical paths; with KEEP, its graph into *KEEP and NULL. */
struct critical_rows *run_critical(const struct trace *trace, const struct forest *forest,
				   const struct attribution *attribution, const struct steps *steps,
				   const struct options *options, struct critical_graph **keep);

#endif
