#include "attribution/critical_order.h"
#include <string.h>
#include "util/radix.h"

/* A binary heap of node indices, the smallest on top. */
struct heap {
	guint32 *items;
	guint32 len;
};

static void heap_push(struct heap *h, guint32 v)
{
	guint32 i = h->len++;
	while (i && h->items[(i - 1) / 2] > v) {
		h->items[i] = h->items[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h->items[i] = v;
}

static guint32 heap_pop(struct heap *h)
{
	guint32 top = h->items[0], last = h->items[--h->len], i = 0;
	for (;;) {
		guint32 c = 2 * i + 1;
		if (c >= h->len)
			break;
		if (c + 1 < h->len && h->items[c + 1] < h->items[c])
			c++;
		if (h->items[c] >= last)
			break;
		h->items[i] = h->items[c];
		i = c;
	}
	if (h->len)
		h->items[i] = last;
	return top;
}

/* Whether edge E into V comes from the same time (an edge of the run). */
static gboolean in_run(const struct critical_graph *g, guint32 v, guint32 e)
{
	return g->time[g->pred[e]] == g->time[v] && g->pred[e] != v;
}

/* The run order[from, to) (one time) put in dependency order. */
static void order_run(struct critical_order *o, const struct critical_graph *g, guint32 from, guint32 to,
		      guint32 *indegree, guint8 *done, struct heap *heap, GArray *succ_first, GArray *succ)
{
	guint32 size = to - from;
	/* successors inside the run, by the place of their source in the run (order[] is by index here) */
	g_array_set_size(succ_first, size + 1);
	guint32 *first = (guint32 *)succ_first->data;
	memset(first, 0, sizeof(guint32) * (size + 1));
	for (guint32 k = from; k < to; k++) {
		guint32 v = o->order[k];
		indegree[v] = 0;
		o->pos[v] = k - from; /* the place in the run, for now */
	}
	for (guint32 k = from; k < to; k++) {
		guint32 v = o->order[k];
		for (guint32 e = g->pred_first[v]; e < g->pred_first[v + 1]; e++)
			if (in_run(g, v, e))
				first[o->pos[g->pred[e]] + 1]++, indegree[v]++;
	}
	for (guint32 k = 0; k < size; k++)
		first[k + 1] += first[k];
	g_array_set_size(succ, first[size]);
	g_autofree guint32 *next = g_memdup2(first, sizeof(guint32) * (size + 1));
	for (guint32 k = from; k < to; k++) {
		guint32 v = o->order[k];
		for (guint32 e = g->pred_first[v]; e < g->pred_first[v + 1]; e++)
			if (in_run(g, v, e))
				g_array_index(succ, guint32, next[o->pos[g->pred[e]]]++) = v;
	}
	g_autofree guint32 *members = g_memdup2(o->order + from, sizeof(guint32) * size);
	heap->len = 0;
	for (guint32 k = 0; k < size; k++)
		if (!indegree[members[k]])
			heap_push(heap, members[k]);
	guint32 placed = 0, lowest = 0; /* members[lowest..] holds the smallest left, in index order */
	while (placed < size) {
		if (!heap->len) { /* a cycle: the smallest left goes, its edges from those left dropped */
			while (done[members[lowest]])
				lowest++;
			guint32 v = members[lowest];
			for (guint32 e = g->pred_first[v]; e < g->pred_first[v + 1]; e++)
				if (in_run(g, v, e) && !done[g->pred[e]] && !o->dropped[e])
					o->dropped[e] = 1, o->dropped_count++;
			indegree[v] = 0;
			heap_push(heap, v);
		}
		guint32 v = heap_pop(heap);
		if (done[v])
			continue;
		done[v] = 1;
		o->order[from + placed++] = v;
		for (guint32 s = first[o->pos[v]]; s < first[o->pos[v] + 1]; s++) {
			guint32 w = g_array_index(succ, guint32, s);
			if (!done[w] && indegree[w] && !--indegree[w])
				heap_push(heap, w);
		}
	}
	for (guint32 k = from; k < to; k++)
		o->pos[o->order[k]] = k;
}

void critical_order_make(struct critical_order *o, const struct critical_graph *g)
{
	guint32 n = g->count;
	memset(o, 0, sizeof *o);
	g_autofree guint64 *key = g_new(guint64, n + 1);
	o->order = g_new(guint32, n + 1);
	o->pos = g_new(guint32, n + 1);
	for (guint32 v = 0; v < n; v++) /* times as unsigned keys: their order kept */
		key[v] = (guint64)g->time[v] ^ ((guint64)1 << 63), o->order[v] = v;
	radix_sort(key, o->order, n); /* by (time, index) */
	for (guint32 k = 0; k < n; k++)
		o->pos[o->order[k]] = k;
	o->dropped = g_new0(guint8, g->edges + 1);
	g_autofree guint32 *indegree = g_new(guint32, n + 1);
	g_autofree guint8 *done = g_new0(guint8, n + 1);
	struct heap heap = { g_new(guint32, n + 1), 0 };
	g_autoptr(GArray) succ_first = g_array_new(FALSE, FALSE, sizeof(guint32));
	g_autoptr(GArray) succ = g_array_new(FALSE, FALSE, sizeof(guint32));
	for (guint32 k = 0; k < n;) {
		guint32 end = k + 1;
		while (end < n && key[end] == key[k])
			end++;
		gboolean edges = FALSE; /* a run of one time with an edge inside */
		for (guint32 i = k; i < end && !edges && end - k > 1; i++)
			for (guint32 e = g->pred_first[o->order[i]]; e < g->pred_first[o->order[i] + 1] && !edges; e++)
				edges = in_run(g, o->order[i], e);
		if (edges)
			order_run(o, g, k, end, indegree, done, &heap, succ_first, succ);
		k = end;
	}
	g_free(heap.items);
	if (!o->dropped_count) {
		g_free(o->dropped);
		o->dropped = NULL;
	}
}

void critical_order_clear(struct critical_order *o)
{
	g_free(o->order);
	g_free(o->pos);
	g_free(o->dropped);
	memset(o, 0, sizeof *o);
}
