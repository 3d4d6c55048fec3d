#include "unit.h"
#include "input/skim.h"
#include <json-c/json.h>

static GHashTable *roles(void)
{
	GHashTable *table = g_hash_table_new(g_str_hash, g_str_equal);
	g_hash_table_insert(table, "cpu_op", GUINT_TO_POINTER(1));
	g_hash_table_insert(table, "kernel", GUINT_TO_POINTER(4));
	return table;
}

static enum skim_verdict verdict(const char *text)
{
	g_autoptr(GHashTable) table = roles();
	gsize pos;
	const char *why;
	return skim_event(text, strlen(text), table, &pos, &why);
}

static void test_verdicts(void)
{
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"ts\": 1}"), SKIM_NEEDED);
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"X\", \"cat\": \"Kernel\"}"), SKIM_NEEDED); /* an alias */
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"X\", \"cat\": \"ac2g\"}"), SKIM_IGNORED);
	CU_ASSERT_EQUAL(verdict("{\"name\": \"process_name\", \"ph\": \"M\", \"args\": {\"ph\": \"X\"}}"), SKIM_IGNORED);
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"s\", \"id\": 3, \"cat\": \"cpu_op\"}"), SKIM_IGNORED);
	CU_ASSERT_EQUAL(verdict("{\"cat\": \"cpu_op\"}"), SKIM_IGNORED);               /* no phase */
	CU_ASSERT_EQUAL(verdict("{\"ph\": 5, \"cat\": \"cpu_op\"}"), SKIM_IGNORED);    /* not a string */
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"B\", \"cat\": \"other\"}"), SKIM_NEEDED);  /* B/E always */
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"E\"}"), SKIM_NEEDED);
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"X\", \"name\": \"legacy\"}"), SKIM_NEEDED); /* no cat: maybe "CPU functions" */
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"\\u0058\", \"cat\": \"ac2g\"}"), SKIM_NEEDED); /* escapes: json-c decides */
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"X\", \"cat\": \"ac2g\", \"cat\": \"cpu_op\"}"), SKIM_NEEDED); /* last wins */
	/* needed once ph and cat say so: json-c then sees the later "ph" and ignores the event */
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"ph\": \"i\"}"), SKIM_NEEDED);
	CU_ASSERT_EQUAL(verdict("{\"ph\": \"i\", \"cat\": \"cpu_op\", \"ph\": \"X\"}"), SKIM_NEEDED);
	CU_ASSERT_EQUAL(verdict("{\"args\": {\"cat\": \"cpu_op\"}, \"ph\": \"X\", \"cat\": \"gpu_user_annotation\"}"), SKIM_IGNORED);
	CU_ASSERT_EQUAL(verdict("[1, 2]"), SKIM_NOT_OBJECT);
	CU_ASSERT_EQUAL(verdict("42"), SKIM_NOT_OBJECT);
	CU_ASSERT_EQUAL(verdict("\"x\""), SKIM_NOT_OBJECT);
	CU_ASSERT_EQUAL(verdict("{}"), SKIM_IGNORED);
}

static void test_error_position(void)
{
	g_autoptr(GHashTable) table = roles();
	gsize pos = 99;
	const char *why = NULL;
	const char *text = "{\"ph\": \"M\", \"args\": {\"a\": tru}}";
	CU_ASSERT_EQUAL(skim_event(text, strlen(text), table, &pos, &why), SKIM_INVALID);
	CU_ASSERT_EQUAL(pos, 26); /* the start of the bad token */
	CU_ASSERT_PTR_NOT_NULL(why);
}

/* Whatever json-c's strict tokener (as the reader sets it up) says of a
 * value, the skimmer says too: well-formed or not. */
static void test_agrees_with_json_c(void)
{
	static const char *const values[] = {
		"\"\\x\"", "\"\\u12G4\"", "\"\\/\"", "1.e5", ".5", "-", "1e", "+1", "01", "-01", "1.5e+", "nul",
		"True", "-Infinity", "Infinity", "NaN", "nan", "-NaN", "1E+2", "0.5E-2", "\"\\u00e9\"",
		"{\"a\":1,}", "{,}", "{\"a\" 1}", "{1:2}", "[1 2]", "[1 ]", "[ 1]", "[\"a\"\"b\"]", "-0.0e0",
		"infinity", "\"\\uD83D\\uDE00\"", "\"\t\"", "1.5.2", "0x1", "1e5.5", "{\"a\":1}x", "{\"a\":[}",
		"[]", "{}", "[[]]", "{\"a\":{}}", "[true,false,null]", "\"unterminated", "{\"a\":1", "[1,]",
		"{\"a\":1 \"b\":2}", "0", "-0", "[1e-7, 2E+300]", "\"\\\"\"", "\"a\\\\\"", "{\"k\":\"v\"} ",
	};
	g_autoptr(GHashTable) table = roles();
	for (gsize i = 0; i < G_N_ELEMENTS(values); i++) {
		json_tokener *tok = json_tokener_new_ex(SKIM_DEPTH + 1);
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
		g_autofree char *wrapped = g_strdup_printf("[%s]", values[i]);
		json_object *o = json_tokener_parse_ex(tok, wrapped, (int)strlen(wrapped));
		gboolean json_c_ok = json_tokener_get_error(tok) == json_tokener_success;
		json_object_put(o);
		json_tokener_free(tok);
		gsize pos;
		const char *why;
		gboolean skim_ok = skim_event(values[i], strlen(values[i]), table, &pos, &why) != SKIM_INVALID;
		if (skim_ok != json_c_ok)
			fprintf(stderr, "\n  %s: json-c %s, skim %s\n", values[i], json_c_ok ? "ok" : "error", skim_ok ? "ok" : "error");
		CU_ASSERT_EQUAL(skim_ok, json_c_ok);
	}
}

static void test_depth_limit(void)
{
	g_autoptr(GHashTable) table = roles();
	GString *deep = g_string_new(NULL);
	for (int i = 0; i < SKIM_DEPTH; i++)
		g_string_append_c(deep, '[');
	for (int i = 0; i < SKIM_DEPTH; i++)
		g_string_append_c(deep, ']');
	gsize pos;
	const char *why;
	CU_ASSERT_EQUAL(skim_event(deep->str, deep->len, table, &pos, &why), SKIM_NOT_OBJECT);
	g_string_prepend_c(deep, '[');
	g_string_append_c(deep, ']');
	CU_ASSERT_EQUAL(skim_event(deep->str, deep->len, table, &pos, &why), SKIM_INVALID);
	ASSERT_STR(why, "nesting too deep");
	g_string_free(deep, TRUE);
}

UNIT_MAIN("skim", UNIT_TEST(test_verdicts), UNIT_TEST(test_error_position), UNIT_TEST(test_agrees_with_json_c),
	  UNIT_TEST(test_depth_limit))
