#include "attribution/timeline_bins.h"
#include <stdlib.h>
#include <string.h>
#include "attribution/busy_window.h"

/* A device's lists: each class's union, every event's, the host wait. */
enum { LIST_ALL = CLASS_COUNT, LIST_WAIT, LISTS };
G_STATIC_ASSERT((int)LIST_ALL == (int)BIN_BUSY && (int)LIST_WAIT == (int)BIN_WAIT);

/* A process whose launches claimed events on the device: its number, and
 * one of its launches' threads (for the step lookup). */
struct device_pid {
	guint pid;
	guint32 thread;
};

struct building {
	guint device;
	gint64 first, last;
	GArray *lists[LISTS]; /* struct idle_interval */
	struct idle_track track;
	GArray *pids;         /* struct device_pid */
	GHashTable *spans;    /* step index + 1 -> struct timeline_step *: the steps of its events' launches */
};

/* Process numbers by pid text, cached per thread. */
struct pids {
	const struct threads *threads;
	guint *by_thread; /* number + 1; 0: not looked up yet */
	GHashTable *numbers; /* pid text -> number + 1 */
};

static guint pid_number(struct pids *p, guint32 thread)
{
	gboolean known = p->threads && thread < threads_count(p->threads);
	if (known && p->by_thread[thread])
		return p->by_thread[thread] - 1;
	char buf[THREADS_NUMBER_MAX];
	const char *text = known ? threads_pid(p->threads, thread, buf) : "?";
	guint number = GPOINTER_TO_UINT(g_hash_table_lookup(p->numbers, text));
	if (!number) {
		number = g_hash_table_size(p->numbers) + 1;
		g_hash_table_insert(p->numbers, g_strdup(text), GUINT_TO_POINTER(number));
	}
	if (known)
		p->by_thread[thread] = number;
	return number - 1;
}

static struct building *device_of(GArray *devices, GHashTable *by_device, const struct event *e)
{
	guint found = GPOINTER_TO_UINT(g_hash_table_lookup(by_device, GUINT_TO_POINTER(e->device)));
	if (!found) {
		struct building b = { .device = e->device, .first = e->ts, .last = event_end(e),
				      .pids = g_array_new(FALSE, FALSE, sizeof(struct device_pid)),
				      .spans = g_hash_table_new_full(NULL, NULL, NULL, g_free) };
		for (guint l = 0; l < LISTS; l++)
			b.lists[l] = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
		g_array_append_val(devices, b);
		found = devices->len;
		g_hash_table_insert(by_device, GUINT_TO_POINTER(e->device), GUINT_TO_POINTER(found));
	}
	return &g_array_index(devices, struct building, found - 1);
}

static void note_pid(struct building *b, guint pid, guint32 thread)
{
	for (guint i = b->pids->len; i-- > 0;)
		if (g_array_index(b->pids, struct device_pid, i).pid == pid)
			return;
	struct device_pid p = { pid, thread };
	g_array_append_val(b->pids, p);
}

/* Widens the device span of step S (an index, or NO_STEP) on B by E. */
static void note_span(struct building *b, guint s, const struct event *e)
{
	if (s == NO_STEP)
		return;
	struct timeline_step *span = g_hash_table_lookup(b->spans, GUINT_TO_POINTER(s + 1));
	if (!span) {
		span = g_new(struct timeline_step, 1);
		*span = (struct timeline_step){ NULL, e->ts, event_end(e), TRUE };
		g_hash_table_insert(b->spans, GUINT_TO_POINTER(s + 1), span);
	}
	span->first = MIN(span->first, e->ts);
	span->last = MAX(span->last, event_end(e));
}

/* The sweep over the device events in (ts, position) order. */
static void build(const struct attribution *a, struct pids *pids, const struct steps *steps,
		  const GRegex *communication, GArray *devices)
{
	g_autoptr(GHashTable) by_device = g_hash_table_new(NULL, NULL);
	struct classifier classifier;
	classifier_init(&classifier, communication);
	guint count = a->claimed + a->unclaimed, last_device = G_MAXUINT, last_pid = G_MAXUINT;
	struct building *b = NULL;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (!e->has_device)
			continue;
		if (!b || e->device != last_device) /* the device of the event before, looked up once */
			b = device_of(devices, by_device, e), last_device = e->device, last_pid = G_MAXUINT;
		gint64 end = event_end(e), launch_ts = 0;
		b->last = MAX(b->last, end);
		gboolean has_launch = idle_launch_ts(a, i, &launch_ts);
		struct idle_gap gap;
		if (idle_track_add(&b->track, e, has_launch, launch_ts, &gap))
			intervals_extend(b->lists[LIST_WAIT], gap.start, gap.wait_end);
		intervals_extend(b->lists[LIST_ALL], e->ts, end);
		intervals_extend(b->lists[classifier_class(&classifier, e)], e->ts, end);
		if (has_launch) {
			const struct event *launch = &a->launches[a->by_time_launch[i]];
			guint pid = pid_number(pids, launch->thread);
			if (pid != last_pid)
				note_pid(b, pid, launch->thread), last_pid = pid;
			if (steps && steps->count)
				note_span(b, steps_find(steps, launch->thread, launch->ts), e);
		}
	}
	classifier_clear(&classifier);
}

