/* The skimmer and the extractor agree on which events matter (the rule of
 * src/input/roles.c), on every element of the event array of every real trace in
 * $PROFILE_PARSER_TRACES, else ${PROFILE_PARSER_SHARED:-$top_srcdir/../shared}/traces
 * (as tests/lib.sh finds them), with the default categories and
 * with -mc cpu_op,user_annotation and the memory role, and with the host
 * events of the causes (SPEC 26.1, roles_add_host): an element the
 * skimmer sets aside (IGNORED) is one the extractor keeps nothing of, and
 * every element the extractor keeps something of is NEEDED; a NEEDED one it
 * keeps nothing of is one whose name or derived category decides. The array is
 * split here with json-c, not by the reader. Skipped (77) where the folder
 * does not exist. */
#include "unit.h"
#include <glib/gstdio.h>
#include "input/extract.h"
#include "cli/options.h"
#include "input/roles.h"
#include "input/skim.h"
#include <zlib.h>

struct config {
	const char *label;
	char *extra_args[3];
	gboolean memory;
	gboolean host; /* roles_add_host */
	GHashTable *roles;
	struct extractor x;
};

struct tally {
	guint64 elements, needed, ignored, kept, needed_unkept, disagreements;
};

static char *traces_dir(void)
{
	const char *traces = g_getenv("PROFILE_PARSER_TRACES");
	if (traces && *traces)
		return g_strdup(traces);
	const char *shared = g_getenv("PROFILE_PARSER_SHARED");
	if (shared && *shared)
		return g_build_filename(shared, "traces", NULL);
	const char *top = g_getenv("top_srcdir");
	return g_build_filename(top ? top : ".", "..", "shared", "traces", NULL);
}

/* The categories the command line gives, as the program reads them. */
static GHashTable *roles_of_options(char **extra_args, gboolean memory, gboolean host)
{
	char *argv[8] = { "profile_parser", "-s", "t.json", "-d", "t.csv" };
	int argc = 5;
	for (char **a = extra_args; *a; a++)
		argv[argc++] = *a;
	struct options options;
	GError *error = NULL;
	CU_ASSERT_EQUAL_FATAL(options_parse(argc, argv, &options, &error), OPTIONS_RUN);
	g_clear_error(&error);
	GHashTable *roles = roles_new(options.monitor_cats, options.host_cats, options.device_cats, memory);
	if (host)
		roles_add_host(roles, options.device_cats);
	options_clear(&options);
	return roles;
}

static void extractor_init(struct config *c)
{
	memset(&c->x, 0, sizeof c->x);
	c->x.roles = c->roles;
	c->x.names = names_new();
	c->x.text = g_string_chunk_new(1 << 20);
	c->x.literal = g_string_new(NULL);
	c->x.out = extracted_new();
}

static void extractor_clear(struct config *c)
{
	names_free(c->x.names);
	g_string_chunk_free(c->x.text);
	g_string_free(c->x.literal, TRUE);
	extracted_free(c->x.out);
}

/* All the extractor made so far: events, B/E waiting, skips counted. */
static guint64 made(const struct extracted *out)
{
	guint64 n = out->memory->len + out->begin_end->len + read_stats_skipped(&out->stats);
	for (int r = 0; r < OUT_ROLES; r++)
		n += out->events[r]->len;
	return n;
}

