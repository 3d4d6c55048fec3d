/* The table sink: shortening that keeps the end (and a start when asked)
 * and never cuts a UTF-8 character, shortened names kept apart, widths in
 * characters, fixed decimals, control characters (C1 and bidirectional ones
 * escaped), and whole tables: decimals aligned per column, numbers right
 * and text left, headers wrapped, the name column shrunk to the width,
 * columns left out when they do not fit; and the percent values of
 * device % in every format. */
#include "unit.h"
#include "sinks/formats.h"
#include "sinks/sink_table.h"
#include "sinks/table_cells.h"

static char *shortened(const char *text, guint width, guint head)
{
	GString *out = g_string_new(NULL);
	table_shorten(out, text, strlen(text), width, head);
	return g_string_free(out, FALSE);
}

static void test_shorten_ascii(void)
{
	g_autofree char *fits = shortened("aten::mm", 8, 0);
	ASSERT_STR(fits, "aten::mm");
	g_autofree char *wide = shortened("aten::mm", 20, 0);
	ASSERT_STR(wide, "aten::mm");
	g_autofree char *end = shortened("ProfilerStep#3$$aten::copy_", 12, 0);
	ASSERT_STR(end, "…aten::copy_"); /* the end kept: 1 + 11 */
	CU_ASSERT_EQUAL(table_text_width(end, strlen(end)), 12);
	g_autofree char *both = shortened("ProfilerStep#3$$aten::copy_", 12, 5);
	ASSERT_STR(both, "Profi…:copy_"); /* 5 + 1 + 6 */
	g_autofree char *odd = shortened("abcdefghij", 5, 0);
	ASSERT_STR(odd, "…ghij");
	g_autofree char *two = shortened("abcdefghij", 5, 2);
	ASSERT_STR(two, "ab…ij");
	g_autofree char *head = shortened("abcdefghij", 5, 9); /* at most WIDTH - 1 of the start */
	ASSERT_STR(head, "abcd…");
	g_autofree char *one = shortened("abcdefghij", 1, 0);
	ASSERT_STR(one, "…");
	g_autofree char *none = shortened("abcdefghij", 0, 0);
	ASSERT_STR(none, "");
}

static void test_shorten_utf8(void)
{
	/* 24 Greek letters of two bytes each */
	const char *greek = "αβγδεζηθικλμνξοπρστυφχψω";
	CU_ASSERT_EQUAL(table_text_width(greek, strlen(greek)), 24);
	for (guint width = 0; width <= 25; width++)
		for (guint head = 0; head < 3; head++) {
			g_autofree char *text = shortened(greek, width, head);
			CU_ASSERT_TRUE(g_utf8_validate(text, -1, NULL));
			CU_ASSERT_EQUAL(table_text_width(text, strlen(text)), MIN(width, 24));
		}
	g_autofree char *six = shortened(greek, 6, 0);
	ASSERT_STR(six, "…υφχψω");
	/* three-byte and four-byte characters */
	g_autofree char *mixed = shortened("a→b→c→d→e𝄞f", 7, 0);
	ASSERT_STR(mixed, "…→d→e𝄞f");
	g_autofree char *cut = shortened("a→b→c→d→e𝄞f", 7, 3);
	ASSERT_STR(cut, "a→b…e𝄞f");
}

/* The forms of CELLS (NULL-ended), noted in that order, at WIDTH, one a line. */
static char *forms(const char *const *cells, guint width)
{
	struct table_names *names = table_names_new();
	for (const char *const *c = cells; *c; c++)
		table_names_add(names, *c, strlen(*c));
	table_names_decide(names, width, FALSE);
	GString *out = g_string_new(NULL);
	for (const char *const *c = cells; *c; c++) {
		table_names_append(names, out, *c, strlen(*c));
		g_string_append_c(out, '\n');
	}
	table_names_free(names);
	return g_string_free(out, FALSE);
}

