#include "attribution/idle_classes.h"
#include <stdlib.h>

guint idle_class_of(gint64 length)
{
	guint c = 0;
	for (gint64 bound = 10000; c < IDLE_CLASSES - 1 && length >= bound; bound *= 10)
		c++;
	return c;
}

const char *idle_class_label(guint class)
{
	static const char *const labels[IDLE_CLASSES] = { "< 10 us", "10-100 us", "0.1-1 ms", "1-10 ms", ">= 10 ms" };
	return class < IDLE_CLASSES ? labels[class] : "";
}

struct building {
	struct idle_classes_device out;
	gint64 first, last, busy_first;
	struct idle_track track;
	GArray *gaps; /* struct idle_gap, with a range */
	GArray *pids; /* guint: steps' pid indices of the launches, with a range */
};

/* The union U of a device's windows, and the lengths before each. */
struct windows {
	GArray *list; /* struct idle_interval */
	gint64 *before;
};

/* The length of U within (-inf, T). */
static gint64 within(const struct windows *w, gint64 t)
{
	const struct idle_interval *u = (const struct idle_interval *)w->list->data;
	guint low = 0, high = w->list->len;
	while (low < high) { /* the first that ends after T */
		guint mid = low + (high - low) / 2;
		if (u[mid].end <= t)
			low = mid + 1;
		else
			high = mid;
	}
	return w->before[low] + (low < w->list->len && u[low].start < t ? t - u[low].start : 0);
}

static gint64 measure(const struct windows *w, gint64 from, gint64 to)
{
	return w ? within(w, to) - within(w, from) : to - from;
}

/* Adds GAP (its class by its whole length) to B, its parts within W (NULL: whole). */
static void add_gap(struct building *b, const struct idle_gap *gap, const struct windows *w)
{
	gint64 idle = measure(w, gap->start, gap->end);
	if (idle <= 0)
		return;
	struct idle_class *c = &b->out.classes[idle_class_of(gap->end - gap->start)];
	c->gaps++;
	c->idle += idle;
	c->host_wait += measure(w, gap->start, gap->wait_end);
}

static void note_gap(struct building *b, const struct idle_gap *gap)
{
	if (b->gaps)
		g_array_append_val(b->gaps, *gap);
	else
		add_gap(b, gap, NULL);
}

static struct building *device_of(GArray *devices, GHashTable *by_device, const struct event *e, gboolean range)
{
	guint found = GPOINTER_TO_UINT(g_hash_table_lookup(by_device, GUINT_TO_POINTER(e->device)));
	if (!found) {
		struct building b = { .out.device = e->device, .first = e->ts, .last = event_end(e) };
		if (range) {
			b.gaps = g_array_new(FALSE, FALSE, sizeof(struct idle_gap));
			b.pids = g_array_new(FALSE, FALSE, sizeof(guint));
		}
		g_array_append_val(devices, b);
		found = devices->len;
		g_hash_table_insert(by_device, GUINT_TO_POINTER(e->device), GUINT_TO_POINTER(found));
	}
	return &g_array_index(devices, struct building, found - 1);
}

static void note_pid(struct building *b, guint pid)
{
	for (guint i = b->pids->len; i-- > 0;)
		if (g_array_index(b->pids, guint, i) == pid)
			return;
	g_array_append_val(b->pids, pid);
}

/* The sweep over the device events in (ts, position) order. */
static void build(const struct attribution *a, const struct steps *steps, gboolean range, GArray *devices)
{
	g_autoptr(GHashTable) by_device = g_hash_table_new(NULL, NULL);
	guint count = a->claimed + a->unclaimed, last_device = G_MAXUINT;
	struct building *b = NULL;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (!e->has_device)
			continue;
		if (!b || e->device != last_device) /* the device of the event before, looked up once */
			b = device_of(devices, by_device, e, range), last_device = e->device;
		b->last = MAX(b->last, event_end(e));
		gint64 launch_ts = 0;
		gboolean has_launch = idle_launch_ts(a, i, &launch_ts);
		if (e->dur > 0 && !b->track.started)
			b->busy_first = e->ts;
		struct idle_gap gap;
		if (idle_track_add(&b->track, e, has_launch, launch_ts, &gap))
			note_gap(b, &gap);
		if (range && has_launch && steps) {
			guint32 thread = a->launches[a->by_time_launch[i]].thread;
			guint pid = thread < steps->threads ? steps->thread_pid[thread] : G_MAXUINT;
			if (pid != G_MAXUINT)
				note_pid(b, pid);
		}
	}
}

