/* Bins: a span [S, E) of L = E - S ns cut into B = min(N, L) equal bins
 * with exact integer bounds (SPEC 18.1): bin k is [S + floor(k L / B),
 * S + floor((k + 1) L / B)), so every bin is at least one ns long and they
 * tile the span. floor(k L / B) is k q + floor(k r / B) with L = q B + r:
 * no product past 64 bits (k r < B^2 <= 10^10).
 *
 *   S=0, L=10, B=4:  [0,2) [2,5) [5,7) [7,10)
 *
 * bins_add() spreads a list of sorted, disjoint intervals over the bins in
 * one merge walk, the intervals and the bins each visited in order: an
 * interval that crosses bin edges adds its part to each bin it touches;
 * O(intervals + bins), never a walk of the bins per interval. */
#ifndef PP_BINS_H
#define PP_BINS_H

#include "attribution/idle.h"

struct bins {
	guint count;    /* B; 0 when the span is empty */
	gint64 *bounds; /* count + 1 bounds: bin k is [bounds[k], bounds[k + 1]) */
};

/* [START, END) cut into min(WANTED, END - START) bins (none when END <= START). */
void bins_init(struct bins *bins, gint64 start, gint64 end, guint wanted);
void bins_clear(struct bins *bins);

/* Adds to OUT[k] (one per bin) the length of bin k's part of the COUNT
 * sorted, disjoint intervals of LIST. */
void bins_add(const struct bins *bins, const struct idle_interval *list, guint count, gint64 *out);

#endif
