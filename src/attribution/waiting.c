#include "attribution/waiting.h"
#include "attribution/idle.h"
#include "model/names.h"
#include <stdlib.h>
#include <string.h>

static int compare_blamed(const void *x, const void *y)
{
	const struct waiting_blamed *a = x, *b = y;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->device != b->device)
		return a->device < b->device ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

/* The sweep: each device group's gaps, their host-wait parts blamed. */
static GArray *sweep(const struct attribution *a, const struct threads *threads, gint64 *total)
{
	GArray *blamed = g_array_new(FALSE, FALSE, sizeof(struct waiting_blamed));
	g_autoptr(GArray) tracks = g_array_new(FALSE, TRUE, sizeof(struct idle_track));
	g_autoptr(GHashTable) by_key = g_hash_table_new(NULL, NULL); /* device key -> group + 1 */
	struct device_keys keys;
	device_keys_init(&keys, threads);
	guint count = a->claimed + a->unclaimed, last_key = G_MAXUINT, group = 0;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (e->dur <= 0) /* no part in the rule */
			continue;
		guint key = device_key(&keys, e);
		if (key != last_key) {
			group = GPOINTER_TO_UINT(g_hash_table_lookup(by_key, GUINT_TO_POINTER(key + 1)));
			if (!group) {
				g_array_set_size(tracks, tracks->len + 1);
				group = tracks->len;
				g_hash_table_insert(by_key, GUINT_TO_POINTER(key + 1), GUINT_TO_POINTER(group));
			}
			last_key = key;
		}
		gint64 launch_ts = 0;
		gboolean has_launch = idle_launch_ts(a, i, &launch_ts);
		struct idle_gap gap;
		if (idle_track_add(&g_array_index(tracks, struct idle_track, group - 1), e, has_launch, launch_ts, &gap) &&
		    gap.wait_end > gap.start) {
			struct waiting_blamed b = { gap.start, gap.wait_end, a->launches[a->by_time_launch[i]].thread, group - 1 };
			g_array_append_val(blamed, b);
			*total += gap.wait_end - gap.start;
		}
	}
	device_keys_clear(&keys);
	return blamed;
}

struct waiting *waiting_compute(const struct attribution *a, const struct forest *forest)
{
	gint64 total = 0;
	GArray *blamed = sweep(a, forest->thread_ids, &total);
	struct waiting *w = waiting_from(forest, blamed);
	w->host_wait = total;
	return w;
}

GArray *waiting_blamed_list(const struct attribution *a, const struct threads *threads)
{
	gint64 total = 0;
	return sweep(a, threads, &total);
}

struct waiting *waiting_from(const struct forest *forest, GArray *taken)
{
	struct waiting *w = g_new0(struct waiting, 1);
	w->forest = forest;
	g_autoptr(GArray) blamed = taken;
	for (guint i = 0; i < blamed->len; i++) {
		const struct waiting_blamed *x = &g_array_index(blamed, struct waiting_blamed, i);
		w->host_wait += x->end - x->start;
	}
	if (blamed->len > 1)
		qsort(blamed->data, blamed->len, sizeof(struct waiting_blamed), compare_blamed);
	guint n = blamed->len;
	const struct waiting_blamed *b = (const struct waiting_blamed *)blamed->data;
	w->threads = n ? b[n - 1].thread + 1 : 0;
	w->starts = g_new(gint64, n ? n : 1);
	w->ends = g_new(gint64, n ? n : 1);
	w->before = g_new(gint64, n + 1);
	w->thread_runs = g_new0(guint, w->threads + 1);
	g_autoptr(GArray) runs = g_array_new(FALSE, FALSE, sizeof(struct waiting_run));
	w->before[0] = 0;
	for (guint i = 0; i < n; i++) {
		w->starts[i] = b[i].start;
		w->ends[i] = b[i].end;
		w->before[i + 1] = w->before[i] + (b[i].end - b[i].start);
		if (!i || b[i].thread != b[i - 1].thread || b[i].device != b[i - 1].device) {
			struct waiting_run r = { i, 0 };
			g_array_append_val(runs, r);
		}
		g_array_index(runs, struct waiting_run, runs->len - 1).count++;
		w->thread_runs[b[i].thread + 1] = runs->len; /* the runs up to this thread's, for now */
	}
	for (guint t = 1; t <= w->threads; t++) /* threads without runs end where the one before ends */
		w->thread_runs[t] = MAX(w->thread_runs[t], w->thread_runs[t - 1]);
	w->runs = (struct waiting_run *)g_array_free(g_steal_pointer(&runs), FALSE);
	return w;
}

