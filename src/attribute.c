#include "attribute.h"
#include <stdlib.h>

/* Whether node event N comes before launch L when both are walked in sort
 * order; on equal (ts, end) the node comes first, since it contains L. */
static gboolean node_before_launch(const struct event *n, const struct event *l)
{
	if (n->ts != l->ts)
		return n->ts < l->ts;
	return event_end(n) >= event_end(l);
}

/* The node containing LAUNCH that comes last in sort order: among the
 * ancestors of the last node before it (the stack of the walk in build.c). */
static guint owner_of(const struct forest *forest, guint last_before, const struct event *launch)
{
	for (GNode *node = &forest->nodes[last_before]; node && node != &forest->root; node = node->parent)
		if (event_contains(node->data, launch))
			return forest_index(forest, node);
	return NO_OWNER;
}

static void attribute_thread(struct attribution *a, const struct forest *forest, guint thread)
{
	guint node = forest->thread_first[thread], nodes_end = forest->thread_first[thread + 1];
	gint64 latest_end = G_MININT64;
	for (guint l = a->thread_first[thread]; l < a->thread_first[thread + 1]; l++) {
		const struct event *launch = &a->launches[l];
		while (node < nodes_end && node_before_launch(&forest->events[node], launch))
			node++;
		guint first = forest->thread_first[thread];
		a->owner[l] = node > first ? owner_of(forest, node - 1, launch) : NO_OWNER;
		if (a->owner[l] == NO_OWNER)
			a->unattributed++;
		else
			a->attributed++;
		a->nested[l] = l > a->thread_first[thread] && latest_end >= event_end(launch);
		latest_end = MAX(latest_end, event_end(launch));
	}
}

static void count_launches_by_thread(struct attribution *a, guint threads)
{
	a->thread_first = g_new0(guint, threads + 1);
	for (guint l = 0; l < a->launch_count; l++)
		a->thread_first[a->launches[l].thread + 1]++;
	for (guint t = 0; t < threads; t++)
		a->thread_first[t + 1] += a->thread_first[t];
}

static int compare_device(const void *x, const void *y)
{
	const struct event *a = x, *b = y;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Correlation id -> the first launch, in sort order, that carries it. */
static GHashTable *launches_by_correlation(const struct attribution *a)
{
	GHashTable *table = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint l = 0; l < a->launch_count; l++) {
		struct event *launch = &a->launches[l];
		if (!launch->has_correlation)
			continue;
		gpointer found = g_hash_table_lookup(table, &launch->correlation);
		if (!found || event_compare(launch, &a->launches[GPOINTER_TO_UINT(found) - 1]) < 0)
			g_hash_table_insert(table, &launch->correlation, GUINT_TO_POINTER(l + 1));
	}
	return table;
}

/* Groups the device events by their launch (a stable counting sort). */
static void claim_device_events(struct attribution *a, GArray *device)
{
	if (device->len > 1) /* qsort may not take the NULL of an empty array */
		qsort(device->data, device->len, sizeof(struct event), compare_device);
	g_autoptr(GHashTable) table = launches_by_correlation(a);
	g_autofree guint *claim = g_new(guint, device->len);
	a->device_first = g_new0(guint, a->launch_count + 2);
	a->device_time = g_new0(gint64, a->launch_count + 1);
	for (guint d = 0; d < device->len; d++) {
		struct event *event = &g_array_index(device, struct event, d);
		gpointer found = event->has_correlation ? g_hash_table_lookup(table, &event->correlation) : NULL;
		claim[d] = found ? GPOINTER_TO_UINT(found) - 1 : a->launch_count; /* the last group: unclaimed */
		a->device_first[claim[d] + 1]++;
		a->device_time[claim[d]] += event->dur;
	}
	for (guint l = 0; l <= a->launch_count; l++)
		a->device_first[l + 1] += a->device_first[l];
	a->unclaimed = a->device_first[a->launch_count + 1] - a->device_first[a->launch_count];
	a->claimed = device->len - a->unclaimed;
	a->device = g_new(struct event, device->len);
	g_autofree guint *next = g_memdup2(a->device_first, sizeof(guint) * (a->launch_count + 1));
	for (guint d = 0; d < device->len; d++)
		a->device[next[claim[d]]++] = g_array_index(device, struct event, d);
}

struct attribution *attribute(struct trace *trace, const struct forest *forest)
{
	struct attribution *a = g_new0(struct attribution, 1);
	a->launches = (struct event *)trace->launches->data;
	a->launch_count = trace->launches->len;
	if (a->launch_count > 1) /* qsort may not take the NULL of an empty array */
		qsort(a->launches, a->launch_count, sizeof(struct event), event_compare_by_thread);
	count_launches_by_thread(a, forest->threads);
	a->owner = g_new(guint, a->launch_count);
	a->nested = g_new(gboolean, a->launch_count);
	for (guint t = 0; t < forest->threads; t++)
		attribute_thread(a, forest, t);
	claim_device_events(a, trace->device);
	return a;
}

void attribution_free(struct attribution *a)
{
	if (!a)
		return;
	g_free(a->thread_first);
	g_free(a->owner);
	g_free(a->nested);
	g_free(a->device);
	g_free(a->device_first);
	g_free(a->device_time);
	g_free(a);
}

/* The first launch of [first, end) whose ts is at or after TS. */
static guint first_launch_from(const struct attribution *a, guint first, guint end, gint64 ts)
{
	while (first < end) {
		guint middle = first + (end - first) / 2;
		if (a->launches[middle].ts < ts)
			first = middle + 1;
		else
			end = middle;
	}
	return first;
}

void attribution_node_launches(const struct attribution *a, const struct forest *forest, guint node,
			       GArray *launches)
{
	const struct event *event = &forest->events[node];
	guint thread = event->thread, end = a->thread_first[thread + 1];
	guint subtree_end = forest->subtree_end[node];
	/* every launch of the subtree lies within the node's interval */
	for (guint l = first_launch_from(a, a->thread_first[thread], end, event->ts);
	     l < end && a->launches[l].ts <= event_end(event); l++)
		if (a->owner[l] >= node && a->owner[l] < subtree_end)
			g_array_append_val(launches, l);
}
