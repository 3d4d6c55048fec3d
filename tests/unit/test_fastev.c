/* The fast reading of events (src/input/fastev.c) against json-c's
 * (src/input/extract.c): for a table of hand-written elements and for
 * thousands of generated ones, each element is read both ways by extractors
 * of their own, and when the fast one takes it, everything both made must be
 * identical: the events of each role field by field, their names, threads,
 * args literals and extras, the skips, the invalid UTF-8 counted, the
 * categories counted. Elements json-c refuses must be declined. The table
 * also says which elements the fast path must take and which it must leave
 * to json-c. */
#include "unit.h"
#include "input/fastev.h"
#include "input/extract.h"
#include "input/read_config.h"
#include "input/roles.h"

struct side {
	struct extractor x;
	GString *staging;
};

/* The reading options each element is read under. */
struct setup {
	gboolean extras, launch_kernels, steps, all_python_functions;
};

static const struct setup setups[] = {
	{ FALSE, FALSE, FALSE, FALSE },
	{ TRUE, TRUE, FALSE, FALSE },
	{ TRUE, FALSE, TRUE, TRUE },
};

static GHashTable *roles;

static void side_init(struct side *s, const struct setup *setup)
{
	memset(s, 0, sizeof *s);
	s->x.roles = roles;
	s->x.names = names_new();
	s->x.text = g_string_chunk_new(1 << 12);
	s->x.literal = g_string_new(NULL);
	s->x.out = extracted_new();
	s->x.extras = setup->extras ? g_ptr_array_new_with_free_func(g_free) : NULL;
	s->x.launch_kernels = setup->launch_kernels;
	s->x.steps = setup->steps;
	s->x.all_python_functions = setup->all_python_functions;
	s->staging = g_string_new(NULL);
}

static void side_clear(struct side *s)
{
	names_free(s->x.names);
	g_string_chunk_free(s->x.text);
	g_string_free(s->x.literal, TRUE);
	extracted_free(s->x.out);
	if (s->x.extras)
		g_ptr_array_unref(s->x.extras);
	g_string_free(s->staging, TRUE);
}

static guint differences;

#define SAME(cond, text)                                                                    \
	do {                                                                                \
		if (!(cond)) {                                                              \
			differences++;                                                      \
			fprintf(stderr, "\nfast and json-c differ (%s) on: %s\n", #cond, text); \
		}                                                                           \
	} while (0)

static gboolean same_text(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static void compare_events(const struct side *f, const struct side *j, const char *text)
{
	for (int role = 0; role < OUT_ROLES; role++) {
		GArray *fa = f->x.out->events[role], *ja = j->x.out->events[role];
		SAME(fa->len == ja->len, text);
		for (guint i = 0; i < MIN(fa->len, ja->len); i++) {
			const struct event *a = &g_array_index(fa, struct event, i), *b = &g_array_index(ja, struct event, i);
			SAME(a->ts == b->ts && a->dur == b->dur && a->index == b->index, text);
			SAME(a->name->len == b->name->len && memcmp(a->name->text, b->name->text, a->name->len) == 0, text);
			SAME(same_text(a->name->literal, b->name->literal), text);
			SAME(same_text(a->args, b->args), text);
			SAME(a->category == b->category && a->has_correlation == b->has_correlation, text);
			SAME(a->has_device == b->has_device && a->device == b->device, text);
			char buffers[4][THREADS_NUMBER_MAX];
			SAME(a->thread == b->thread, text);
			SAME(strcmp(threads_pid(f->x.out->threads, a->thread, buffers[0]),
				    threads_pid(j->x.out->threads, b->thread, buffers[1])) == 0, text);
			SAME(strcmp(threads_tid(f->x.out->threads, a->thread, buffers[2]),
				    threads_tid(j->x.out->threads, b->thread, buffers[3])) == 0, text);
			if (role != OUT_MONITORED) {
				SAME(a->correlation == b->correlation, text);
			} else if (a->extra && b->extra) {
				SAME(same_text(a->extra->input_dims, b->extra->input_dims), text);
				SAME(same_text(a->extra->input_type, b->extra->input_type), text);
				SAME(same_text(a->extra->concrete_inputs, b->extra->concrete_inputs), text);
				SAME(a->extra->shapes_empty == b->extra->shapes_empty, text);
				SAME(a->extra->has_join_id == b->extra->has_join_id && a->extra->join_id == b->extra->join_id, text);
			} else {
				SAME(!a->extra && !b->extra, text);
			}
		}
	}
	const struct read_stats *a = &f->x.out->stats, *b = &j->x.out->stats;
	SAME(memcmp(a->skipped, b->skipped, sizeof a->skipped) == 0 && a->invalid_utf8 == b->invalid_utf8, text);
	SAME(f->x.out->begin_end->len == 0 && j->x.out->begin_end->len == 0, text);
	SAME(f->x.out->memory->len == 0 && j->x.out->memory->len == 0, text);
	GHashTable *fc = f->x.out->categories.counts, *jc = j->x.out->categories.counts;
	SAME(g_hash_table_size(fc) == g_hash_table_size(jc), text);
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, fc);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		guint64 *other = g_hash_table_lookup(jc, key);
		SAME(other && *other == *(guint64 *)value, text);
	}
}