static GByteArray *read_gzip(const char *path)
{
	gzFile in = gzopen(path, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(in);
	GByteArray *bytes = g_byte_array_new();
	guint8 buffer[1 << 16];
	int n;
	while ((n = gzread(in, buffer, sizeof buffer)) > 0)
		g_byte_array_append(bytes, buffer, n);
	CU_ASSERT_EQUAL(n, 0);
	gzclose(in);
	return bytes;
}

static gsize skip_blanks(const char *doc, gsize len, gsize at)
{
	while (at < len && strchr(" \t\r\n", doc[at]) && doc[at])
		at++;
	return at;
}

/* The end of the value at AT, parsed by TOKENER into *VALUE (NULL: not wanted). */
static gsize value_end(json_tokener *tokener, const char *doc, gsize len, gsize at, json_object **value)
{
	json_tokener_reset(tokener);
	json_object *parsed = json_tokener_parse_ex(tokener, doc + at, (int)(len - at));
	CU_ASSERT_EQUAL_FATAL(json_tokener_get_error(tokener), json_tokener_success);
	gsize end = at + json_tokener_get_parse_end(tokener);
	if (value)
		*value = parsed;
	else
		json_object_put(parsed);
	return end;
}

/* Just after the '[' of the event array: the document's, or its traceEvents'; 0 when there is none. */
static gsize events_start(json_tokener *tokener, const char *doc, gsize len)
{
	gsize at = skip_blanks(doc, len, 0);
	if (at < len && doc[at] == '[')
		return at + 1;
	CU_ASSERT_EQUAL_FATAL(doc[at], '{');
	for (at++;;) {
		at = skip_blanks(doc, len, at);
		if (doc[at] == '}')
			return 0;
		json_object *key;
		at = skip_blanks(doc, len, value_end(tokener, doc, len, at, &key));
		gboolean events = strcmp(json_object_get_string(key), "traceEvents") == 0;
		json_object_put(key);
		CU_ASSERT_EQUAL_FATAL(doc[at], ':');
		at = skip_blanks(doc, len, at + 1);
		if (events && doc[at] == '[')
			return at + 1;
		at = skip_blanks(doc, len, value_end(tokener, doc, len, at, NULL));
		if (doc[at] == ',')
			at++;
	}
}

static gboolean string_member_is(json_object *event, const char *key, const char *value, gboolean prefix)
{
	json_object *member = json_member(event, key);
	if (!json_object_is_type(member, json_type_string))
		return FALSE;
	return prefix ? g_str_has_prefix(json_object_get_string(member), value)
		      : strcmp(json_object_get_string(member), value) == 0;
}

/* Why a needed event may still give nothing: what the skimmer cannot see.
 * The extractor's name filters, or a category it derives (no "cat" string). */
static gboolean unseen_by_skimmer(json_object *event)
{
	if (!json_object_is_type(json_member(event, "cat"), json_type_string))
		return TRUE;
	if (string_member_is(event, "ph", "i", FALSE))
		return !string_member_is(event, "name", "[memory]", FALSE);
	if (string_member_is(event, "name", "ProfilerStep#", TRUE)) /* not a host event of the causes */
		return TRUE;
	return string_member_is(event, "cat", "python_function", FALSE) &&
	       !string_member_is(event, "name", "nn.Module", TRUE);
}

/* One element under one configuration; FALSE when they disagree. */
static gboolean check_element(struct config *c, struct tally *t, const char *text, gsize len, json_object *event,
			      gint64 index)
{
	gsize pos;
	const char *why;
	enum skim_verdict verdict = skim_event(text, len, c->roles, &pos, &why);
	guint64 before = made(c->x.out);
	extract_event(&c->x, event, index);
	gboolean kept = made(c->x.out) > before;
	t->elements++;
	t->needed += verdict == SKIM_NEEDED;
	t->ignored += verdict == SKIM_IGNORED;
	t->kept += kept;
	t->needed_unkept += verdict == SKIM_NEEDED && !kept;
	if (index % 4096 == 0)
		extracted_clear(c->x.out);
	switch (verdict) {
	case SKIM_NEEDED:
		return kept || unseen_by_skimmer(event);
	case SKIM_IGNORED:
		return !kept;
	case SKIM_NOT_OBJECT:
		return !json_object_is_type(event, json_type_object);
	case SKIM_INVALID:
		return FALSE;
	}
	return FALSE;
}

static void check_trace(const char *path, struct config *configs, gsize count, struct tally *tallies)
{
	g_autoptr(GByteArray) bytes = read_gzip(path);
	const char *doc = (const char *)bytes->data;
	gsize len = bytes->len;
	json_tokener *tokener = json_tokener_new_ex(129);
	json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
	gsize at = events_start(tokener, doc, len);
	if (!at) {
		printf("\n  %s: no traceEvents (an Execution Trace?): nothing to compare", path);
		json_tokener_free(tokener);
		return;
	}
	at = skip_blanks(doc, len, at);
	for (gint64 index = 0; at < len && doc[at] != ']'; index++) {
		json_object *event;
		gsize end = value_end(tokener, doc, len, at, &event);
		for (gsize i = 0; i < count; i++) {
			if (check_element(&configs[i], &tallies[i], doc + at, end - at, event, index))
				continue;
			if (tallies[i].disagreements++ < 5)
				printf("\n  %s (%s): element %" G_GINT64_FORMAT " disagrees: %.*s", path,
				       configs[i].label, index, (int)MIN(end - at, 300), doc + at);
		}
		json_object_put(event);
		at = skip_blanks(doc, len, end);
		if (doc[at] == ',')
			at = skip_blanks(doc, len, at + 1);
	}
	CU_ASSERT_EQUAL(doc[at], ']');
	json_tokener_free(tokener);
}

static void test_skimmer_and_extractor_agree(void)
{
	struct config configs[] = {
		{ "default categories", { NULL }, FALSE, FALSE, NULL, { 0 } },
		{ "-mc cpu_op,user_annotation, memory", { "-mc", "cpu_op,user_annotation", NULL }, TRUE, FALSE, NULL, { 0 } },
		{ "host events (SPEC 26.1)", { "-mc", "cpu_op", NULL }, FALSE, TRUE, NULL, { 0 } },
	};
	struct tally tallies[G_N_ELEMENTS(configs)] = { { 0 } };
	for (gsize i = 0; i < G_N_ELEMENTS(configs); i++)
		configs[i].roles = roles_of_options(configs[i].extra_args, configs[i].memory, configs[i].host);
	g_autofree char *dir = traces_dir();
	g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(folder);
	guint traces = 0, big = 0;
	/* make check: the traces of at most 400,000 bytes (tests/lib.sh, shared_traces); make check-slow: all */
	gboolean slow = g_getenv("PROFILE_PARSER_SLOW") && *g_getenv("PROFILE_PARSER_SLOW");
	for (const char *name; (name = g_dir_read_name(folder));) {
		if (!g_str_has_suffix(name, ".json.gz"))
			continue;
		g_autofree char *path = g_build_filename(dir, name, NULL);
		GStatBuf st;
		if (!slow && g_stat(path, &st) == 0 && st.st_size > 400000) {
			big++;
			continue;
		}
		for (gsize i = 0; i < G_N_ELEMENTS(configs); i++)
			extractor_init(&configs[i]);
		check_trace(path, configs, G_N_ELEMENTS(configs), tallies);
		for (gsize i = 0; i < G_N_ELEMENTS(configs); i++)
			extractor_clear(&configs[i]);
		traces++;
	}
	CU_ASSERT_TRUE(traces > 0);
	if (big)
		printf("\n  %u traces over 400,000 bytes left to make check-slow (PROFILE_PARSER_SLOW=1)", big);
	for (gsize i = 0; i < G_N_ELEMENTS(configs); i++) {
		const struct tally *t = &tallies[i];
		printf("\n  %s: %u traces, %" G_GUINT64_FORMAT " elements: %" G_GUINT64_FORMAT " needed (%" G_GUINT64_FORMAT
		       " of them kept nothing), %" G_GUINT64_FORMAT " ignored; %" G_GUINT64_FORMAT " kept; %" G_GUINT64_FORMAT
		       " disagree",
		       configs[i].label, traces, t->elements, t->needed, t->needed_unkept, t->ignored, t->kept,
		       t->disagreements);
		CU_ASSERT_EQUAL(t->disagreements, 0);
		CU_ASSERT_TRUE(t->kept > 0 && t->ignored > 0);
		g_hash_table_destroy(configs[i].roles);
	}
	printf("\n");
}

int main(void)
{
	g_autofree char *dir = traces_dir();
	if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
		printf("no %s: skipped; to run it, PROFILE_PARSER_TRACES=DIR make check "
		       "(DIR: a folder of the shared traces)\n", dir);
		return 77;
	}
	static const struct unit_test tests[] = { UNIT_TEST(test_skimmer_and_extractor_agree) };
	return unit_run("roles_agree", tests, G_N_ELEMENTS(tests));
}
