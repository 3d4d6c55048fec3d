/* HTML and JSON escaping of a trace's text (src/sinks/html_text.h): the
 * expected texts are worked out by hand from the rules of the header. */
#include "unit.h"
#include "sinks/html_text.h"

static char *html(const char *text, gsize len)
{
	GString *out = g_string_new(NULL);
	html_append_text(out, text, len);
	return g_string_free(out, FALSE);
}

static char *json(const char *text, gsize len)
{
	GString *out = g_string_new(NULL);
	html_append_json_string(out, text, len);
	return g_string_free(out, FALSE);
}

#define CHECK(f, literal, expected)                                   \
	do {                                                          \
		g_autofree char *got = f(literal, sizeof literal - 1); \
		ASSERT_STR(got, expected);                            \
	} while (0)

static void test_markup(void)
{
	CHECK(html, "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;");
	CHECK(html, "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;");
	CHECK(html, "</style>]]>", "&lt;/style&gt;]]&gt;");
	CHECK(html, "a \"b\" 'c' & d", "a &quot;b&quot; &#39;c&#39; &amp; d");
	CHECK(html, "&amp;", "&amp;amp;");
	CHECK(html, "aten::mm", "aten::mm");
}

static void test_bytes(void)
{
	CHECK(html, "a\xff" "b", "a\xef\xbf\xbd" "b");                   /* one invalid byte: one U+FFFD */
	CHECK(html, "\xc3\x28", "\xef\xbf\xbd(");                        /* a cut sequence */
	CHECK(html, "x\0y", "x\xef\xbf\xbdy");                            /* NUL */
	CHECK(html, "a\x01\x1b[31m", "a\xef\xbf\xbd\xef\xbf\xbd[31m");    /* C0 controls, ESC */
	CHECK(html, "t\tn\n", "t\tn\n");                                  /* tab and newline kept */
	CHECK(html, "\xc2\x85\x7f", "\xef\xbf\xbd\xef\xbf\xbd");          /* C1 and DEL */
	CHECK(html, "\xef\xbf\xbe", "\xef\xbf\xbd");                      /* U+FFFE */
	CHECK(html, "\xe2\x80\xa8\xc3\xa9", "\xe2\x80\xa8\xc3\xa9");      /* U+2028 is text in HTML; é */
	CHECK(html, "", "");
}

static void test_json(void)
{
	CHECK(json, "</script><!--", "\"\\u003c/script\\u003e\\u003c!--\"");
	CHECK(json, "a&b", "\"a\\u0026b\"");
	CHECK(json, "q\"b\\", "\"q\\\"b\\\\\"");
	CHECK(json, "\n\x01", "\"\\u000a\\u0001\"");
	CHECK(json, "\xe2\x80\xa8\xe2\x80\xa9", "\"\\u2028\\u2029\"");
	CHECK(json, "\xff" "z", "\"\\ufffdz\"");
	CHECK(json, "\xc3\xa9", "\"\xc3\xa9\"");
	CHECK(json, "", "\"\"");
}

static void test_null(void)
{
	GString *out = g_string_new("x");
	html_append(out, NULL);
	html_append(out, "<");
	ASSERT_STR(out->str, "x&lt;");
	g_string_free(out, TRUE);
}

UNIT_MAIN("html", UNIT_TEST(test_markup), UNIT_TEST(test_bytes), UNIT_TEST(test_json), UNIT_TEST(test_null))
