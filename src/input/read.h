/* Read: a trace's bytes, as a stream, into the compact events of trace.h.
 *
 * This is the document scanner (src/input/read.c): a small state machine follows
 * the top-level document; keys and metadata (rank, deviceProperties) go
 * through a strict json_tokener; the elements of the event array are only
 * delimited here (strings, escapes and brackets) and copied into batches,
 * which src/input/batch.c parses on all cores and merges into the trace in
 * document order, B/E pairs matched then (src/input/pair.c). Errors name the byte
 * offset. Memory holds the events that matter plus a few batches in flight.
 * The same machine reads Execution Traces (their "nodes" array) with
 * read_config.execution_trace. Files come in through src/input/input.c. */
#ifndef PP_READ_H
#define PP_READ_H

#include "input/read_config.h"
#include "model/trace.h"

struct reader;

struct reader *reader_new(const struct read_config *config);
/* Feeds the next LEN bytes of the document. FALSE, with ERROR set, when they
 * show it is not a trace; the byte offset is in the message. */
gboolean reader_feed(struct reader *reader, const char *data, gsize len, GError **error);
/* Ends the document: FALSE when it was cut short or held no trace. */
gboolean reader_finish(struct reader *reader, GError **error);
/* The trace read so far; the reader gives up its ownership. */
struct trace *reader_steal_trace(struct reader *reader);
void reader_free(struct reader *reader);

typedef struct reader Reader;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Reader, reader_free)

#endif
