#include "pair.h"
#include "batch.h"
#include "fault.h"

/* Open B events past this many, over all threads, are kept as JSON text
 * (about the bytes of the trace's own) rather than as json-c objects (a
 * kilobyte each): a trace of a million B events that no E closes stays
 * within its size. Real traces nest far less. */
#define OPEN_OBJECTS 4096

struct pairs {
	GPtrArray *open; /* per thread: GArray of struct open_event */
	guint objects;   /* open events kept as objects */
	GStringChunk *text; /* the others' JSON */
	json_tokener *tokener; /* to read them back */
};

/* A B event waiting for its E: as an object, or as its JSON text. */
struct open_event {
	union {
		json_object *begin;
		const char *text;
	};
	gint64 index; /* in the event array; below 0 (~index): kept as text */
};

static void stack_free(gpointer data)
{
	GArray *stack = data;
	for (guint i = 0; i < stack->len; i++) {
		struct open_event *open = &g_array_index(stack, struct open_event, i);
		if (open->index >= 0)
			json_object_put(open->begin);
	}
	g_array_free(stack, TRUE);
}

struct pairs *pairs_new(void)
{
	struct pairs *pairs = g_new0(struct pairs, 1);
	pairs->open = g_ptr_array_new_with_free_func(stack_free);
	return pairs;
}

void pairs_free(struct pairs *pairs)
{
	if (!pairs)
		return;
	g_ptr_array_free(pairs->open, TRUE);
	if (pairs->text)
		g_string_chunk_free(pairs->text);
	if (pairs->tokener)
		json_tokener_free(pairs->tokener);
	g_free(pairs);
}

static GArray *stack_of(struct pairs *pairs, guint32 thread)
{
	while (pairs->open->len <= thread)
		g_ptr_array_add(pairs->open, g_array_new(FALSE, FALSE, sizeof(struct open_event)));
	return g_ptr_array_index(pairs->open, thread);
}

/* B's args updated with E's, as Python's dict.update does. */
static json_object *merged_args(json_object *begin, json_object *end)
{
	json_object *args = json_member(begin, "args"), *more = json_member(end, "args");
	if (!json_object_is_type(args, json_type_object) || !json_object_is_type(more, json_type_object))
		return more ? more : args;
	json_object_object_foreach(more, key, value)
		if (json_object_object_add(args, key, json_object_get(value)) != 0)
			fault_out_of_memory();
	return args;
}

static void open_begin(struct pairs *pairs, GArray *stack, const struct pending_event *event)
{
	struct open_event open = { .index = event->index };
	if (pairs->objects < OPEN_OBJECTS) {
		open.begin = json_object_get(event->event);
		pairs->objects++;
	} else {
		if (!pairs->text)
			pairs->text = g_string_chunk_new(1 << 20);
		const char *json = FAULT_CHECK(json_object_to_json_string_ext(
			event->event, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
		open.text = g_string_chunk_insert(pairs->text, json);
		open.index = ~event->index;
	}
	g_array_append_val(stack, open);
}

/* The B event of OPEN as an object, owned by the caller. */
static json_object *begin_of(struct pairs *pairs, const struct open_event *open)
{
	if (open->index >= 0) {
		pairs->objects--;
		return open->begin;
	}
	if (!pairs->tokener)
		pairs->tokener = read_tokener_new();
	json_tokener_reset(pairs->tokener);
	json_object *begin = json_tokener_parse_ex(pairs->tokener, open->text, (int)strlen(open->text));
	return FAULT_CHECK(begin); /* json-c's own text: only memory can fail it */
}

void pairs_take(struct pairs *pairs, struct extractor *x, const struct pending_event *event, guint32 thread)
{
	GArray *stack = stack_of(pairs, thread);
	if (event->phase == 'B') {
		open_begin(pairs, stack, event);
	} else if (!stack->len) {
		read_stats_note_skip(&x->out->stats, event->index, SKIP_UNMATCHED_E);
	} else {
		struct open_event open = g_array_index(stack, struct open_event, stack->len - 1);
		g_array_set_size(stack, stack->len - 1);
		json_object *begin = begin_of(pairs, &open);
		gint64 index = open.index >= 0 ? open.index : ~open.index;
		extract_complete(x, begin, event->event, merged_args(begin, event->event), index);
		json_object_put(begin);
	}
}

void pairs_count_unmatched(struct pairs *pairs, struct read_stats *stats)
{
	for (guint t = 0; t < pairs->open->len; t++) {
		GArray *stack = g_ptr_array_index(pairs->open, t);
		for (guint i = 0; i < stack->len; i++) {
			struct open_event *open = &g_array_index(stack, struct open_event, i);
			read_stats_note_skip(stats, open->index >= 0 ? open->index : ~open->index, SKIP_UNMATCHED_B);
			if (open->index >= 0)
				json_object_put(open->begin);
		}
		g_array_set_size(stack, 0);
	}
	pairs->objects = 0;
}
