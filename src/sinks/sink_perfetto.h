/* The perfetto format (SPEC 29): not a table's sink but the annotated
 * trace, written by src/perfetto/perfetto.h from the trace's text and its
 * results; this class only names the format and its extension
 * (.perfetto.json: a -d name ending so, or in .perfetto.json.gz, chooses
 * it) among the others of src/sinks/formats.h. Its rows write nothing. */
#ifndef PP_SINK_PERFETTO_H
#define PP_SINK_PERFETTO_H

#include "sinks/sink.h"

extern const struct sink_class perfetto_sink;

#endif
