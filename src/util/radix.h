/* Radix: pairs of a 64-bit key and a 32-bit value sorted by key, stably
 * (pairs of one key keep their order), by least-significant-digit radix
 * sort: 11 bits a pass, as many passes as the keys' range needs once their
 * least is taken away (a trace's times span far fewer bits than their 61).
 * Each pass is a count and a move: O(n) a pass, where a comparison sort of
 * millions of instants costs 20 comparisons each. Few pairs are sorted by
 * insertion. */
#ifndef PP_RADIX_H
#define PP_RADIX_H

#include <glib.h>

/* Sorts the N pairs (KEY[i], VALUE[i]) in place by key, stably. */
void radix_sort(guint64 *key, guint32 *value, gsize n);

#endif
