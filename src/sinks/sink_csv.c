/* The CSV sink (SPEC 5): RFC 4180, every field in double quotes, CRLF line
 * ends; numbers as in 5.1, list columns as {'NAME': VALUE} entries. A
 * number's field is written in place at the end of the row's text (it has
 * no quote to double): no scratch string, no printf; the last timestamp's
 * text is kept, a row's end often being the next row's start. */
#include "sinks/sink_csv.h"
#include <string.h>
#include "util/timefmt.h"
#include "util/pylit.h"
#include "util/short_name.h"

void csv_append_field(GString *out, const char *text, gsize len)
{
	const char *end = text + len;
	g_string_append_c(out, '"');
	while (text < end) {
		const char *quote = memchr(text, '"', end - text);
		const char *stop = quote ? quote + 1 : end;
		g_string_append_len(out, text, stop - text);
		if (quote)
			g_string_append_c(out, '"');
		text = stop;
	}
	g_string_append_c(out, '"');
}

/* {'NAME': VALUE} for each event of the list, joined by ','; with
 * SHORT_NAMES, a device event's NAME is repr() of its short name. */
void csv_append_entries(GString *field, const struct entries *entries, gboolean short_names)
{
	struct entry_iter iter;
	entries_begin(&iter, entries);
	gboolean fold = short_names && entries->device;
	g_autoptr(GString) name = fold ? g_string_new(NULL) : NULL;
	gsize start = field->len;
	for (const struct event *event; (event = entries_next(&iter));) {
		if (field->len > start)
			g_string_append_c(field, ',');
		g_string_append_c(field, '{');
		if (fold && !memchr(event->name->text, '\0', event->name->len)) {
			g_string_truncate(name, 0);
			short_name_append(name, event->name->text, event->name->len);
			pylit_append_string(field, name->str, name->len);
		} else {
			g_string_append_len(field, event->name->literal, event->name->literal_len);
		}
		g_string_append(field, ": ");
		if (entries->field == ENTRY_DURATION)
			time_append_ms(field, event->dur);
		else if (entries->field == ENTRY_TIMESTAMP)
			time_append_us(field, event->ts);
		else
			g_string_append(field, event->args ? event->args : "{}");
		g_string_append_c(field, '}');
	}
}

void csv_append_value(GString *field, const struct value *value)
{
	switch (value->type) {
	case VALUE_EMPTY: break;
	case VALUE_DURATION: time_append_ms(field, value->number); break;
	case VALUE_TIMESTAMP: time_append_us(field, value->number); break;
	case VALUE_INTEGER:
	case VALUE_BYTES: {
		char text[TIME_TEXT_MAX];
		g_string_append_len(field, text, (gssize)int_format(text, value->number));
		break;
	}
	case VALUE_PERCENT: percent_append(field, value->number); break;
	case VALUE_TEXT:
	case VALUE_LITERAL: g_string_append_len(field, value->text.text, value->text.len); break;
	case VALUE_ENTRIES: csv_append_entries(field, &value->entries, FALSE); break;
	case VALUE_RATIO: ratio_append(field, value->number); break;
	}
}

static void csv_header(struct sink *sink, GString *out)
{
	guint width = layout_width(sink->layout);
	for (guint i = 0; i < width; i++) {
		const char *name = layout_name(sink->layout, i);
		csv_append_field(out, name, strlen(name));
		g_string_append(out, i + 1 < width ? "," : "\r\n");
	}
}

/* Room for N more bytes at the end of OUT (its length unchanged). */
static char *room(GString *out, gsize n)
{
	if (out->allocated_len - out->len <= n) {
		gsize len = out->len;
		g_string_set_size(out, len + n);
		g_string_truncate(out, len);
	}
	return out->str + out->len;
}

/* The last timestamp written and its text: a row's end is often the next
 * one's start (--summary timeline's bins), written again by a copy. */
struct csv_state {
	gboolean set;
	gint64 ns;
	gsize len;
	char text[TIME_TEXT_MAX];
};

static gsize timestamp(struct sink *sink, char *p, gint64 ns)
{
	struct csv_state *last = sink->state;
	if (!last)
		last = sink->state = g_new0(struct csv_state, 1);
	if (last->set && last->ns == ns) {
		memcpy(p, last->text, TIME_TEXT_MAX);
		return last->len;
	}
	last->len = time_format_us(p, ns);
	memcpy(last->text, p, TIME_TEXT_MAX);
	last->ns = ns;
	last->set = TRUE;
	return last->len;
}

/* A number's field, "TEXT" and the separator, written in place: a number
 * holds no quote to double. FALSE for a value of another type. */
static gboolean number_field(struct sink *sink, GString *out, const struct value *value, char separator)
{
	char *at = room(out, TIME_TEXT_MAX + 4), *p = at;
	*p++ = '"';
	switch (value->type) {
	case VALUE_DURATION: p += time_format_ms(p, value->number); break;
	case VALUE_TIMESTAMP: p += timestamp(sink, p, value->number); break;
	case VALUE_INTEGER:
	case VALUE_BYTES: p += int_format(p, value->number); break;
	case VALUE_EMPTY: break;
	default: return FALSE;
	}
	*p++ = '"';
	*p++ = separator;
	*p = '\0';
	out->len += (gsize)(p - at);
	return TRUE;
}

static void csv_row(struct sink *sink, const struct value *values, GString *out)
{
	guint width = layout_width(sink->layout);
	for (guint i = 0; i < width; i++) {
		const struct value *value = &values[i];
		gboolean last = i + 1 == width;
		if (number_field(sink, out, value, last ? '\r' : ','))
			continue;
		if (value->type == VALUE_TEXT || value->type == VALUE_LITERAL) {
			csv_append_field(out, value->text.text, value->text.len);
		} else {
			g_string_truncate(sink->scratch, 0);
			csv_append_value(sink->scratch, value);
			csv_append_field(out, sink->scratch->str, sink->scratch->len);
		}
		g_string_append_c(out, last ? '\r' : ',');
	}
	g_string_append_c(out, '\n');
}

static void csv_clear(struct sink *sink)
{
	g_clear_pointer(&sink->state, g_free);
}

const struct sink_class csv_sink = {
	.format = "csv",
	.extension = ".csv",
	.header = csv_header,
	.row = csv_row,
	.clear = csv_clear,
	.rows_apart = TRUE,
};
