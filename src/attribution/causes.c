#include "attribution/causes.h"
#include <string.h>
#include "attribution/blocking.h"
#include "attribution/cause_sweep.h"
#include "model/names.h"

const struct cause_pattern cause_patterns[] = {
	{ CAUSE_DATA_LOADING, CAUSE_PREFIX, "enumerate(DataLoader)" },
	{ CAUSE_DATA_LOADING, CAUSE_CONTAINS, "DataLoader" },
	{ CAUSE_DATA_LOADING, CAUSE_CONTAINS, "dataloader" },
	{ CAUSE_OPTIMIZER, CAUSE_PREFIX, "Optimizer." },
	{ CAUSE_COMPILED, CAUSE_PREFIX, "Torch-Compiled Region" },
	{ CAUSE_COMPILED, CAUSE_CONTAINS, "CompiledFunction" },
	{ CAUSE_COMPILED, CAUSE_CONTAINS, "CompiledFxGraph" },
	{ CAUSE_COMPILED, CAUSE_PREFIX, "## Call CompiledFxGraph" },
};

const guint cause_pattern_count = G_N_ELEMENTS(cause_patterns);

const char *cause_name(enum cause cause)
{
	static const char *const names[CAUSE_COUNT] = { "blocking",  "data loading", "optimizer", "compiled code",
							"launching", "framework",    "outside" };
	return cause < CAUSE_COUNT ? names[cause] : "";
}

static gboolean matches(const struct cause_pattern *p, const char *text, gsize len)
{
	gsize n = strlen(p->text);
	if (p->match == CAUSE_PREFIX)
		return len >= n && memcmp(text, p->text, n) == 0;
	return memmem(text, len, p->text, n) != NULL;
}

enum cause cause_of_name(const char *text, gsize len)
{
	enum cause best = CAUSE_FRAMEWORK;
	for (guint i = 0; i < cause_pattern_count; i++)
		if (cause_patterns[i].cause < best && matches(&cause_patterns[i], text, len))
			best = cause_patterns[i].cause;
	return best;
}

struct segment { /* a stretch of a thread with one label */
	gint64 start, end;
	const struct name *op;
	guint8 cause;
};

/* A thread's segments, exact within its windows (sorted, disjoint, not
 * touching): those that the intervals asked about so far. */
struct thread_segments {
	struct segment *list;
	guint count;
	struct cause_window *windows;
	guint window_count;
};

struct causes {
	const struct host_event *host;
	const struct attribution *a;
	guint8 *kinds;         /* blocking_kinds of A */
	guint threads;         /* thread numbers below this may have events */
	guint *host_first;     /* thread t's host events: [host_first[t], host_first[t + 1]) */
	guint *launch_first;   /* its launches, alike */
	struct thread_segments *segments; /* per thread, made on first need */
	GHashTable *name_causes; /* struct name * -> cause + 1 (names of one reader's worker compare by pointer) */
};

/* The first index of the COUNT elements of SIZE bytes at EVENTS (by
 * thread, a guint32 THREAD_AT bytes in) at each thread below THREADS, and
 * THREADS' end. */
static guint *firsts(const void *events, gsize size, gsize thread_at, guint count, guint threads)
{
	guint *first = g_new(guint, threads + 1);
	guint i = 0;
	for (guint t = 0; t <= threads; t++) {
		while (i < count && *(const guint32 *)((const char *)events + (gsize)i * size + thread_at) < t)
			i++;
		first[t] = i;
	}
	return first;
}

struct causes *causes_new(GArray *host, const struct attribution *a)
{
	struct causes *c = g_new0(struct causes, 1);
	host_events_sort_by_thread((struct host_event *)host->data, host->len);
	c->host = (const struct host_event *)host->data;
	c->a = a;
	c->kinds = blocking_kinds(a);
	guint threads = 0;
	if (host->len)
		threads = MAX(threads, c->host[host->len - 1].thread + 1);
	if (a->launch_count)
		threads = MAX(threads, a->launches[a->launch_count - 1].thread + 1);
	c->threads = threads;
	c->host_first = firsts(c->host, sizeof *c->host, G_STRUCT_OFFSET(struct host_event, thread), host->len, threads);
	c->launch_first = firsts(a->launches, sizeof *a->launches, G_STRUCT_OFFSET(struct event, thread), a->launch_count,
				 threads);
	c->segments = g_new0(struct thread_segments, threads + 1);
	c->name_causes = g_hash_table_new(g_direct_hash, g_direct_equal);
	return c;
}

