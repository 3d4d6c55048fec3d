/* The JSON Lines sink (SPEC 8.6): one JSON object per row, written with
 * json-c. Durations and timestamps are JSON numbers with the exact decimal
 * text of the CSV; literals (args, shapes, types, which the reader then kept
 * as JSON text) are JSON values; list columns are arrays of objects. */
#include "sinks/sink_jsonl.h"
#include <json-c/json.h>
#include <string.h>
#include "util/fault.h"
#include "util/json_digits.h"
#include "util/timefmt.h"

/* json-c returns NULL, or -1, when it cannot allocate: the run ends (src/util/fault.h). */
static json_object *made(json_object *value)
{
	return FAULT_CHECK(value);
}

static void add(json_object *object, const char *key, json_object *value)
{
	if (json_object_object_add(object, key, value) != 0)
		fault_out_of_memory();
}

/* A number printed as TEXT, exactly. */
static json_object *exact_number(GString *text)
{
	return made(json_object_new_double_s(g_ascii_strtod(text->str, NULL), text->str));
}

static json_object *time_number(gint64 ns, gboolean ms, GString *scratch)
{
	g_string_truncate(scratch, 0);
	if (ms)
		time_append_ms(scratch, ns);
	else
		time_append_us(scratch, ns);
	return exact_number(scratch);
}

/* The JSON value of TEXT (as the reader kept it); NULL, a JSON null, for NULL. */
static json_object *json_value(const char *text)
{
	json_object *value = text ? json_tokener_parse(text) : NULL;
	if (value)
		json_digits_keep(value, text, strlen(text)); /* integers past 64 bits as written */
	return value || !text || strcmp(text, "null") == 0 ? value : made(NULL);
}

static json_object *text_of(const struct name *name)
{
	return made(json_object_new_string_len(name->text, (int)name->len));
}

/* {"name": .., "dur_ms": .., "ts_us": ..}, with "args" for device events;
 * {"name": .., "args": ..} for ENTRY_ARGS (kernel infos). */
static json_object *entry(const struct entries *entries, const struct event *event, GString *scratch)
{
	json_object *object = made(json_object_new_object());
	add(object, "name", text_of(event->name));
	if (entries->field != ENTRY_ARGS) {
		add(object, "dur_ms", time_number(event->dur, TRUE, scratch));
		add(object, "ts_us", time_number(event->ts, FALSE, scratch));
	}
	if (entries->device)
		add(object, "args", json_value(event->args));
	return object;
}

static json_object *entry_array(const struct entries *entries, GString *scratch)
{
	json_object *array = made(json_object_new_array());
	struct entry_iter iter;
	entries_begin(&iter, entries);
	for (const struct event *event; (event = entries_next(&iter));)
		if (json_object_array_add(array, entry(entries, event, scratch)) != 0)
			fault_out_of_memory();
	return array;
}

static json_object *json_of(const struct value *value, GString *scratch)
{
	switch (value->type) {
	case VALUE_EMPTY:
		if (!value->past_high && !value->past_low)
			return NULL;
		g_string_truncate(scratch, 0); /* a figure past 63 bits: JSON numbers have no limit */
		past_63_append(scratch, value->past_high, value->past_low);
		return exact_number(scratch);
	case VALUE_DURATION: return time_number(value->number, TRUE, scratch);
	case VALUE_TIMESTAMP: return time_number(value->number, FALSE, scratch);
	case VALUE_INTEGER:
	case VALUE_BYTES: return made(json_object_new_int64(value->number));
	case VALUE_PERCENT:
		g_string_truncate(scratch, 0);
		percent_append(scratch, value->number);
		return exact_number(scratch);
	case VALUE_TEXT: return made(json_object_new_string_len(value->text.text, (int)value->text.len));
	case VALUE_LITERAL: return json_value(value->text.text);
	case VALUE_ENTRIES: return entry_array(&value->entries, scratch);
	case VALUE_RATIO:
		g_string_truncate(scratch, 0);
		ratio_append(scratch, value->number);
		return exact_number(scratch);
	}
	return NULL;
}

static void jsonl_header(struct sink *sink, GString *out)
{
	(void)sink, (void)out; /* JSON Lines have no header: each object names its keys */
}

static void jsonl_row(struct sink *sink, const struct value *values, GString *out)
{
	json_object *row = made(json_object_new_object());
	guint width = layout_width(sink->layout);
	for (guint i = 0; i < width; i++)
		add(row, layout_name(sink->layout, i), json_of(&values[i], sink->scratch));
	g_string_append(out, FAULT_CHECK(json_object_to_json_string_ext(row, JSON_C_TO_STRING_PLAIN |
										 JSON_C_TO_STRING_NOSLASHESCAPE)));
	g_string_append_c(out, '\n');
	json_object_put(row);
}

const struct sink_class jsonl_sink = {
	.format = "jsonl",
	.extension = ".jsonl",
	.json_values = TRUE,
	.header = jsonl_header,
	.row = jsonl_row,
	.rows_apart = TRUE,
};