static void test_names_apart(void)
{
	/* the end, where they differ */
	const char *ends[] = { "void softmax_kernel<float>(float*, float const*, int)",
			       "void softmax_kernel<float>(float*, float const*, long)", "aten::_softmax", NULL };
	g_autofree char *end = forms(ends, 20);
	ASSERT_STR(end, "… float const*, int)\n…float const*, long)\naten::_softmax\n");
	/* alike at the end: the fewest characters of the start that tell them apart */
	const char *starts[] = { "aten::add_tensor_of_a_long_name", "aten::mul_tensor_of_a_long_name",
				 "aten::mul_tensor_of_a_long_name", NULL };
	g_autofree char *start = forms(starts, 20);
	ASSERT_STR(start, "aten::a…_a_long_name\naten::m…_a_long_name\naten::m…_a_long_name\n");
	/* the start reaches where they differ (15 characters), a third of the 24 left for the end */
	const char *middles[] = { "module.layers.0.self_attention.query_key_value.forward",
				  "module.layers.1.self_attention.query_key_value.forward", NULL };
	g_autofree char *middle = forms(middles, 24);
	ASSERT_STR(middle, "module.layers.0….forward\nmodule.layers.1….forward\n");
	/* at 16 it would leave less than a third (6) for the end: a window where
	 * they differ, (16 - 2) / 2 = 7 characters from the 12th, and the end */
	g_autofree char *sixteen = forms(middles, 16);
	ASSERT_STR(sixteen, "…rs.0.se…forward\n…rs.1.se…forward\n");
	g_autofree char *window = forms(middles, 14);
	ASSERT_STR(window, "…s.0.se…orward\n…s.1.se…orward\n");
	/* they differ too far apart for any of these: numbered */
	const char *apart[] = { "0123456789a0123456789bTAILTAILTAILTAIL", "0123456789c0123456789bTAILTAILTAILTAIL",
				"0123456789a0123456789dTAILTAILTAILTAIL", NULL };
	g_autofree char *numbered = forms(apart, 14);
	ASSERT_STR(numbered, "…AILTAILTAIL~1\n…AILTAILTAIL~2\n…AILTAILTAIL~3\n");
	/* the indentation stays */
	const char *tree[] = { "    aten::scaled_dot_product", "    aten::scaled_dot_producT", NULL };
	g_autofree char *indented = forms(tree, 12);
	ASSERT_STR(indented, "    …product\n    …producT\n");
	/* like a name shown whole: the shortened one moves */
	const char *like[] = { "…_long_name", "x_long_name_of_a_long_name", NULL };
	g_autofree char *moved = forms(like, 11);
	ASSERT_STR(moved, "…_long_name\nx…long_name\n");
	/* at 12 the two long names share their end; apart from their 3rd
	 * character on, but their forms with 3 and with 4 characters of the
	 * start are names shown whole: 5 */
	const char *taken[] = { "abQ…TTTTTTTT", "abR0…TTTTTTT", "abQ0123456789TTTTTTTTTT", "abR0123456789TTTTTTTTTT", NULL };
	g_autofree char *five = forms(taken, 12);
	ASSERT_STR(five, "abQ…TTTTTTTT\nabR0…TTTTTTT\nabQ01…TTTTTT\nabR01…TTTTTT\n");
	/* with 5 taken too: 6 */
	const char *more[] = { "abQ…TTTTTTTT", "abR0…TTTTTTT", "abQ01…TTTTTT", "abQ0123456789TTTTTTTTTT",
			       "abR0123456789TTTTTTTTTT", NULL };
	g_autofree char *six = forms(more, 12);
	ASSERT_STR(six, "abQ…TTTTTTTT\nabR0…TTTTTTT\nabQ01…TTTTTT\nabQ012…TTTTT\nabR012…TTTTT\n");
	/* with 6 and 7 taken too: 8 would leave 3 for the end, less than a
	 * third of 12 (4): a window of (12 - 2) / 2 = 5 where they differ (the
	 * 3rd character, 2 before it would start at 0: from the 2nd), and the end */
	const char *most[] = { "abQ…TTTTTTTT", "abR0…TTTTTTT", "abQ01…TTTTTT", "abR012…TTTTT", "abQ0123…TTTT",
			       "abQ0123456789TTTTTTTTTT", "abR0123456789TTTTTTTTTT", NULL };
	g_autofree char *window_at_last = forms(most, 12);
	ASSERT_STR(window_at_last, "abQ…TTTTTTTT\nabR0…TTTTTTT\nabQ01…TTTTTT\nabR012…TTTTT\nabQ0123…TTTT\n"
				   "…bQ012…TTTTT\n…bR012…TTTTT\n");
}

