/* The CSV sink, and its quoting for anyone who writes CSV fields. */
#ifndef PP_SINK_CSV_H
#define PP_SINK_CSV_H

#include "sink.h"

/* Appends TEXT as one quoted CSV field, doubling its quotes. */
void csv_append_field(GString *out, const char *text, gsize len);

#endif