void causes_free(struct causes *c)
{
	if (!c)
		return;
	for (guint t = 0; t < c->threads; t++) {
		g_free(c->segments[t].list);
		g_free(c->segments[t].windows);
	}
	g_free(c->segments);
	g_free(c->kinds);
	g_free(c->host_first);
	g_free(c->launch_first);
	g_hash_table_destroy(c->name_causes);
	g_free(c);
}

static enum cause host_cause(gpointer data, const struct name *name)
{
	struct causes *c = data;
	gpointer known = g_hash_table_lookup(c->name_causes, name);
	if (known)
		return GPOINTER_TO_UINT(known) - 1;
	enum cause cause = cause_of_name(name->text, name->len);
	g_hash_table_insert(c->name_causes, (gpointer)name, GUINT_TO_POINTER(cause + 1));
	return cause;
}

/* A sweep of thread T's events within its COUNT WINDOWS. */
static struct cause_sweep *sweep_of(struct causes *c, guint t, const struct cause_window *windows, guint count)
{
	struct cause_sweep_events e = { c->host,  c->host_first[t], c->host_first[t + 1], c->a, c->kinds,
					c->launch_first[t], c->launch_first[t + 1], host_cause, c };
	return cause_sweep_new(&e, windows, count);
}

/* Thread T's segments within its COUNT WINDOWS (sorted, disjoint, not
 * touching), into its cache: the sweep's labels from its first start on,
 * cut to the windows, equal neighbours merged. */
static void make_segments(struct causes *c, guint t, struct cause_window *windows, guint count)
{
	struct cause_sweep *sweep = sweep_of(c, t, windows, count);
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct segment));
	guint w = 0;
	gint64 end = G_MININT64;
	guint8 cause = 0;
	const struct name *op = NULL;
	for (gint64 at = G_MININT64; end != G_MAXINT64; at = end) {
		gboolean held = cause_sweep_at(sweep, at, &end, &cause, &op);
		while (w < count && windows[w].end <= at)
			w++;
		for (guint k = w; held && k < count && windows[k].start < end; k++) {
			struct segment seg = { MAX(at, windows[k].start), MIN(end, windows[k].end), op, cause };
			struct segment *last = out->len ? &g_array_index(out, struct segment, out->len - 1) : NULL;
			if (last && last->end == seg.start && last->cause == cause && last->op == op)
				last->end = seg.end;
			else
				g_array_append_val(out, seg);
		}
	}
	cause_sweep_free(sweep);
	struct thread_segments *cache = &c->segments[t];
	g_free(cache->list);
	g_free(cache->windows);
	cache->count = out->len;
	cache->list = (struct segment *)g_array_free(out, FALSE);
	cache->windows = windows;
	cache->window_count = count;
}

static int by_thread_then_start(gconstpointer x, gconstpointer y)
{
	const struct waiting_blamed *a = x, *b = y;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return a->start < b->start ? -1 : a->start > b->start;
}

/* Whether W lies in one of the COUNT WINDOWS. */
static gboolean covered(const struct cause_window *windows, guint count, struct cause_window w)
{
	guint low = 0, high = count;
	while (low < high) { /* the first window that ends at or after W's end */
		guint mid = low + (high - low) / 2;
		if (windows[mid].end < w.end)
			low = mid + 1;
		else
			high = mid;
	}
	return low < count && windows[low].start <= w.start;
}

/* What the COUNT INTERVALS need: the sweep of each thread whose intervals
 * go forward (each starts where the one before it ends, or after), within
 * their union, into SWEEPS (its windows into HELD); the segments of every
 * other (BACKWARD), made where its cache does not cover them: over the
 * union of the windows it has and those the intervals add. Windows are
 * merged where they overlap or touch. */