static int compare_devices(const void *x, const void *y)
{
	const struct building *a = x, *b = y;
	return (a->device > b->device) - (a->device < b->device);
}

/* Whether step X comes before step Y in sort order (ts, end descending, position). */
static gboolean step_before(const struct event *x, const struct event *y)
{
	if (x->ts != y->ts)
		return x->ts < y->ts;
	if (event_end(x) != event_end(y))
		return event_end(x) > event_end(y);
	return x->index < y->index;
}

/* B's span clipped to its processes' steps in RANGE: FALSE when nothing is left. */
static gboolean clip_to_steps(const struct building *b, const struct steps *steps, const struct step_range *range,
			      gint64 *from, gint64 *to)
{
	gint64 low = G_MAXINT64, high = G_MININT64;
	for (guint p = 0; steps && p < b->pids->len; p++) {
		guint32 thread = g_array_index(b->pids, struct device_pid, p).thread;
		guint pid = thread < steps->threads ? steps->thread_pid[thread] : G_MAXUINT;
		if (pid == G_MAXUINT)
			continue;
		for (guint s = steps->pid_first[pid]; s < steps->pid_first[pid + 1]; s++)
			if (step_range_holds(range, steps->number[s])) {
				low = MIN(low, steps->events[s].ts);
				high = MAX(high, event_end(&steps->events[s]));
			}
	}
	*from = MAX(*from, low);
	*to = MIN(*to, high);
	return *to > *from;
}

static int compare_steps(const void *x, const void *y)
{
	const struct timeline_step *a = x, *b = y;
	return step_before(a->step, b->step) ? -1 : step_before(b->step, a->step) ? 1 : 0;
}

/* D's steps: those of B's processes in RANGE, with their spans on the device. */
static void list_steps(struct timeline_bins_device *d, const struct building *b, const struct steps *steps,
		       const struct step_range *range)
{
	GArray *list = g_array_new(FALSE, FALSE, sizeof(struct timeline_step));
	for (guint p = 0; p < b->pids->len; p++) {
		guint32 thread = g_array_index(b->pids, struct device_pid, p).thread;
		guint pid = thread < steps->threads ? steps->thread_pid[thread] : G_MAXUINT;
		if (pid == G_MAXUINT)
			continue;
		for (guint s = steps->pid_first[pid]; s < steps->pid_first[pid + 1]; s++) {
			if (range && !step_range_holds(range, steps->number[s]))
				continue;
			const struct timeline_step *span = g_hash_table_lookup(b->spans, GUINT_TO_POINTER(s + 1));
			struct timeline_step step = span ? *span : (struct timeline_step){ 0 };
			step.step = &steps->events[s];
			g_array_append_val(list, step);
		}
	}
	if (list->len > 1)
		qsort(list->data, list->len, sizeof(struct timeline_step), compare_steps);
	d->step_count = list->len;
	d->steps = (struct timeline_step *)g_array_free(list, FALSE);
}

static void fill_steps(struct timeline_bins_device *d, const struct building *b, const struct steps *steps)
{
	for (guint k = 0; k < d->bins.count; k++) {
		const struct event *best = NULL;
		for (guint p = 0; p < b->pids->len; p++) {
			guint s = steps_find(steps, g_array_index(b->pids, struct device_pid, p).thread, d->bins.bounds[k]);
			if (s != NO_STEP && (!best || step_before(&steps->events[s], best)))
				best = &steps->events[s];
		}
		d->step[k] = best;
	}
}

/* An accelerator's [memory] event, for the curves. */
struct point {
	guint pid;
	gint64 id, ts, index, total;
	gboolean has_total;
};