enum expect { TAKEN, DECLINED, EITHER };

/* TEXT read both ways under each setup; TRUE when the fast path took it (under the first). */
static gboolean differential(const char *text, enum expect expect)
{
	gboolean taken_first = FALSE;
	for (gsize k = 0; k < G_N_ELEMENTS(setups); k++) {
		struct side f, j;
		side_init(&f, &setups[k]);
		side_init(&j, &setups[k]);
		gsize len = strlen(text);
		struct fastev ev;
		gboolean taken = fastev_parse(&f.x, text, len, 7, f.staging, &ev);
		if (taken)
			fastev_commit(&f.x, &ev, f.staging);
		json_tokener *tokener = read_tokener_new();
		json_object *value = json_tokener_parse_ex(tokener, text, (int)len);
		gboolean valid = json_tokener_get_error(tokener) == json_tokener_success &&
				 json_tokener_get_parse_end(tokener) == len;
		if (valid)
			extract_event(&j.x, value, 7);
		json_object_put(value);
		json_tokener_free(tokener);
		SAME(valid || !taken, text); /* json-c refuses it: the fast path too */
		if (taken)
			compare_events(&f, &j, text);
		if (k == 0) {
			taken_first = taken;
			if (expect != EITHER && taken != (expect == TAKEN)) {
				differences++;
				fprintf(stderr, "\nexpected %s: %s\n", expect == TAKEN ? "taken" : "declined", text);
			}
		}
		side_clear(&f);
		side_clear(&j);
	}
	return taken_first;
}

#define EV(args) "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 1, \"tid\": 2, " \
		 "\"ts\": 10, \"dur\": 5" args "}"

