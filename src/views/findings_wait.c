#include "views/findings_wait.h"
#include <stdlib.h>
#include <string.h>
#include "attribution/blocking.h"
#include "attribution/idle.h"
#include "attribution/waiting.h"
#include "model/names.h"
#include "sinks/table.h"
#include "util/timefmt.h"

/* A blocking launch: its process, its window, the latest end up to it in its process. */
struct held {
	guint pid;
	gint64 ts, end, reach;
	guint launch;
};

static int by_pid_ts(const void *x, const void *y)
{
	const struct held *a = x, *b = y;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return (a->ts > b->ts) - (a->ts < b->ts);
}

/* Process numbers: pid text -> number, per thread cached. */
struct pids {
	const struct threads *threads;
	GHashTable *numbers;
	guint *of_thread; /* number + 1; 0: not looked up */
	guint threads_len;
};

static guint pid_number(struct pids *p, guint32 thread)
{
	if (thread < p->threads_len && p->of_thread[thread])
		return p->of_thread[thread] - 1;
	char buf[THREADS_NUMBER_MAX];
	const char *text = p->threads && thread < threads_count(p->threads) ? threads_pid(p->threads, thread, buf) : "?";
	gpointer found = g_hash_table_lookup(p->numbers, text);
	guint n = found ? GPOINTER_TO_UINT(found) : g_hash_table_size(p->numbers) + 1;
	if (!found)
		g_hash_table_insert(p->numbers, g_strdup(text), GUINT_TO_POINTER(n));
	if (thread < p->threads_len)
		p->of_thread[thread] = n;
	return n - 1;
}

/* Whether a blocking launch of PID holds T: the last with ts <= T reaches T. */
static gboolean held_at(const struct held *h, guint n, guint pid, gint64 t)
{
	guint low = 0, high = n;
	while (low < high) { /* the first after (pid, t) */
		guint mid = low + (high - low) / 2;
		if (h[mid].pid < pid || (h[mid].pid == pid && h[mid].ts <= t))
			low = mid + 1;
		else
			high = mid;
	}
	return low > 0 && h[low - 1].pid == pid && h[low - 1].reach >= t;
}

static struct wait_figures *figures_of(GArray *waits, guint32 *slot, guint device)
{
	if (!slot[device]) {
		struct wait_figures f = { .device = device, .pids = g_array_new(FALSE, FALSE, sizeof(guint)) };
		for (guint k = 0; k < 3; k++)
			f.blamed[k] = g_array_new(FALSE, FALSE, sizeof(struct waiting_blamed));
		g_array_append_val(waits, f);
		slot[device] = waits->len;
	}
	return &g_array_index(waits, struct wait_figures, slot[device] - 1);
}

static int by_device(gconstpointer x, gconstpointer y)
{
	const struct wait_figures *a = x, *b = y;
	return (a->device > b->device) - (a->device < b->device);
}

struct named_time {
	const struct name *name; /* NULL: outside monitored events */
	gint64 time;
};

/* Names by their text (interned per reader worker: compared as bytes); NULL is outside. */
static guint name_or_null_hash(gconstpointer key)
{
	const struct name *n = key;
	return n ? names_hash_text(n->text, n->len) : 0;
}

