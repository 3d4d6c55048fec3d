#include "attribution/timeline.h"
#include "attribution/idle.h"
#include "util/percent.h"
#include <stdlib.h>
#include <string.h>

/* The unions a group keeps: one per class (indexed by enum device_class),
 * every event's, and communication's and compute's together. */
enum { UNION_ALL = CLASS_COUNT, UNION_COMM_OR_COMPUTE, UNIONS };

/* A union being merged in ts order: the run [start, end) still open, and
 * the length of the runs closed before it. */
struct run {
	gint64 start, end, total;
};

struct group {
	struct timeline_device out;
	struct run runs[UNIONS];
	struct idle_track idle;
};

struct sweep {
	GArray *groups;        /* struct group */
	GHashTable *by_key;    /* group key -> index + 1 */
	guint last_key, last_index; /* the group of the event before, looked up once */
	gboolean has_last;
	struct device_keys keys;
	const struct attribution *attribution; /* for the events' launches; NULL: none known */
	struct classifier classifier;
};

static void run_add(struct run *r, gint64 ts, gint64 end)
{
	if (ts > r->end) { /* a gap: the open run is done */
		r->total += r->end - r->start;
		r->start = ts;
		r->end = end;
	} else if (end > r->end) {
		r->end = end;
	}
}

static gint64 run_length(const struct run *r)
{
	return r->total + (r->end - r->start);
}

/* The group of E, made when E is its first event (its earliest: events come in ts order). */
static struct group *group_of(struct sweep *s, const struct event *e)
{
	guint key = device_key(&s->keys, e);
	if (!s->has_last || s->last_key != key) {
		gpointer found = g_hash_table_lookup(s->by_key, GUINT_TO_POINTER(key));
		if (found) {
			s->last_index = GPOINTER_TO_UINT(found) - 1;
		} else {
			struct group g = { .out = { .has_device = e->has_device, .device = e->device, .first = e->ts,
						    .last = event_end(e) } };
			if (!e->has_device)
				g.out.pid = g_strdup(device_keys_pid(&s->keys, e->thread, (char[THREADS_NUMBER_MAX]){ 0 }));
			for (guint u = 0; u < UNIONS; u++)
				g.runs[u] = (struct run){ G_MININT64, G_MININT64, 0 }; /* empty: any ts starts a run */
			g_array_append_val(s->groups, g);
			s->last_index = s->groups->len - 1;
			g_hash_table_insert(s->by_key, GUINT_TO_POINTER(key), GUINT_TO_POINTER(s->groups->len));
		}
		s->last_key = key;
		s->has_last = TRUE;
	}
	return &g_array_index(s->groups, struct group, s->last_index);
}

/* E, the I-th event of the array. */
static void add(struct sweep *s, const struct event *e, guint i)
{
	struct group *g = group_of(s, e);
	gint64 launch_ts = 0;
	gboolean has_launch = s->attribution && idle_launch_ts(s->attribution, i, &launch_ts);
	struct idle_gap gap;
	idle_track_add(&g->idle, e, has_launch, launch_ts, &gap);
	enum device_class class = classifier_class(&s->classifier, e);
	gint64 end = event_end(e);
	g->out.events++;
	g->out.class_events[class]++;
	g->out.last = MAX(g->out.last, end);
	run_add(&g->runs[UNION_ALL], e->ts, end);
	run_add(&g->runs[class], e->ts, end);
	if (class == CLASS_COMPUTE || class == CLASS_COMMUNICATION)
		run_add(&g->runs[UNION_COMM_OR_COMPUTE], e->ts, end);
}

/* qsort has no argument for the array the indices point into. */
static _Thread_local const struct event *sort_events;

static int compare_by_ts(const void *x, const void *y)
{
	const struct event *a = &sort_events[*(const guint32 *)x], *b = &sort_events[*(const guint32 *)y];
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index; /* (ts, position): the idle rule's order */
}

static int compare_devices(const void *x, const void *y)
{
	const struct timeline_device *a = x, *b = y;
	if (a->has_device != b->has_device)
		return a->has_device ? -1 : 1;
	if (a->has_device)
		return a->device < b->device ? -1 : a->device > b->device;
	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return strcmp(a->pid, b->pid);
}

struct timeline *timeline_compute(const struct event *events, guint count, const struct attribution *attribution,
				  const struct threads *threads, const GRegex *communication)
{
	struct sweep s = {
		.groups = g_array_new(FALSE, FALSE, sizeof(struct group)),
		.by_key = g_hash_table_new(NULL, NULL),
		.attribution = attribution,
	};
	device_keys_init(&s.keys, threads);
	classifier_init(&s.classifier, communication);
	guint sorted = 1;
	while (sorted < count && (events[sorted - 1].ts < events[sorted].ts ||
				  (events[sorted - 1].ts == events[sorted].ts && events[sorted - 1].index < events[sorted].index)))
		sorted++;
	if (sorted >= count) {
		for (guint i = 0; i < count; i++)
			add(&s, &events[i], i);
	} else { /* out of order: sort indices, not the events */
		g_autofree guint32 *order = g_new(guint32, count);
		for (guint i = 0; i < count; i++)
			order[i] = i;
		sort_events = events;
		qsort(order, count, sizeof *order, compare_by_ts);
		sort_events = NULL;
		for (guint i = 0; i < count; i++)
			add(&s, &events[order[i]], order[i]);
	}
	struct timeline *t = g_new0(struct timeline, 1);
	t->count = s.groups->len;
	t->devices = g_new0(struct timeline_device, t->count);
	for (guint i = 0; i < t->count; i++) {
		struct group *g = &g_array_index(s.groups, struct group, i);
		struct timeline_device *d = &t->devices[i];
		*d = g->out;
		d->busy = run_length(&g->runs[UNION_ALL]);
		for (guint c = 0; c < CLASS_COUNT; c++)
			d->class_busy[c] = run_length(&g->runs[c]);
		d->overlap = d->class_busy[CLASS_COMPUTE] + d->class_busy[CLASS_COMMUNICATION] -
			     run_length(&g->runs[UNION_COMM_OR_COMPUTE]);
		d->idle = (d->last - d->first) - d->busy;
		d->host_wait = g->idle.wait;
	}
	if (t->count > 1)
		qsort(t->devices, t->count, sizeof *t->devices, compare_devices);
	classifier_clear(&s.classifier);
	g_array_free(s.groups, TRUE);
	g_hash_table_destroy(s.by_key);
	device_keys_clear(&s.keys);
	return t;
}

void timeline_free(struct timeline *t)
{
	if (!t)
		return;
	for (guint i = 0; i < t->count; i++)
		g_free(t->devices[i].pid);
	g_free(t->devices);
	g_free(t);
}

gint64 timeline_permille(const struct timeline_device *d)
{
	return tenths_of_percent(d->busy, d->last - d->first);
}

gint64 timeline_wait_permille(const struct timeline_device *d)
{
	return tenths_of_percent(d->host_wait, d->idle);
}
