#include "views/findings/findings_bound.h"
#include <stdlib.h>
#include <string.h>
#include "attribution/capture.h"
#include "attribution/graft.h"
#include "attribution/sums.h"
#include "model/names.h"
#include "sinks/table.h"
#include "util/short_name.h"
#include "util/timefmt.h"
#include "views/findings/findings_wait.h"

/* A union of intervals in start order: the run being merged, the closed runs' total. */
struct busy_run {
	gint64 start, end, total;
	gboolean open;
};

static void run_add(struct busy_run *r, gint64 s, gint64 e)
{
	if (r->open && s <= r->end) {
		r->end = MAX(r->end, e);
		return;
	}
	if (r->open)
		r->total += r->end - r->start;
	*r = (struct busy_run){ s, e, r->total, TRUE };
}

static gint64 run_total(const struct busy_run *r)
{
	return r->total + (r->open ? r->end - r->start : 0);
}

struct bound_device {
	guint device;
	struct busy_run busy, compute;
	GHashTable *names; /* of a device that fires: struct name * -> gint64 *, clipped durations (by text) */
};

static int by_device(const void *x, const void *y)
{
	const struct bound_device *a = x, *b = y;
	return (a->device > b->device) - (a->device < b->device);
}

/* A short name's time (SPEC 23: instances of one template kernel are one). */
struct short_time {
	const char *name;
	gint64 time;
};

static gboolean short_before(const struct short_time *a, const struct short_time *b)
{
	return a->time != b->time ? a->time > b->time : strcmp(a->name, b->name) < 0;
}

/* The three short names of BY_NAME (struct name * -> gint64 *) with the most time, into TOP (names in BY_SHORT). */
static guint top_short(GHashTable *by_name, GHashTable *by_short, struct short_time top[3])
{
	g_autoptr(GString) text = g_string_new(NULL);
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, by_name);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		const struct name *name = key;
		g_string_truncate(text, 0);
		short_name_append(text, name->text, name->len);
		gint64 *sum = g_hash_table_lookup(by_short, text->str);
		if (!sum) {
			sum = g_new0(gint64, 1);
			g_hash_table_insert(by_short, g_strdup(text->str), sum);
		}
		*sum += *(gint64 *)value;
	}
	guint n = 0;
	g_hash_table_iter_init(&iter, by_short);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		struct short_time x = { key, *(gint64 *)value };
		if (n == 3 && !short_before(&x, &top[2]))
			continue;
		guint at = n < 3 ? n++ : 2;
		while (at > 0 && short_before(&x, &top[at - 1])) {
			top[at] = top[at - 1];
			at--;
		}
		top[at] = x;
	}
	return n;
}

static void append_bound(GString *text, const struct bound_device *d, gint64 span)
{
	gint64 busy = run_total(&d->busy);
	g_string_append(text, "busy ");
	time_append_ms(text, busy);
	g_string_append(text, " ms (");
	percent_append(text, tenths_of_percent(busy, span));
	g_string_append(text, "% of the analysed span), compute ");
	percent_append(text, tenths_of_percent(run_total(&d->compute), busy));
	g_string_append(text, "% of it; most in ");
	struct short_time top[3];
	g_autoptr(GHashTable) by_short = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	guint n = top_short(d->names, by_short, top);
	for (guint i = 0; i < n; i++) {
		g_string_append(text, i ? ", " : "");
		g_string_append(text, top[i].name);
		g_string_append(text, " (");
		percent_append(text, tenths_of_percent(top[i].time, busy));
		g_string_append(text, "%)");
	}
}

