/* Integers past 64 bits keep their digits (src/util/json_digits.c, SPEC 24):
 * read by json-c as the reader reads them, then written as a Python literal,
 * as JSON text and as a member's text. Expected texts are worked by hand:
 * the digits as written, never json-c's clamped 18446744073709551615 or
 * -9223372036854775808. */
#include "unit.h"
#include "util/json_digits.h"
#include "util/json_text.h"
#include "util/pylit.h"

/* TEXT read as the reader reads it (strict json-c, then the digits kept). */
static json_object *read_json(const char *text)
{
	json_tokener *tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *value = json_tokener_parse_ex(tok, text, (int)strlen(text));
	CU_ASSERT_EQUAL(json_tokener_get_error(tok), json_tokener_success);
	json_tokener_free(tok);
	json_digits_keep(value, text, strlen(text));
	return value;
}

static char *literal(const char *text)
{
	json_object *value = read_json(text);
	GString *out = g_string_new(NULL);
	pylit_append_json(out, value);
	json_object_put(value);
	return g_string_free(out, FALSE);
}

static char *json_again(const char *text)
{
	json_object *value = read_json(text);
	GString *out = g_string_new(NULL);
	pylit_append_json_text(out, value);
	json_object_put(value);
	return g_string_free(out, FALSE);
}

#define ASSERT_TEXT(made, expected)                           \
	do {                                                  \
		g_autofree char *text_ = (made);              \
		CU_ASSERT_STRING_EQUAL(text_, (expected));    \
		if (strcmp(text_, (expected)) != 0)           \
			fprintf(stderr, "\n  got %s\n", text_); \
	} while (0)

static void test_past_64(void)
{
	CU_ASSERT_FALSE(json_digits_past_64("9223372036854775807", 19));
	CU_ASSERT_FALSE(json_digits_past_64("18446744073709551615", 20));
	CU_ASSERT_TRUE(json_digits_past_64("18446744073709551616", 20));
	CU_ASSERT_TRUE(json_digits_past_64("99999999999999999999", 20));
	CU_ASSERT_TRUE(json_digits_past_64("100000000000000000000", 21));
	CU_ASSERT_FALSE(json_digits_past_64("-9223372036854775808", 20));
	CU_ASSERT_TRUE(json_digits_past_64("-9223372036854775809", 20));
	CU_ASSERT_TRUE(json_digits_past_64("-10000000000000000000", 21));
	CU_ASSERT_FALSE(json_digits_past_64("1e23", 4));
	CU_ASSERT_FALSE(json_digits_past_64("-", 1));
	static const char *const none = "{\"a\": 18446744073709551615, \"b\": -9223372036854775808, \"c\": 1}";
	CU_ASSERT_FALSE(json_digits_any(none, strlen(none)));
	CU_ASSERT_TRUE(json_digits_any("[1, 18446744073709551616]", 25));
	CU_ASSERT_TRUE(json_digits_any("[-9223372036854775809]", 22));
}

static void test_literals(void)
{
	ASSERT_TEXT(literal("[9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616]"),
		    "[9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616]");
	ASSERT_TEXT(literal("{\"e\": 123456789012345678901234567890, \"f\": -9223372036854775808, \"g\": -9223372036854775809}"),
		    "{'e': 123456789012345678901234567890, 'f': -9223372036854775808, 'g': -9223372036854775809}");
	ASSERT_TEXT(literal("{\"a\": [{\"b\": [[-123456789012345678901234567890]]}], \"c\": 1e23, \"d\": 1E+23}"),
		    "{'a': [{'b': [[-123456789012345678901234567890]]}], 'c': 1e+23, 'd': 1e+23}");
	/* digits in strings are no numbers; a key with escapes is found as json-c keeps it */
	ASSERT_TEXT(literal("{\"s\": \"18446744073709551616\", \"k\\u00e9\\\"y\": 18446744073709551617}"),
		    "{'s': '18446744073709551616', 'k\xc3\xa9\"y': 18446744073709551617}");
	/* duplicate keys: json-c keeps the last value where the first was */
	ASSERT_TEXT(literal("{\"a\": 18446744073709551616, \"b\": 1, \"a\": 18446744073709551615}"),
		    "{'a': 18446744073709551615, 'b': 1}");
	ASSERT_TEXT(literal("{\"a\": 18446744073709551615, \"a\": [18446744073709551617], \"a\": 18446744073709551618}"),
		    "{'a': 18446744073709551618}");
	ASSERT_TEXT(literal("{\"a\": [18446744073709551616], \"a\": [18446744073709551615]}"), "{'a': [18446744073709551615]}");
	ASSERT_TEXT(literal("[-Infinity, 18446744073709551616, NaN, -9223372036854775809]"),
		    "[-inf, 18446744073709551616, nan, -9223372036854775809]");
}

static void test_json_text(void)
{
	ASSERT_TEXT(json_again("{\"d\": 18446744073709551616, \"g\": [-9223372036854775809, 1e400], \"c\": 18446744073709551615}"),
		    "{\"d\":18446744073709551616,\"g\":[-9223372036854775809,null],\"c\":18446744073709551615}");
	json_object *value = read_json("[123456789012345678901234567890, -99999999999999999999, 18446744073709551615]");
	char digits[24];
	gsize len;
	const char *text = json_text(json_object_array_get_idx(value, 0), digits, &len);
	CU_ASSERT_EQUAL(len, 30);
	CU_ASSERT_NSTRING_EQUAL(text, "123456789012345678901234567890", 30);
	text = json_text(json_object_array_get_idx(value, 1), digits, &len);
	CU_ASSERT_EQUAL(len, 21);
	CU_ASSERT_NSTRING_EQUAL(text, "-99999999999999999999", 21);
	CU_ASSERT_PTR_NULL(json_digits(json_object_array_get_idx(value, 2))); /* it fits: json-c's own */
	json_object_put(value);
	json_object *made = json_digits_new("-99999999999999999999", 21);
	CU_ASSERT_STRING_EQUAL(json_digits(made), "-99999999999999999999");
	CU_ASSERT_STRING_EQUAL(json_object_to_json_string(made), "-99999999999999999999");
	CU_ASSERT_EQUAL(json_object_get_int64(made), G_MININT64); /* json-c's value, as it reads it */
	json_object_put(made);
}

UNIT_MAIN("json_digits", UNIT_TEST(test_past_64), UNIT_TEST(test_literals), UNIT_TEST(test_json_text))
