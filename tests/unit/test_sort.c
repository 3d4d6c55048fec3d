/* Sort: keys picked from a catalogue, numbers descending, text ascending in
 * byte order, empty values last, ties in the order rows were added (not by
 * id), --top with and without keys, and the cut-back of --top N against a
 * full sort. */
#include "unit.h"
#include "views/table/sort.h"

struct test_row {
	gint64 number; /* G_MININT64: no value */
	const char *text;
};

static void get_number(const void *r, struct value *v)
{
	const struct test_row *row = r;
	if (row->number == G_MININT64)
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_DURATION, row->number);
}

static void get_text(const void *r, struct value *v)
{
	value_string(v, ((const struct test_row *)r)->text);
}

static void get_list(const void *r, struct value *v)
{
	(void)r;
	v->type = VALUE_EMPTY;
}

static const struct column test_columns[] = {
	{ "number", VALUE_DURATION, COLUMN_DEFAULT, get_number },
	{ "Text", VALUE_TEXT, COLUMN_DEFAULT, get_text },
	{ "list", VALUE_ENTRIES, 0, get_list },
};
static const struct catalogue test_catalogue = { test_columns, G_N_ELEMENTS(test_columns) };

/* The ids (as "id id ...") of ROWS[COUNT] sorted by LIST, cut to TOP; ids
 * are given backwards so that they cannot stand in for the order added. */
static char *sorted(const char *list, guint top, const struct test_row *rows, guint count)
{
	g_autoptr(GPtrArray) keys = g_ptr_array_new();
	CU_ASSERT_TRUE(sort_pick(&test_catalogue, list, keys, NULL));
	struct sorter *sorter = sorter_new(keys, top);
	for (guint i = 0; i < count && sorter_add(sorter, count - 1 - i, &rows[i]); i++)
		;
	g_autoptr(GArray) ids = sorter_finish(sorter);
	GString *text = g_string_new(NULL);
	for (guint i = 0; i < ids->len; i++)
		g_string_append_printf(text, "%s%" G_GUINT64_FORMAT, i ? " " : "", g_array_index(ids, guint64, i));
	return g_string_free(text, FALSE);
}

/* ids: 4 3 2 1 0 in the order added */
static const struct test_row five[] = {
	{ 5, "b" }, { 7, "a" }, { 5, "ab" }, { G_MININT64, "a" }, { 7, NULL },
};

static void test_numbers_descending_ties_in_order(void)
{
	g_autofree char *by_number = sorted("number", 0, five, 5);
	ASSERT_STR(by_number, "3 0 4 2 1"); /* 7, 7 (in order added), 5, 5, empty last */
}

static void test_text_ascending(void)
{
	g_autofree char *by_text = sorted("TEXT", 0, five, 5);
	ASSERT_STR(by_text, "3 1 2 4 0"); /* a, a, ab, b (shorter first, byte order), empty last */
	g_autofree char *two_keys = sorted(" text , number", 0, five, 5);
	ASSERT_STR(two_keys, "3 1 2 4 0");
	g_autofree char *number_text = sorted("number,text", 0, five, 5);
	ASSERT_STR(number_text, "3 0 2 4 1"); /* 7 a, 7 empty; 5 ab, 5 b */
}

static void test_top(void)
{
	g_autofree char *first = sorted(NULL, 2, five, 5);
	ASSERT_STR(first, "4 3"); /* no key: the first two as added */
	g_autofree char *best = sorted("number", 2, five, 5);
	ASSERT_STR(best, "3 0");
	g_autofree char *more = sorted("number", 100, five, 5);
	ASSERT_STR(more, "3 0 4 2 1");
	g_autofree char *all = sorted(NULL, 0, five, 5);
	ASSERT_STR(all, "4 3 2 1 0");
}

