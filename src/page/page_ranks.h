/* Page ranks: the ranks on the page of --summary rank, --summary collective
 * --across-ranks and --merge of rank maps (SPEC 20.5, 28): the straggler
 * line first, then one stacked bar per rank, in the table's order (the
 * straggler first), all on one scale: its devices' span, every instant
 * counted once (src/views/ranks/rank_bars.h): compute, communication transfer,
 * wait, the other busy time (memcpy, memset), host wait and other idle,
 * drawn by src/sinks/html_bars.h with a mark at the span. At most
 * PAGE_RANK_BARS bars, as the device and step bars are bounded, then a note
 * saying how many ranks the table has. */
#ifndef PP_PAGE_RANKS_H
#define PP_PAGE_RANKS_H

#include <glib.h>

#define PAGE_RANK_BARS 64 /* bars of the ranks, as the device timeline's */

/* The section's HTML for ROWS (rank_reduce_rows) and STRAGGLER (the line, or NULL). */
char *page_rank_bars(const GPtrArray *rows, const char *straggler);

#endif
