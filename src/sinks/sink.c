#include "sinks/sink.h"
#include <string.h>

void sink_init(struct sink *sink, const struct sink_class *klass, const struct layout *layout)
{
	sink->klass = klass;
	sink->layout = layout;
	sink->scratch = g_string_sized_new(4096);
	sink->width = 0;
	sink->sort = NULL;
	sink->quiet = FALSE;
	sink->state = NULL;
}

void sink_clear(struct sink *sink)
{
	if (sink->klass->clear)
		sink->klass->clear(sink);
	g_string_free(sink->scratch, TRUE);
	sink->scratch = NULL;
}

void sink_header(struct sink *sink, GString *out)
{
	sink->klass->header(sink, out);
}

void sink_footer(struct sink *sink, GString *out)
{
	if (sink->klass->footer)
		sink->klass->footer(sink, out);
}

void sink_row(struct sink *sink, const void *row, GString *out)
{
	guint width = layout_width(sink->layout);
	struct value *values = g_newa(struct value, width);
	layout_values(sink->layout, row, values);
	sink->klass->row(sink, values, out);
}

gboolean sink_measures(const struct sink *sink)
{
	return sink->klass->measure != NULL;
}

void sink_measure(struct sink *sink, const void *row)
{
	struct value *values = g_newa(struct value, layout_width(sink->layout));
	layout_values(sink->layout, row, values);
	sink->klass->measure(sink, values);
}
