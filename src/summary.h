/* Summary: one row per distinct call path, or per node name, over the nodes
 * that would be written as rows (depth bounds and export filters apply). */
#ifndef PP_SUMMARY_H
#define PP_SUMMARY_H

#include <stdio.h>
#include "write.h"

enum summary_mode {
	SUMMARY_NONE,
	SUMMARY_PATH,
	SUMMARY_NAME,
};

/* Writes the summary of the nodes CONFIG would write, with COLUMNS (enum
 * summary_column), sorted by device total, host total (both descending),
 * then name. count and the self totals take every node of a group; the
 * other figures its outermost nodes only (no ancestor in the same group), so
 * that recursion is not counted twice. */
gboolean write_summary(FILE *out, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, enum summary_mode mode, const GArray *columns,
		       guint64 *rows);

#endif
