/* Page ranks: the ranks on the page of --summary rank, --summary collective
 * --across-ranks and --merge of rank maps (SPEC 20.5): the straggler line
 * first, then one stacked bar per rank, in the table's order (the
 * straggler first), all on one scale: compute, exposed communication, wait
 * (at the collectives), host wait and other idle (idle less host wait),
 * drawn by src/sinks/html_bars.h. */
#ifndef PP_PAGE_RANKS_H
#define PP_PAGE_RANKS_H

#include <glib.h>

/* The section's HTML for ROWS (rank_reduce_rows) and STRAGGLER (the line, or NULL). */
char *page_rank_bars(const GPtrArray *rows, const char *straggler);

#endif
