/* Combine's ranks (SPEC 20): --summary rank over several traces (each
 * job's record folded into one reduce as it ends, so the events of all ranks
 * are never held), the map of one trace, and --merge of rank maps; the table,
 * its warnings and the straggler line written as combine_table writes. */
#ifndef PP_COMBINE_RANK_H
#define PP_COMBINE_RANK_H

#include "cli/options.h"

struct job;
struct rank_reduce;
/* For run_settings.collected with --summary rank: folds JOB's record into
 * REDUCE (a struct rank_reduce *) and frees it. */
void combine_collected_rank(struct job *job, gpointer reduce);
/* Writes --summary rank's table of REDUCE, or with REDUCE NULL the map of
 * the one job (--format jsonl); returns the exit status. */
int combine_finish_rank(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce);
/* --summary findings of several traces (SPEC 22): one table, rank first,
 * every trace's findings (a trace without a rank by its place in the list)
 * and the job rules' from REDUCE (each job's record folded in as it ended),
 * in SPEC 22's order; returns the exit status (3: --fail-on fired). */
int combine_findings(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce);
/* SPEC 20.1: two sources (NAMES, in list order, NULL for a failed one, with
 * RANKS; COUNT of them) of one rank are an error, said for VIEW naming both. */
gboolean combine_ranks_distinct(const char *const *names, const gint64 *ranks, guint count, const char *view);
/* --merge of rank maps FILES (SPEC 20.2): what --summary rank over their
 * traces writes; returns the exit status. */
int combine_merge_rank_maps(const struct options *options, GPtrArray *files);

#endif
