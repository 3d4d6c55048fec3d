#include "attribution/cause_sweep.h"
#include "attribution/blocking.h"
#include "model/build.h"

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

/* An event that holds an instant of a window. */
struct item {
	gint64 ts, end;
	guint64 inner_key;
	const struct name *name;
	guint8 cause;
};

struct cause_sweep {
	struct cause_sweep_events e; /* h and l: the next to read */
	const struct cause_window *windows;
	guint window_count, w;      /* w: the first window that ends after the last start */
	struct cause_window *stack; /* the open events of the depth walk, outermost first */
	guint depth, stack_room;
	guint32 position;           /* the next event's place in sort order */
	gint64 latest[CAUSE_COUNT]; /* per cause, the latest end of its events begun so far */
	struct heap inner;
	struct item next; /* the next event that holds an instant of a window, when MORE */
	gboolean more;
};

/* Whether host event H comes before launch L in sort order (src/model/build.h's event_compare()). */
static gboolean host_first(const struct host_event *h, const struct event *l)
{
	if (h->ts != l->ts)
		return h->ts < l->ts;
	if (h->ts + h->dur != event_end(l))
		return h->ts + h->dur > event_end(l);
	return h->index < l->index;
}

/* The next event of the sweep that holds an instant of a window, into IT: FALSE when none is left. */
static gboolean next_item(struct cause_sweep *s, struct item *it)
{
	struct cause_sweep_events *e = &s->e;
	const struct event *launches = e->a->launches;
	while (e->h < e->h_end || e->l < e->l_end) {
		gboolean take_host = e->l >= e->l_end || (e->h < e->h_end && host_first(&e->host[e->h], &launches[e->l]));
		struct cause_window span;
		const struct name *name;
		guint k = 0;
		if (take_host) {
			const struct host_event *host = &e->host[e->h++];
			span = (struct cause_window){ host->ts, host->ts + host->dur }, name = host->name;
		} else {
			k = e->l++;
			if (e->a->virtual_launch && e->a->virtual_launch[k])
				continue; /* a part of a graph launch, which is there itself */
			span = (struct cause_window){ launches[k].ts, event_end(&launches[k]) }, name = launches[k].name;
		}
		if (span.end <= span.start)
			continue; /* zero-length: holds no instant */
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
		it->ts = span.start, it->end = span.end, it->name = name;
		it->inner_key = (guint64)(G_MAXUINT32 - s->depth) << 32 | (G_MAXUINT32 - position);
		if (take_host)
			it->cause = (guint8)e->host_cause(e->data, name);
		else
			it->cause = e->kinds[k] & LAUNCH_BLOCKING ? CAUSE_BLOCKING : CAUSE_LAUNCHING;
		return TRUE;
	}
	return FALSE;
}

struct cause_sweep *cause_sweep_new(const struct cause_sweep_events *events, const struct cause_window *windows,
				    guint count)
{
	struct cause_sweep *s = g_new0(struct cause_sweep, 1);
	s->e = *events;
	s->windows = windows;
	s->window_count = count;
	for (guint k = 0; k < CAUSE_COUNT; k++)
		s->latest[k] = G_MININT64;
	s->more = next_item(s, &s->next);
	return s;
}

void cause_sweep_free(struct cause_sweep *s)
{
	if (!s)
		return;
	g_free(s->stack);
	g_free(s->inner.at);
	g_free(s);
}

gboolean cause_sweep_at(struct cause_sweep *s, gint64 t, gint64 *end, guint8 *cause, const struct name **op)
{
	while (s->more && s->next.ts <= t) {
		s->latest[s->next.cause] = MAX(s->latest[s->next.cause], s->next.end);
		heap_push(&s->inner, (struct heap_entry){ s->next.inner_key, s->next.end, s->next.name });
		s->more = next_item(s, &s->next);
	}
	*end = s->more ? s->next.ts : G_MAXINT64;
	guint best = 0;
	while (best < CAUSE_COUNT && s->latest[best] <= t)
		best++;
	if (best == CAUSE_COUNT) /* nothing holds T */
		return FALSE;
	while (s->inner.at[0].end <= t) /* an event holds T: the heap has one */
		heap_pop(&s->inner);
	*end = MIN(*end, MIN(s->latest[best], s->inner.at[0].end));
	*cause = (guint8)best;
	*op = s->inner.at[0].name;
	return TRUE;
}
