#include "attribution/gaps.h"
#include <stdlib.h>
#include "attribution/idle.h"

/* One device's sweep so far. */
struct device_sweep {
	GArray *gaps;        /* struct gap */
	struct idle_track track;
	gint64 first, last;  /* its span so far */
	guint last_zero;     /* the first zero-length event ending at LAST, or GAP_NO_ENDER */
	guint thread;        /* the thread of its latest launch so far, or G_MAXUINT */
	guint16 device;
};

static guint launch_of(const struct attribution *a, guint i)
{
	return a->by_time_launch ? a->by_time_launch[i] : NO_LAUNCH;
}

/* The gap [START, END) ended by the I-th event (GAP_NO_ENDER: none). */
static void add(struct device_sweep *d, const struct attribution *a, gint64 start, gint64 end, guint i, guint8 edge)
{
	struct gap g = { .start = start, .end = end, .wait_end = start, .ender = i, .launch = NO_LAUNCH,
			 .thread = d->thread, .device = d->device, .edge = edge };
	if (i != GAP_NO_ENDER && (g.launch = launch_of(a, i)) != NO_LAUNCH) {
		g.wait_end = idle_wait_end(start, end, a->launches[g.launch].ts);
		g.thread = a->launches[g.launch].thread;
	}
	g_array_append_val(d->gaps, g);
}

static void step(struct device_sweep *d, const struct attribution *a, guint i)
{
	const struct event *e = &a->by_time[i];
	gint64 end = event_end(e);
	if (d->last == G_MININT64) /* its first event */
		d->first = e->ts;
	if (end > d->last) {
		d->last = end;
		d->last_zero = e->dur <= 0 ? i : GAP_NO_ENDER;
	} else if (end == d->last && e->dur <= 0 && d->last_zero == GAP_NO_ENDER && end > d->track.end) {
		d->last_zero = i;
	}
	guint l = launch_of(a, i);
	if (e->dur > 0 && !d->track.started && e->ts > d->first) { /* the stretch at the start, ended by none */
		guint held = d->thread;
		if (l != NO_LAUNCH)
			d->thread = a->launches[l].thread;
		add(d, a, d->first, e->ts, GAP_NO_ENDER, 1);
		d->thread = held;
	}
	gint64 launch_ts = l != NO_LAUNCH ? a->launches[l].ts : 0;
	struct idle_gap gap;
	if (idle_track_add(&d->track, e, l != NO_LAUNCH, launch_ts, &gap))
		add(d, a, gap.start, gap.end, i, 0);
	if (l != NO_LAUNCH)
		d->thread = a->launches[l].thread;
}

/* The stretch after the last busy interval (or the whole span, without one). */
static void finish(struct device_sweep *d, const struct attribution *a)
{
	gint64 start = d->track.started ? d->track.end : d->first;
	if (d->last > start && d->last_zero != GAP_NO_ENDER)
		add(d, a, start, d->last, d->last_zero, 2);
}

static int by_device(const void *x, const void *y)
{
	const struct device_sweep *a = x, *b = y;
	return (a->device > b->device) - (a->device < b->device);
}

GArray *gaps_compute(const struct attribution *a)
{
	g_autofree guint32 *slot = g_new0(guint32, 65536); /* device -> sweep + 1 */
	g_autoptr(GArray) sweeps = g_array_new(FALSE, FALSE, sizeof(struct device_sweep));
	guint count = a->claimed + a->unclaimed;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (!e->has_device)
			continue;
		if (!slot[e->device]) {
			struct device_sweep d = { g_array_new(FALSE, FALSE, sizeof(struct gap)), { 0 }, 0, G_MININT64,
						  GAP_NO_ENDER, G_MAXUINT, e->device };
			g_array_append_val(sweeps, d);
			slot[e->device] = sweeps->len;
		}
		step(&g_array_index(sweeps, struct device_sweep, slot[e->device] - 1), a, i);
	}
	if (sweeps->len > 1)
		qsort(sweeps->data, sweeps->len, sizeof(struct device_sweep), by_device);
	GArray *gaps = g_array_new(FALSE, FALSE, sizeof(struct gap));
	for (guint s = 0; s < sweeps->len; s++) {
		struct device_sweep *d = &g_array_index(sweeps, struct device_sweep, s);
		finish(d, a);
		g_array_append_vals(gaps, d->gaps->data, d->gaps->len);
		g_array_free(d->gaps, TRUE);
	}
	return gaps;
}