void waiting_free(struct waiting *w)
{
	if (!w)
		return;
	g_free(w->starts);
	g_free(w->ends);
	g_free(w->before);
	g_free(w->runs);
	g_free(w->thread_runs);
	g_free(w);
}

/* The blamed time of run R before T. */
static gint64 run_before(const struct waiting *w, const struct waiting_run *r, gint64 t)
{
	guint low = r->first, high = r->first + r->count;
	while (low < high) { /* the first that ends after T */
		guint mid = low + (high - low) / 2;
		if (w->ends[mid] <= t)
			low = mid + 1;
		else
			high = mid;
	}
	gint64 part = low < r->first + r->count && w->starts[low] < t ? t - w->starts[low] : 0;
	return w->before[low] - w->before[r->first] + part;
}

gint64 waiting_within(const struct waiting *w, guint32 thread, gint64 from, gint64 to)
{
	if (thread >= w->threads || to <= from)
		return 0;
	gint64 sum = 0;
	for (guint r = w->thread_runs[thread]; r < w->thread_runs[thread + 1]; r++)
		sum += run_before(w, &w->runs[r], to) - run_before(w, &w->runs[r], from);
	return sum;
}

gint64 waiting_node(const struct waiting *w, guint node)
{
	const struct event *e = &w->forest->events[node];
	return waiting_within(w, e->thread, e->ts, event_end(e));
}

/* NODE's self device waiting, its inclusive being INCLUSIVE. */
static gint64 self_of(const struct waiting *w, guint node, gint64 inclusive)
{
	if (!inclusive)
		return 0;
	const guint32 *end = w->forest->subtree_end;
	for (guint c = node + 1; c < end[node]; c = end[c])
		inclusive -= waiting_node(w, c);
	return MAX(inclusive, 0);
}

gint64 waiting_self(const struct waiting *w, guint node)
{
	return self_of(w, node, waiting_node(w, node));
}

/* The blamed time of each thread inside its roots' union. */
static gint64 inside_roots(const struct waiting *w)
{
	const struct forest *f = w->forest;
	g_autofree gint64 *open = g_new(gint64, 2 * (gsize)w->threads + 1); /* per thread: the union's run [start, end) */
	g_autofree gboolean *has = g_new0(gboolean, w->threads + 1);
	gint64 inside = 0;
	for (guint r = f->first_root; r != FOREST_END; r = forest_next_root(f, r)) {
		const struct event *e = &f->events[r];
		guint32 t = e->thread;
		if (t >= w->threads || w->thread_runs[t] == w->thread_runs[t + 1] || e->dur <= 0)
			continue;
		if (has[t] && e->ts <= open[2 * t + 1]) { /* roots come by ts on their thread */
			open[2 * t + 1] = MAX(open[2 * t + 1], event_end(e));
			continue;
		}
		if (has[t])
			inside += waiting_within(w, t, open[2 * t], open[2 * t + 1]);
		has[t] = TRUE;
		open[2 * t] = e->ts;
		open[2 * t + 1] = event_end(e);
	}
	for (guint t = 0; t < w->threads; t++)
		if (has[t])
			inside += waiting_within(w, t, open[2 * t], open[2 * t + 1]);
	return inside;
}

void waiting_report(const struct waiting *w, struct waiting_report *report)
{
	const struct forest *f = w->forest;
	*report = (struct waiting_report){ .host_wait = w->host_wait };
	report->inside = inside_roots(w);
	report->outside = report->host_wait - report->inside;
	g_autoptr(GHashTable) by_name = g_hash_table_new_full(name_text_hash, name_text_equal, NULL, g_free);
	for (guint i = 0; i < f->count;) { /* a subtree without device waiting has none below */
		gint64 inclusive = waiting_node(w, i);
		if (!inclusive) {
			i = f->subtree_end[i];
			continue;
		}
		gint64 self = self_of(w, i, inclusive);
		if (self) {
			gint64 *sum = g_hash_table_lookup(by_name, f->events[i].name);
			if (!sum) {
				sum = g_new0(gint64, 1);
				g_hash_table_insert(by_name, (gpointer)f->events[i].name, sum);
			}
			*sum += self;
		}
		i++;
	}
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, by_name);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		gint64 sum = *(gint64 *)value;
		if (!report->most || sum > report->most_waiting ||
		    (sum == report->most_waiting && name_text_order(key, report->most) < 0)) {
			report->most = key;
			report->most_waiting = sum;
		}
	}
	if (!report->inside)
		report->most = NULL;
}
