/* Combine critical: --summary critical of several traces, the ranks of one
 * job (SPEC 30): each trace's critical graph (src/analysis/run_critical.h) and
 * its communication events' record (folded into REDUCE as the trace
 * ended, src/views/ranks/rank_reduce.h); the collective instances matched there
 * (SPEC 20.1) join the graphs (src/attribution/critical_join.h), one pass
 * per step number gives every rank's path, and one table is written, rank
 * first, each rank's "(critical path)" row first; the report gives each
 * rank's path lines, after the instances' warnings. Two traces of one
 * rank are an error, as for --summary rank. */
#ifndef PP_COMBINE_CRITICAL_H
#define PP_COMBINE_CRITICAL_H

#include "cli/options.h"

struct rank_reduce;
/* Writes the table of JOBS (struct job *, FAILED of them failed); returns the exit status. */
int combine_critical(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce);

#endif