/* A name that keeps its start keeps at least a third of the room for its end. */
static void test_names_end_kept(void)
{
	/* two kernels alike at their end and in their first 38 characters: at
	 * 40, the start that tells them apart, 39 characters, would leave no
	 * end ("void at::native::elementwise_kernel<128…"); a start keeps 25 at
	 * most (14 is a third of 40), so they show a window of (40 - 2) / 2 =
	 * 19 characters where they differ, 9 before it (from the 30th), and 19
	 * of their end */
	const char *kernels[] = { "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl<AddFunctor>(at::TensorIteratorBase&)::{lambda(int)#1}>(int, float)",
				  "void at::native::elementwise_kernel<124, 4, at::native::gpu_kernel_impl<AddFunctor>(at::TensorIteratorBase&)::{lambda(int)#1}>(int, float)",
				  NULL };
	g_autofree char *kernel = forms(kernels, 40);
	ASSERT_STR(kernel, "…kernel<128, 4, at::…nt)#1}>(int, float)\n…kernel<124, 4, at::…nt)#1}>(int, float)\n");
}

static char *text_of(const char *text, gsize len)
{
	GString *out = g_string_new(NULL);
	table_append_text(out, text, len);
	return g_string_free(out, FALSE);
}

static void test_cell_text(void)
{
	/* C0 controls escaped as messages escape them: a tab is no space */
	g_autofree char *controls = text_of("a\tb\nc\rd\x1b" "e\x7f", 10);
	ASSERT_STR(controls, "a\\tb\\nc\\rd\\x1be\\x7f");
	g_autofree char *nul = text_of("a\0b", 3);
	ASSERT_STR(nul, "a\\x00b");
	g_autofree char *invalid = text_of("a\xff" "b", 3);
	ASSERT_STR(invalid, "a\xef\xbf\xbd" "b"); /* U+FFFD */
	g_autofree char *kept = text_of("λ→x", strlen("λ→x"));
	ASSERT_STR(kept, "λ→x");
	/* C1 controls (CSI: U+009B) and bidirectional controls escaped; their neighbours kept */
	const char *hostile = "a\xc2\x9b" "31m\xc2\x80\xc2\x9f\xc2\xa0|\xe2\x80\xaa\xe2\x80\xae\xe2\x80\xa9\xe2\x80\xaf|"
			      "\xe2\x81\xa6\xe2\x81\xa9\xe2\x81\xaa";
	g_autofree char *escaped = text_of(hostile, strlen(hostile));
	ASSERT_STR(escaped, "a\\u009b31m\\u0080\\u009f\xc2\xa0|\\u202a\\u202e\xe2\x80\xa9\xe2\x80\xaf|\\u2066\\u2069\xe2\x81\xaa");
}

static char *fixed(gint64 ns, gboolean timestamp, guint decimals)
{
	GString *out = g_string_new(NULL);
	table_append_fixed(out, ns, timestamp, decimals);
	return g_string_free(out, FALSE);
}

static void test_fixed_decimals(void)
{
	g_autofree char *a = fixed(1500000, FALSE, 3);
	ASSERT_STR(a, "1.500");
	g_autofree char *b = fixed(125000, FALSE, 3);
	ASSERT_STR(b, "0.125");
	g_autofree char *c = fixed(1, FALSE, 6);
	ASSERT_STR(c, "0.000001");
	g_autofree char *d = fixed(3000000000, FALSE, 1);
	ASSERT_STR(d, "3000.0");
	g_autofree char *e = fixed(-2500000, FALSE, 2);
	ASSERT_STR(e, "-2.50");
	g_autofree char *f = fixed(2413669096100149000, TRUE, 3);
	ASSERT_STR(f, "2413669096100149.000");
	g_autofree char *g = fixed(5000, TRUE, 0);
	ASSERT_STR(g, "5");
}

