/* src/input/retrace.c: a trace copied with its elements handed to a hook,
 * every other byte as it is; plain and gzip, an element across chunks, a
 * document that is an array, keys and strings that look like the array, a
 * file without one; and retrace_members on objects worked by hand. */
#include "unit.h"
#include <glib/gstdio.h>
#include <zlib.h>
#include "input/retrace.h"

struct seen {
	GString *out;
	GString *elements; /* "INDEX:TEXT|" of each */
	guint64 count;
};

/* Each element in <...>, but the second, copied as it is. */
static gboolean element(gpointer data, const struct retrace_element *e, GString *out)
{
	struct seen *s = data;
	guint64 index = e->index;
	const char *text = e->text;
	gsize len = e->len;
	if (e->keys[RETRACE_PID] >= 0) /* where the scan saw "pid" */
		g_string_append_printf(s->elements, "pid@%" G_GSSIZE_FORMAT ",", e->keys[RETRACE_PID]);
	if (len < 100)
		g_string_append_printf(s->elements, "%" G_GUINT64_FORMAT ":%.*s|", index, (int)len, text);
	else
		g_string_append_printf(s->elements, "%" G_GUINT64_FORMAT ":%zu bytes|", index, len);
	if (index == 1)
		return FALSE;
	g_string_append_c(out, '<');
	g_string_append_len(out, text, (gssize)len);
	g_string_append_c(out, '>');
	return TRUE;
}

static void end(gpointer data, guint64 count, GString *out)
{
	struct seen *s = data;
	s->count = count;
	g_string_append(out, count ? ",ADDED" : "ADDED");
}

static gboolean write_out(gpointer data, const char *bytes, gsize len)
{
	g_string_append_len(((struct seen *)data)->out, bytes, (gssize)len);
	return TRUE;
}

/* Copies TEXT written to a file (gzip with GZIP); *ELEMENTS what the hook saw. */
static char *copied(const char *text, gboolean gzip, char **elements, gboolean *ok)
{
	g_autofree char *path = NULL;
	int fd = g_file_open_tmp("retrace-XXXXXX.json", &path, NULL);
	close(fd);
	if (gzip) {
		gzFile z = gzopen(path, "wb");
		gzwrite(z, text, (unsigned)strlen(text));
		gzclose(z);
	} else {
		g_file_set_contents(path, text, -1, NULL);
	}
	struct seen s = { g_string_new(NULL), g_string_new(NULL), 0 };
	struct retrace_hooks hooks = { element, end, write_out, &s };
	g_autoptr(GError) error = NULL;
	*ok = retrace_file(path, &hooks, &error);
	g_unlink(path);
	*elements = g_string_free(s.elements, FALSE);
	return g_string_free(s.out, FALSE);
}

static void test_object(void)
{
	const char *text = "{\"a\": \"traceEvents\", \"b\": [\"[\", {\"traceEvents\": 1}],\n"
			   " \"traceEvents\" : [ {\"x\": \"]}\\\"\"}, 12 ,\"s\\\\\" , [1, [2]], {} ],\n \"z\": [3]}\n";
	gboolean ok;
	g_autofree char *elements = NULL, *out = copied(text, FALSE, &elements, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(elements, "0:{\"x\": \"]}\\\"\"}|1:12|2:\"s\\\\\"|3:[1, [2]]|4:{}|");
	ASSERT_STR(out, "{\"a\": \"traceEvents\", \"b\": [\"[\", {\"traceEvents\": 1}],\n"
			" \"traceEvents\" : [ <{\"x\": \"]}\\\"\"}>, 12 ,<\"s\\\\\"> , <[1, [2]]>, <{}> ,ADDED],\n \"z\": [3]}\n");
	g_autofree char *z_elements = NULL, *z_out = copied(text, TRUE, &z_elements, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(z_out, out); /* gzip alike */
}

static void test_array_and_empty(void)
{
	gboolean ok;
	g_autofree char *e1 = NULL, *o1 = copied("[{\"ph\":\"X\"}]", FALSE, &e1, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(o1, "[<{\"ph\":\"X\"}>,ADDED]");
	g_autofree char *e2 = NULL, *o2 = copied("{\"traceEvents\":[ ]}", FALSE, &e2, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(o2, "{\"traceEvents\":[ ADDED]}");
	g_autofree char *e3 = NULL, *o3 = copied("{\"nodes\": []}", FALSE, &e3, &ok);
	CU_ASSERT_FALSE(ok); /* no event array */
}

static void test_across_chunks(void)
{
	/* an element of 3 MB: the copy reads 1 MB at a time */
	GString *text = g_string_new("{\"traceEvents\":[{\"a\":1},{\"big\":\"");
	for (int i = 0; i < 3 << 20; i++)
		g_string_append_c(text, i % 7 ? 'x' : '{');
	g_string_append(text, "\"},{\"b\":2}]}");
	gboolean ok;
	g_autofree char *elements = NULL, *out = copied(text->str, TRUE, &elements, &ok);
	CU_ASSERT_TRUE(ok);
	g_autofree char *want = g_strdup_printf("0:{\"a\":1}|1:%zu bytes|2:{\"b\":2}|", (gsize)(3 << 20) + 10);
	ASSERT_STR(elements, want);
	CU_ASSERT_EQUAL(strlen(out), text->len + 4 + 6); /* the big one (index 1) copied as it is */
	CU_ASSERT_TRUE(g_str_has_suffix(out, "\"},<{\"b\":2}>,ADDED]}"));
	g_string_free(text, TRUE);
}

/* The scan notes the first string "pid" of depth 1 (here a value: the hook
 * checks for the colon), never one nested in args. */
static void test_keys(void)
{
	gboolean ok;
	g_autofree char *elements = NULL,
			*out = copied("{\"traceEvents\":[{\"name\": \"pid\", \"args\": {\"pid\": 1}, \"pid\": 7},{\"pid\":3}]}",
				      FALSE, &elements, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(elements, "pid@9,0:{\"name\": \"pid\", \"args\": {\"pid\": 1}, \"pid\": 7}|pid@1,1:{\"pid\":3}|");
}

static void test_members(void)
{
	static const char *const keys[] = { "pid", "args", "none" };
	struct retrace_span s[3];
	const char *text = " { \"name\": \"pid\", \"args\" : {\"pid\": 3, \"x\": [\"}\"]}, \"pid\": 12 , \"pid\": 13}";
	retrace_members(text, strlen(text), keys, 3, s);
	CU_ASSERT_EQUAL(s[0].len, 2);
	CU_ASSERT_EQUAL(strncmp(text + s[0].start, "12", 2), 0); /* the first pid of the event, not the args' */
	CU_ASSERT_EQUAL(strncmp(text + s[1].start, "{\"pid\": 3, \"x\": [\"}\"]}", s[1].len), 0);
	CU_ASSERT_EQUAL(s[1].len, strlen("{\"pid\": 3, \"x\": [\"}\"]}"));
	CU_ASSERT_EQUAL(s[2].start, -1);
	const char *string_pid = "{\"pid\":\"Traces\"}";
	retrace_members(string_pid, strlen(string_pid), keys, 1, s);
	CU_ASSERT_EQUAL(strncmp(string_pid + s[0].start, "\"Traces\"", s[0].len), 0);
	retrace_members("12", 2, keys, 1, s); /* not an object */
	CU_ASSERT_EQUAL(s[0].start, -1);
}

UNIT_MAIN("retrace", UNIT_TEST(test_object), UNIT_TEST(test_array_and_empty), UNIT_TEST(test_across_chunks),
	  UNIT_TEST(test_keys), UNIT_TEST(test_members))
