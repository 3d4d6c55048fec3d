/* Combine's table: what every comparison's writing shares (src/cli/combine.c
 * and src/cli/combine_rank.c): the destination as messages show it, the
 * table written to -d in the run's format (the page when it is html), the
 * failures listed, and every trace's warnings gathered for the page. */
#ifndef PP_COMBINE_TABLE_H
#define PP_COMBINE_TABLE_H

#include "cli/options.h"
#include "views/ranks/ranks.h"

/* What the page of --format html says above a comparison's table (src/page/page.h). */
struct table_page {
	const char *title;
	const char *const *facts; /* label, value pairs, NULL-terminated */
	const char *warnings;     /* standard error's lines */
	const char *bars;         /* a section above the table (the ranks' bars), or NULL */
	guint lead;               /* rows at the start kept first: not sorted, not counted by --top (write_config.lead) */
	const char *bars_title;   /* the title of BARS; NULL: "Ranks" */
};

/* DST as messages show it (src/output/output.h); valid until the next call. */
const char *combine_shown(const char *dst);
/* ROWS into -d, in the format of OPTIONS, with COLUMNS (the options' when
 * NULL) sorted by SORT (the options' when NULL), else in their ORDER; none
 * when RANKS's counts wrapped. TRUE when written; says why not. */
gboolean combine_write_table(const struct options *options, const struct ranks *ranks, const GPtrArray *rows,
			     const GPtrArray *columns, const GPtrArray *sort, const GPtrArray *order,
			     const struct table_page *page);
/* The failures of JOBS (struct job *), a line each, on standard error. */
void combine_print_failures(const struct options *options, GPtrArray *jobs);
/* SPEC 16: every warning of the run on the page of a comparison: each
 * trace's (the warning lines of its report) or its failure, in the order
 * of JOBS, then MORE's lines; g_free() it. */
char *combine_page_warnings(const GPtrArray *jobs, const char *more);

#endif
