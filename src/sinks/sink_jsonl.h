/* JSON Lines: one JSON object a row, keyed by the columns' names; args,
 * shapes and types as the JSON the trace holds (sink_class.json_values). */
#ifndef PP_SINK_JSONL_H
#define PP_SINK_JSONL_H

#include "sinks/sink.h"

extern const struct sink_class jsonl_sink;

#endif