static void test_percent(void)
{
	CU_ASSERT_EQUAL(tenths_of_percent(1, 3), 333);
	CU_ASSERT_EQUAL(tenths_of_percent(2, 3), 667);
	CU_ASSERT_EQUAL(tenths_of_percent(1, 2000), 1);  /* 0.05% rounds half up */
	CU_ASSERT_EQUAL(tenths_of_percent(1, 2001), 0);
	CU_ASSERT_EQUAL(tenths_of_percent(7, 7), 1000);
	CU_ASSERT_EQUAL(tenths_of_percent(G_MAXINT64 / 2, G_MAXINT64), 500);
	/* exact past 2^63 / 1000 (a roofline share may pass 100%); not such: -1 */
	CU_ASSERT_EQUAL(tenths_of_percent(G_MAXINT64, G_MAXINT64 / 3), 3000);
	CU_ASSERT_EQUAL(tenths_of_percent(G_MAXINT64, 1), -1);
	CU_ASSERT_EQUAL(tenths_of_percent(1, 0), -1);
	CU_ASSERT_EQUAL(tenths_of_percent(-1, 10), -1);
	GString *text = g_string_new(NULL);
	percent_append(text, 1000);
	g_string_append_c(text, ' ');
	percent_append(text, 5);
	g_string_append_c(text, ' ');
	percent_append(text, 0);
	ASSERT_STR(text->str, "100.0 0.5 0.0");
	g_string_free(text, TRUE);
}

/* A table of this test's own. */
struct test_row {
	const char *name;
	gint64 ns;
	gint64 count;
	gint64 tenths; /* -1: no value */
};

static void row_name(const void *r, struct value *v)
{
	value_string(v, ((const struct test_row *)r)->name);
}

static void row_ns(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ((const struct test_row *)r)->ns);
}

static void row_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ((const struct test_row *)r)->count);
}

static void row_share(const void *r, struct value *v)
{
	const struct test_row *row = r;
	if (row->tenths < 0)
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_PERCENT, row->tenths);
}

static const struct column test_columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, row_name },
	{ "host duration(ms)", VALUE_DURATION, COLUMN_DEFAULT, row_ns },
	{ "launch count", VALUE_INTEGER, COLUMN_DEFAULT, row_count },
	{ "device %", VALUE_PERCENT, COLUMN_DEFAULT, row_share },
};
static const struct catalogue test_catalogue = { test_columns, G_N_ELEMENTS(test_columns) };

static const struct test_row rows[] = {
	{ "ProfilerStep#1$$aten::linear", 1500000, 12, 1000 },
	{ "αβγδεζηθικλμνξοπρστυφχψω", 125000, 3, 5 },
	{ "mm", 0, 0, -1 },
};

/* ROWS through FORMAT at WIDTH, measured first when the sink measures. */
static char *written(const struct sink_class *format, guint width)
{
	g_autoptr(GPtrArray) picked = g_ptr_array_new();
	CU_ASSERT_TRUE(catalogue_pick(&test_catalogue, NULL, COLUMN_DEFAULT, picked, NULL));
	struct layout layout = { .picked = picked };
	struct sink sink;
	sink_init(&sink, format, &layout);
	sink.width = width;
	for (gsize i = 0; sink_measures(&sink) && i < G_N_ELEMENTS(rows); i++)
		sink_measure(&sink, &rows[i]);
	GString *out = g_string_new(NULL);
	sink_header(&sink, out);
	for (gsize i = 0; i < G_N_ELEMENTS(rows); i++)
		sink_row(&sink, &rows[i], out);
	sink_clear(&sink);
	return g_string_free(out, FALSE);
}

static void test_table_wide(void)
{
	g_autofree char *table = written(&table_sink, 200);
	ASSERT_STR(table,
		   "name                          host duration(ms)  launch count  device %\n"
		   "----------------------------  -----------------  ------------  --------\n"
		   "ProfilerStep#1$$aten::linear              1.500            12     100.0\n"
		   "αβγδεζηθικλμνξοπρστυφχψω                  0.125             3       0.5\n"
		   "mm                                        0.000             0\n");
}