void findings_device_bound(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	if (in->last <= in->first)
		return;
	const struct attribution *a = in->attribution;
	g_autofree guint32 *slot = g_new0(guint32, 65536);
	g_autoptr(GArray) devices = g_array_new(FALSE, FALSE, sizeof(struct bound_device));
	struct classifier classifier;
	classifier_init(&classifier, in->communication);
	guint count = a->claimed + a->unclaimed;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		gint64 s = MAX(e->ts, in->first), t = MIN(event_end(e), in->last);
		if (!e->has_device || t <= s)
			continue;
		if (!slot[e->device]) {
			struct bound_device d = { .device = e->device };
			g_array_append_val(devices, d);
			slot[e->device] = devices->len;
		}
		struct bound_device *d = &g_array_index(devices, struct bound_device, slot[e->device] - 1);
		run_add(&d->busy, s, t);
		if (classifier_class(&classifier, e) == CLASS_COMPUTE)
			run_add(&d->compute, s, t);
	}
	classifier_clear(&classifier);
	gint64 span = in->last - in->first;
	gboolean any = FALSE;
	for (guint i = 0; i < devices->len; i++) { /* those that fire get their names */
		struct bound_device *d = &g_array_index(devices, struct bound_device, i);
		gint64 busy = run_total(&d->busy), compute = run_total(&d->compute);
		if (finding_reaches(busy, span, FINDINGS_BOUND_BUSY) && compute >= busy - compute)
			d->names = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free), any = TRUE;
	}
	for (guint i = 0; any && i < count; i++) { /* by interned name first, then by text */
		const struct event *e = &a->by_time[i];
		gint64 s = MAX(e->ts, in->first), t = MIN(event_end(e), in->last);
		if (!e->has_device || t <= s)
			continue;
		struct bound_device *d = &g_array_index(devices, struct bound_device, slot[e->device] - 1);
		if (d->names)
			findings_names_add(d->names, e->name, t - s);
	}
	if (devices->len > 1)
		qsort(devices->data, devices->len, sizeof(struct bound_device), by_device);
	for (guint i = 0; i < devices->len; i++) {
		struct bound_device *d = &g_array_index(devices, struct bound_device, i);
		if (!d->names)
			continue;
		GHashTable *by_pointer = d->names;
		d->names = findings_names_merge(by_pointer);
		g_hash_table_destroy(by_pointer);
		GString *text = g_string_new(NULL);
		append_bound(text, d, span);
		finding_add_data(rule, in, out, g_string_free(text, FALSE));
		((struct finding *)out->pdata[out->len - 1])->device = (gint)d->device;
		g_hash_table_destroy(d->names);
	}
}

/* Whether NAME runs device work whenever it is called: a kernel or graph launch. */
static gboolean launches_work(const struct name *name)
{
	return memmem(name->text, name->len, "LaunchKernel", 12) || memmem(name->text, name->len, "LaunchCooperativeKernel", 23) ||
	       capture_is_graph_launch(name);
}

/* Per graph id: the most device events of one of its launches. */
struct replays {
	GHashTable *most; /* gint64 * (owned) -> guint */
	guint64 short_launches, missing;
};

/* A launch's device events, counted by claim (a replayed event for its graph
 * launch), and the graph id they all share (has_id). */
struct launch_count {
	guint events;
	gint64 graph_id;
	gboolean has_id, mixed;
};

/* What a launch's name says (names are interned: a run of one name is judged once). */
enum { NAME_WORK = 1, NAME_GRAPH = 2, NAME_BEGIN = 4, NAME_END = 8 };

struct name_kinds {
	const struct name *last;
	guint kinds;
};

static guint name_kinds(struct name_kinds *k, const struct name *name)
{
	if (name == k->last)
		return k->kinds;
	k->last = name;
	k->kinds = (launches_work(name) ? NAME_WORK : 0) | (capture_is_graph_launch(name) ? NAME_GRAPH : 0) |
		   (memmem(name->text, name->len, "BeginCapture", 12) ? NAME_BEGIN : 0) |
		   (memmem(name->text, name->len, "EndCapture", 10) ? NAME_END : 0);
	return k->kinds;
}

