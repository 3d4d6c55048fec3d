/* Collectives across ranks (SPEC 20.3): --summary collective --across-ranks.
 * One row per SPEC 15.2 key over every rank, with 15.2's columns from the
 * ranks' summed count and total (mean, min and max over all events), then
 * what the matched collective instances (src/views/ranks/rank_reduce.h) say of
 * the row's events: the instances with an event in it, their skew (mean
 * rounded half up to the ns, and max), the wait and transfer of its matched
 * events, the rank last most often (ties to the lowest) with its share,
 * and 15.2's bandwidths from the matched events' count and transfer total:
 * the bandwidth without the waiting. A row with no matched event has
 * instances 0 and those cells empty. Sorted as 15.2.
 *
 * Each row counts its instances' last ranks in a hash of rank -> count:
 * O(rows x ranks) at most. */
#ifndef PP_COLLECTIVE_ACROSS_H
#define PP_COLLECTIVE_ACROSS_H

#include "views/collectives/summary_collective.h"

struct across_row {
	struct collective_row base; /* first: 15.2's getters read it */
	guint64 instances, matched;  /* instances with an event in the row; its matched events */
	gint64 skew_total, skew_max, wait, transfer;
	GHashTable *last;            /* rank (owned gint64 *) -> instances it was last at */
	gint64 last_rank;            /* at the end: the rank last most often (ties: the lowest) */
	guint64 last_count;
	char *last_text;             /* "7 (61.0%)", or NULL without instances */
	gint64 algbw, busbw;         /* of the transfer: thousandths of GB/s, or -1 */
	guint64 serial;              /* the instance that last counted in it */
};

/* The row of FROM's key among ROWS (GString key -> struct across_row *), made when new, with FROM's figures added. */
struct across_row *across_row_add(GHashTable *rows, const struct collective_row *from);
GHashTable *across_rows_new(void);
/* One matched event of instance SERIAL (skew SKEW, last rank LAST) in ROW, its wait and transfer. */
void across_row_event(struct across_row *row, guint64 serial, gint64 skew, gint64 last, gint64 wait, gint64 transfer);
/* ROWS' rows, finished and sorted (the array owns nothing). */
GPtrArray *across_rows_sorted(GHashTable *rows);

const struct catalogue *collective_across_catalogue(void);

#endif