static void test_table_narrow(void)
{
	/* the name's 28 and host's 12 do not fit in 40: host is kept all the
	 * same (the first figure), the name gets the 26 left, its end kept */
	g_autofree char *table = written(&table_sink, 40);
	ASSERT_STR(table,
		   "                                    host\n"
		   "name                        duration(ms)\n"
		   "--------------------------  ------------\n"
		   "…filerStep#1$$aten::linear         1.500\n"
		   "αβγδεζηθικλμνξοπρστυφχψω           0.125\n"
		   "mm                                 0.000\n");
}

static void test_table_left_out(void)
{
	/* 28 + 2 + 12 + 2 + 6 = 50: device % (8 more) left out, the name whole */
	g_autofree char *table = written(&table_sink, 50);
	ASSERT_STR(table,
		   "                                      host  launch\n"
		   "name                          duration(ms)   count\n"
		   "----------------------------  ------------  ------\n"
		   "ProfilerStep#1$$aten::linear         1.500      12\n"
		   "αβγδεζηθικλμνξοπρστυφχψω             0.125       3\n"
		   "mm                                   0.000       0\n");
}

static void test_table_exact_fit(void)
{
	/* 28 + 2 + 12 + 2 + 6 + 2 + 6 = 58: nothing shrinks, headers wrap */
	g_autofree char *table = written(&table_sink, 58);
	ASSERT_STR(table,
		   "                                      host  launch  device\n"
		   "name                          duration(ms)   count       %\n"
		   "----------------------------  ------------  ------  ------\n"
		   "ProfilerStep#1$$aten::linear         1.500      12   100.0\n"
		   "αβγδεζηθικλμνξοπρστυφχψω             0.125       3     0.5\n"
		   "mm                                   0.000       0\n");
}

static void test_percent_formats(void)
{
	g_autofree char *csv = written(&csv_sink, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(csv, "\"1.5\",\"12\",\"100.0\"\r\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(csv, "\"0.125\",\"3\",\"0.5\"\r\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(csv, "\"0.0\",\"0\",\"\"\r\n"));
	g_autofree char *jsonl = written(&jsonl_sink, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(jsonl, "\"launch count\":12,\"device %\":100.0}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(jsonl, "\"device %\":0.5}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(jsonl, "\"device %\":null}"));
}

/* The summaries' means: to the nearest unit, half up, and no overflow near 2^63. */
static void test_mean_half_up(void)
{
	CU_ASSERT_EQUAL(mean_half_up(1, 3), 0);
	CU_ASSERT_EQUAL(mean_half_up(2, 3), 1);  /* 0.667 */
	CU_ASSERT_EQUAL(mean_half_up(1, 2), 1);  /* 0.5: up */
	CU_ASSERT_EQUAL(mean_half_up(5, 4), 1);  /* 1.25 */
	CU_ASSERT_EQUAL(mean_half_up(6, 4), 2);  /* 1.5: up */
	CU_ASSERT_EQUAL(mean_half_up(0, 7), 0);
	CU_ASSERT_EQUAL(mean_half_up(G_MAXINT64, 2), G_GINT64_CONSTANT(1) << 62); /* (2^63 - 1) / 2, half up */
	CU_ASSERT_EQUAL(mean_half_up(G_MAXINT64, G_MAXINT64), 1);
}

/* SPEC 28: bytes in a table, worked by hand: the unit is the smallest
 * (B, KiB, MiB, GiB) whose figure, rounded half away from zero to two
 * decimals, stays below 1024. */
static void test_bytes(void)
{
	static const struct {
		gint64 bytes;
		const char *shown;
	} cases[] = {
		{ 0, "0 B" },
		{ 1023, "1023 B" },                 /* the last below 1024 */
		{ 1024, "1.00 KiB" },
		{ 1152, "1.13 KiB" },               /* 1152 · 100 / 1024 = 112.5: half away from zero, 113 */
		{ 1535, "1.50 KiB" },               /* 149.902... */
		{ 1048064, "1023.50 KiB" },         /* 1023.5 KiB exactly */
		{ 1048570, "1023.99 KiB" },         /* 102399.41 hundredths */
		{ 1048571, "1.00 MiB" },            /* 102399.51 hundredths round to 1024.00 KiB: MiB */
		{ 1048575, "1.00 MiB" },            /* 1023.999 KiB */
		{ 1048576, "1.00 MiB" },
		{ 1073741823, "1.00 GiB" },         /* 1024 MiB less a byte */
		{ 2707847680, "2.52 GiB" },         /* 2.5219... (the figure) */
		{ 1125899906842624, "1048576.00 GiB" }, /* 2^50: still GiB */
		{ -1536, "-1.50 KiB" },
		{ -1023, "-1023 B" },
		{ G_MININT64, "-8589934592.00 GiB" }, /* 2^63 / 2^30 = 2^33 */
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GString) out = g_string_new(NULL);
		table_append_bytes(out, cases[i].bytes);
		ASSERT_STR(out->str, cases[i].shown);
	}
}

