/* Pair: B and E events matched into complete events, in document order.
 * Each thread has a stack of open B events; an E closes the last one, and
 * the pair becomes the complete event an X would, with B's args updated by
 * E's. The batch pool (src/batch.c) feeds it the B and E events of each
 * batch as it merges them. */
#ifndef PP_PAIR_H
#define PP_PAIR_H

#include "extract.h"

struct pairs;

struct pairs *pairs_new(void);
void pairs_free(struct pairs *pairs);
/* The next B or E event, of THREAD (an index into trace.threads): a B waits;
 * an E closes the last B open on THREAD into an event extracted by X, or,
 * with none open, is counted as unmatched in X's stats. */
void pairs_take(struct pairs *pairs, struct extractor *x, const struct pending_event *event, guint32 thread);
/* Counts the B events still open as unmatched, into STATS, and drops them. */
void pairs_count_unmatched(struct pairs *pairs, struct read_stats *stats);

#endif
