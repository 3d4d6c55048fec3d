#include "pair.h"

struct pairs {
	GPtrArray *open; /* per thread: GPtrArray of struct open_event */
};

/* A B event waiting for its E. */
struct open_event {
	json_object *begin;
	gint64 index;
};

static void open_event_free(gpointer data)
{
	struct open_event *open = data;
	json_object_put(open->begin);
	g_free(open);
}

static void stack_free(gpointer data)
{
	g_ptr_array_free(data, TRUE);
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
	g_free(pairs);
}

static GPtrArray *stack_of(struct pairs *pairs, guint32 thread)
{
	while (pairs->open->len <= thread)
		g_ptr_array_add(pairs->open, g_ptr_array_new_with_free_func(open_event_free));
	return g_ptr_array_index(pairs->open, thread);
}

/* B's args updated with E's, as Python's dict.update does. */
static json_object *merged_args(json_object *begin, json_object *end)
{
	json_object *args = json_member(begin, "args"), *more = json_member(end, "args");
	if (!json_object_is_type(args, json_type_object) || !json_object_is_type(more, json_type_object))
		return more ? more : args;
	json_object_object_foreach(more, key, value)
		json_object_object_add(args, key, json_object_get(value));
	return args;
}

void pairs_take(struct pairs *pairs, struct extractor *x, const struct pending_event *event, guint32 thread)
{
	GPtrArray *stack = stack_of(pairs, thread);
	if (event->phase == 'B') {
		struct open_event *open = g_new(struct open_event, 1);
		open->begin = json_object_get(event->event);
		open->index = event->index;
		g_ptr_array_add(stack, open);
	} else if (!stack->len) {
		read_stats_note_skip(&x->out->stats, event->index, SKIP_UNMATCHED_E);
	} else {
		struct open_event *open = g_ptr_array_steal_index(stack, stack->len - 1);
		extract_complete(x, open->begin, event->event, merged_args(open->begin, event->event), open->index);
		open_event_free(open);
	}
}

void pairs_count_unmatched(struct pairs *pairs, struct read_stats *stats)
{
	for (guint t = 0; t < pairs->open->len; t++) {
		GPtrArray *open = g_ptr_array_index(pairs->open, t);
		for (guint i = 0; i < open->len; i++)
			read_stats_note_skip(stats, ((struct open_event *)open->pdata[i])->index, SKIP_UNMATCHED_B);
		g_ptr_array_set_size(open, 0);
	}
}
