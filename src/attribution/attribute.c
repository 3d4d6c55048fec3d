#include "attribution/attribute.h"
#include <stdlib.h>
#include <string.h>

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
	for (guint node = last_before; node != FOREST_END; node = forest_parent(forest, node))
		if (event_contains(&forest->events[node], launch))
			return node;
	return NO_OWNER;
}

/* OWNER[i] for each of the COUNT EVENTS (sorted like the forest: by thread,
 * then in sort order): the node of its own thread that contains it and comes
 * last in sort order, or NO_OWNER. Both are walked once, thread by thread. */
static void assign_owners(const struct forest *forest, const struct event *events, guint count, guint *owner)
{
	guint node = 0, first = 0; /* first: the first node of the thread of events[l] */
	for (guint l = 0; l < count; l++) {
		guint32 thread = events[l].thread;
		if (l == 0 || thread != events[l - 1].thread) {
			while (node < forest->count && forest->events[node].thread < thread)
				node++;
			first = node;
		}
		while (node < forest->count && forest->events[node].thread == thread &&
		       node_before_launch(&forest->events[node], &events[l]))
			node++;
		owner[l] = node > first ? owner_of(forest, node - 1, &events[l]) : NO_OWNER;
	}
}

/* Launches contained in an earlier launch of their thread are nested. */
static void mark_nested(struct attribution *a)
{
	gint64 latest_end = G_MININT64;
	for (guint l = 0; l < a->launch_count; l++) {
		if (l == 0 || a->launches[l].thread != a->launches[l - 1].thread)
			latest_end = G_MININT64;
		a->nested[l] = latest_end >= event_end(&a->launches[l]);
		latest_end = MAX(latest_end, event_end(&a->launches[l]));
	}
}

