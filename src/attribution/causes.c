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

/* A thread's segments: sorted, disjoint, each with one label. */
struct segment {
	gint64 start, end;
	const struct name *op;
	guint8 cause;
};

struct thread_segments {
	struct segment *list;
	guint count;
	gboolean made;
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
	for (guint t = 0; t < c->threads; t++)
		g_free(c->segments[t].list);
	g_free(c->segments);
	g_free(c->kinds);
	g_free(c->host_first);
	g_free(c->launch_first);
	g_hash_table_destroy(c->name_causes);
	g_free(c);
}

/* An event of the sweep. */
struct item {
	const struct event *event;
	gint64 end;
	guint depth;
	guint8 cause;
};

static enum cause host_cause(struct causes *c, const struct name *name)
{
	gpointer known = g_hash_table_lookup(c->name_causes, name);
	if (known)
		return GPOINTER_TO_UINT(known) - 1;
	enum cause cause = cause_of_name(name->text, name->len);
	g_hash_table_insert(c->name_causes, (gpointer)name, GUINT_TO_POINTER(cause + 1));
	return cause;
}

/* Thread T's events of positive length, host events and launches merged in sort order. */
static GArray *thread_items(struct causes *c, guint t)
{
	const struct attribution *a = c->a;
	guint h = c->host_first[t], h_end = c->host_first[t + 1];
	guint l = c->launch_first[t], l_end = c->launch_first[t + 1];
	GArray *items = g_array_sized_new(FALSE, FALSE, sizeof(struct item), (h_end - h) + (l_end - l));
	while (h < h_end || l < l_end) {
		gboolean take_host = l >= l_end || (h < h_end && event_compare(&c->host[h], &a->launches[l]) < 0);
		struct item it = { 0 };
		if (take_host) {
			it.event = &c->host[h++];
			it.cause = (guint8)host_cause(c, it.event->name);
		} else {
			guint k = l++;
			if (a->virtual_launch && a->virtual_launch[k])
				continue; /* a part of a graph launch, which is there itself */
			it.event = &a->launches[k];
			it.cause = c->kinds[k] & LAUNCH_BLOCKING ? CAUSE_BLOCKING : CAUSE_LAUNCHING;
		}
		if (it.event->dur <= 0)
			continue;
		it.end = event_end(it.event);
		g_array_append_val(items, it);
	}
	return items;
}

/* Depths by the forest's stack walk: each item the child of the innermost open one that holds it. */
static void set_depths(struct item *items, guint n)
{
	g_autoptr(GArray) stack = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint i = 0; i < n; i++) {
		while (stack->len &&
		       !event_contains(items[g_array_index(stack, guint, stack->len - 1)].event, items[i].event))
			g_array_set_size(stack, stack->len - 1);
		items[i].depth = stack->len + 1;
		g_array_append_val(stack, i);
	}
}

/* A binary min-heap of item indices, each with its key and its end: the
 * smallest key on top. The cause heap's key is the cause (blocking on top),
 * the innermost heap's the depth and the sort position, both reversed (the
 * deepest, then the last, on top). */
struct heap_entry {
	guint64 key;
	gint64 end;
	guint32 item;
};

struct heap {
	struct heap_entry *at;
	guint len;
};

static void heap_push(struct heap *h, struct heap_entry x)
{
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

/* Pops H's ended tops (ended at or before T): FALSE when nothing is left. */
static gboolean heap_settle(struct heap *h, gint64 t)
{
	while (h->len && h->at[0].end <= t)
		heap_pop(h);
	return h->len > 0;
}

static void emit(GArray *out, gint64 start, gint64 end, guint8 cause, const struct name *op)
{
	if (out->len) {
		struct segment *last = &g_array_index(out, struct segment, out->len - 1);
		if (last->end == start && last->cause == cause && last->op == op) {
			last->end = end;
			return;
		}
	}
	struct segment s = { start, end, op, cause };
	g_array_append_val(out, s);
}

static void make_segments(struct causes *c, guint t)
{
	g_autoptr(GArray) held = thread_items(c, t);
	struct item *items = (struct item *)held->data;
	guint n = held->len;
	set_depths(items, n);
	g_autofree struct heap_entry *room = g_new(struct heap_entry, 2 * (gsize)n + 2);
	struct heap by_cause = { room, 0 }, inner = { room + n + 1, 0 };
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct segment));
	guint i = 0;
	gint64 t_now = n ? items[0].event->ts : 0;
	while (i < n || by_cause.len) {
		while (i < n && items[i].event->ts <= t_now) {
			heap_push(&by_cause, (struct heap_entry){ items[i].cause, items[i].end, i });
			heap_push(&inner, (struct heap_entry){ (guint64)(G_MAXUINT32 - items[i].depth) << 32 | (G_MAXUINT32 - i),
							       items[i].end, i });
			i++;
		}
		gboolean open = heap_settle(&by_cause, t_now);
		heap_settle(&inner, t_now);
		if (!open) { /* nothing holds t_now: on to the next start */
			if (i >= n)
				break;
			t_now = items[i].event->ts;
			continue;
		}
		const struct item *best = &items[by_cause.at[0].item], *innermost = &items[inner.at[0].item];
		gint64 next = MIN(best->end, innermost->end);
		if (i < n)
			next = MIN(next, items[i].event->ts);
		emit(out, t_now, next, best->cause, innermost->event->name);
		t_now = next;
	}
	struct thread_segments *s = &c->segments[t];
	s->count = out->len;
	s->list = (struct segment *)g_array_free(out, FALSE);
	s->made = TRUE;
}

static void piece(GArray *pieces, gint64 start, gint64 end, guint8 cause, const struct name *op, guint interval)
{
	struct cause_piece p = { start, end, op, interval, cause };
	g_array_append_val(pieces, p);
}

GArray *causes_split(struct causes *c, const struct waiting_blamed *intervals, guint count)
{
	GArray *pieces = g_array_new(FALSE, FALSE, sizeof(struct cause_piece));
	for (guint k = 0; k < count; k++) {
		const struct waiting_blamed *b = &intervals[k];
		if (b->end <= b->start)
			continue;
		const struct thread_segments *s = NULL;
		if (b->thread < c->threads) {
			if (!c->segments[b->thread].made)
				make_segments(c, b->thread);
			s = &c->segments[b->thread];
		}
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
				piece(pieces, at, from, CAUSE_OUTSIDE, NULL, k);
			piece(pieces, from, to, s->list[i].cause, s->list[i].op, k);
			at = to;
		}
		if (at < b->end)
			piece(pieces, at, b->end, CAUSE_OUTSIDE, NULL, k);
	}
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
