/* Batch: the elements of the event array, parsed on all cores and merged
 * into the trace in document order. The document scanner (src/input/read.c)
 * copies elements into batches of half a megabyte; a pool of workers
 * (src/input/worker.h), each with an extractor of its own, reads them: the
 * common events without json-c, the others with it.
 * Parsed batches are taken back in the order they were given (src/util/ordered.c),
 * so the result does not depend on the number of workers, merged into the
 * trace, their B and E events paired (src/input/pair.c), and filled again: memory
 * holds the events that matter plus a few batches in flight. */
#ifndef PP_BATCH_H
#define PP_BATCH_H

#include "input/read_config.h"
#include "input/worker.h"

struct batch_pool;

/* Workers as config->threads asks, merging into TRACE, which stays the
 * caller's and must outlive the merging. */
struct batch_pool *batch_pool_new(const struct read_config *config, struct trace *trace);
/* Waits for the batches under way; what was not merged is dropped. */
void batch_pool_free(struct batch_pool *pool);
/* An empty batch to fill: one merged before, when there is one. */
struct batch *batch_pool_take(struct batch_pool *pool);
/* Gives BATCH to the workers, then merges those done, waiting while too many
 * are in flight. FALSE, with ERROR, when a batch merged held an error. */
gboolean batch_pool_submit(struct batch_pool *pool, struct batch *batch, GError **error);
/* Waits for every batch given and merges them, as far as the first error. */
gboolean batch_pool_drain(struct batch_pool *pool, GError **error);
/* Whether the error returned came from a batch: then it is the earliest. */
gboolean batch_pool_failed(const struct batch_pool *pool);
/* At the end of the document: the B events left open are counted. FALSE,
 * with ERROR, when a sum of durations or bytes, or the span of the events,
 * would not fit in 63 bits: no figure is then written wrong. */
gboolean batch_pool_finish(struct batch_pool *pool, GError **error);
/* The workers' names, text and extras, into which events point, handed to TRACE. */
void batch_pool_hand_over(struct batch_pool *pool, struct trace *trace);

#endif
