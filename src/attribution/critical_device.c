/* The device part of the critical graph (src/attribution/critical_graph.h).
 * Each device event (in the attribution's (ts, position) order) makes its
 * start and end instants, a duration edge and, when a launch claims it, a
 * launch edge from that launch's start (a graft keeps the graph launch).
 * The events are then bucketed by thread (a stream: pid the device, tid
 * the stream) and by graph launch (a counting sort each, keeping (ts,
 * position) order); in each bucket an event follows the earlier one that
 * ended last at or before its start: the bucket sorted by end (a radix
 * sort, src/util/radix.h) and swept with the starts. A blocking launch's sync edge comes from
 * the latest end among the device events of it and of the launches nested
 * in it (their outermost launch, from the host part); the cuda_sync events
 * and the synchronizing calls are src/attribution/critical_sync.h's. */
#include "attribution/critical_device.h"
#include <string.h>
#include "attribution/blocking.h"
#include "attribution/critical_sync.h"
#include "attribution/sums.h"
#include "util/radix.h"

static gint64 device_end_time(const struct critical_build *b, guint32 i)
{
	return critical_node_time(b, b->device_start[i] + 1);
}

/* The N device events LIST (by_time indices, in (ts, position) order): each
 * one's edge of KIND from the end of the earlier one that ended last at or
 * before its start (the first of those in order). */
static void critical_order_edges(struct critical_build *b, const guint32 *list, guint32 n, guint8 kind)
{
	if (n < 2)
		return;
	g_autofree guint32 *by_end = g_new(guint32, n);
	g_autofree guint64 *key = g_new(guint64, n);
	for (guint32 k = 0; k < n; k++) /* by end, then by place in the list */
		by_end[k] = k, key[k] = (guint64)device_end_time(b, list[k]) ^ ((guint64)1 << 63);
	radix_sort(key, by_end, n);
	guint32 p = 0, best = CRITICAL_NONE;
	gint64 best_end = G_MININT64;
	for (guint32 k = 0; k < n; k++) {
		gint64 start = critical_node_time(b, b->device_start[list[k]]);
		while (p < n && device_end_time(b, list[by_end[p]]) <= start) {
			if (by_end[p] >= k)
				break; /* a zero-length event at this start, after it: for a later one */
			gint64 end = device_end_time(b, list[by_end[p]]);
			if (end > best_end)
				best = by_end[p], best_end = end;
			p++;
		}
		if (best != CRITICAL_NONE)
			critical_edge_add(b, b->device_start[list[best]] + 1, b->device_start[list[k]], kind);
	}
}

static gboolean graph_launch(const struct event *launch)
{
	return strstr(launch->name->text, "GraphLaunch") != NULL;
}

/* A blocking launch's end follows the latest end among its device events and those of the launches nested in it. */
static void blocking_edges(struct critical_build *b, guint32 *latest)
{
	const struct attribution *a = b->a;
	guint32 count = b->trace->device->len;
	for (guint32 i = 0; i < count; i++) {
		guint l = a->by_time_launch[i];
		if (l == NO_LAUNCH)
			continue;
		guint32 o = b->outermost[l];
		if (latest[o] == CRITICAL_NONE || device_end_time(b, i) > device_end_time(b, latest[o]))
			latest[o] = i;
	}
	g_autofree guint8 *kinds = blocking_kinds(a);
	for (guint l = 0; l < a->launch_count; l++)
		if ((kinds[l] & LAUNCH_BLOCKING) && latest[l] != CRITICAL_NONE && b->launch_end[l] != CRITICAL_NONE)
			critical_edge_add(b, b->device_start[latest[l]] + 1, b->launch_end[l], CRITICAL_EDGE_SYNC);
	critical_sync_build(b, kinds, latest);
}

void critical_device_build(struct critical_build *b)
{
	const struct attribution *a = b->a;
	guint32 count = b->trace->device->len;
	for (guint32 i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		guint32 label = critical_short_label(b, e->name);
		guint32 start = critical_node_add(b, CRITICAL_DEVICE_START, e->ts, label, 0, e->index);
		guint32 end = critical_node_add(b, CRITICAL_DEVICE_END, event_end(e), label, critical_name_factor(b, e->name),
						e->index);
		b->device_start[i] = start;
		critical_edge_add(b, start, end, CRITICAL_EDGE_DURATION);
		guint l = a->by_time_launch[i];
		if (l != NO_LAUNCH && b->launch_start[l] != CRITICAL_NONE)
			critical_edge_add(b, b->launch_start[l], start, CRITICAL_EDGE_LAUNCH);
	}
	/* streams: the events' threads */
	guint32 threads = threads_count(b->trace->threads);
	g_autofree guint32 *key = g_new(guint32, count + 1);
	for (guint32 i = 0; i < count; i++)
		key[i] = a->by_time[i].thread;
	g_autofree guint32 *first = NULL;
	g_autofree guint32 *events = critical_bucket(key, count, threads, &first);
	for (guint32 t = 0; t < threads; t++)
		critical_order_edges(b, events + first[t], first[t + 1] - first[t], CRITICAL_EDGE_STREAM);
	/* graph replays: the events of each graph launch */
	for (guint32 i = 0; i < count; i++) {
		guint l = a->by_time_launch[i];
		key[i] = l != NO_LAUNCH && graph_launch(&a->launches[l]) ? l : CRITICAL_NONE;
	}
	g_autofree guint32 *replay_first = NULL;
	g_autofree guint32 *replayed = critical_bucket(key, count, a->launch_count, &replay_first);
	for (guint l = 0; l < a->launch_count; l++)
		critical_order_edges(b, replayed + replay_first[l], replay_first[l + 1] - replay_first[l],
				     CRITICAL_EDGE_REPLAY);
	g_autofree guint32 *latest = g_new(guint32, a->launch_count + 1);
	for (guint l = 0; l < a->launch_count; l++)
		latest[l] = CRITICAL_NONE;
	blocking_edges(b, latest);
	if (b->config->comms) {
		struct classifier classifier;
		classifier_init(&classifier, b->config->communication);
		b->graph->comms = g_array_new(FALSE, FALSE, sizeof(struct critical_comm));
		for (guint32 i = 0; i < count; i++)
			if (classifier_class(&classifier, &a->by_time[i]) == CLASS_COMMUNICATION) {
				struct critical_comm comm = { b->device_start[i], b->device_start[i] + 1,
							      a->by_time[i].index };
				g_array_append_val(b->graph->comms, comm);
			}
		classifier_clear(&classifier);
	}
}
