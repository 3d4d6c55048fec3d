#include "attribution/critical_sync.h"
#include <string.h>
#include "attribution/blocking.h"
#include "util/radix.h"

/* Device events (by_time indices) in buckets, each sorted by end, or by (ts, position). */
struct groups {
	guint32 *first, *events;
	guint32 keys;
};

struct sync_index {
	struct critical_build *b;
	GHashTable *by_correlation; /* gint64 * (a launch's correlation) -> launch + 1 */
	GHashTable *streams;        /* "device/stream" -> thread + 1 */
	struct groups stream_order; /* by thread, (ts, position) order, claimed events */
	gint64 *reach;              /* per entry of stream_order: the latest launch ts of its stream up to it */
	struct groups stream_end, device_end, pid_end; /* sorted by end */
};

static gint64 end_time(const struct critical_build *b, guint32 i)
{
	return critical_node_time(b, b->device_start[i] + 1);
}

/* KEY's buckets of the device events, each in (ts, position) order, or, with BY_END (the events by end), by end. */
static void groups_make(struct groups *g, struct critical_build *b, const guint32 *key, guint32 keys, const guint32 *by_end)
{
	guint32 count = b->trace->device->len;
	g->keys = keys;
	if (!by_end) {
		g->events = critical_bucket(key, count, keys, &g->first);
		return;
	}
	g_autofree guint32 *ordered = g_new(guint32, count + 1);
	for (guint32 k = 0; k < count; k++)
		ordered[k] = key[by_end[k]];
	g->events = critical_bucket(ordered, count, keys, &g->first); /* places in the end order: stable */
	for (guint32 k = 0; k < g->first[keys]; k++)
		g->events[k] = by_end[g->events[k]];
}

static void groups_clear(struct groups *g)
{
	g_free(g->first);
	g_free(g->events);
}

