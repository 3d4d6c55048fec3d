#include "build.h"
#include <stdlib.h>

int event_compare(const struct event *a, const struct event *b)
{
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	gint64 end_a = event_end(a), end_b = event_end(b);
	if (end_a != end_b)
		return end_a > end_b ? -1 : 1;
	if (a->index != b->index)
		return a->index < b->index ? -1 : 1;
	return 0;
}

int event_compare_by_thread(const void *x, const void *y)
{
	const struct event *a = x, *b = y;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return event_compare(a, b);
}

static int compare_nodes(const void *x, const void *y)
{
	const GNode *a = *(GNode *const *)x, *b = *(GNode *const *)y;
	return event_compare(a->data, b->data);
}

/* Appends CHILD after LAST (NULL: as the first child) in O(1); g_node_append
 * would walk the whole list of siblings each time. */
static void link_child(GNode *parent, GNode *last, GNode *child)
{
	if (last)
		g_node_insert_after(parent, last, child);
	else
		g_node_prepend(parent, child);
}

/* The stack walk of one thread's run [first, end); its roots go to ROOTS. */
static void build_thread(struct forest *forest, guint first, guint end, GArray *stack, GPtrArray *roots)
{
	g_array_set_size(stack, 0);
	for (guint i = first; i < end; i++) {
		const struct event *event = &forest->events[i];
		guint popped = G_MAXUINT;
		while (stack->len) {
			guint top = g_array_index(stack, guint, stack->len - 1);
			if (event_contains(&forest->events[top], event))
				break;
			forest->subtree_end[top] = i;
			popped = top;
			g_array_set_size(stack, stack->len - 1);
		}
		/* the last node popped, if any, is the parent's last child so far */
		GNode *last = popped == G_MAXUINT ? NULL : &forest->nodes[popped];
		if (stack->len) {
			guint parent = g_array_index(stack, guint, stack->len - 1);
			link_child(&forest->nodes[parent], last, &forest->nodes[i]);
		} else {
			g_ptr_array_add(roots, &forest->nodes[i]);
		}
		g_array_append_val(stack, i);
		forest->depth[i] = stack->len;
		forest->deepest = MAX(forest->deepest, stack->len);
	}
	for (guint k = 0; k < stack->len; k++)
		forest->subtree_end[g_array_index(stack, guint, k)] = end;
}

static void link_roots(struct forest *forest, GPtrArray *roots)
{
	g_ptr_array_sort(roots, compare_nodes);
	GNode *last = NULL;
	for (guint i = 0; i < roots->len; i++) {
		link_child(&forest->root, last, roots->pdata[i]);
		last = roots->pdata[i];
	}
}

struct forest *forest_build(struct trace *trace)
{
	struct forest *forest = g_new0(struct forest, 1);
	forest->events = (struct event *)trace->monitored->data;
	forest->count = trace->monitored->len;
	if (forest->count > 1) /* qsort may not take the NULL of an empty array */
		qsort(forest->events, forest->count, sizeof(struct event), event_compare_by_thread);
	forest->nodes = g_new0(GNode, forest->count);
	forest->depth = g_new0(guint, forest->count);
	forest->subtree_end = g_new0(guint, forest->count);
	forest->threads = trace->threads->len;
	forest->thread_ids = trace->threads;
	forest->thread_first = g_new0(guint, forest->threads + 1);
	for (guint i = 0; i < forest->count; i++) {
		forest->nodes[i].data = &forest->events[i];
		forest->thread_first[forest->events[i].thread + 1]++;
	}
	for (guint t = 0; t < forest->threads; t++)
		forest->thread_first[t + 1] += forest->thread_first[t];

	g_autoptr(GArray) stack = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GPtrArray) roots = g_ptr_array_new();
	for (guint t = 0; t < forest->threads; t++) {
		build_thread(forest, forest->thread_first[t], forest->thread_first[t + 1], stack, roots);
		forest->threads_with_nodes += forest->thread_first[t + 1] > forest->thread_first[t];
	}
	link_roots(forest, roots);
	return forest;
}

void forest_free(struct forest *forest)
{
	if (!forest)
		return;
	g_free(forest->nodes);
	g_free(forest->depth);
	g_free(forest->subtree_end);
	g_free(forest->thread_first);
	g_free(forest);
}
