/* The CSV sink, and its quoting for anyone who writes CSV fields. */
#ifndef PP_SINK_CSV_H
#define PP_SINK_CSV_H

#include "sinks/sink.h"

extern const struct sink_class csv_sink;

/* Appends TEXT as one quoted CSV field, doubling its quotes. */
void csv_append_field(GString *out, const char *text, gsize len);
/* Appends VALUE's text as a CSV field holds it, unquoted (list columns as
 * {'NAME': VALUE} entries joined by ','). */
void csv_append_value(GString *field, const struct value *value);
/* Appends a list column's entries as csv_append_value does, but with
 * SHORT_NAMES each device event's name as its short name (SPEC 23,
 * src/util/short_name.h), still a Python literal: the form a table or the
 * page shows where the whole list has no room. */
void csv_append_entries(GString *field, const struct entries *entries, gboolean short_names);

#endif
