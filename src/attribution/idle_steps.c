#include "attribution/idle_steps.h"
#include "attribution/idle.h"
#include <stdlib.h>

/* A device's busy and host-wait intervals over the whole trace. */
struct device_lists {
	GArray *busy, *wait; /* struct idle_interval */
	struct idle_track track;
	guint last_pid;      /* the step pid of its last pair, G_MAXUINT: none yet */
};

struct lists {
	GArray *devices;     /* struct device_lists */
	GHashTable *by_key;  /* device key -> index + 1 */
	GArray *pairs;       /* guint64: step pid << 32 | device index, repeats allowed */
};

static struct device_lists *device_of(struct lists *l, guint key, guint *index)
{
	guint found = GPOINTER_TO_UINT(g_hash_table_lookup(l->by_key, GUINT_TO_POINTER(key)));
	if (!found) {
		struct device_lists d = { g_array_new(FALSE, FALSE, sizeof(struct idle_interval)),
					  g_array_new(FALSE, FALSE, sizeof(struct idle_interval)), { 0 }, G_MAXUINT };
		g_array_append_val(l->devices, d);
		found = l->devices->len;
		g_hash_table_insert(l->by_key, GUINT_TO_POINTER(key), GUINT_TO_POINTER(found));
	}
	*index = found - 1;
	return &g_array_index(l->devices, struct device_lists, found - 1);
}

/* The sweep: each device's lists, and which step pids launched on it. */
static void build(struct lists *l, const struct attribution *a, const struct threads *threads,
		  const struct steps *steps)
{
	struct device_keys keys;
	device_keys_init(&keys, threads);
	guint count = a->claimed + a->unclaimed, last_key = G_MAXUINT, index = 0;
	struct device_lists *d = NULL;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		guint key = device_key(&keys, e);
		if (!d || key != last_key) /* the device of the event before, looked up once */
			d = device_of(l, key, &index), last_key = key;
		gint64 launch_ts = 0;
		gboolean has_launch = idle_launch_ts(a, i, &launch_ts);
		struct idle_gap gap;
		if (idle_track_add(&d->track, e, has_launch, launch_ts, &gap))
			intervals_extend(d->wait, gap.start, gap.wait_end);
		intervals_extend(d->busy, e->ts, event_end(e));
		if (!has_launch)
			continue;
		guint32 thread = a->launches[a->by_time_launch[i]].thread;
		guint pid = thread < steps->threads ? steps->thread_pid[thread] : G_MAXUINT;
		if (pid != G_MAXUINT && pid != d->last_pid) {
			guint64 pair = (guint64)pid << 32 | index;
			g_array_append_val(l->pairs, pair);
			d->last_pid = pid;
		}
	}
	device_keys_clear(&keys);
}

static int compare_pairs(const void *x, const void *y)
{
	guint64 a = *(const guint64 *)x, b = *(const guint64 *)y;
	return (a > b) - (a < b);
}

/* LIST clipped to [FROM, TO) and unioned into *INTO (swapped with SPARE). */
static void add_clipped(const GArray *list, gint64 from, gint64 to, GArray **into, GArray **spare, GArray *clipped)
{
	g_array_set_size(clipped, 0);
	intervals_clip((const struct idle_interval *)list->data, list->len, from, to, clipped);
	intervals_union(*into, clipped, *spare);
	GArray *swap = *into;
	*into = *spare;
	*spare = swap;
}

void idle_steps_compute(const struct attribution *a, const struct threads *threads, const struct steps *steps,
			const gboolean *wanted, struct idle_figures *out)
{
	struct lists l = {
		.devices = g_array_new(FALSE, FALSE, sizeof(struct device_lists)),
		.by_key = g_hash_table_new(NULL, NULL),
		.pairs = g_array_new(FALSE, FALSE, sizeof(guint64)),
	};
	build(&l, a, threads, steps);
	if (l.pairs->len > 1)
		qsort(l.pairs->data, l.pairs->len, sizeof(guint64), compare_pairs);
	const guint64 *pairs = (const guint64 *)l.pairs->data;
	GArray *busy = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	GArray *wait = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	GArray *spare = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	GArray *clipped = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	for (guint s = 0; s < steps->count; s++) {
		if (wanted && !wanted[s])
			continue;
		const struct event *step = &steps->events[s];
		guint64 pid = steps->thread_pid[step->thread];
		gint64 from = step->ts, to = event_end(step);
		g_array_set_size(busy, 0);
		g_array_set_size(wait, 0);
		guint low = 0, high = l.pairs->len;
		while (low < high) { /* the pid's first pair */
			guint mid = low + (high - low) / 2;
			if (pairs[mid] >> 32 < pid)
				low = mid + 1;
			else
				high = mid;
		}
		for (guint p = low; p < l.pairs->len && pairs[p] >> 32 == pid; p++) {
			if (p > low && pairs[p] == pairs[p - 1])
				continue;
			const struct device_lists *d = &g_array_index(l.devices, struct device_lists, (guint)pairs[p]);
			add_clipped(d->busy, from, to, &busy, &spare, clipped);
			add_clipped(d->wait, from, to, &wait, &spare, clipped);
		}
		out[s].known = a->claimed + a->unclaimed > 0; /* no device at all: no idle figure */
		out[s].idle = out[s].known ? step->dur - intervals_length(busy) : 0;
		out[s].host_wait = out[s].known ? intervals_length(wait) - intervals_overlap(wait, busy) : 0;
	}
	g_array_free(busy, TRUE);
	g_array_free(wait, TRUE);
	g_array_free(spare, TRUE);
	g_array_free(clipped, TRUE);
	for (guint i = 0; i < l.devices->len; i++) {
		g_array_free(g_array_index(l.devices, struct device_lists, i).busy, TRUE);
		g_array_free(g_array_index(l.devices, struct device_lists, i).wait, TRUE);
	}
	g_array_free(l.devices, TRUE);
	g_hash_table_destroy(l.by_key);
	g_array_free(l.pairs, TRUE);
}
