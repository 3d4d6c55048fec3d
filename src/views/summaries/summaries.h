/* Summaries: which view writes a --summary of each mode, and its columns:
 * path and name (src/views/summaries/summary.c), step, kernel, perf, collective,
 * timeline, idle, memory, rank, findings, gaps and critical (their own modules); the
 * views of a table keep the columns of their own order first. */
#ifndef PP_SUMMARIES_H
#define PP_SUMMARIES_H

#include "views/summaries/summary.h"

/* The columns of a summary of MODE (not SUMMARY_NONE). */
const struct catalogue *summary_catalogue(enum summary_mode mode);

/* Writes the summary of MODE of the nodes CONFIG selects; *ROWS is how many. */
gboolean write_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, enum summary_mode mode, guint64 *rows);

#endif
