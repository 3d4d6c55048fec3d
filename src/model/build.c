#include "model/build.h"
#include <string.h>
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

static int compare_by_thread(const struct event *a, const struct event *b)
{
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return event_compare(a, b);
}

static int compare_events(const void *a, const void *b)
{
	return compare_by_thread(a, b);
}

static int compare_hosts(const void *x, const void *y)
{
	const struct host_event *a = x, *b = y;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	if (a->ts + a->dur != b->ts + b->dur)
		return a->ts + a->dur > b->ts + b->dur ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* An array sorted by thread: COUNT elements of SIZE bytes, each's thread
 * (a guint32) THREAD_AT bytes in, in the order of COMPARE (thread first). */
struct by_thread {
	char *at;
	gsize size, thread_at;
	guint count;
	int (*compare)(const void *a, const void *b);
};

#define ELEMENT(s, i) ((s)->at + (gsize)(i) * (s)->size)
#define THREAD(s, i) (*(const guint32 *)(ELEMENT(s, i) + (s)->thread_at))

/* Merges the ascending runs [A, M) and [M, B) of FROM into TO (the left first on a tie: stable). */
static void merge_runs(const struct by_thread *s, const guint32 *from, guint32 *to, guint a, guint m, guint b)
{
	guint i = a, j = m, k = a;
	while (i < m && j < b)
		to[k++] = s->compare(ELEMENT(s, from[j]), ELEMENT(s, from[i])) < 0 ? from[j++] : from[i++];
	while (i < m)
		to[k++] = from[i++];
	while (j < b)
		to[k++] = from[j++];
}

/* The positions of ORDER sorted, SCRATCH as large: a natural merge sort,
 * its runs found once (traces are mostly in order within a thread: few
 * runs, few passes), each pass merging neighbouring runs into the other
 * buffer. The one that holds the result. */
static guint32 *sort_positions(const struct by_thread *s, guint32 *order, guint32 *scratch)
{
	g_autoptr(GArray) bounds = g_array_new(FALSE, FALSE, sizeof(guint)); /* the runs' starts, then the count */
	for (guint i = 0; i < s->count; i++)
		if (i == 0 || s->compare(ELEMENT(s, order[i - 1]), ELEMENT(s, order[i])) > 0)
			g_array_append_val(bounds, i);
	g_array_append_val(bounds, s->count);
	while (bounds->len > 2) {
		guint *at = (guint *)bounds->data, runs = bounds->len - 1, kept = 0;
		for (guint r = 0; r < runs; r += 2) {
			at[kept++] = at[r];
			if (r + 1 < runs)
				merge_runs(s, order, scratch, at[r], at[r + 1], at[r + 2]);
			else
				memcpy(scratch + at[r], order + at[r], (at[r + 1] - at[r]) * sizeof *order);
		}
		at[kept++] = s->count;
		g_array_set_size(bounds, kept);
		guint32 *held = order;
		order = scratch, scratch = held;
	}
	return order;
}

/* Sorting the elements themselves would move them whole at each step;
 * sorting their positions moves 4 bytes, and the permutation is then
 * applied in place, one cycle at a time. The positions are first put in
 * thread order (a stable counting sort), then sorted by sort_positions(). */
static void sort_by_thread(const struct by_thread *s)
{
	guint32 sorted = 1;
	while (sorted < s->count && s->compare(ELEMENT(s, sorted - 1), ELEMENT(s, sorted)) < 0)
		sorted++;
	if (sorted >= s->count) /* in order already: no scratch */
		return;
	guint64 threads = 0;
	for (guint32 i = 0; i < s->count; i++)
		threads = MAX(threads, (guint64)THREAD(s, i) + 1);
	g_autofree guint *first = g_new0(guint, threads + 1);
	for (guint32 i = 0; i < s->count; i++)
		first[THREAD(s, i) + 1]++;
	for (guint64 t = 0; t < threads; t++)
		first[t + 1] += first[t];
	g_autofree guint32 *order = g_new(guint32, s->count), *scratch = g_new(guint32, s->count);
	for (guint32 i = 0; i < s->count; i++)
		order[first[THREAD(s, i)]++] = i;
	guint32 *from = sort_positions(s, order, scratch); /* sorted[i] is element from[i] */
	char held[sizeof(struct event)];
	g_assert(s->size <= sizeof held);
	for (guint32 i = 0; i < s->count; i++) {
		if (from[i] == i)
			continue;
		memcpy(held, ELEMENT(s, i), s->size);
		guint32 at = i;
		while (from[at] != i) {
			guint32 next = from[at];
			memcpy(ELEMENT(s, at), ELEMENT(s, next), s->size);
			from[at] = at; /* done */
			at = next;
		}
		memcpy(ELEMENT(s, at), held, s->size);
		from[at] = at;
	}
}

void events_sort_by_thread(struct event *events, guint count)
{
	sort_by_thread(&(struct by_thread){ (char *)events, sizeof *events, G_STRUCT_OFFSET(struct event, thread), count,
					    compare_events });
}

void host_events_sort_by_thread(struct host_event *events, guint count)
{
	sort_by_thread(&(struct by_thread){ (char *)events, sizeof *events, G_STRUCT_OFFSET(struct host_event, thread),
					    count, compare_hosts });
}

/* The stack walk of one thread's run [first, end): parents, subtree ends,
 * and the thread's roots chained through up[] in order (FOREST_END after
 * the last, until merge_roots links the threads). */
static void build_thread(struct forest *forest, guint first, guint end, GArray *stack)
{
	g_array_set_size(stack, 0);
	guint last_root = FOREST_END;
	for (guint i = first; i < end; i++) {
		const struct event *event = &forest->events[i];
		while (stack->len) {
			guint top = g_array_index(stack, guint, stack->len - 1);
			if (event_contains(&forest->events[top], event))
				break;
			forest->subtree_end[top] = i;
			g_array_set_size(stack, stack->len - 1);
		}
		if (stack->len) {
			forest->up[i] = g_array_index(stack, guint, stack->len - 1);
		} else {
			forest->up[i] = FOREST_ROOT | FOREST_END;
			if (last_root != FOREST_END)
				forest->up[last_root] = FOREST_ROOT | i;
			last_root = i;
		}
		g_array_append_val(stack, i);
		forest->deepest = MAX(forest->deepest, stack->len);
	}
	for (guint k = 0; k < stack->len; k++)
		forest->subtree_end[g_array_index(stack, guint, k)] = end;
}

/* A binary min-heap of the threads' next roots, for merge_roots. */
static gboolean root_before(const struct forest *forest, guint a, guint b)
{
	return event_compare(&forest->events[a], &forest->events[b]) < 0;
}

static void sift_down(const struct forest *forest, guint *heap, guint len, guint k)
{
	for (;;) {
		guint least = k, l = 2 * k + 1, r = l + 1;
		if (l < len && root_before(forest, heap[l], heap[least]))
			least = l;
		if (r < len && root_before(forest, heap[r], heap[least]))
			least = r;
		if (least == k)
			return;
		guint held = heap[k];
		heap[k] = heap[least], heap[least] = held;
		k = least;
	}
}

/* The end of the run of events of one thread that begins at FIRST. */
static guint run_end(const struct forest *forest, guint first)
{
	guint end = first + 1;
	while (end < forest->count && forest->events[end].thread == forest->events[first].thread)
		end++;
	return end;
}

/* The last root of the list of the thread whose first node is FIRST. */
static guint last_root_of(const struct forest *forest, guint first)
{
	guint r = first;
	while (forest_next_root(forest, r) != FOREST_END)
		r = forest_next_root(forest, r);
	return r;
}

/* When each thread's roots all come before the next thread's (threads one
 * after another in time, or a single one), the lists are linked as they
 * are; FALSE, linking nothing, otherwise. */
static gboolean link_roots_in_turn(struct forest *forest)
{
	guint last = FOREST_END;
	for (guint first = 0; first < forest->count; first = run_end(forest, first)) {
		if (last != FOREST_END && !root_before(forest, last, first))
			return FALSE;
		last = last_root_of(forest, first);
	}
	last = FOREST_END;
	for (guint first = 0; first < forest->count; first = run_end(forest, first)) {
		if (last == FOREST_END)
			forest->first_root = first;
		else
			forest->up[last] = FOREST_ROOT | first;
		last = last_root_of(forest, first);
	}
	return TRUE;
}

/* Links every thread's list of roots into one, in sort order: a merge of
 * the threads' lists, each already in order. */
static void merge_roots(struct forest *forest)
{
	if (link_roots_in_turn(forest))
		return;
	g_autofree guint *heap = g_new(guint, forest->threads_with_nodes + 1);
	guint len = 0;
	for (guint first = 0; first < forest->count; first = run_end(forest, first))
		heap[len++] = first; /* a thread's first node is a root */
	for (guint k = len / 2; k-- > 0;)
		sift_down(forest, heap, len, k);
	guint last = FOREST_END;
	while (len) {
		guint r = heap[0];
		if (last == FOREST_END)
			forest->first_root = r;
		else
			forest->up[last] = FOREST_ROOT | r;
		last = r;
		guint next = forest_next_root(forest, r);
		if (next != FOREST_END)
			heap[0] = next;
		else
			heap[0] = heap[--len];
		sift_down(forest, heap, len, 0);
	}
	if (last != FOREST_END)
		forest->up[last] = FOREST_ROOT | FOREST_END;
}

void forest_link_roots(struct forest *forest)
{
	forest->threads_with_nodes = 0;
	for (guint first = 0, end; first < forest->count; first = end) {
		end = run_end(forest, first);
		for (guint r = first; r < end; r = forest->subtree_end[r])
			forest->up[r] = FOREST_ROOT | (forest->subtree_end[r] < end ? forest->subtree_end[r] : FOREST_END);
		forest->threads_with_nodes++;
	}
	forest->first_root = FOREST_END;
	merge_roots(forest);
}

struct forest *forest_build(struct trace *trace)
{
	struct forest *forest = g_new0(struct forest, 1);
	forest->events = (struct event *)trace->monitored->data;
	forest->count = trace->monitored->len;
	g_assert(forest->count < FOREST_END); /* the reader refuses more events than that */
	events_sort_by_thread(forest->events, forest->count);
	forest->up = g_new(guint32, forest->count);
	forest->subtree_end = g_new(guint32, forest->count);
	forest->thread_ids = trace->threads;
	g_autoptr(GArray) stack = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint first = 0, end; first < forest->count; first = end) { /* each thread's run */
		end = run_end(forest, first);
		build_thread(forest, first, end, stack);
		forest->threads_with_nodes++;
	}
	forest->first_root = FOREST_END;
	merge_roots(forest);
	return forest;
}

guint forest_depth(const struct forest *forest, guint i)
{
	guint depth = 1;
	for (guint p = forest_parent(forest, i); p != FOREST_END; p = forest_parent(forest, p))
		depth++;
	return depth;
}

void forest_free(struct forest *forest)
{
	if (!forest)
		return;
	g_free(forest->up);
	g_free(forest->subtree_end);
	g_free(forest->own_events);
	g_free(forest->replayed_by);
	g_free(forest->grafted_under);
	g_free(forest);
}

void forest_path(const struct forest *forest, guint node, GString *path)
{
	gsize len = 0;
	for (guint n = node; n != FOREST_END; n = forest_parent(forest, n))
		len += forest->events[n].name->len + (forest_parent(forest, n) != FOREST_END ? 2 : 0);
	g_string_set_size(path, len);
	for (guint n = node; n != FOREST_END; n = forest_parent(forest, n)) {
		const struct name *name = forest->events[n].name;
		len -= name->len;
		memcpy(path->str + len, name->text, name->len);
		if (forest_parent(forest, n) != FOREST_END) {
			len -= 2;
			memcpy(path->str + len, "$$", 2);
		}
	}
}
