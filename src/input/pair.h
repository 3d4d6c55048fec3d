/* Pair: B and E events matched into complete events, in document order.
 * Each thread has a stack of open B events; an E closes the last one, and
 * the pair becomes the complete event an X would, with B's args updated by
 * E's. Only what pairing reads of B and E is kept, as a record of a few bytes
 * (src/input/pair.c): the workers record the B and E events of their batch, and
 * the batch pool (src/input/batch.c) feeds them, with their records, as it merges
 * the batches in document order. */
#ifndef PP_PAIR_H
#define PP_PAIR_H

#include "input/extract.h"

struct pairs;

struct pairs *pairs_new(void);
void pairs_free(struct pairs *pairs);
/* What pairing reads of EVENT, a B or an E (PHASE), appended to RECORDS. */
void pair_record(GByteArray *records, json_object *event, char phase);
/* The events of PENDING (struct pending_event) from FIRST on recorded, and
 * their objects let go (event becomes NULL): they wait as a few bytes each. */
void pair_record_pending(GByteArray *records, GArray *pending, guint first);
/* The next B or E event, of THREAD (an index into trace.threads), whose
 * record begins at *RECORD (moved past it): a B waits; an E closes the last
 * B open on THREAD into an event extracted by X, or, with none open, is
 * counted as unmatched in X's stats. EVENT's json-c object is not read. */
void pairs_take(struct pairs *pairs, struct extractor *x, const struct pending_event *event, const guint8 **record,
		guint32 thread);
/* Counts the B events still open as unmatched, into STATS, and drops them. */
void pairs_count_unmatched(struct pairs *pairs, struct read_stats *stats);

#endif