static gboolean name_or_null_equal(gconstpointer x, gconstpointer y)
{
	const struct name *a = x, *b = y;
	if (!a || !b)
		return a == b;
	return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static int by_time_then_name(const void *x, const void *y)
{
	const struct named_time *a = x, *b = y;
	if (a->time != b->time)
		return a->time > b->time ? -1 : 1;
	if (!a->name || !b->name)
		return (a->name != NULL) - (b->name != NULL);
	return name_text_order(a->name, b->name);
}

static void append_name(GString *text, const struct name *name)
{
	if (name)
		g_string_append_len(text, name->text, (gssize)strnlen(name->text, name->len));
	else
		g_string_append(text, "outside monitored events");
}

/* The three own names of the nodes around F's processes' blocking
 * launches with the most blocking time (clipped to the span). */
static char *blocking_names(const struct findings_input *in, const struct wait_figures *f, const struct held *h,
			    guint n)
{
	const struct attribution *a = in->attribution;
	g_autoptr(GHashTable) by_name = g_hash_table_new_full(name_or_null_hash, name_or_null_equal, NULL, g_free);
	for (guint p = 0; p < f->pids->len; p++) {
		guint pid = g_array_index(f->pids, guint, p);
		for (guint i = 0; i < n; i++) {
			if (h[i].pid != pid)
				continue;
			gint64 s = MAX(h[i].ts, in->first), t = MIN(h[i].end, in->last);
			if (t <= s)
				continue;
			guint node = a->owner[h[i].launch];
			const struct name *name = node == NO_OWNER ? NULL : in->forest->events[node].name;
			struct named_time *sum = g_hash_table_lookup(by_name, name);
			if (!sum) {
				sum = g_new0(struct named_time, 1);
				sum->name = name;
				g_hash_table_insert(by_name, (gpointer)name, sum);
			}
			sum->time += t - s;
		}
	}
	g_autoptr(GArray) sums = g_array_new(FALSE, FALSE, sizeof(struct named_time));
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, by_name);
	while (g_hash_table_iter_next(&iter, NULL, &value))
		g_array_append_vals(sums, value, 1);
	if (!sums->len)
		return NULL;
	g_array_sort(sums, by_time_then_name);
	GString *text = g_string_new(NULL);
	for (guint i = 0; i < sums->len && i < 3; i++) {
		const struct named_time *x = &g_array_index(sums, struct named_time, i);
		g_string_append(text, i ? ", " : "");
		append_name(text, x->name);
		g_string_append(text, " (");
		time_append_ms(text, x->time);
		g_string_append(text, " ms)");
	}
	return g_string_free(text, FALSE);
}

GArray *findings_wait_sweep(const struct findings_input *in)
{
	const struct attribution *a = in->attribution;
	GArray *waits = g_array_new(FALSE, TRUE, sizeof(struct wait_figures));
	g_autofree guint32 *slot = g_new0(guint32, 65536);
	struct pids pids = { in->trace->threads, g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL), NULL, 0 };
	pids.threads_len = in->trace->threads ? threads_count(in->trace->threads) : 0;
	pids.of_thread = g_new0(guint, pids.threads_len + 1);
	/* the blocking launches, by (pid, ts), with their running ends */
	g_autofree guint8 *kinds = blocking_kinds(a);
	g_autoptr(GArray) held = g_array_new(FALSE, FALSE, sizeof(struct held));
	for (guint l = 0; l < a->launch_count; l++)
		if (kinds[l] & LAUNCH_BLOCKING) {
			const struct event *e = &a->launches[l];
			struct held h = { pid_number(&pids, e->thread), e->ts, event_end(e), 0, l };
			g_array_append_val(held, h);
		}
	if (held->len > 1)
		qsort(held->data, held->len, sizeof(struct held), by_pid_ts);
	struct held *h = (struct held *)held->data;
	for (guint i = 0; i < held->len; i++)
		h[i].reach = i && h[i - 1].pid == h[i].pid ? MAX(h[i - 1].reach, h[i].end) : h[i].end;
	/* the devices' processes */
	guint count = a->claimed + a->unclaimed;
	g_autoptr(GHashTable) seen = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		guint l = a->by_time_launch ? a->by_time_launch[i] : NO_LAUNCH;
		if (!e->has_device || l == NO_LAUNCH)
			continue;
		struct wait_figures *f = figures_of(waits, slot, e->device);
		guint pid = pid_number(&pids, a->launches[l].thread);
		if (f->pids->len && g_array_index(f->pids, guint, f->pids->len - 1) == pid)
			continue;
		gint64 key = ((gint64)e->device << 32) | pid;
		if (g_hash_table_contains(seen, &key))
			continue;
		g_hash_table_add(seen, g_memdup2(&key, sizeof key));
		g_array_append_val(f->pids, pid);
	}
	GHashTableIter iter;
	gpointer k;
	g_hash_table_iter_init(&iter, seen);
	while (g_hash_table_iter_next(&iter, &k, NULL))
		g_free(k);
	/* the gaps */
	g_autoptr(GArray) tracks = g_array_new(FALSE, TRUE, sizeof(struct idle_track));
	g_array_set_size(tracks, waits->len);
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (!e->has_device || e->dur <= 0)
			continue;
		struct wait_figures *f = figures_of(waits, slot, e->device);
		if (tracks->len < waits->len)
			g_array_set_size(tracks, waits->len);
		gint64 launch_ts = 0;
		gboolean has_launch = idle_launch_ts(a, i, &launch_ts);
		struct idle_gap gap;
		if (!idle_track_add(&g_array_index(tracks, struct idle_track, slot[e->device] - 1), e, has_launch,
				    launch_ts, &gap))
			continue;
		gint64 s = MAX(gap.start, in->first), t = MIN(gap.wait_end, in->last);
		if (t <= s)
			continue;
		guint which = gap.end - gap.start < WAIT_PAUSE_FROM ? WAIT_LAUNCH : WAIT_PAUSE;
		for (guint p = 0; p < f->pids->len; p++)
			if (held_at(h, held->len, g_array_index(f->pids, guint, p), gap.start)) {
				which = WAIT_BLOCKING;
				break;
			}
		f->wait[which] += t - s;
		struct waiting_blamed b = { s, t, a->launches[a->by_time_launch[i]].thread, 0 };
		g_array_append_val(f->blamed[which], b);
	}
	for (guint d = 0; d < waits->len; d++) {
		struct wait_figures *f = &g_array_index(waits, struct wait_figures, d);
		if (f->wait[WAIT_BLOCKING])
			f->names = blocking_names(in, f, h, held->len);
	}
	g_hash_table_destroy(pids.numbers);
	g_free(pids.of_thread);
	g_array_sort(waits, by_device);
	return waits;
}

