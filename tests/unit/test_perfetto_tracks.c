/* src/perfetto/perfetto_tracks.c: the added events of hand-made figures: the
 * gaps of two devices (args as --summary gaps --format jsonl writes the
 * row), critical-path segments that overlap (a second thread, "#2", and
 * the first thread taken again once free), counters per bin (a bin
 * without memory adds no allocated value; a last busy 0 at the span's end). */
#include "unit.h"
#include "perfetto/perfetto_tracks.h"

static struct gap_row gap(guint device, gint64 ts, gint64 length, gint64 wait)
{
	return (struct gap_row){ .device = device, .start = ts / 1000, .length = length, .host_wait = wait,
				 .cause = wait ? "outside" : NULL, .outside = wait != 0, .ts = ts };
}

static void test_tracks(void)
{
	struct gap_row rows[] = { gap(0, 100000, 100000, 40000), gap(0, 300000, 100000, 0), gap(1, 150000, 100000, 0) };
	struct gap_rows gaps = { rows, G_N_ELEMENTS(rows), NULL };
	struct critical_rows critical = { 0 };
	critical.spans = g_array_new(FALSE, FALSE, sizeof(struct critical_span));
	struct critical_span spans[] = { { 0, 100000, 1, 0, 0, "A" }, { 50000, 150000, 1, 0, 1, "B" },
					 { 100000, 200000, 1, 0, 2, "launch delay" } };
	g_array_append_vals(critical.spans, spans, G_N_ELEMENTS(spans));
	gint64 bounds[] = { 0, 10, 20 };
	gint64 figures[2 * BIN_FIGURES] = { 0 };
	figures[BIN_BUSY] = 5;
	figures[BIN_FIGURES + BIN_BUSY] = 10;
	gint64 allocated[] = { BIN_NO_MEMORY, 4096 };
	struct timeline_bins_device device = { .device = 0, .bins = { 2, bounds }, .figures = figures, .allocated = allocated };
	struct timeline_bins bins = { &device, 1 };
	struct perfetto_tracks in = { .gaps = &gaps, .critical = &critical, .bins = &bins };
	g_autoptr(GString) out = g_string_new(NULL);
	guint64 added = perfetto_tracks_write(out, 9, TRUE, &in);
	/* 1 process name, 4 threads named and sorted, 3 + 3 slices, 2 + 1 + 1 counters */
	CU_ASSERT_EQUAL(added, 1 + 8 + 6 + 4);
	const char *text = out->str;
	CU_ASSERT_TRUE(g_str_has_prefix(text, ",\n{\"ph\":\"M\",\"pid\":9,\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":\"profile_parser\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"ph\":\"M\",\"pid\":9,\"tid\":1,\"name\":\"thread_name\",\"args\":{\"name\":\"gaps (device 0)\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"ph\":\"X\",\"pid\":9,\"tid\":1,\"name\":\"outside\",\"ts\":100.000,\"dur\":100.000,"
					    "\"args\":{\"device\":0,\"start(ms)\":0.100,\"length(ms)\":0.1,\"host wait(ms)\":0.04,"
					    "\"other idle(ms)\":0.06,\"cause\":\"outside\",\"host op\":\"outside\",\"ender\":null,"
					    "\"ender thread\":null,\"step\":null}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"tid\":1,\"name\":\"no host wait\",\"ts\":300.000,\"dur\":100.000,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"tid\":2,\"name\":\"thread_name\",\"args\":{\"name\":\"gaps (device 1)\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"tid\":3,\"name\":\"thread_name\",\"args\":{\"name\":\"critical path\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"tid\":4,\"name\":\"thread_name\",\"args\":{\"name\":\"critical path #2\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"ph\":\"X\",\"pid\":9,\"tid\":3,\"name\":\"A\",\"ts\":0.000,\"dur\":100.000,\"args\":{\"step\":1,\"kind\":\"host\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"ph\":\"X\",\"pid\":9,\"tid\":4,\"name\":\"B\",\"ts\":50.000,\"dur\":100.000,\"args\":{\"step\":1,\"kind\":\"device\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"ph\":\"X\",\"pid\":9,\"tid\":3,\"name\":\"launch delay\",\"ts\":100.000,\"dur\":100.000,\"args\":{\"step\":1,\"kind\":\"launch delay\"}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"ph\":\"C\",\"pid\":9,\"tid\":0,\"name\":\"busy share (device 0)\",\"ts\":0.000,\"args\":{\"%\":50.0}},\n"
					    "{\"ph\":\"C\",\"pid\":9,\"tid\":0,\"name\":\"busy share (device 0)\",\"ts\":0.010,\"args\":{\"%\":100.0}},\n"
					    "{\"ph\":\"C\",\"pid\":9,\"tid\":0,\"name\":\"allocated memory (device 0)\",\"ts\":0.010,\"args\":{\"bytes\":4096}},\n"
					    "{\"ph\":\"C\",\"pid\":9,\"tid\":0,\"name\":\"busy share (device 0)\",\"ts\":0.020,\"args\":{\"%\":0.0}}"));
	g_array_free(critical.spans, TRUE);
}

static void test_nothing(void)
{
	struct perfetto_tracks in = { 0 };
	g_autoptr(GString) out = g_string_new(NULL);
	CU_ASSERT_EQUAL(perfetto_tracks_write(out, 1, FALSE, &in), 1); /* the process's name alone */
	ASSERT_STR(out->str, "\n{\"ph\":\"M\",\"pid\":1,\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":\"profile_parser\"}}");
}

UNIT_MAIN("perfetto_tracks", UNIT_TEST(test_tracks), UNIT_TEST(test_nothing))
