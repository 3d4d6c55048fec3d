/* Combine: the comparisons run (SPEC 13): the jobs of --diff and
 * --across-ranks, whose groups the views of src/views/compare/compare.h turn into
 * one table, and --merge; each writes its table and says what it wrote. */
#ifndef PP_COMBINE_H
#define PP_COMBINE_H

#include "cli/options.h"
#include "views/ranks/ranks.h"

struct ranks;
struct job;
/* For run_settings.collected with --across-ranks: adds JOB's groups to
 * RANKS (a struct ranks *) and frees them. */
void combine_collected(struct job *job, gpointer ranks);
/* Writes the comparison of JOBS (struct job *; FAILED of them failed) to
 * -d: the diff of the two jobs' groups, or RANKS, which every job that
 * ended well was added to; returns the exit status. */
int combine_finish(const struct options *options, GPtrArray *jobs, guint failed, struct ranks *ranks);
/* --summary memory of several traces into one file (SPEC 21): the rows of
 * every job that ended well, in the order of JOBS, with the rank column
 * first; returns the exit status. */
int combine_memory(const struct options *options, GPtrArray *jobs, guint failed);
/* --merge: reads the summaries and writes the table; returns the exit status. */
int combine_merge(const struct options *options);

#endif
