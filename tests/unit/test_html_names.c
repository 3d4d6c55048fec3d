/* The long names of a page (src/sinks/html_names.h): cut to their last 199
 * characters after a "…", linked to the page's one list where each is
 * written once; the expected texts are worked out by hand from the header's
 * rules. */
#include "unit.h"
#include <string.h>
#include "sinks/html_names.h"

#define ELLIPSIS "\xe2\x80\xa6"

/* N copies of C, then END. */
static char *repeated(char c, gsize n, const char *end)
{
	GString *text = g_string_new(NULL);
	for (gsize i = 0; i < n; i++)
		g_string_append_c(text, c);
	g_string_append(text, end);
	return g_string_free(text, FALSE);
}

static char *shown(HtmlNames *names, const char *text, gsize len)
{
	GString *out = g_string_new(NULL);
	html_names_append(names, out, text, len);
	return g_string_free(out, FALSE);
}

static void test_short(void)
{
	g_autoptr(HtmlNames) names = html_names_new();
	g_autofree char *at = repeated('a', 199, "<"); /* 200 characters: whole, escaped */
	g_autofree char *got = shown(names, at, strlen(at));
	g_autofree char *want = repeated('a', 199, "&lt;");
	ASSERT_STR(got, want);
	/* 200 characters of two bytes each (400 bytes): still whole */
	GString *wide = g_string_new(NULL);
	for (int i = 0; i < 200; i++)
		g_string_append(wide, "\xc3\xa9");
	g_autofree char *got_wide = shown(names, wide->str, wide->len);
	ASSERT_STR(got_wide, wide->str);
	g_string_free(wide, TRUE);
	CU_ASSERT_EQUAL(html_names_count(names), 0);
	CU_ASSERT_FALSE(html_names_any(names));
	GString *list = g_string_new(NULL);
	html_names_append_list(names, list);
	ASSERT_STR(list->str, ""); /* nothing cut: no list */
	g_string_free(list, TRUE);
}

static void test_cut(void)
{
	g_autoptr(HtmlNames) names = html_names_new();
	g_autofree char *first = repeated('x', 300, "::end<1>"); /* 308 characters */
	g_autofree char *second = repeated('y', 300, "::end<2>");
	g_autofree char *a = shown(names, first, strlen(first));
	g_autofree char *b = shown(names, second, strlen(second));
	g_autofree char *again = shown(names, first, strlen(first));
	/* the last 199: 191 x's and "::end<1>" */
	g_autofree char *tail = repeated('x', 191, "::end&lt;1&gt;");
	g_autofree char *want = g_strdup_printf("<a class=\"cut\" href=\"#name-1\">" ELLIPSIS "%s</a>", tail);
	ASSERT_STR(a, want);
	ASSERT_STR(again, want); /* the same name: the same entry */
	CU_ASSERT_TRUE(g_str_has_prefix(b, "<a class=\"cut\" href=\"#name-2\">" ELLIPSIS "yyy"));
	CU_ASSERT_EQUAL(html_names_count(names), 2);
	GString *list = g_string_new(NULL);
	html_names_append_list(names, list);
	g_autofree char *whole = repeated('x', 300, "::end&lt;1&gt;");
	g_autofree char *item = g_strdup_printf("<li id=\"name-1\">%s</li>\n", whole);
	CU_ASSERT_PTR_NOT_NULL(strstr(list->str, item));
	CU_ASSERT_PTR_NOT_NULL(strstr(list->str, "<li id=\"name-2\">yyy"));
	CU_ASSERT_PTR_NULL(strstr(list->str, "found no room"));
	g_string_free(list, TRUE);
}

static void test_share(void)
{
	g_autoptr(HtmlNames) names = html_names_new();
	g_autofree char *op = repeated('o', 250, "");
	g_autofree char *launcher = repeated('o', 250, " (12.5%)");
	g_autofree char *a = shown(names, op, strlen(op));
	g_autofree char *b = shown(names, launcher, strlen(launcher));
	/* the share stays out of the cut and of the list: the op's entry serves */
	g_autofree char *tail = repeated('o', 199, "");
	g_autofree char *want = g_strdup_printf("<a class=\"cut\" href=\"#name-1\">" ELLIPSIS "%s</a> (12.5%%)", tail);
	ASSERT_STR(b, want);
	CU_ASSERT_EQUAL(html_names_count(names), 1);
	/* a short name with a share is whole */
	g_autofree char *c = shown(names, "alpha (50.0%)", 13);
	ASSERT_STR(c, "alpha (50.0%)");
}

static void test_bytes(void)
{
	g_autoptr(HtmlNames) names = html_names_new();
	/* 250 bytes, an invalid one and a NUL among them: each one U+FFFD */
	char text[250];
	memset(text, 'b', sizeof text);
	text[249 - 10] = '\xff';
	text[249 - 20] = '\0';
	g_autofree char *got = shown(names, text, sizeof text);
	CU_ASSERT_TRUE(g_str_has_prefix(got, "<a class=\"cut\" href=\"#name-1\">" ELLIPSIS "bbb"));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "b\xef\xbf\xbd" "bbbbbbbbb\xef\xbf\xbd" "bbbbbbbbbb</a>"));
	CU_ASSERT_TRUE(g_utf8_validate(got, -1, NULL));
	/* with no list: cut, no link */
	g_autofree char *alone = shown(NULL, text, sizeof text);
	CU_ASSERT_TRUE(g_str_has_prefix(alone, "<span class=\"cut\">" ELLIPSIS "bbb"));
	GString *cut = g_string_new(NULL);
	html_names_cut(cut, text, sizeof text);
	CU_ASSERT_EQUAL(g_utf8_strlen(cut->str, -1), HTML_NAME_CHARS);
	CU_ASSERT_TRUE(g_str_has_prefix(cut->str, ELLIPSIS "bbb"));
	g_string_free(cut, TRUE);
}

static void test_budget(void)
{
	g_autoptr(HtmlNames) names = html_names_new();
	/* names of 600,000 bytes: three fit in 2 MiB (1,800,000), the fourth not */
	gsize len = 600000;
	char *text = g_malloc(len);
	for (int i = 0; i < 5; i++) {
		memset(text, 'a' + i, len);
		g_autofree char *got = shown(names, text, len);
		const char *want = i < 3 ? "<a class=\"cut\"" : "<span class=\"cut\">" ELLIPSIS;
		CU_ASSERT_TRUE(g_str_has_prefix(got, want));
	}
	g_free(text);
	CU_ASSERT_EQUAL(html_names_count(names), 3);
	CU_ASSERT_TRUE(html_names_any(names));
	GString *list = g_string_new(NULL);
	html_names_append_list(names, list);
	CU_ASSERT_PTR_NOT_NULL(strstr(list->str, " 2 cut names found no room in this list (it holds at most 2097152 "
						 "bytes): --format csv gives every name whole."));
	CU_ASSERT_TRUE(list->len < 3 * 600000 + 1000);
	g_string_free(list, TRUE);
}

UNIT_MAIN("html_names", UNIT_TEST(test_short), UNIT_TEST(test_cut), UNIT_TEST(test_share), UNIT_TEST(test_bytes),
	  UNIT_TEST(test_budget))