static void make_needed(struct causes *c, const struct waiting_blamed *intervals, guint count, const guint8 *backward,
			struct cause_sweep **sweeps, GPtrArray *held)
{
	g_autoptr(GArray) asked = g_array_new(FALSE, FALSE, sizeof(struct waiting_blamed));
	for (guint k = 0; k < count; k++)
		if (intervals[k].end > intervals[k].start && intervals[k].thread < c->threads)
			g_array_append_val(asked, intervals[k]);
	g_array_sort(asked, by_thread_then_start);
	const struct waiting_blamed *b = (const struct waiting_blamed *)asked->data;
	for (guint i = 0; i < asked->len;) {
		guint t = b[i].thread, first = i;
		const struct thread_segments *cache = &c->segments[t];
		gboolean all = !!backward[t];
		for (; i < asked->len && b[i].thread == t; i++)
			all = all && covered(cache->windows, cache->window_count, (struct cause_window){ b[i].start, b[i].end });
		if (all)
			continue;
		guint have = backward[t] ? cache->window_count : 0;
		GArray *windows = g_array_new(FALSE, FALSE, sizeof(struct cause_window));
		guint j = 0, k = first; /* the cache's windows and these intervals, merged by start */
		while (j < have || k < i) {
			struct cause_window w = k >= i || (j < have && cache->windows[j].start < b[k].start)
							? cache->windows[j++]
							: (struct cause_window){ b[k].start, b[k++].end };
			struct cause_window *last = windows->len ? &g_array_index(windows, struct cause_window, windows->len - 1) : NULL;
			if (last && w.start <= last->end)
				last->end = MAX(last->end, w.end);
			else
				g_array_append_val(windows, w);
		}
		guint n = windows->len;
		struct cause_window *list = (struct cause_window *)g_array_free(windows, FALSE);
		if (backward[t]) {
			make_segments(c, t, list, n);
		} else {
			g_ptr_array_add(held, list);
			sweeps[t] = sweep_of(c, t, list, n);
		}
	}
}

/* Interval K (B) of a thread whose intervals go forward, by its SWEEP:
 * stretches with one label, equal neighbours merged. */
static void sweep_interval(struct cause_sweep *sweep, const struct waiting_blamed *b, guint k, causes_visit visit,
			   gpointer data)
{
	struct cause_piece piece = { 0 };
	gboolean pending = FALSE;
	for (gint64 at = b->start, end; at < b->end; at = end) {
		guint8 cause = CAUSE_OUTSIDE;
		const struct name *op = NULL;
		if (!cause_sweep_at(sweep, at, &end, &cause, &op))
			cause = CAUSE_OUTSIDE, op = NULL;
		end = MIN(end, b->end);
		if (pending && piece.cause == cause && piece.op == op) {
			piece.end = end;
			continue;
		}
		if (pending)
			visit(&piece, data);
		piece = (struct cause_piece){ at, end, op, k, cause };
		pending = TRUE;
	}
	if (pending)
		visit(&piece, data);
}

void causes_each(struct causes *c, const struct waiting_blamed *intervals, guint count, causes_visit visit, gpointer data)
{
	g_autofree gint64 *last_end = g_new(gint64, c->threads + 1);
	g_autofree guint8 *backward = g_new0(guint8, c->threads + 1);
	g_autofree struct cause_sweep **sweeps = g_new0(struct cause_sweep *, c->threads + 1);
	g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func(g_free);
	for (guint t = 0; t < c->threads; t++)
		last_end[t] = G_MININT64;
	for (guint k = 0; k < count; k++) {
		const struct waiting_blamed *b = &intervals[k];
		if (b->end > b->start && b->thread < c->threads) {
			backward[b->thread] |= b->start < last_end[b->thread];
			last_end[b->thread] = b->end;
		}
	}
	make_needed(c, intervals, count, backward, sweeps, held);
	for (guint k = 0; k < count; k++) {
		const struct waiting_blamed *b = &intervals[k];
		if (b->end <= b->start)
			continue;
		if (b->thread < c->threads && sweeps[b->thread]) {
			sweep_interval(sweeps[b->thread], b, k, visit, data);
			continue;
		}
		const struct thread_segments *s = b->thread < c->threads ? &c->segments[b->thread] : NULL;
		guint low = 0, high = s ? s->count : 0;
		while (low < high) { /* the first segment that ends after the start */
			guint mid = low + (high - low) / 2;
			if (s->list[mid].end <= b->start)
				low = mid + 1;
			else
				high = mid;
		}
		gint64 at = b->start;
		for (guint i = low; s && i < s->count && s->list[i].start < b->end; i++) {
			gint64 from = MAX(s->list[i].start, b->start), to = MIN(s->list[i].end, b->end);
			if (from > at)
				visit(&(struct cause_piece){ at, from, NULL, k, CAUSE_OUTSIDE }, data);
			visit(&(struct cause_piece){ from, to, s->list[i].op, k, s->list[i].cause }, data);
			at = to;
		}
		if (at < b->end)
			visit(&(struct cause_piece){ at, b->end, NULL, k, CAUSE_OUTSIDE }, data);
	}
	for (guint t = 0; t < c->threads; t++)
		cause_sweep_free(sweeps[t]);
}