/* The span's time outside every busy interval and gap: other idle, as gaps. */
static void note_edges(struct building *b)
{
	if (!b->track.started) { /* zero-length events only */
		note_gap(b, &(struct idle_gap){ b->first, b->last, b->first });
		return;
	}
	if (b->busy_first > b->first)
		note_gap(b, &(struct idle_gap){ b->first, b->busy_first, b->first });
	if (b->last > b->track.end)
		note_gap(b, &(struct idle_gap){ b->track.end, b->last, b->track.end });
}

static int compare_intervals(const void *x, const void *y)
{
	const struct idle_interval *a = x, *b = y;
	return (a->start > b->start) - (a->start < b->start);
}

/* U of B's processes' selected steps. */
static void windows_init(struct windows *w, const struct building *b, const struct steps *steps,
			 const struct step_range *range)
{
	g_autoptr(GArray) all = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	for (guint p = 0; steps && p < b->pids->len; p++) {
		guint pid = g_array_index(b->pids, guint, p);
		for (guint s = steps->pid_first[pid]; s < steps->pid_first[pid + 1]; s++)
			if (step_range_holds(range, steps->number[s])) {
				struct idle_interval v = { steps->events[s].ts, event_end(&steps->events[s]) };
				g_array_append_val(all, v);
			}
	}
	if (all->len > 1)
		qsort(all->data, all->len, sizeof(struct idle_interval), compare_intervals);
	w->list = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	for (guint i = 0; i < all->len; i++)
		intervals_extend(w->list, g_array_index(all, struct idle_interval, i).start,
				 g_array_index(all, struct idle_interval, i).end);
	w->before = g_new(gint64, w->list->len + 1);
	w->before[0] = 0;
	for (guint i = 0; i < w->list->len; i++) {
		const struct idle_interval *v = &g_array_index(w->list, struct idle_interval, i);
		w->before[i + 1] = w->before[i] + (v->end - v->start);
	}
}

static int compare_devices(const void *x, const void *y)
{
	const struct building *a = x, *b = y;
	return (a->out.device > b->out.device) - (a->out.device < b->out.device);
}

struct idle_classes *idle_classes_compute(const struct attribution *a, const struct steps *steps,
					  const struct step_range *range)
{
	gboolean clipped = range && range->given;
	GArray *devices = g_array_new(FALSE, FALSE, sizeof(struct building));
	build(a, steps, clipped, devices);
	if (devices->len > 1)
		qsort(devices->data, devices->len, sizeof(struct building), compare_devices);
	struct idle_classes *out = g_new0(struct idle_classes, 1);
	out->count = devices->len;
	out->devices = g_new0(struct idle_classes_device, out->count);
	for (guint i = 0; i < devices->len; i++) {
		struct building *b = &g_array_index(devices, struct building, i);
		note_edges(b);
		b->out.span = b->last - b->first;
		if (clipped) {
			struct windows w;
			windows_init(&w, b, steps, range);
			for (guint g = 0; g < b->gaps->len; g++)
				add_gap(b, &g_array_index(b->gaps, struct idle_gap, g), &w);
			b->out.span = measure(&w, b->first, b->last);
			g_array_free(w.list, TRUE);
			g_free(w.before);
			g_array_free(b->gaps, TRUE);
			g_array_free(b->pids, TRUE);
		}
		out->devices[i] = b->out;
	}
	g_array_free(devices, TRUE);
	return out;
}

void idle_classes_free(struct idle_classes *c)
{
	if (!c)
		return;
	g_free(c->devices);
	g_free(c);
}
