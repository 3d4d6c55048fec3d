/* Formats: every sink there is, by the name --format gives it. A sink
 * knows nothing of the others; this list is the one place that knows
 * them all, so that adding a format is its module and a line here. */
#ifndef PP_FORMATS_H
#define PP_FORMATS_H

#include "sinks/flame_svg.h"
#include "sinks/folded.h"
#include "sinks/sink_csv.h"
#include "sinks/sink_html.h"
#include "sinks/sink_jsonl.h"
#include "sinks/sink_table.h"

/* The sink class of FORMAT (csv, jsonl, table, folded, svg, html), or NULL. The
 * flame formats (src/views/flame/flame.h) have no header or row: they are drawn whole. */
const struct sink_class *sink_class_find(const char *format);
/* The formats, for messages: "csv, jsonl, table, folded, svg or html". */
char *sink_formats(void);

#endif