static const struct {
	const char *text;
	enum expect expect;
} table[] = {
	/* plain events */
	{ EV(""), TAKEN },
	{ EV(", \"args\": {}"), TAKEN },
	{ EV(", \"args\": null"), TAKEN },
	{ EV(", \"args\": {\"External id\": 3073, \"Ev Idx\": 0, \"Fwd thread id\": 1}"), TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1.5,\"dur\":3,"
	  "\"args\":{\"device\":1,\"correlation\":99,\"grid\":[1,2,3],\"blocks per SM\":0.3}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":5,\"tid\":5,\"ts\":1,\"dur\":2,"
	  "\"args\":{\"correlation\":12,\"kernel\":\"my_kernel\",\"cbid\":211}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"Runtime\",\"name\":\"launch\",\"pid\":5,\"tid\":5,\"ts\":1,\"dur\":2,\"args\":{\"correlation\":-4}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"Kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"device\":70000}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"device\":-1}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"device\":1.0}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"m\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN }, /* no role */
	{ "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"foo.py(1): f\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"nn.Module: Linear\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ " \n{ \"ph\" : \"X\" , \"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2 } \r\n", TAKEN },
	{ EV(", \"id\": 5, \"bp\": \"e\", \"s\": [1, {\"a\": null}]"), TAKEN },
	/* strings: escapes, unicode, invalid UTF-8, raw control characters */
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\\\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"\\u00e9t\\u00e9\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ EV(", \"args\": {\"s\": \"x\\ny\"}"), DECLINED },
	{ EV(", \"args\": {\"s\": \"\\ud83d\\ude00\"}"), DECLINED },
	{ EV(", \"args\": {\"k\\u0041\": 1}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"bad\xff\xfe name\xc3\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ EV(", \"args\": {\"s\": \"bad\xff\", \"Input type\": [\"x\xc0\"], \"q\": \"it's\", \"r\": \"say \\\"\"}"), DECLINED },
	{ EV(", \"args\": {\"s\": \"bad\xff\", \"Input type\": [\"x\xc0\"], \"q\": \"it's\", \"w\": \"\xe2\x80\xa8 \x7f\"}"), TAKEN },
	{ EV(", \"args\": {\"tab\": \"a\tb\x01\", \"both\": \"'\\\"\"}"), DECLINED },
	{ EV(", \"args\": {\"tab\": \"a\tb\x01\", \"quote\": \"'\"}"), TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":\"host\xff\",\"tid\":\"\xc3\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"kernel\":\"k\xfe\"}}", TAKEN },
	/* numbers of every form */
	{ EV(", \"args\": {\"a\": 0, \"b\": -12, \"c\": 123456789012345678, \"d\": -123456789012345678}"), TAKEN },
	{ EV(", \"args\": {\"a\": 1234567890123456789}"), DECLINED },
	{ EV(", \"args\": {\"a\": 18446744073709551615}"), DECLINED },
	{ EV(", \"args\": {\"a\": 99999999999999999999999}"), DECLINED },
	{ EV(", \"args\": {\"a\": -0}"), DECLINED },
	{ EV(", \"args\": {\"a\": 01}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1.}"), DECLINED },
	{ EV(", \"args\": {\"a\": NaN}"), DECLINED },
	{ EV(", \"args\": {\"a\": -Infinity}"), DECLINED },
	{ EV(", \"args\": {\"a\": 0.1, \"b\": -0.0, \"c\": 1e5, \"d\": 1E-5, \"e\": 2.50, \"f\": 1e+16, \"g\": 123456789.123456789}"), TAKEN },
	{ EV(", \"args\": {\"a\": 0.30000000000000004, \"b\": 1e-7, \"c\": 5e-324, \"d\": 1.7976931348623157e308}"), DECLINED },
	{ EV(", \"args\": {\"a\": 0.30000000000000004, \"b\": 1e-7, \"c\": 5e-32, \"d\": 1.7976931348623157e30}"), TAKEN },
	{ EV(", \"args\": {\"a\": 1e400}"), DECLINED },
	{ EV(", \"args\": {\"a\": 0.000000000000000000000000000000000000000000001}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":\"12.5\",\"dur\":\" 2 \"}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1.0005,\"dur\":2.0004}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1e3,\"dur\":2E-1}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":-5,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":-2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":9223372036854775,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":\"x\",\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":null,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":true,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":-3,\"tid\":\"07\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":null,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1.5,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":true,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":12,\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"correlation\":\"12\"}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"correlation\":true}}", TAKEN },
	/* args: lists, null, true, false, floats, nesting; the extras' members */
	{ EV(", \"args\": {\"Input Dims\": [[1, 2], [], [3]], \"Input type\": [\"float\", \"\", \"Scalar\"], "
	     "\"Concrete Inputs\": [\"\", \"1\", \"False\"], \"Record function id\": 5, \"External id\": 6, "
	     "\"flag\": true, \"off\": false, \"none\": null, \"f\": 0.5, \"nest\": {\"a\": [{}, [[]], {\"b\": {}}]}}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[], []], \"External id\": 6}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [], \"Record function id\": null, \"External id\": 6}"), TAKEN },
	{ EV(", \"args\": {\"Input dims\": [[], [1]], \"Record function id\": \"5\"}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": null, \"Input dims\": [[2]]}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[], [], 3]}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": \"[]\"}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[ ] , [ ]]}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": {}}"), TAKEN },
	{ EV(", \"args\": [1, 2]"), DECLINED },
	{ EV(", \"args\": \"text\""), DECLINED },
	/* duplicate keys, missing members */
	{ EV(", \"args\": {\"a\": 1, \"a\": 2}"), DECLINED },
	{ EV(", \"args\": {\"n\": {\"a\": 1, \"b\": 2, \"a\": 3}}"), DECLINED },
	{ EV(", \"ts\": 11"), DECLINED },
	{ EV(", \"other\": 1, \"other\": 2"), EITHER },
	{ "{\"ph\":\"X\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1}", DECLINED },
	{ "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"[memory]\",\"ts\":1}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"ProfilerStep#3\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", EITHER },
	{ "{\"ph\":\"X\",\"cat\":5,\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	/* not JSON: refused by json-c, declined */
	{ EV(", \"args\": {\"a\": 1,}"), DECLINED },
	{ EV(", \"args\": {\"a\" 1}"), DECLINED },
	{ EV(", \"args\": {\"a\": [1 2]}"), DECLINED },
	{ EV(", \"args\": {\"a\": tru}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1x}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1}} x"), DECLINED },
	{ EV(", \"args\": {\"a\": \"open}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2,}", DECLINED },
	{ "[1, 2]", DECLINED },
	{ "", DECLINED },
};

static void test_table(void)
{
	roles = roles_new((char *[]){ "cpu_op", "python_function", NULL }, (char *[]){ "cuda_runtime", NULL },
			  (char *[]){ "kernel", NULL }, FALSE);
	differences = 0;
	for (gsize i = 0; i < G_N_ELEMENTS(table); i++)
		differential(table[i].text, table[i].expect);
	CU_ASSERT_EQUAL(differences, 0);
	g_hash_table_destroy(roles);
}

/* ---- generated elements ---- */

static const char *const strings[] = {
	"\"\"", "\"aten::mm\"", "\"it's\"", "\"a\\\"b\"", "\"\\u00e9\"", "\"\xc3\xa9\"", "\"\xff\"", "\"a\tb\"",
	"\"[]\"", "\"12\"", "\" 7 \"", "\"-3.5\"", "\"\\n\"", "\"\xe2\x80\xa8\"", "\"\x7f\"", "\"ProfilerStep#2\"",
};
static const char *const numbers[] = { /* those the fast path takes first */
	"0", "1", "-1", "42", "0.5", "-0.0", "1e5", "1E-5", "2.50", "123456789012345678", "3.14159265358979", "0.1e1",
	"1e-07", "1.5e30", "-7", "-0", "007", "1.", "1234567890123456789", "18446744073709551616", "1e400",
	"9223372036854775", "1.5e300", "NaN", "-Infinity",
};
#define GOOD_NUMBERS 15

static const char *const keys[] = {
	"a", "b", "correlation", "device", "kernel", "Input Dims", "Input dims", "Input type", "Concrete Inputs",
	"Record function id", "External id", "x\\\"y", "\xff",
};

static void random_value(GRand *rand, GString *out, int depth)
{
	switch (g_rand_int_range(rand, 0, depth > 3 ? 3 : 6)) {
	case 0:
		g_string_append(out, strings[g_rand_int_range(rand, 0, G_N_ELEMENTS(strings))]);
		break;
	case 1:
		g_string_append(out, numbers[g_rand_int_range(rand, 0, G_N_ELEMENTS(numbers))]);
		break;
	case 2:
		g_string_append(out, (const char *[]){ "true", "false", "null" }[g_rand_int_range(rand, 0, 3)]);
		break;
	case 3:
	case 4: {
		g_string_append_c(out, '[');
		for (int n = g_rand_int_range(rand, 0, 4), i = 0; i < n; i++) {
			if (i)
				g_string_append(out, g_rand_boolean(rand) ? "," : " , ");
			random_value(rand, out, depth + 1);
		}
		g_string_append_c(out, ']');
		break;
	}
	default: {
		g_string_append_c(out, '{');
		for (int n = g_rand_int_range(rand, 0, 5), i = 0; i < n; i++) {
			g_string_append_printf(out, "%s\"%s\": ", i ? ", " : "", keys[g_rand_int_range(rand, 0, G_N_ELEMENTS(keys))]);
			random_value(rand, out, depth + 1);
		}
		g_string_append_c(out, '}');
	}
	}
}

static void test_generated(void)
{
	roles = roles_new((char *[]){ "cpu_op", "python_function", NULL }, (char *[]){ "cuda_runtime", NULL },
			  (char *[]){ "kernel", "Kernel", NULL }, FALSE);
	differences = 0;
	GRand *rand = g_rand_new_with_seed(28);
	static const char *const cats[] = { "cpu_op", "kernel", "cuda_runtime", "python_function", "Kernel", "other", "" };
	static const char *const members[] = { "ph", "cat", "name", "pid", "tid", "ts", "dur", "id" };
	guint taken = 0, count = 6000;
	for (guint n = 0; n < count; n++) {
		GString *e = g_string_new("{");
		gboolean first = TRUE;
		for (gsize m = 0; m < G_N_ELEMENTS(members); m++) {
			if (g_rand_int_range(rand, 0, 50) == 0)
				continue; /* missing */
			g_string_append_printf(e, "%s\"%s\": ", first ? "" : ", ", members[m]);
			first = FALSE;
			gboolean odd = g_rand_int_range(rand, 0, 40) == 0;
			if (odd || m >= 7)
				random_value(rand, e, 1);
			else if (m == 0)
				g_string_append(e, "\"X\"");
			else if (m == 1)
				g_string_append_printf(e, "\"%s\"", cats[g_rand_int_range(rand, 0, G_N_ELEMENTS(cats))]);
			else if (m == 2)
				g_string_append(e, strings[g_rand_int_range(rand, 0, G_N_ELEMENTS(strings))]);
			else
				g_string_append(e, numbers[g_rand_int_range(rand, 0, GOOD_NUMBERS)]);
		}
		int args = g_rand_int_range(rand, 0, 10);
		if (args == 0) {
			g_string_append(e, first ? "\"args\": " : ", \"args\": ");
			random_value(rand, e, 2);
		} else if (args > 3) { /* an object, mostly */
			g_string_append(e, first ? "\"args\": {" : ", \"args\": {");
			for (int k = g_rand_int_range(rand, 0, 6), i = 0; i < k; i++) {
				g_string_append_printf(e, "%s\"%s\": ", i ? ", " : "", keys[g_rand_int_range(rand, 0, G_N_ELEMENTS(keys))]);
				random_value(rand, e, 1);
			}
			g_string_append_c(e, '}');
		}
		g_string_append_c(e, '}');
		taken += differential(e->str, EITHER);
		g_string_free(e, TRUE);
	}
	g_rand_free(rand);
	CU_ASSERT_EQUAL(differences, 0);
	CU_ASSERT(taken > count / 20); /* the fast path is exercised */
	fprintf(stderr, "\n%u of %u generated elements taken by the fast path\n", taken, count);
	g_hash_table_destroy(roles);
}

UNIT_MAIN("fastev", UNIT_TEST(test_table), UNIT_TEST(test_generated))