void findings_wait_free(GArray *waits)
{
	if (!waits)
		return;
	for (guint i = 0; i < waits->len; i++) {
		struct wait_figures *f = &g_array_index(waits, struct wait_figures, i);
		for (guint k = 0; k < 3; k++)
			if (f->blamed[k])
				g_array_free(f->blamed[k], TRUE);
		g_array_free(f->pids, TRUE);
		g_free(f->names);
	}
	g_array_free(waits, TRUE);
}

/* "X ms (P% of the analysed span)" */
static void append_share(GString *text, gint64 ns, gint64 span)
{
	time_append_ms(text, ns);
	g_string_append(text, " ms (");
	percent_append(text, tenths_of_percent(ns, span));
	g_string_append(text, "% of the analysed span)");
}

/* What the host was doing over BLAMED (SPEC 19.3). */
static void append_doing(GString *text, const struct findings_input *in, const GArray *blamed)
{
	GArray *copy = g_array_sized_new(FALSE, FALSE, sizeof(struct waiting_blamed), blamed->len);
	g_array_append_vals(copy, blamed->data, blamed->len);
	g_autoptr(Waiting) w = waiting_from(in->forest, copy);
	struct waiting_report r;
	waiting_report(w, &r);
	g_string_append(text, "; the launching thread was outside monitored events for ");
	time_append_ms(text, r.outside);
	g_string_append(text, " ms, inside them for ");
	time_append_ms(text, r.inside);
	g_string_append(text, " ms");
	if (r.most) {
		g_string_append(text, " (most in ");
		append_name(text, r.most);
		g_string_append(text, ", ");
		time_append_ms(text, r.most_waiting);
		g_string_append(text, " ms)");
	}
}

static void wait_rule(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out, guint which,
		      const char *what)
{
	if (in->last <= in->first || !in->waits)
		return;
	gint64 span = in->last - in->first;
	for (guint i = 0; i < in->waits->len; i++) {
		const struct wait_figures *f = &g_array_index(in->waits, struct wait_figures, i);
		if (!f->wait[which] || !finding_reaches(f->wait[which], span, rule->fire))
			continue;
		GString *text = g_string_new(NULL);
		guint gaps = f->blamed[which]->len;
		if (which == WAIT_BLOCKING)
			what = gaps == 1 ? "that starts inside a blocking call" : "that start inside blocking calls";
		g_string_append_printf(text, "host wait in %u gap%s %s: ", gaps, gaps == 1 ? "" : "s", what);

		append_share(text, f->wait[which], span);
		if (which == WAIT_BLOCKING) {
			if (f->names)
				g_string_append_printf(text, "; blocking calls in %s", f->names);
		} else {
			append_doing(text, in, f->blamed[which]);
		}
		finding_push(rule, in, out, f->wait[which], (gint)f->device, g_string_free(text, FALSE));
	}
}

void findings_blocking_sync(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_BLOCKING, "that start inside blocking calls");
}

void findings_launch_bound(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_LAUNCH, "shorter than 100 us");
}

void findings_host_pause(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_PAUSE, "of 100 us or longer");
}
