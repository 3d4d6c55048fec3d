#include "attribution/causes.h"
#include <string.h>
#include "attribution/blocking.h"
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

struct window { /* a stretch of time: [start, end) */
	gint64 start, end;
};

/* A thread's segments, exact within its windows (sorted, disjoint, not
 * touching): those that the intervals asked about so far. */
struct thread_segments {
	struct segment *list;
	guint count;
	struct window *windows;
	guint window_count;
};

struct causes {
	const struct event *host;
	const struct attribution *a;
	guint8 *kinds;         /* blocking_kinds of A */
	guint threads;         /* thread numbers below this may have events */
	guint *host_first;     /* thread t's host events: [host_first[t], host_first[t + 1]) */
	guint *launch_first;   /* its launches, alike */
	struct thread_segments *segments; /* per thread, made on first need */
	GHashTable *name_causes; /* struct name * -> cause + 1 (names of one reader's worker compare by pointer) */
};

/* The first index of the COUNT EVENTS (by thread) at each thread below THREADS, and THREADS' end. */
static guint *firsts(const struct event *events, guint count, guint threads)
{
	guint *first = g_new(guint, threads + 1);
	guint i = 0;
	for (guint t = 0; t <= threads; t++) {
		while (i < count && events[i].thread < t)
			i++;
		first[t] = i;
	}
	return first;
}