static void append_piece(const struct cause_piece *piece, gpointer pieces)
{
	g_array_append_vals(pieces, piece, 1);
}

GArray *causes_split(struct causes *c, const struct waiting_blamed *intervals, guint count)
{
	GArray *pieces = g_array_new(FALSE, FALSE, sizeof(struct cause_piece));
	causes_each(c, intervals, count, append_piece, pieces);
	return pieces;
}

static int by_time_then_name(gconstpointer x, gconstpointer y)
{
	const struct cause_op *a = x, *b = y;
	if (a->time != b->time)
		return a->time > b->time ? -1 : 1;
	return name_text_order(a->op, b->op);
}

/* BY_NAME (struct name * -> gint64 *) as struct cause_op, most first. */
static GArray *ranked(GHashTable *by_name)
{
	GArray *ops = g_array_sized_new(FALSE, FALSE, sizeof(struct cause_op), g_hash_table_size(by_name));
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, by_name);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		struct cause_op op = { key, *(gint64 *)value };
		g_array_append_val(ops, op);
	}
	g_array_sort(ops, by_time_then_name);
	return ops;
}

static void add_time(GHashTable *by_name, const struct name *op, gint64 time)
{
	gint64 *sum = g_hash_table_lookup(by_name, op);
	if (!sum) {
		sum = g_new0(gint64, 1);
		g_hash_table_insert(by_name, (gpointer)op, sum);
	}
	*sum += time;
}

struct causes_summary *causes_summarize(struct causes *c, const struct waiting_blamed *intervals, guint count)
{
	struct causes_summary *s = g_new0(struct causes_summary, 1);
	g_autoptr(GArray) pieces = causes_split(c, intervals, count);
	GHashTable *by_name[CAUSE_COUNT + 1]; /* the last: every cause */
	for (guint k = 0; k <= CAUSE_COUNT; k++)
		by_name[k] = g_hash_table_new_full(name_text_hash, name_text_equal, NULL, g_free);
	for (guint i = 0; i < pieces->len; i++) {
		const struct cause_piece *p = &g_array_index(pieces, struct cause_piece, i);
		gint64 t = p->end - p->start;
		s->host_wait += t;
		s->by_cause[p->cause] += t;
		if (p->op) {
			add_time(by_name[p->cause], p->op, t);
			add_time(by_name[CAUSE_COUNT], p->op, t);
		}
	}
	for (guint k = 0; k < CAUSE_COUNT; k++)
		s->ops[k] = ranked(by_name[k]);
	g_autoptr(GArray) all = ranked(by_name[CAUSE_COUNT]);
	if (all->len)
		s->most = g_array_index(all, struct cause_op, 0);
	for (guint k = 0; k <= CAUSE_COUNT; k++)
		g_hash_table_destroy(by_name[k]);
	return s;
}

void causes_summary_free(struct causes_summary *s)
{
	if (!s)
		return;
	for (guint k = 0; k < CAUSE_COUNT; k++)
		if (s->ops[k])
			g_array_free(s->ops[k], TRUE);
	g_free(s);
}

guint causes_summary_order(const struct causes_summary *s, guint order[CAUSE_COUNT])
{
	guint n = 0;
	for (guint k = 0; k < CAUSE_COUNT; k++) {
		if (!s->by_cause[k])
			continue;
		guint at = n++;
		while (at > 0 && s->by_cause[order[at - 1]] < s->by_cause[k]) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = k;
	}
	return n;
}
