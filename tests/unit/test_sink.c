/* The row model and the sinks: every value type in CSV and JSON Lines, meta
 * columns first, and a table defined here — a column is one catalogue entry
 * and its getter, and every sink renders it. */
#include "unit.h"
#include "fixture.h"
#include "sinks/formats.h"
#include "sinks/table.h"

/* A table of this test's own. */
struct test_row {
	gint64 ns;
	const char *text;
	const char *literal;
};

static void row_ns(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ((const struct test_row *)r)->ns);
}

static void row_ts(const void *r, struct value *v)
{
	value_number(v, VALUE_TIMESTAMP, ((const struct test_row *)r)->ns);
}

static void row_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ((const struct test_row *)r)->ns / 1000);
}

static void row_bytes(const void *r, struct value *v)
{
	value_number(v, VALUE_BYTES, -((const struct test_row *)r)->ns);
}

static void row_text(const void *r, struct value *v)
{
	value_string(v, ((const struct test_row *)r)->text);
}

static void row_literal(const void *r, struct value *v)
{
	value_literal(v, ((const struct test_row *)r)->literal);
}

/* A figure past 63 bits (value_past_63): 2^64 + NS, or 2^63 when NS is 0. */
static void row_past(const void *r, struct value *v)
{
	gint64 ns = ((const struct test_row *)r)->ns;
	if (ns)
		value_past_63(v, 1, (guint64)ns);
	else
		value_past_63(v, 0, G_GUINT64_CONSTANT(1) << 63);
}

/* Empty without a figure: what an empty getter leaves must never read as one past 63 bits. */
static void row_none(const void *r, struct value *v)
{
	(void)r;
	v->type = VALUE_EMPTY;
}

static const struct column test_columns[] = {
	{ "time(ms)", VALUE_DURATION, COLUMN_DEFAULT, row_ns },
	{ "ts", VALUE_TIMESTAMP, COLUMN_DEFAULT, row_ts },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, row_count },
	{ "bytes", VALUE_BYTES, 0, row_bytes },
	{ "text", VALUE_TEXT, COLUMN_DEFAULT, row_text },
	{ "literal", VALUE_LITERAL, COLUMN_DEFAULT, row_literal },
	{ "past", VALUE_INTEGER, 0, row_past },
	{ "none", VALUE_INTEGER, 0, row_none },
};
static const struct catalogue test_catalogue = { test_columns, G_N_ELEMENTS(test_columns) };

/* ROWS (NULL-ended) as FORMAT writes them with the columns LIST. */
static char *render(const struct sink_class *format, const char *list, const struct test_row *rows)
{
	g_autoptr(GPtrArray) picked = g_ptr_array_new();
	CU_ASSERT_TRUE(catalogue_pick(&test_catalogue, list, COLUMN_DEFAULT, picked, NULL));
	struct meta_column meta = { "Model", "m\"1" };
	struct layout layout = { &meta, 1, picked };
	struct sink sink;
	sink_init(&sink, format, &layout);
	GString *out = g_string_new(NULL);
	sink_header(&sink, out);
	for (; rows->text; rows++)
		sink_row(&sink, rows, out);
	sink_clear(&sink);
	return g_string_free(out, FALSE);
}

static const struct test_row rows[] = {
	{ 1352964, "a \"b\"", "{'k': [1, 2]}" },
	{ 2000000000, "x", NULL },
	{ 0, NULL, NULL },
};

static void test_csv(void)
{
	g_autofree char *csv = render(&csv_sink, NULL, rows);
	ASSERT_STR(csv, "\"Model\",\"time(ms)\",\"ts\",\"count\",\"text\",\"literal\"\r\n"
			"\"m\"\"1\",\"1.352964\",\"1352.964\",\"1352\",\"a \"\"b\"\"\",\"{'k': [1, 2]}\"\r\n"
			"\"m\"\"1\",\"2000.0\",\"2000000\",\"2000000\",\"x\",\"\"\r\n");
}

/* A field is its bytes, every '"' doubled, a NUL byte among them too: the
 * doubling does not stop at a NUL ("a\0"b" would be a malformed field). */
static void test_csv_field_nul(void)
{
	static const char text[] = "a\0\"b\0\"\"";
	static const char want[] = "\"a\0\"\"b\0\"\"\"\"\"";
	GString *out = g_string_new(NULL);
	csv_append_field(out, text, sizeof text - 1);
	CU_ASSERT_EQUAL(out->len, sizeof want - 1);
	CU_ASSERT_TRUE(out->len == sizeof want - 1 && memcmp(out->str, want, out->len) == 0);
	g_string_free(out, TRUE);
}

static void test_jsonl(void)
{
	const struct test_row json_rows[] = { { 1352964, "a \"b\"", "{\"k\": [1, 2]}" }, { 5, "", NULL }, { 0 } };
	g_autofree char *jsonl = render(&jsonl_sink, "+bytes", json_rows);
	ASSERT_STR(jsonl, "{\"Model\":\"m\\\"1\",\"time(ms)\":1.352964,\"ts\":1352.964,\"count\":1352,"
			  "\"text\":\"a \\\"b\\\"\",\"literal\":{\"k\":[1,2]},\"bytes\":-1352964}\n"
			  "{\"Model\":\"m\\\"1\",\"time(ms)\":0.000005,\"ts\":0.005,\"count\":0,"
			  "\"text\":\"\",\"literal\":null,\"bytes\":-5}\n");
}

