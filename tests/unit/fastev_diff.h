/* The differential check of the fast reading of events (src/input/fastev.c)
 * against json-c's (src/input/extract.c), shared by tests/unit/test_fastev.c
 * (hand-written elements) and tests/unit/test_fastev_gen.c (generated ones):
 * each element is read both ways, under each setup of the reading options,
 * by extractors of their own, and when the fast one takes it, everything both
 * made must be identical: the events of each role field by field, their
 * names, threads, args literals and extras, the skips, the invalid UTF-8
 * counted, the categories counted. Elements json-c refuses must be declined.
 * json-c's side is read as the reader reads it: its integers past 64 bits
 * given their digits (src/util/json_digits.h). */
#ifndef PP_FASTEV_DIFF_H
#define PP_FASTEV_DIFF_H

#include "unit.h"
#include "input/fastev.h"
#include "input/extract.h"
#include "input/read_config.h"
#include "input/roles.h"
#include "util/json_digits.h"

struct side {
	struct extractor x;
	GString *staging;
};

/* The reading options each element is read under. */
struct setup {
	gboolean extras, launch_kernels, steps, all_python_functions;
	gboolean (*extras_wanted)(const char *name, gsize len);
	gboolean drop_args; /* read_config.drop_args: no args kept by either, their invalid UTF-8 counted alike */
	gboolean keep_comms_args; /* with drop_args, those of device events and record_param_comms kept */
};

/* As the perf models' filter (src/cli/run.c): extras for some names only. */
static gboolean wants_aten(const char *name, gsize len)
{
	return len >= 6 && memcmp(name, "aten::", 6) == 0;
}

static const struct setup setups[] = {
	{ FALSE, FALSE, FALSE, FALSE, NULL, FALSE },
	{ TRUE, TRUE, FALSE, FALSE, NULL, FALSE },
	{ TRUE, FALSE, TRUE, TRUE, NULL, FALSE },
	{ TRUE, TRUE, TRUE, FALSE, wants_aten, FALSE },
	{ TRUE, FALSE, TRUE, FALSE, NULL, TRUE, FALSE },
	/* args read without their literal where none is kept (src/input/fastev.c, args_unused) */
	{ FALSE, TRUE, FALSE, FALSE, NULL, TRUE, FALSE },
	{ FALSE, FALSE, TRUE, FALSE, NULL, TRUE, TRUE },
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
	s->x.extras_wanted = setup->extras_wanted;
	s->x.drop_args = setup->drop_args;
	s->x.keep_comms_args = setup->keep_comms_args;
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
	SAME(memcmp(a->memory_skipped, b->memory_skipped, sizeof a->memory_skipped) == 0 &&
	     memcmp(a->memory_first, b->memory_first, sizeof a->memory_first) == 0, text);
	SAME(f->x.out->begin_end->len == 0 && j->x.out->begin_end->len == 0, text);
	GArray *fm = f->x.out->memory, *jm = j->x.out->memory;
	SAME(fm->len == jm->len, text);
	for (guint i = 0; i < MIN(fm->len, jm->len); i++) {
		const struct memory_event *a = &g_array_index(fm, struct memory_event, i),
					  *b = &g_array_index(jm, struct memory_event, i);
		SAME(a->ts == b->ts && a->index == b->index && a->bytes == b->bytes, text);
		SAME(a->device == b->device && a->accelerator == b->accelerator && a->device_id == b->device_id, text);
		SAME(a->has_total == b->has_total && a->total_allocated == b->total_allocated, text);
		SAME(a->has_reserved == b->has_reserved && a->total_reserved == b->total_reserved, text);
		SAME(a->has_type == b->has_type && a->device_type == b->device_type, text);
		SAME(a->out_of_memory == b->out_of_memory, text);
		char buffers[4][THREADS_NUMBER_MAX];
		SAME(strcmp(threads_pid(f->x.out->threads, a->thread, buffers[0]),
			    threads_pid(j->x.out->threads, b->thread, buffers[1])) == 0, text);
		SAME(strcmp(threads_tid(f->x.out->threads, a->thread, buffers[2]),
			    threads_tid(j->x.out->threads, b->thread, buffers[3])) == 0, text);
	}
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
		if (valid) {
			json_digits_keep(value, text, len); /* as the reader does (src/input/worker.c) */
			extract_event(&j.x, value, 7);
		}
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

#endif
