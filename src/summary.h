/* Summary: one row per distinct call path, or per node name, over the nodes
 * that would be written as rows (depth bounds and export filters apply). */
#ifndef PP_SUMMARY_H
#define PP_SUMMARY_H

#include "write.h"

enum summary_mode {
	SUMMARY_NONE,
	SUMMARY_PATH,
	SUMMARY_NAME,
};

/* The columns of a summary; all of them are the default. */
const struct catalogue *summary_catalogue(void);

/* Writes the summary of the nodes CONFIG selects, sorted by device total,
 * host total (both descending), then name; *ROWS is how many. count and
 * the self totals take every node of a group; the other figures its
 * outermost nodes only (no ancestor in the same group), so that recursion
 * is not counted twice. */
gboolean write_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, enum summary_mode mode, guint64 *rows);

#endif