/* The last event of bucket K ending at or before LIMIT, or CRITICAL_NONE. */
static guint32 last_ending(const struct critical_build *b, const struct groups *g, guint32 k, gint64 limit)
{
	if (k >= g->keys)
		return CRITICAL_NONE;
	guint32 lo = g->first[k], hi = g->first[k + 1];
	while (lo < hi) { /* the first ending after LIMIT */
		guint32 mid = lo + (hi - lo) / 2;
		if (end_time(b, g->events[mid]) <= limit)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > g->first[k] ? g->events[lo - 1] : CRITICAL_NONE;
}

/* The stream (a thread) of DEVICE and STREAM, or CRITICAL_NONE. */
static guint32 stream_of(const struct sync_index *x, gint64 device, gint64 stream)
{
	g_autofree char *key = g_strdup_printf("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT, device, stream);
	return GPOINTER_TO_UINT(g_hash_table_lookup(x->streams, key)) - 1;
}

/* In stream T, the last event launched at or before TS (AFTER: the first launched at or after it). */
static guint32 launched(const struct sync_index *x, guint32 t, gint64 ts, gboolean after)
{
	if (t == CRITICAL_NONE)
		return CRITICAL_NONE;
	guint32 lo = x->stream_order.first[t], hi = x->stream_order.first[t + 1], first = lo;
	while (lo < hi) { /* the first whose reach is past TS (AFTER: at or past it) */
		guint32 mid = lo + (hi - lo) / 2;
		if (after ? x->reach[mid] < ts : x->reach[mid] <= ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (after)
		return lo < x->stream_order.first[t + 1] ? x->stream_order.events[lo] : CRITICAL_NONE;
	return lo > first ? x->stream_order.events[lo - 1] : CRITICAL_NONE;
}

/* The stream number of a device event's thread: the digits its tid ends with; -1 without. */
static gint64 stream_number(const struct threads *threads, guint32 thread)
{
	char buf[THREADS_NUMBER_MAX];
	const char *tid = threads_tid(threads, thread, buf);
	gsize len = strlen(tid), start = len;
	while (start > 0 && g_ascii_isdigit(tid[start - 1]))
		start--;
	return start < len && len - start < 18 ? g_ascii_strtoll(tid + start, NULL, 10) : -1;
}

static void index_build(struct sync_index *x, struct critical_build *b)
{
	const struct attribution *a = b->a;
	guint32 count = b->trace->device->len, threads = threads_count(b->trace->threads);
	x->b = b;
	x->by_correlation = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint l = 0; l < a->launch_count; l++) /* the first in sort order has it */
		if (a->launches[l].has_correlation && !(a->virtual_launch && a->virtual_launch[l]) &&
		    !g_hash_table_contains(x->by_correlation, &a->launches[l].correlation))
			g_hash_table_insert(x->by_correlation, (gpointer)&a->launches[l].correlation, GUINT_TO_POINTER(l + 1));
	x->streams = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	g_autofree guint32 *key = g_new(guint32, count + 1);
	for (guint32 i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		gint64 stream = stream_number(b->trace->threads, e->thread);
		if (e->has_device && stream >= 0) {
			char *name = g_strdup_printf("%u/%" G_GINT64_FORMAT, (guint)e->device, stream);
			if (!g_hash_table_contains(x->streams, name))
				g_hash_table_insert(x->streams, name, GUINT_TO_POINTER(e->thread + 1));
			else
				g_free(name);
		}
		key[i] = a->by_time_launch[i] != NO_LAUNCH ? e->thread : CRITICAL_NONE;
	}
	g_autofree guint32 *by_end = g_new(guint32, count + 1); /* the events by end, then (ts, position) */
	g_autofree guint64 *end_key = g_new(guint64, count + 1);
	for (guint32 i = 0; i < count; i++)
		by_end[i] = i, end_key[i] = (guint64)end_time(b, i) ^ ((guint64)1 << 63);
	radix_sort(end_key, by_end, count);
	groups_make(&x->stream_order, b, key, threads, NULL);
	guint32 ordered = x->stream_order.first[threads];
	x->reach = g_new(gint64, ordered + 1);
	for (guint32 t = 0; t < threads; t++) {
		gint64 reach = G_MININT64;
		for (guint32 k = x->stream_order.first[t]; k < x->stream_order.first[t + 1]; k++) {
			reach = MAX(reach, a->launches[a->by_time_launch[x->stream_order.events[k]]].ts);
			x->reach[k] = reach;
		}
	}
	groups_make(&x->stream_end, b, key, threads, by_end);
	for (guint32 i = 0; i < count; i++)
		key[i] = a->by_time[i].has_device ? a->by_time[i].device : CRITICAL_NONE;
	groups_make(&x->device_end, b, key, G_MAXUINT16 + 1, by_end);
	for (guint32 i = 0; i < count; i++) {
		guint l = a->by_time_launch[i];
		key[i] = l != NO_LAUNCH ? b->thread_pid[a->launches[l].thread] : CRITICAL_NONE;
	}
	groups_make(&x->pid_end, b, key, threads, by_end);
}

static void index_clear(struct sync_index *x)
{
	g_hash_table_destroy(x->by_correlation);
	g_hash_table_destroy(x->streams);
	groups_clear(&x->stream_order);
	groups_clear(&x->stream_end);
	groups_clear(&x->device_end);
	groups_clear(&x->pid_end);
	g_free(x->reach);
}

static guint32 launch_of(const struct sync_index *x, gint64 correlation)
{
	return GPOINTER_TO_UINT(g_hash_table_lookup(x->by_correlation, &correlation)) - 1;
}

/* The edges of the cuda_sync event S; whether it settled its call's wait. */
static gboolean sync_edges(struct sync_index *x, const struct sync_event *s)
{
	struct critical_build *b = x->b;
	guint32 l = s->has_correlation ? launch_of(x, s->correlation) : CRITICAL_NONE;
	if (l == CRITICAL_NONE || b->launch_end[l] == CRITICAL_NONE)
		return FALSE;
	gint64 call_end = critical_node_time(b, b->launch_end[l]);
	guint32 from = CRITICAL_NONE;
	if (s->kind == SYNC_STREAM) {
		guint32 t = stream_of(x, s->device, s->stream);
		from = t == CRITICAL_NONE ? CRITICAL_NONE : last_ending(b, &x->stream_end, t, call_end);
	} else if (s->kind == SYNC_CONTEXT) {
		from = s->device >= 0 ? last_ending(b, &x->device_end, (guint32)MIN(s->device, G_MAXUINT16 + 1), call_end)
				      : CRITICAL_NONE;
	} else if (s->kind == SYNC_EVENT || s->kind == SYNC_STREAM_WAIT) {
		guint32 record = s->record_correlation >= 0 ? launch_of(x, s->record_correlation) : CRITICAL_NONE;
		if (record != CRITICAL_NONE)
			from = launched(x, stream_of(x, s->device, s->wait_stream), b->a->launches[record].ts, FALSE);
		if (s->kind == SYNC_STREAM_WAIT) {
			guint32 to = launched(x, stream_of(x, s->device, s->stream), b->a->launches[l].ts, TRUE);
			if (from != CRITICAL_NONE && to != CRITICAL_NONE)
				critical_edge_add(b, b->device_start[from] + 1, b->device_start[to], CRITICAL_EDGE_WAIT);
			return FALSE; /* the call itself does not wait */
		}
	} else {
		return FALSE;
	}
	if (from != CRITICAL_NONE)
		critical_edge_add(b, b->device_start[from] + 1, b->launch_end[l], CRITICAL_EDGE_SYNC);
	return TRUE;
}

void critical_sync_build(struct critical_build *b, const guint8 *kinds, const guint32 *latest)
{
	const struct attribution *a = b->a;
	const GArray *syncs = b->trace->syncs;
	gboolean named = FALSE; /* a synchronizing call without device events of its own */
	for (guint l = 0; l < a->launch_count && !named; l++)
		named = (kinds[l] & LAUNCH_SYNCHRONIZE) && latest[l] == CRITICAL_NONE;
	if (!syncs->len && !named)
		return;
	struct sync_index x;
	index_build(&x, b);
	g_autofree guint8 *settled = g_new0(guint8, a->launch_count + 1);
	for (guint i = 0; i < syncs->len; i++) {
		const struct sync_event *s = &g_array_index(syncs, struct sync_event, i);
		if (sync_edges(&x, s))
			settled[launch_of(&x, s->correlation)] = 1;
	}
	for (guint l = 0; l < a->launch_count; l++) {
		if (!(kinds[l] & LAUNCH_SYNCHRONIZE) || settled[l] || latest[l] != CRITICAL_NONE ||
		    b->launch_end[l] == CRITICAL_NONE)
			continue;
		guint32 from = last_ending(b, &x.pid_end, b->thread_pid[a->launches[l].thread],
					   critical_node_time(b, b->launch_end[l]));
		if (from != CRITICAL_NONE)
			critical_edge_add(b, b->device_start[from] + 1, b->launch_end[l], CRITICAL_EDGE_SYNC);
	}
	index_clear(&x);
}
