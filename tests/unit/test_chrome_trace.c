/* src/output/chrome_trace.c: exact microseconds, JSON strings, the events
 * and args objects, worked by hand. */
#include "unit.h"
#include "output/chrome_trace.h"

static void test_us(void)
{
	g_autoptr(GString) out = g_string_new(NULL);
	gint64 values[] = { 0, 1, 999, 1000, 1234567, -5, -1000, 1732000000000100500, G_MININT64 };
	for (guint i = 0; i < G_N_ELEMENTS(values); i++) {
		chrome_us(out, values[i]);
		g_string_append_c(out, ' ');
	}
	ASSERT_STR(out->str, "0.000 0.001 0.999 1.000 1234.567 -0.005 -1.000 1732000000000100.500 -9223372036854775.808 ");
}

static void test_string(void)
{
	g_autoptr(GString) out = g_string_new(NULL);
	const char text[] = "a\"b\\c\nd\te\x01 \xc3\xa9</";
	chrome_string(out, text, sizeof text - 1);
	ASSERT_STR(out->str, "\"a\\\"b\\\\c\\nd\\te\\u0001 \xc3\xa9</\"");
	g_string_truncate(out, 0);
	chrome_string(out, "a\0b", 3); /* a NUL in a name */
	ASSERT_STR(out->str, "\"a\\u0000b\"");
}

static void test_events(void)
{
	g_autoptr(GString) out = g_string_new(NULL);
	chrome_slice(out, 8, 2, "gap \"x\"", 135000, 30000, "{\"a\":1}", 7);
	ASSERT_STR(out->str, "{\"ph\":\"X\",\"pid\":8,\"tid\":2,\"name\":\"gap \\\"x\\\"\",\"ts\":135.000,\"dur\":30.000,\"args\":{\"a\":1}}");
	g_string_truncate(out, 0);
	chrome_slice(out, 8, 2, "n", 1, 0, NULL, 0);
	ASSERT_STR(out->str, "{\"ph\":\"X\",\"pid\":8,\"tid\":2,\"name\":\"n\",\"ts\":0.001,\"dur\":0.000}");
	g_string_truncate(out, 0);
	chrome_counter(out, 8, "busy share (device 0)", 147500, "%", "22.2");
	ASSERT_STR(out->str, "{\"ph\":\"C\",\"pid\":8,\"tid\":0,\"name\":\"busy share (device 0)\",\"ts\":147.500,\"args\":{\"%\":22.2}}");
	g_string_truncate(out, 0);
	chrome_metadata(out, 8, 0, "process_name", "profile_parser");
	chrome_metadata(out, 8, 3, "thread_sort_index", "3");
	ASSERT_STR(out->str, "{\"ph\":\"M\",\"pid\":8,\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":\"profile_parser\"}}"
			     "{\"ph\":\"M\",\"pid\":8,\"tid\":3,\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":3}}");
}

static void test_args(void)
{
	g_autoptr(GString) args = g_string_new(NULL);
	chrome_args_end(args);
	ASSERT_STR(args->str, "{}");
	g_string_truncate(args, 0);
	chrome_args_string(args, "severity", "high", 4);
	chrome_args_raw(args, "saving(ms)", "0.015", 5);
	chrome_args_int(args, "step", -3);
	chrome_args_end(args);
	ASSERT_STR(args->str, "{\"severity\":\"high\",\"saving(ms)\":0.015,\"step\":-3}");
}

UNIT_MAIN("chrome_trace", UNIT_TEST(test_us), UNIT_TEST(test_string), UNIT_TEST(test_events), UNIT_TEST(test_args))