struct causes *causes_new(GArray *host, const struct attribution *a)
{
	struct causes *c = g_new0(struct causes, 1);
	events_sort_by_thread((struct event *)host->data, host->len);
	c->host = (const struct event *)host->data;
	c->a = a;
	c->kinds = blocking_kinds(a);
	guint threads = 0;
	if (host->len)
		threads = MAX(threads, c->host[host->len - 1].thread + 1);
	if (a->launch_count)
		threads = MAX(threads, a->launches[a->launch_count - 1].thread + 1);
	c->threads = threads;
	c->host_first = firsts(c->host, host->len, threads);
	c->launch_first = firsts(a->launches, a->launch_count, threads);
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

static enum cause host_cause(struct causes *c, const struct name *name)
{
	gpointer known = g_hash_table_lookup(c->name_causes, name);
	if (known)
		return GPOINTER_TO_UINT(known) - 1;
	enum cause cause = cause_of_name(name->text, name->len);
	g_hash_table_insert(c->name_causes, (gpointer)name, GUINT_TO_POINTER(cause + 1));
	return cause;
}

/* Room for one more of N elements of SIZE bytes at *AT (*ROOM of them): doubled when full. */
static void *grow(void *at, guint n, guint *room, gsize size)
{
	if (n < *room)
		return at;
	*room = MAX(2 * *room, 64);
	return g_realloc_n(at, *room, size);
}

/* A binary min-heap of open events by key (depth and sort position, both
 * reversed: the deepest, then the last, on top), each with its end and name. */
struct heap_entry {
	guint64 key;
	gint64 end;
	const struct name *name;
};

struct heap {
	struct heap_entry *at;
	guint len, room;
};

static void heap_push(struct heap *h, struct heap_entry x)
{
	h->at = grow(h->at, h->len, &h->room, sizeof *h->at);
	guint k = h->len++;
	while (k && x.key < h->at[(k - 1) / 2].key) {
		h->at[k] = h->at[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	h->at[k] = x;
}

static void heap_pop(struct heap *h)
{
	struct heap_entry x = h->at[--h->len];
	guint k = 0;
	for (;;) {
		guint c = 2 * k + 1;
		if (c >= h->len)
			break;
		if (c + 1 < h->len && h->at[c + 1].key < h->at[c].key)
			c++;
		if (x.key <= h->at[c].key)
			break;
		h->at[k] = h->at[c];
		k = c;
	}
	if (h->len)
		h->at[k] = x;
}

/* One thread's sweep: its events of positive length, host events and
 * launches merged in sort order, read one at a time; only those that hold
 * an instant of a window are handed on (the others cannot label one), but
 * every one takes its place in the depth walk and the sort order. */
struct sweep {
	struct causes *c;
	guint h, h_end, l, l_end;
	const struct window *windows;
	guint window_count, w; /* w: the first window that ends after the last start */
	guint ew;              /* the first window that ends after the last segment's start */
	struct window *stack;  /* the open events of the depth walk, outermost first */
	guint depth, stack_room;
	guint32 position; /* the next event's place in sort order */
	struct segment *out;
	guint count, room;
};

/* An event of the sweep. */
struct item {
	gint64 ts, end;
	guint64 inner_key;
	const struct name *name;
	guint8 cause;
};

/* The next event of the sweep that holds an instant of a window, into IT: FALSE when none is left. */
static gboolean next_item(struct sweep *s, struct item *it)
{
	const struct attribution *a = s->c->a;
	const struct event *host = s->c->host;
	while (s->h < s->h_end || s->l < s->l_end) {
		gboolean take_host = s->l >= s->l_end || (s->h < s->h_end && event_compare(&host[s->h], &a->launches[s->l]) < 0);
		const struct event *e;
		guint k = 0;
		if (take_host) {
			e = &host[s->h++];
		} else {
			k = s->l++;
			if (a->virtual_launch && a->virtual_launch[k])
				continue; /* a part of a graph launch, which is there itself */
			e = &a->launches[k];
		}
		if (e->dur <= 0)
			continue;
		struct window span = { e->ts, event_end(e) };
		/* its depth by the forest's stack walk: the child of the innermost open event that holds it */
		while (s->depth && !(s->stack[s->depth - 1].start <= span.start && span.end <= s->stack[s->depth - 1].end))
			s->depth--;
		s->stack = grow(s->stack, s->depth, &s->stack_room, sizeof *s->stack);
		s->stack[s->depth++] = span;
		guint32 position = s->position++;
		while (s->w < s->window_count && s->windows[s->w].end <= span.start)
			s->w++;
		if (s->w >= s->window_count || s->windows[s->w].start >= span.end)
			continue; /* holds no instant of a window */
		it->ts = span.start, it->end = span.end, it->name = e->name;
		it->inner_key = (guint64)(G_MAXUINT32 - s->depth) << 32 | (G_MAXUINT32 - position);
		if (take_host)
			it->cause = (guint8)host_cause(s->c, e->name);
		else
			it->cause = s->c->kinds[k] & LAUNCH_BLOCKING ? CAUSE_BLOCKING : CAUSE_LAUNCHING;
		return TRUE;
	}
	return FALSE;
}

/* The stretch [A, B) with one label, within the windows (they come in time
 * order), merged into the last segment when that ends at A with this label. */
static void emit_within(struct sweep *s, gint64 a, gint64 b, guint8 cause, const struct name *op)
{
	while (s->ew < s->window_count && s->windows[s->ew].end <= a)
		s->ew++;
	for (guint k = s->ew; k < s->window_count && s->windows[k].start < b; k++) {
		gint64 start = MAX(a, s->windows[k].start), end = MIN(b, s->windows[k].end);
		struct segment *last = s->count ? &s->out[s->count - 1] : NULL;
		if (last && last->end == start && last->cause == cause && last->op == op) {
			last->end = end;
			continue;
		}
		s->out = grow(s->out, s->count, &s->room, sizeof *s->out);
		s->out[s->count++] = (struct segment){ start, end, op, cause };
	}
}

/* Thread T's segments within its COUNT WINDOWS (sorted, disjoint, not
 * touching), into its cache. The best cause at an instant is the first
 * whose events begun so far end the latest after it; the op the innermost
 * heap's top once its ended tops are popped. */
static void make_segments(struct causes *c, guint t, struct window *windows, guint count)
{
	struct sweep s = { c, c->host_first[t], c->host_first[t + 1], c->launch_first[t], c->launch_first[t + 1],
			   windows, count, 0, 0, NULL, 0, 0, 0, NULL, 0, 0 };
	gint64 latest[CAUSE_COUNT]; /* per cause, the latest end of its events begun so far */
	for (guint k = 0; k < CAUSE_COUNT; k++)
		latest[k] = G_MININT64;
	struct heap inner = { 0 };
	struct item next;
	gboolean more = next_item(&s, &next);
	gint64 t_now = more ? next.ts : 0;
	for (;;) {
		while (more && next.ts <= t_now) {
			latest[next.cause] = MAX(latest[next.cause], next.end);
			heap_push(&inner, (struct heap_entry){ next.inner_key, next.end, next.name });
			more = next_item(&s, &next);
		}
		guint best = 0;
		while (best < CAUSE_COUNT && latest[best] <= t_now)
			best++;
		if (best == CAUSE_COUNT) { /* nothing holds t_now: on to the next start */
			if (!more)
				break;
			t_now = next.ts;
			continue;
		}
		while (inner.at[0].end <= t_now) /* an event holds t_now: the heap has one */
			heap_pop(&inner);
		gint64 end = MIN(latest[best], inner.at[0].end);
		if (more)
			end = MIN(end, next.ts);
		emit_within(&s, t_now, end, (guint8)best, inner.at[0].name);
		t_now = end;
	}
	g_free(inner.at);
	g_free(s.stack);
	struct thread_segments *cache = &c->segments[t];
	g_free(cache->list);
	g_free(cache->windows);
	cache->count = s.count;
	cache->list = s.out;
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
static gboolean covered(const struct window *windows, guint count, struct window w)
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

/* The segments of every thread that the COUNT INTERVALS ask about, made
 * where its cache does not cover them: over the union of the windows it has
 * and those the intervals add (merged where they overlap or touch). */
static void make_needed(struct causes *c, const struct waiting_blamed *intervals, guint count)
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
		gboolean all = TRUE;
		for (; i < asked->len && b[i].thread == t; i++)
			all = all && covered(cache->windows, cache->window_count, (struct window){ b[i].start, b[i].end });
		if (all)
			continue;
		GArray *windows = g_array_new(FALSE, FALSE, sizeof(struct window));
		guint j = 0, k = first; /* the cache's windows and these intervals, merged by start */
		while (j < cache->window_count || k < i) {
			struct window w = k >= i || (j < cache->window_count && cache->windows[j].start < b[k].start)
						  ? cache->windows[j++]
						  : (struct window){ b[k].start, b[k++].end };
			struct window *last = windows->len ? &g_array_index(windows, struct window, windows->len - 1) : NULL;
			if (last && w.start <= last->end)
				last->end = MAX(last->end, w.end);
			else
				g_array_append_val(windows, w);
		}
		guint n = windows->len;
		make_segments(c, t, (struct window *)g_array_free(windows, FALSE), n);
	}
}

/* Pieces, written in place: USED of them, room for PIECES->len. */
static void piece(GArray *pieces, guint *used, gint64 start, gint64 end, guint8 cause, const struct name *op, guint interval)
{
	if (*used == pieces->len)
		g_array_set_size(pieces, MAX(2 * pieces->len, 64));
	g_array_index(pieces, struct cause_piece, (*used)++) = (struct cause_piece){ start, end, op, interval, cause };
}

GArray *causes_split(struct causes *c, const struct waiting_blamed *intervals, guint count)
{
	make_needed(c, intervals, count);
	GArray *pieces = g_array_new(FALSE, FALSE, sizeof(struct cause_piece));
	guint used = 0;
	for (guint k = 0; k < count; k++) {
		const struct waiting_blamed *b = &intervals[k];
		if (b->end <= b->start)
			continue;
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
				piece(pieces, &used, at, from, CAUSE_OUTSIDE, NULL, k);
			piece(pieces, &used, from, to, s->list[i].cause, s->list[i].op, k);
			at = to;
		}
		if (at < b->end)
			piece(pieces, &used, at, b->end, CAUSE_OUTSIDE, NULL, k);
	}
	g_array_set_size(pieces, used);
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