/* A whole number past 63 bits (a flops or bytes sum, issue 33): empty in
 * CSV (no cell holds it), its digits in JSON Lines, whose numbers have no
 * limit. 2^64 + 5 = 18446744073709551621; 2^64 + 2^63 - 1 =
 * 27670116110564327423; 2^63 = 9223372036854775808. The largest, 2^128 -
 * 1 = 340282366920938463463374607431768211455 (three parts of 10^19). */
static void test_past_63(void)
{
	const struct test_row past_rows[] = { { 5, "a", NULL }, { G_MAXINT64, "b", NULL }, { 0, "c", NULL }, { 0 } };
	g_autofree char *csv = render(&csv_sink, "text,past,none", past_rows);
	ASSERT_STR(csv, "\"Model\",\"text\",\"past\",\"none\"\r\n\"m\"\"1\",\"a\",\"\",\"\"\r\n"
			"\"m\"\"1\",\"b\",\"\",\"\"\r\n\"m\"\"1\",\"c\",\"\",\"\"\r\n");
	g_autofree char *jsonl = render(&jsonl_sink, "text,past,none", past_rows);
	ASSERT_STR(jsonl, "{\"Model\":\"m\\\"1\",\"text\":\"a\",\"past\":18446744073709551621,\"none\":null}\n"
			  "{\"Model\":\"m\\\"1\",\"text\":\"b\",\"past\":27670116110564327423,\"none\":null}\n"
			  "{\"Model\":\"m\\\"1\",\"text\":\"c\",\"past\":9223372036854775808,\"none\":null}\n");
	GString *out = g_string_new(NULL);
	past_63_append(out, G_MAXUINT64, G_MAXUINT64);
	ASSERT_STR(out->str, "340282366920938463463374607431768211455");
	g_string_free(out, TRUE);
}

/* The columns picked, in the order given, after the meta columns. */
static void test_layout(void)
{
	g_autoptr(GPtrArray) picked = g_ptr_array_new();
	CU_ASSERT_TRUE(catalogue_pick(&test_catalogue, "TEXT,bytes", COLUMN_DEFAULT, picked, NULL));
	struct meta_column meta[] = { { "A", "1" }, { "B", "2" } };
	struct layout layout = { meta, 2, picked };
	CU_ASSERT_EQUAL(layout_width(&layout), 4);
	ASSERT_STR(layout_name(&layout, 1), "B");
	ASSERT_STR(layout_name(&layout, 2), "text");
	struct value values[4];
	layout_values(&layout, &rows[0], values);
	CU_ASSERT_EQUAL(values[0].type, VALUE_TEXT);
	CU_ASSERT_EQUAL(values[3].type, VALUE_BYTES);
	CU_ASSERT_EQUAL(values[3].number, -1352964);
	g_autofree char *all = catalogue_names(&test_catalogue, 0);
	ASSERT_STR(all, "time(ms), ts, count, bytes, text, literal, past, none");
	GError *error = NULL;
	CU_ASSERT_FALSE(catalogue_pick(&test_catalogue, "flops", COLUMN_DEFAULT, picked, &error));
	CU_ASSERT_PTR_NOT_NULL(strstr(error->message, "the columns are: time(ms), ts, count, bytes, text, literal, past, none"));
	g_error_free(error);
}

/* A list walks the launches, or their device events launch by launch. */
static void test_entries(void)
{
	static const char trace[] = "[" OP("op", 0, 100, 1) ","
		LAUNCH("cuda_runtime", "first", 10, 2, 1, 1) "," LAUNCH("cuda_runtime", "second", 20, 2, 1, 2) ","
		KERNEL("k2", 50, 1, 2) "," KERNEL("k1a", 30, 1, 1) "," KERNEL("k1b", 31, 1, 1) "]";
	g_autoptr(Trace) t = fixture_read(trace);
	g_autoptr(Forest) f = forest_build(t);
	g_autoptr(Attribution) a = attribute(t, f);
	g_autoptr(GArray) launches = g_array_new(FALSE, FALSE, sizeof(guint));
	attribution_node_launches(a, f, 0, launches);
	struct entries entries = { a, launches, FALSE, ENTRY_DURATION };
	GString *names = g_string_new(NULL);
	struct entry_iter iter;
	for (int device = 0; device < 2; device++) {
		entries.device = device;
		entries_begin(&iter, &entries);
		for (const struct event *event; (event = entries_next(&iter));)
			g_string_append_printf(names, "%s ", event->name->text);
	}
	g_autofree char *text = g_string_free(names, FALSE);
	ASSERT_STR(text, "first second k1a k1b k2 ");
}

static void test_formats(void)
{
	CU_ASSERT_PTR_EQUAL(sink_class_find("jsonl"), &jsonl_sink);
	CU_ASSERT_PTR_NULL(sink_class_find("xml"));
	g_autofree char *formats = sink_formats();
	ASSERT_STR(formats, "csv, jsonl, table, folded, svg, html or perfetto");
	CU_ASSERT_PTR_EQUAL(sink_class_find("table"), &table_sink);
}

UNIT_MAIN("sink", UNIT_TEST(test_csv), UNIT_TEST(test_csv_field_nul), UNIT_TEST(test_jsonl), UNIT_TEST(test_past_63), UNIT_TEST(test_layout), UNIT_TEST(test_entries),
	  UNIT_TEST(test_formats))