/* Without keys, the sorter says when it is full. */
static void test_top_stops(void)
{
	struct sorter *sorter = sorter_new(NULL, 2);
	CU_ASSERT_TRUE(sorter_add(sorter, 9, &five[0]));
	CU_ASSERT_FALSE(sorter_add(sorter, 8, &five[1]));
	g_autoptr(GArray) ids = sorter_finish(sorter);
	CU_ASSERT_EQUAL(ids->len, 2);
}

/* Many rows with few distinct values and texts: --top N, cut back many
 * times on the way, gives the first N of the full sort. */
static void test_cut_back(void)
{
	enum { COUNT = 20000 };
	struct test_row *rows = g_new(struct test_row, COUNT);
	char (*texts)[16] = g_malloc(COUNT * sizeof *texts);
	guint32 seed = 12345;
	for (guint i = 0; i < COUNT; i++) {
		seed = seed * 1103515245u + 12345u;
		g_snprintf(texts[i], sizeof texts[i], "t%u", (seed >> 16) % 50);
		rows[i] = (struct test_row){ (seed >> 8) % 7 == 0 ? G_MININT64 : (gint64)((seed >> 4) % 100), texts[i] };
	}
	const char *lists[] = { "number", "text,number", "number,text" };
	for (gsize l = 0; l < G_N_ELEMENTS(lists); l++) {
		g_autofree char *full = sorted(lists[l], 0, rows, COUNT);
		g_autofree char *top = sorted(lists[l], 25, rows, COUNT);
		gsize prefix = strlen(top);
		CU_ASSERT_EQUAL(strncmp(full, top, prefix), 0);
		CU_ASSERT_EQUAL(full[prefix], ' ');
	}
	g_free(texts);
	g_free(rows);
}

static void test_pick_errors(void)
{
	g_autoptr(GPtrArray) keys = g_ptr_array_new();
	g_autoptr(GError) unknown = NULL;
	CU_ASSERT_FALSE(sort_pick(&test_catalogue, "number,flops", keys, &unknown));
	ASSERT_STR(unknown->message, "--sort: unknown column 'flops'; the columns are: number, Text, list");
	g_autoptr(GError) list = NULL;
	CU_ASSERT_FALSE(sort_pick(&test_catalogue, "list", keys, &list));
	ASSERT_STR(list->message, "--sort: 'list' is a list column; sort by a number or a text column");
	g_autoptr(GError) empty = NULL;
	CU_ASSERT_FALSE(sort_pick(&test_catalogue, " , ", keys, &empty));
	ASSERT_STR(empty->message, "--sort names no column");
	g_autoptr(GError) plus = NULL;
	CU_ASSERT_FALSE(sort_pick(&test_catalogue, "+number", keys, &plus));
	CU_ASSERT_PTR_NOT_NULL(strstr(plus->message, "unknown column '+number'"));
}

static void test_top_values(void)
{
	guint top = 0;
	CU_ASSERT_TRUE(sort_parse_top("1", &top, NULL));
	CU_ASSERT_EQUAL(top, 1);
	CU_ASSERT_TRUE(sort_parse_top("4294967295", &top, NULL));
	CU_ASSERT_EQUAL(top, G_MAXUINT);
	const char *bad[] = { "0", "-3", "", "abc", "5x", " 5", "+5", "4294967296", "99999999999999999999999" };
	for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
		g_autoptr(GError) error = NULL;
		CU_ASSERT_FALSE(sort_parse_top(bad[i], &top, &error));
		g_autofree char *want = g_strdup_printf("--top wants a whole number of rows from 1 to 4294967295, not '%s'", bad[i]);
		if (error)
			ASSERT_STR(error->message, want);
	}
}

UNIT_MAIN("sort", UNIT_TEST(test_numbers_descending_ties_in_order), UNIT_TEST(test_text_ascending),
	  UNIT_TEST(test_top), UNIT_TEST(test_top_stops), UNIT_TEST(test_cut_back), UNIT_TEST(test_pick_errors),
	  UNIT_TEST(test_top_values))
