#include "sinks/formats.h"
#include <string.h>

static const struct sink_class *const classes[] = { &csv_sink, &jsonl_sink, &table_sink, &folded_sink, &svg_sink, &html_sink, &perfetto_sink };

const struct sink_class *sink_class_find(const char *format)
{
	for (gsize i = 0; i < G_N_ELEMENTS(classes); i++)
		if (strcmp(format, classes[i]->format) == 0)
			return classes[i];
	return NULL;
}

char *sink_formats(void)
{
	GString *text = g_string_new(NULL);
	for (gsize i = 0; i < G_N_ELEMENTS(classes); i++) {
		if (i)
			g_string_append(text, i + 1 == G_N_ELEMENTS(classes) ? " or " : ", ");
		g_string_append(text, classes[i]->format);
	}
	return g_string_free(text, FALSE);
}