static int compare_points(const void *x, const void *y)
{
	const struct point *a = x, *b = y;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

/* The accelerator memory events, sorted by (pid, Device Id, ts, position). */
static GArray *memory_points(const struct attribution *a, struct pids *pids)
{
	GArray *points = g_array_new(FALSE, FALSE, sizeof(struct point));
	for (guint m = 0; m < a->memory_count; m++) {
		const struct memory_event *e = &a->memory[m];
		if (!e->accelerator || e->out_of_memory)
			continue;
		struct point p = { pid_number(pids, e->thread), e->device_id, e->ts, e->index, e->total_allocated,
				   e->has_total };
		g_array_append_val(points, p);
	}
	if (points->len > 1)
		qsort(points->data, points->len, sizeof(struct point), compare_points);
	return points;
}

/* The first point of PID at or after device ID (ID G_MININT64: its first). */
static guint points_find(const GArray *points, guint pid, gint64 id)
{
	const struct point *p = (const struct point *)points->data;
	guint low = 0, high = points->len;
	while (low < high) {
		guint mid = low + (high - low) / 2;
		if (p[mid].pid < pid || (p[mid].pid == pid && p[mid].id < id))
			low = mid + 1;
		else
			high = mid;
	}
	return low;
}

/* Adds to D's allocated cells the curve of PID's memory device for D;
 * FALSE when it has none. */
static gboolean add_curve(struct timeline_bins_device *d, const GArray *points, guint pid)
{
	const struct point *p = (const struct point *)points->data;
	guint n = points->len, first = points_find(points, pid, d->device);
	if (first == n || p[first].pid != pid || p[first].id != d->device) { /* none with its number: its only one? */
		first = points_find(points, pid, G_MININT64);
		if (first == n || p[first].pid != pid)
			return FALSE;
		guint after = first;
		while (after < n && p[after].pid == pid && p[after].id == p[first].id)
			after++;
		if (after < n && p[after].pid == pid)
			return FALSE; /* several */
	}
	gint64 id = p[first].id, value = 0;
	gboolean has = FALSE;
	guint j = first;
	for (guint k = 0; k < d->bins.count; k++) {
		for (; j < n && p[j].pid == pid && p[j].id == id && p[j].ts < d->bins.bounds[k + 1]; j++)
			if (p[j].has_total)
				value = p[j].total, has = TRUE;
		if (has)
			d->allocated[k] = d->allocated[k] == BIN_NO_MEMORY ? value : d->allocated[k] + value;
	}
	d->memory_id = id;
	return TRUE;
}

struct timeline_bins *timeline_bins_compute(const struct attribution *a, const struct threads *threads,
					    const struct steps *steps, const struct step_range *range, guint wanted,
					    const GRegex *communication)
{
	struct pids pids = { threads, threads ? g_new0(guint, threads_count(threads)) : NULL,
			     g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL) };
	GArray *devices = g_array_new(FALSE, FALSE, sizeof(struct building));
	build(a, &pids, steps, communication, devices);
	if (devices->len > 1)
		qsort(devices->data, devices->len, sizeof(struct building), compare_devices);
	GArray *points = memory_points(a, &pids);
	struct timeline_bins *out = g_new0(struct timeline_bins, 1);
	out->count = devices->len;
	out->devices = g_new0(struct timeline_bins_device, out->count);
	for (guint i = 0; i < devices->len; i++) {
		struct building *b = &g_array_index(devices, struct building, i);
		struct timeline_bins_device *d = &out->devices[i];
		d->device = b->device;
		gint64 from = b->first, to = b->last;
		if (!range || !range->given || clip_to_steps(b, steps, range, &from, &to))
			bins_init(&d->bins, from, to, wanted);
		guint count = d->bins.count;
		d->figures = g_new0(gint64, (gsize)count * BIN_FIGURES);
		g_autofree gint64 *spread = g_new(gint64, count ? count : 1); /* never NULL: memset's argument */
		d->has_window = busy_window((const struct idle_interval *)b->lists[LIST_ALL]->data, b->lists[LIST_ALL]->len,
					    BUSY_WINDOW_PERCENT, &d->window_from, &d->window_to);
		for (guint l = 0; l < LISTS; l++) {
			memset(spread, 0, count * sizeof *spread);
			bins_add(&d->bins, (const struct idle_interval *)b->lists[l]->data, b->lists[l]->len, spread);
			for (guint k = 0; k < count; k++)
				d->figures[(gsize)k * BIN_FIGURES + l] = spread[k];
			g_array_free(b->lists[l], TRUE);
		}
		d->step = g_new0(const struct event *, count);
		if (steps) {
			fill_steps(d, b, steps);
			list_steps(d, b, steps, range && range->given ? range : NULL);
		}
		g_hash_table_destroy(b->spans);
		d->allocated = g_new(gint64, count);
		for (guint k = 0; k < count; k++)
			d->allocated[k] = BIN_NO_MEMORY;
		for (guint p = 0; points->len && p < b->pids->len; p++)
			if (add_curve(d, points, g_array_index(b->pids, struct device_pid, p).pid))
				d->memory_curves++, d->memory_thread = g_array_index(b->pids, struct device_pid, p).thread;
		g_array_free(b->pids, TRUE);
	}
	g_array_free(points, TRUE);
	g_array_free(devices, TRUE);
	g_free(pids.by_thread);
	g_hash_table_destroy(pids.numbers);
	return out;
}

guint timeline_bins_device_count(const struct attribution *a)
{
	g_autoptr(GHashTable) seen = g_hash_table_new(NULL, NULL);
	guint count = a->claimed + a->unclaimed, last = G_MAXUINT;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (e->has_device && e->device != last) /* looked up when it changes, as build() does */
			g_hash_table_add(seen, GUINT_TO_POINTER(e->device + 1)), last = e->device;
	}
	return g_hash_table_size(seen);
}

void timeline_bins_free(struct timeline_bins *t)
{
	if (!t)
		return;
	for (guint i = 0; i < t->count; i++) {
		bins_clear(&t->devices[i].bins);
		g_free(t->devices[i].figures);
		g_free(t->devices[i].step);
		g_free(t->devices[i].allocated);
		g_free(t->devices[i].steps);
	}
	g_free(t->devices);
	g_free(t);
}