/* A path cut keeping its end: "…" and its last WIDTH - 1 characters, from
 * a "$$" among them when that leaves out at most a third of the width. */
static void test_path_end(void)
{
	static const struct {
		const char *path;
		guint width;
		const char *shown;
	} cases[] = {
		/* "a$$bb$$ccc": its last 5 are "$$ccc", a boundary at once */
		{ "a$$bb$$ccc", 6, "…$$ccc" },
		/* its last 6 "b$$ccc": the boundary leaves out 1 (1 · 3 <= 7): padded to 7 */
		{ "a$$bb$$ccc", 7, "…$$ccc " },
		/* its last 9 "xxxxx$$ab": leaving out 5 is more than a third of 10: cut as it is */
		{ "abcdefxxxxx$$ab", 10, "…xxxxx$$ab" },
		/* αβγ$$δε, 7 characters, in 5: its last 4 "$$δε" (never inside a UTF-8 character) */
		{ "αβγ$$δε", 5, "…$$δε" },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GString) out = g_string_new(NULL);
		table_append_path_end(out, cases[i].path, strlen(cases[i].path), cases[i].width);
		ASSERT_STR(out->str, cases[i].shown);
	}
}

/* A text under its row: "  LABEL: " (labels padded to the longest, 8:
 * 12 characters in all), lines of at most the width less those 12, at
 * least 20; a word longer than a line in pieces. */
static void test_under(void)
{
	g_autoptr(GString) out = g_string_new(NULL);
	const char *text = "alpha beta gamma delta epsilon";
	table_append_under(out, "advice", 8, text, strlen(text), 32); /* 20 a line: "alpha beta gamma" (16), then 22 */
	ASSERT_STR(out->str, "  advice:   alpha beta gamma\n"
			     "            delta epsilon\n");
	g_string_truncate(out, 0);
	text = "see abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ end"; /* a word of 46 in lines of 20 */
	table_append_under(out, "evidence", 8, text, strlen(text), 10); /* narrower than 12 + 20: 20 all the same */
	ASSERT_STR(out->str, "  evidence: see\n"
			     "            abcdefghijklmnopqrst\n"
			     "            uvwxyz0123456789ABCD\n"
			     "            EFGHIJ end\n");
}

/* SPEC 28 in whole tables, by hand. */
struct glance_row {
	const char *name;
	gint64 a, b;
	const char *note;
};

static void glance_name(const void *r, struct value *v)
{
	value_string(v, ((const struct glance_row *)r)->name);
}

static void glance_a(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ((const struct glance_row *)r)->a);
}

static void glance_b(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ((const struct glance_row *)r)->b);
}

static void glance_note(const void *r, struct value *v)
{
	value_string(v, ((const struct glance_row *)r)->note);
}

static char *glance_table(const struct column *columns, guint count, const struct glance_row *rows, guint n, guint width)
{
	const struct catalogue catalogue = { columns, count };
	g_autoptr(GPtrArray) picked = g_ptr_array_new();
	CU_ASSERT_TRUE(catalogue_pick(&catalogue, NULL, COLUMN_DEFAULT, picked, NULL));
	struct layout layout = { .picked = picked };
	struct sink sink;
	sink_init(&sink, &table_sink, &layout);
	sink.width = width;
	sink.quiet = TRUE;
	for (guint i = 0; i < n; i++)
		sink_measure(&sink, &rows[i]);
	GString *out = g_string_new(NULL);
	sink_header(&sink, out);
	for (guint i = 0; i < n; i++)
		sink_row(&sink, &rows[i], out);
	sink_clear(&sink);
	return g_string_free(out, FALSE);
}

