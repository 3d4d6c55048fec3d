#include "unit.h"
#include "util/pylit.h"
#include <math.h>

static char *float_repr(double value)
{
	GString *out = g_string_new(NULL);
	pylit_append_double(out, value);
	return g_string_free(out, FALSE);
}

static char *string_repr(const char *s, gsize len)
{
	GString *out = g_string_new(NULL);
	pylit_append_string(out, s, len);
	return g_string_free(out, FALSE);
}

/* str() of the JSON TEXT as Python's json.loads would give it. */
static char *json_repr(const char *text)
{
	json_tokener *tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *value = json_tokener_parse_ex(tok, text, (int)strlen(text));
	CU_ASSERT_EQUAL(json_tokener_get_error(tok), json_tokener_success);
	GString *out = g_string_new(NULL);
	pylit_append_json(out, value);
	json_object_put(value);
	json_tokener_free(tok);
	return g_string_free(out, FALSE);
}

#define ASSERT_REPR(expr, text)              \
	do {                                 \
		g_autofree char *s = (expr); \
		ASSERT_STR(s, text);         \
	} while (0)

static void test_float_shortest(void)
{
	ASSERT_REPR(float_repr(0.1), "0.1");
	ASSERT_REPR(float_repr(2.0), "2.0");
	ASSERT_REPR(float_repr(123456789.125), "123456789.125");
	ASSERT_REPR(float_repr(0.1 + 0.2), "0.30000000000000004");
	ASSERT_REPR(float_repr(1.0 / 3), "0.3333333333333333");
	ASSERT_REPR(float_repr(215.57894736842104), "215.57894736842104");
}

static void test_float_exponent_form(void)
{
	ASSERT_REPR(float_repr(1e-05), "1e-05");
	ASSERT_REPR(float_repr(0.0001), "0.0001");
	ASSERT_REPR(float_repr(1.5e-07), "1.5e-07");
	ASSERT_REPR(float_repr(1e16), "1e+16");
	ASSERT_REPR(float_repr(9999999999999998.0), "9999999999999998.0");
	ASSERT_REPR(float_repr(1.2345e+20), "1.2345e+20");
	ASSERT_REPR(float_repr(1e300), "1e+300");
	ASSERT_REPR(float_repr(5e-324), "5e-324");
}

static void test_float_special(void)
{
	ASSERT_REPR(float_repr(-0.0), "-0.0");
	ASSERT_REPR(float_repr(0.0), "0.0");
	ASSERT_REPR(float_repr(NAN), "nan");
	ASSERT_REPR(float_repr(INFINITY), "inf");
	ASSERT_REPR(float_repr(-INFINITY), "-inf");
	ASSERT_REPR(float_repr(-2.5), "-2.5");
}

static void test_string_quotes(void)
{
	ASSERT_REPR(string_repr("abc", 3), "'abc'");
	ASSERT_REPR(string_repr("it's", 4), "\"it's\"");
	ASSERT_REPR(string_repr("say \"hi\"", 8), "'say \"hi\"'");
	ASSERT_REPR(string_repr("it's \"x\"", 8), "'it\\'s \"x\"'");
	ASSERT_REPR(string_repr("", 0), "''");
}

static void test_string_escapes(void)
{
	ASSERT_REPR(string_repr("a\\b", 3), "'a\\\\b'");
	ASSERT_REPR(string_repr("l1\nl2\r\t", 7), "'l1\\nl2\\r\\t'");
	ASSERT_REPR(string_repr("\x01\x1f\x7f", 3), "'\\x01\\x1f\\x7f'");
	ASSERT_REPR(string_repr("a\0b", 3), "'a\\x00b'");
}

static void test_string_unicode(void)
{
	ASSERT_REPR(string_repr("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80", 14), "'caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80'");
	ASSERT_REPR(string_repr("\xc2\xa0", 2), "'\\xa0'");     /* no-break space: not printable */
	ASSERT_REPR(string_repr("\xe2\x80\x8b", 3), "'\\u200b'"); /* zero-width space (Cf) */
	ASSERT_REPR(string_repr("\xc2\x85", 2), "'\\x85'");
	ASSERT_REPR(string_repr("a\xffz", 3), "'a\xef\xbf\xbdz'"); /* invalid UTF-8 -> U+FFFD */
}

static void test_json_values(void)
{
	ASSERT_REPR(json_repr("{\"External id\": 2, \"Ev Idx\": 1}"), "{'External id': 2, 'Ev Idx': 1}");
	ASSERT_REPR(json_repr("[true, false, null, [], {}]"), "[True, False, None, [], {}]");
	ASSERT_REPR(json_repr("{\"grid\": [1, 1, 1], \"f\": 0.009259, \"e\": 1E5, \"z\": -0.0}"),
		    "{'grid': [1, 1, 1], 'f': 0.009259, 'e': 100000.0, 'z': -0.0}");
	ASSERT_REPR(json_repr("[18446744073709551615, -9223372036854775808]"),
		    "[18446744073709551615, -9223372036854775808]");
	ASSERT_REPR(json_repr("{\"b\": 1, \"a\": 2}"), "{'b': 1, 'a': 2}"); /* file order */
	ASSERT_REPR(json_repr("[\"\\u00e9\\n\", \"\\u0000\"]"), "['\xc3\xa9\\n', '\\x00']");
	ASSERT_REPR(json_repr("[0.1, 1e-7, 12345678901234567890.0]"), "[0.1, 1e-07, 1.2345678901234567e+19]");
}

/* Floats printed from their text agree with the full conversion. */
static void test_float_text_fast_path(void)
{
	static const char *const texts[] = {
		"0.1", "0.009259", "1E5", "1e16", "1e15", "9.999e-5", "0.0001", "0.00001", "123456789012345.0",
		"1234567890123456.0", "1.5e300", "2.5e-300", "215.57894736842104", "100.0", "-3.25",
		"1.50000000000000000000", "0.30000000000000004", "7e22", "123.456e-2", "-0.0", "0e5", "5e-324",
	};
	for (gsize i = 0; i < G_N_ELEMENTS(texts); i++) {
		g_autofree char *json = g_strdup_printf("[%s]", texts[i]);
		g_autofree char *via_text = json_repr(json);
		GString *full = g_string_new("[");
		pylit_append_double(full, g_ascii_strtod(texts[i], NULL));
		g_string_append_c(full, ']');
		if (strcmp(via_text, full->str) != 0)
			fprintf(stderr, "\n  %s: %s vs %s\n", texts[i], via_text, full->str);
		CU_ASSERT_STRING_EQUAL(via_text, full->str);
		g_string_free(full, TRUE);
	}
}

UNIT_MAIN("pylit", UNIT_TEST(test_float_text_fast_path), UNIT_TEST(test_float_shortest), UNIT_TEST(test_float_exponent_form),
	  UNIT_TEST(test_float_special), UNIT_TEST(test_string_quotes), UNIT_TEST(test_string_escapes),
	  UNIT_TEST(test_string_unicode), UNIT_TEST(test_json_values))
