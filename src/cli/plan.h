/* Plan: the jobs of a command line, decided before any trace is read, so
 * that nothing depends on the order in which jobs end: one job per distinct
 * trace, each with an output of its own (src/output/output_names.c), and no
 * output that is an input. */
#ifndef PP_PLAN_H
#define PP_PLAN_H

#include "cli/options.h"
#include "cli/run.h"

/* The jobs (struct job, freed by job_free) for PATHS, the traces of -s;
 * MANY: -d is a directory. NULL, ERROR set, when an output would replace
 * an input (a usage error). NOTES gets, for the report, the traces named
 * twice (read once) and the output names made unique. */
GPtrArray *plan_jobs(const struct options *options, const GPtrArray *paths, gboolean many, GString *notes,
		     GError **error);
/* The jobs of a comparison (--diff, --across-ranks): each keeps its
 * summary's groups, none writes; the one output, -d, must not be an input. */
GPtrArray *plan_collect_jobs(const struct options *options, const GPtrArray *paths, GString *notes,
			     GError **error);
void job_free(gpointer job);

#endif