static void test_table_glance(void)
{
	/* The name gives way to the essential columns, down to 14: at 40, the
	 * name's 35 and a(ms) (5 + 2) would be 42; beside 14 of the name a(ms)
	 * and b(ms) fit (14 + 7 + 7 = 28), then c (3 + 2) only beside all 35:
	 * left out. The name gets 40 - 14 = 26: "…" and its last 25. Without
	 * the flags a(ms) alone would be kept, the name 33 wide. */
	static const struct glance_row rows[] = { { "a_very_long_operator_name_of_thirty", 1500000, 2000000, "x" } };
	const struct column essential[] = {
		{ "name", VALUE_TEXT, COLUMN_DEFAULT, glance_name },
		{ "c", VALUE_TEXT, COLUMN_DEFAULT, glance_note },
		{ "a(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, glance_a },
		{ "b(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, glance_b },
	};
	g_autofree char *yielded = glance_table(essential, G_N_ELEMENTS(essential), rows, 1, 40);
	ASSERT_STR(yielded, "name                        a(ms)  b(ms)\n"
			    "--------------------------  -----  -----\n"
			    "…g_operator_name_of_thirty    1.5    2.0\n");
	/* A secondary column is left out first: at 14, a(ms) 5, then c (1 + 2:
	 * 8) before b(ms), which would need 7 more (15): left out, though it
	 * is left of c (without the flag, a(ms) and b(ms), 12, and c out). */
	const struct column secondary[] = {
		{ "a(ms)", VALUE_DURATION, COLUMN_DEFAULT, glance_a },
		{ "b(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_SECONDARY, glance_b },
		{ "c", VALUE_TEXT, COLUMN_DEFAULT, glance_note },
	};
	g_autofree char *narrow = glance_table(secondary, G_N_ELEMENTS(secondary), rows, 1, 14);
	ASSERT_STR(narrow, "a(ms)  c\n"
			   "-----  -\n"
			   "  1.5  x\n");
	/* A column under the rows: not in the grid, its text under each row
	 * ("  c: " then the text, lines of at least 20), a blank line between
	 * rows; an empty one writes no line. */
	static const struct glance_row two[] = { { "k1", 1000000, 0, "one two" }, { "k2", 2000000, 0, NULL } };
	const struct column under[] = {
		{ "name", VALUE_TEXT, COLUMN_DEFAULT, glance_name },
		{ "a(ms)", VALUE_DURATION, COLUMN_DEFAULT, glance_a },
		{ "c", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_UNDER, glance_note },
	};
	g_autofree char *lines = glance_table(under, G_N_ELEMENTS(under), two, 2, 30);
	ASSERT_STR(lines, "name  a(ms)\n"
			  "----  -----\n"
			  "k1      1.0\n"
			  "  c: one two\n"
			  "\n"
			  "k2      2.0\n");
	/* Only columns under the rows: no header, no rule, no empty line a row */
	const struct column only[] = { { "c", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_UNDER, glance_note } };
	g_autofree char *alone = glance_table(only, G_N_ELEMENTS(only), two, 2, 30);
	ASSERT_STR(alone, "  c: one two\n"
			  "\n");
}

UNIT_MAIN("table", UNIT_TEST(test_mean_half_up), UNIT_TEST(test_shorten_ascii), UNIT_TEST(test_shorten_utf8), UNIT_TEST(test_cell_text),
	  UNIT_TEST(test_fixed_decimals), UNIT_TEST(test_percent), UNIT_TEST(test_table_wide),
	  UNIT_TEST(test_table_narrow), UNIT_TEST(test_table_left_out), UNIT_TEST(test_table_exact_fit),
	  UNIT_TEST(test_percent_formats), UNIT_TEST(test_names_apart), UNIT_TEST(test_names_end_kept),
	  UNIT_TEST(test_bytes), UNIT_TEST(test_path_end), UNIT_TEST(test_under),
	  UNIT_TEST(test_table_glance))