static struct launch_count *count_events(const struct attribution *a)
{
	struct launch_count *c = g_new0(struct launch_count, a->launch_count + 1);
	g_autofree guint8 *graph = g_new0(guint8, a->launch_count + 1); /* 1 + whether it is a graph launch */
	struct name_kinds kinds = { 0 };
	guint count = a->claimed + a->unclaimed;
	for (guint i = 0; a->by_time_launch && i < count; i++) {
		guint l = a->by_time_launch[i];
		if (l == NO_LAUNCH)
			continue;
		struct launch_count *x = &c[l];
		if (!graph[l])
			graph[l] = 1 + ((name_kinds(&kinds, a->launches[l].name) & NAME_GRAPH) != 0);
		gint64 id = 0;
		gboolean has = graph[l] == 2 && graft_args_integer(a->by_time[i].args, "graph id", &id); /* a replay's only */
		if (!x->events++)
			x->has_id = has, x->graph_id = id;
		else if (!has || !x->has_id || id != x->graph_id)
			x->mixed = TRUE;
	}
	return c;
}

static void short_replays(const struct attribution *a, const struct launch_count *c, struct replays *r)
{
	r->most = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
	for (int pass = 0; pass < 2; pass++)
		for (guint l = 0; l < a->launch_count; l++) {
			if (!c[l].events || !c[l].has_id || c[l].mixed || !capture_is_graph_launch(a->launches[l].name))
				continue;
			guint most = GPOINTER_TO_UINT(g_hash_table_lookup(r->most, &c[l].graph_id));
			if (pass == 0 && c[l].events > most)
				g_hash_table_insert(r->most, g_memdup2(&c[l].graph_id, sizeof(gint64)), GUINT_TO_POINTER(c[l].events));
			else if (pass == 1 && c[l].events < most)
				r->short_launches++, r->missing += most - c[l].events;
		}
	g_hash_table_destroy(r->most);
}

/* "; N graph replays carry K device events fewer than WHAT" */
static void append_short(GString *text, guint64 replays, guint64 events, const char *what)
{
	g_string_append_printf(text, "%s%" G_GUINT64_FORMAT " graph replay%s carr%s %" G_GUINT64_FORMAT " device event%s fewer "
			       "than %s", text->len ? "; " : "", replays, replays == 1 ? "" : "s", replays == 1 ? "ies" : "y",
			       events, events == 1 ? "" : "s", what);
}

void findings_incomplete_trace(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct attribution *a = in->attribution;
	g_autofree struct launch_count *c = count_events(a);
	gint64 last_work = G_MININT64; /* the latest launch with device events */
	for (guint l = 0; l < a->launch_count; l++)
		if (c[l].events && !(a->virtual_launch && a->virtual_launch[l]))
			last_work = MAX(last_work, a->launches[l].ts);
	guint missing = 0, kernels = 0, depth = 0;
	gint64 first_missing = 0;
	struct name_kinds names = { 0 };
	for (guint l = 0; l < a->launch_count; l++) {
		const struct event *e = &a->launches[l];
		guint kinds = name_kinds(&names, e->name);
		if (l && e->thread != a->launches[l - 1].thread)
			depth = 0; /* each thread's capture windows */
		if (kinds & NAME_BEGIN)
			depth++;
		else if ((kinds & NAME_END) && depth)
			depth--;
		if ((a->virtual_launch && a->virtual_launch[l]) || !e->has_correlation || depth || !(kinds & NAME_WORK) ||
		    e->ts >= last_work)
			continue;
		kernels++;
		if (!c[l].events && !missing++)
			first_missing = e->ts;
		else if (!c[l].events)
			first_missing = MIN(first_missing, e->ts);
	}
	struct replays r = { 0 };
	short_replays(a, c, &r);
	guint captured = in->graft ? in->graft->short_launches : 0;
	if (!missing && !r.short_launches && !captured)
		return;
	GString *text = g_string_new(NULL);
	if (missing) {
		g_string_append_printf(text, "%u of %u kernel and graph launches (before the last launch with device events) "
				       "%s no device event, the first at ", missing, kernels, missing == 1 ? "has" : "have");
		ratio_append(text, finding_thousandths_ms(first_missing - in->first));
		g_string_append(text, " ms of the analysed span");
	}
	if (r.short_launches)
		append_short(text, r.short_launches, r.missing, "the most of the same graph id");
	if (captured)
		append_short(text, captured, in->graft->short_events, "the launches of the capture window matched");
	finding_add_data(rule, in, out, g_string_free(text, FALSE));
}