static int compare_memory(const void *x, const void *y)
{
	const struct memory_event *a = x, *b = y;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* [memory] events go to nodes as launches do, each a point in time. */
static void attribute_memory(struct attribution *a, GArray *memory, const struct forest *forest)
{
	a->memory = (struct memory_event *)memory->data;
	a->memory_count = memory->len;
	if (a->memory_count > 1) /* qsort may not take the NULL of an empty array */
		qsort(a->memory, a->memory_count, sizeof *a->memory, compare_memory);
	g_autofree struct event *points = g_new0(struct event, a->memory_count);
	for (guint m = 0; m < a->memory_count; m++)
		points[m] = (struct event){ .ts = a->memory[m].ts, .index = a->memory[m].index, .thread = a->memory[m].thread };
	a->memory_owner = g_new(guint, a->memory_count);
	assign_owners(forest, points, a->memory_count, a->memory_owner);
}

static int compare_device(const void *x, const void *y)
{
	const struct event *a = x, *b = y;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static guint correlation_hash(gconstpointer key)
{
	return g_int64_hash(&((const struct event *)key)->correlation);
}

static gboolean correlation_equal(gconstpointer x, gconstpointer y)
{
	const struct event *a = x, *b = y;
	return a->correlation == b->correlation && a->has_correlation == b->has_correlation;
}

/* Correlation id (of an event) -> the first launch, in sort order, that
 * carries it: a set of launches, keyed by their ids (a set keeps no array
 * of values: 12 bytes a launch, not 20). Launches of other processes that
 * carry it too are counted: ids are unique within a process, so the trace
 * was merged from several. */
static GHashTable *launches_by_correlation(struct attribution *a, const struct threads *threads)
{
	GHashTable *table = g_hash_table_new(correlation_hash, correlation_equal);
	for (guint l = 0; l < a->launch_count; l++) {
		struct event *launch = &a->launches[l];
		if (!launch->has_correlation)
			continue;
		const struct event *first = g_hash_table_lookup(table, launch);
		char one[THREADS_NUMBER_MAX], other[THREADS_NUMBER_MAX];
		if (first && first->thread != launch->thread &&
		    strcmp(threads_pid(threads, first->thread, one), threads_pid(threads, launch->thread, other)) != 0)
			a->shared_ids++;
		if (!first || event_compare(launch, first) < 0)
			g_hash_table_replace(table, launch, launch); /* the key too: a set's keys are its values */
	}
	return table;
}

/* Groups the device events by their launch (a stable counting sort). */
static void claim_device_events(struct attribution *a, GArray *device, const struct threads *threads)
{
	if (device->len > 1) /* qsort may not take the NULL of an empty array */
		qsort(device->data, device->len, sizeof(struct event), compare_device);
	g_autoptr(GHashTable) table = launches_by_correlation(a, threads);
	guint *claim = g_new(guint, device->len + 1);
	a->device_first = g_new0(guint, a->launch_count + 2);
	a->device_time = g_new0(gint64, a->launch_count + 1);
	for (guint d = 0; d < device->len; d++) {
		struct event *event = &g_array_index(device, struct event, d);
		const struct event *found = event->has_correlation ? g_hash_table_lookup(table, event) : NULL;
		claim[d] = found ? (guint)(found - a->launches) : a->launch_count; /* the last group: unclaimed */
		a->device_first[claim[d] + 1]++;
		a->device_time[claim[d]] += event->dur;
	}
	for (guint l = 0; l <= a->launch_count; l++)
		a->device_first[l + 1] += a->device_first[l];
	a->unclaimed = a->device_first[a->launch_count + 1] - a->device_first[a->launch_count];
	a->claimed = device->len - a->unclaimed;
	a->device_order = g_new(guint, device->len + 1);
	g_autofree guint *next = g_memdup2(a->device_first, sizeof(guint) * (a->launch_count + 1));
	for (guint d = 0; d < device->len; d++)
		a->device_order[next[claim[d]]++] = d;
	for (guint d = 0; d < device->len; d++)
		if (claim[d] == a->launch_count)
			claim[d] = NO_LAUNCH;
	a->by_time = (const struct event *)device->data;
	a->by_time_launch = claim;
}

struct attribution *attribute(struct trace *trace, const struct forest *forest)
{
	struct attribution *a = g_new0(struct attribution, 1);
	a->launches = (struct event *)trace->launches->data;
	a->launch_count = trace->launches->len;
	events_sort_by_thread(a->launches, a->launch_count);
	a->owner = g_new(guint, a->launch_count);
	a->nested = g_new(guint8, a->launch_count);
	assign_owners(forest, a->launches, a->launch_count, a->owner);
	for (guint l = 0; l < a->launch_count; l++) {
		if (a->owner[l] == NO_OWNER)
			a->unattributed++;
		else
			a->attributed++;
	}
	mark_nested(a);
	claim_device_events(a, trace->device, trace->threads);
	attribute_memory(a, trace->memory, forest);
	return a;
}

void attribution_free(struct attribution *a)
{
	if (!a)
		return;
	g_free(a->owner);
	g_free(a->nested);
	g_free(a->device_order);
	g_free(a->device_first);
	g_free(a->device_time);
	g_free(a->by_time_launch);
	g_free(a->memory_owner);
	g_free(a->virtual_launch);
	g_free(a->virtual_by_owner);
	g_free(a->own_launches);
	g_free(a);
}

/* The first of COUNT records (STRIDE bytes apart, sorted by thread, then
 * ts) of THREAD at or after TS, or the first of a later thread: a binary
 * search for (THREAD, TS). The thread and ts of a record lie at THREAD_AT and TS_AT. */
static guint first_at(const void *records, gsize stride, gsize thread_at, gsize ts_at, guint count, guint32 thread,
		      gint64 ts)
{
	guint first = 0, end = count;
	while (first < end) {
		guint middle = first + (end - first) / 2;
		const char *record = (const char *)records + middle * stride;
		guint32 t = *(const guint32 *)(record + thread_at);
		if (t < thread || (t == thread && *(const gint64 *)(record + ts_at) < ts))
			first = middle + 1;
		else
			end = middle;
	}
	return first;
}

/* The first of the virtual launches (by owner) whose owner is OWNER or later. */
static guint first_owned(const struct attribution *a, guint owner)
{
	guint first = 0, end = a->virtual_count;
	while (first < end) {
		guint middle = first + (end - first) / 2;
		if (a->owner[a->virtual_by_owner[middle]] < owner)
			first = middle + 1;
		else
			end = middle;
	}
	return first;
}

static int compare_launches(const void *x, const void *y, void *data)
{
	(void)data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	return (a > b) - (a < b);
}

void attribution_node_launches(const struct attribution *a, const struct forest *forest, guint node,
			       GArray *launches)
{
	const struct event *event = &forest->events[node];
	guint subtree_end = forest->subtree_end[node];
	if (a->virtual_by_owner && forest->replayed_by && forest->replayed_by[node]) { /* grafted: virtual launches only */
		guint from = launches->len, first = first_owned(a, node), end = first_owned(a, subtree_end);
		g_array_append_vals(launches, a->virtual_by_owner + first, end - first);
		g_qsort_with_data(&g_array_index(launches, guint, from), (gint)(end - first), sizeof(guint),
				  compare_launches, NULL);
		return;
	}
	/* every launch of the subtree lies within the node's interval */
	for (guint l = first_at(a->launches, sizeof *a->launches, G_STRUCT_OFFSET(struct event, thread),
				G_STRUCT_OFFSET(struct event, ts), a->launch_count, event->thread, event->ts);
	     l < a->launch_count && a->launches[l].thread == event->thread && a->launches[l].ts <= event_end(event); l++)
		if (a->owner[l] >= node && a->owner[l] < subtree_end)
			g_array_append_val(launches, l);
}

void attribution_node_memory(const struct attribution *a, const struct forest *forest, guint node,
			     struct memory_sums *sums)
{
	const struct event *event = &forest->events[node];
	guint subtree_end = forest->subtree_end[node];
	memset(sums, 0, sizeof *sums);
	for (guint m = first_at(a->memory, sizeof *a->memory, G_STRUCT_OFFSET(struct memory_event, thread),
				G_STRUCT_OFFSET(struct memory_event, ts), a->memory_count, event->thread, event->ts);
	     m < a->memory_count && a->memory[m].thread == event->thread && a->memory[m].ts <= event_end(event); m++) {
		guint owner = a->memory_owner[m];
		if (owner < node || owner >= subtree_end || a->memory[m].out_of_memory)
			continue;
		gint64 *inclusive = a->memory[m].device ? &sums->device : &sums->host;
		gint64 *self = a->memory[m].device ? &sums->self_device : &sums->self_host;
		*inclusive += a->memory[m].bytes;
		if (owner == node)
			*self += a->memory[m].bytes;
	}
}

void attribution_coverage(const struct attribution *a, struct coverage *c)
{
	memset(c, 0, sizeof *c);
	c->events = a->claimed + a->unclaimed;
	for (guint l = 0; l <= a->launch_count; l++) /* the last group: unclaimed events */
		c->total += a->device_time[l];
	gboolean counted = FALSE; /* the launch at hand is counted among those outside */
	for (guint l = 0; l < a->launch_count; l++) {
		gboolean part = a->virtual_launch && a->virtual_launch[l]; /* of the launch before it (grafted) */
		if (!part)
			counted = FALSE;
		if (a->owner[l] != NO_OWNER) {
			c->monitored += a->device_time[l];
		} else if (a->device_first[l + 1] > a->device_first[l]) {
			c->outside += a->device_time[l];
			c->outside_launches += !counted;
			counted = TRUE;
		}
	}
}

gint64 node_self_host_time(const struct forest *forest, guint node)
{
	gint64 self = forest->events[node].dur;
	for (guint child = node + 1; child < forest->subtree_end[node]; child = forest->subtree_end[child])
		self -= forest->events[child].dur;
	return MAX(self, 0);
}
