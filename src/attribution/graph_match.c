#include "attribution/graph_match.h"
#include "attribution/graph_lcs.h"

/* A sequence of ids with its hash: the key of the tables of distinct
 * device-name sequences and of tied sets. */
struct ids {
	guint *v;
	guint n;
	guint hash;
};

static guint hash_ids(const guint *v, guint n)
{
	guint32 h = 2166136261u; /* FNV-1a over the ids */
	for (guint i = 0; i < n; i++)
		h = (h ^ v[i]) * 16777619u;
	return h ^ n;
}

static gboolean same_ids(const guint *x, const guint *y, guint n)
{
	for (guint i = 0; i < n; i++)
		if (x[i] != y[i])
			return FALSE;
	return TRUE;
}

static guint ids_hash(gconstpointer p)
{
	return ((const struct ids *)p)->hash;
}

static gboolean ids_equal(gconstpointer p, gconstpointer q)
{
	const struct ids *x = p, *y = q;
	return x->hash == y->hash && x->n == y->n && same_ids(x->v, y->v, x->n);
}

static void ids_free(gpointer p)
{
	struct ids *x = p;
	g_free(x->v);
	g_free(x);
}

static guint name_hash(gconstpointer p)
{
	const struct gm_name *name = p;
	if (!name->text)
		return 0x9e3779b9u;
	guint32 h = 2166136261u;
	for (gsize i = 0; i < name->len; i++)
		h = (h ^ (guchar)name->text[i]) * 16777619u;
	return h;
}

static gboolean name_equal(gconstpointer p, gconstpointer q)
{
	const struct gm_name *x = p, *y = q;
	if (!x->text || !y->text)
		return !x->text && !y->text;
	if (x->len != y->len)
		return FALSE;
	for (gsize i = 0; i < x->len; i++)
		if (x->text[i] != y->text[i])
			return FALSE;
	return TRUE;
}

static int compare_guint(const void *x, const void *y, void *data)
{
	(void)data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	return (a > b) - (a < b);
}

/* Indices ordered by (ids[index], index). */
static int compare_by_id(const void *x, const void *y, void *data)
{
	const guint *ids = data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	if (ids[a] != ids[b])
		return ids[a] < ids[b] ? -1 : 1;
	return (a > b) - (a < b);
}

static guint *sorted_copy(const guint *v, guint n)
{
	guint *sorted = g_memdup2(v, (gsize)n * sizeof *v);
	g_qsort_with_data(sorted, (gint)n, sizeof *sorted, compare_guint, NULL);
	return sorted;
}

/* 0..n-1 by (ids[i], i): the k-th index with a given id is the k-th of that
 * name in the sequence. */
static guint *order_by_id(const guint *ids, guint n)
{
	guint *order = g_new(guint, n ? n : 1);
	for (guint i = 0; i < n; i++)
		order[i] = i;
	g_qsort_with_data(order, (gint)n, sizeof *order, compare_by_id, (gpointer)ids);
	return order;
}

struct window {
	guint *ids; /* per captured launch: its name's id, GRAPH_LCS_ANY when it has none */
	guint m;
	gboolean all_named;
	guint hash;    /* of ids */
	guint *sorted; /* all_named: ids sorted, the multiset of names */
	guint sorted_hash;
	guint *order; /* all_named, once a reordered match took it: order_by_id */
};

/* A distinct device-name sequence and what the windows make of it. */
struct seq {
	struct ids key;
	enum gm_kind kind;
	guint length;     /* GM_PARTIAL: L */
	gboolean too_big; /* a window was passed over for the partial limit */
	GArray *tied;     /* guint: the windows of the best kind, in window order */
	guint *count;     /* graph launches so far that had this tied set */
	guint **to;       /* per tied window, once taken: the mapping */
};

struct matcher {
	struct window *windows;
	guint n_windows;
	gboolean any_window;
	GHashTable *names; /* struct gm_name * -> id + 1 */
	GHashTable *seqs;  /* struct ids * (a seq's key) -> struct seq * */
	GHashTable *ties;  /* struct ids * (a tied set) -> guint * (its count) */
};

static guint intern(struct matcher *mt, const struct gm_name *name)
{
	gpointer id = g_hash_table_lookup(mt->names, name);
	if (id)
		return GPOINTER_TO_UINT(id) - 1;
	guint next = g_hash_table_size(mt->names);
	g_hash_table_insert(mt->names, (gpointer)name, GUINT_TO_POINTER(next + 1));
	return next;
}

static void seq_free(gpointer p)
{
	struct seq *s = p;
	for (guint t = 0; t < s->tied->len; t++)
		g_free(s->to[t]);
	g_free(s->to);
	g_array_free(s->tied, TRUE);
	g_free(s->key.v);
	g_free(s);
}

static void prepare_windows(struct matcher *mt, const struct gm_window *windows, guint n_windows)
{
	mt->n_windows = n_windows;
	mt->windows = g_new0(struct window, n_windows ? n_windows : 1);
	for (guint w = 0; w < n_windows; w++) {
		struct window *win = &mt->windows[w];
		win->m = windows[w].count;
		win->ids = g_new(guint, win->m ? win->m : 1);
		win->all_named = TRUE;
		for (guint i = 0; i < win->m; i++) {
			const struct gm_name *name = &windows[w].launches[i];
			win->ids[i] = name->text ? intern(mt, name) : GRAPH_LCS_ANY;
			win->all_named &= name->text != NULL;
		}
		win->hash = hash_ids(win->ids, win->m);
		if (win->all_named && win->m) {
			win->sorted = sorted_copy(win->ids, win->m);
			win->sorted_hash = hash_ids(win->sorted, win->m);
		}
		mt->any_window |= win->m > 0;
	}
}

static gboolean exact(const struct window *win, const struct ids *d)
{
	if (win->m != d->n)
		return FALSE;
	if (win->all_named)
		return win->hash == d->hash && same_ids(win->ids, d->v, d->n);
	for (guint i = 0; i < d->n; i++)
		if (win->ids[i] != GRAPH_LCS_ANY && win->ids[i] != d->v[i])
			return FALSE;
	return TRUE;
}

/* The partial matches of S: the windows with the largest L >= 0.9 n, 0.9 m.
 * Each window's search is capped at the largest D that could still give
 * such an L (and, once one window has L, at least that L). */
static void find_partial(const struct matcher *mt, struct seq *s)
{
	guint n = s->key.n;
	guint64 best = 0;
	for (guint w = 0; w < mt->n_windows; w++) {
		const struct window *win = &mt->windows[w];
		guint m = win->m;
		if (!m)
			continue;
		guint64 big = MAX(m, n), small = MIN(m, n);
		guint64 need = (9 * big + 9) / 10; /* the least L with 10 L >= 9 n and 10 L >= 9 m */
		if (need > small)
			continue;
		if ((guint64)m * n > GRAPH_MATCH_PARTIAL_MAX) {
			s->too_big = TRUE;
			continue;
		}
		need = MAX(need, best);
		gint64 d = graph_lcs_distance(s->key.v, n, win->ids, m, (guint64)m + n - 2 * need);
		if (d < 0)
			continue;
		guint64 length = ((guint64)m + n - (guint64)d) / 2;
		if (length > best) {
			best = length;
			g_array_set_size(s->tied, 0);
		}
		g_array_append_val(s->tied, w);
	}
	if (s->tied->len) {
		s->kind = GM_PARTIAL;
		s->length = (guint)best;
	}
}

/* What the windows make of device-name sequence S: the best kind and the
 * windows that have it. */
static void classify(struct matcher *mt, struct seq *s)
{
	guint n = s->key.n;
	guint *sorted = sorted_copy(s->key.v, n);
	guint sorted_hash = hash_ids(sorted, n);
	g_autoptr(GArray) reordered = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint w = 0; w < mt->n_windows; w++) {
		const struct window *win = &mt->windows[w];
		if (!win->m || win->m != n)
			continue;
		if (exact(win, &s->key))
			g_array_append_val(s->tied, w);
		else if (!s->tied->len && win->all_named && win->sorted_hash == sorted_hash &&
			 same_ids(win->sorted, sorted, n))
			g_array_append_val(reordered, w);
	}
	g_free(sorted);
	if (s->tied->len) {
		s->kind = GM_EXACT;
	} else if (reordered->len) {
		s->kind = GM_REORDERED;
		g_array_append_vals(s->tied, reordered->data, reordered->len);
	} else {
		find_partial(mt, s);
	}
	s->to = g_new0(guint *, s->tied->len ? s->tied->len : 1);
	if (!s->tied->len)
		return;
	/* the count of the tied set, shared by every sequence with that set */
	struct ids probe = { .v = (guint *)s->tied->data, .n = s->tied->len };
	probe.hash = hash_ids(probe.v, probe.n);
	s->count = g_hash_table_lookup(mt->ties, &probe);
	if (!s->count) {
		struct ids *key = g_new(struct ids, 1);
		*key = probe;
		key->v = g_memdup2(probe.v, (gsize)probe.n * sizeof(guint));
		s->count = g_new0(guint, 1);
		g_hash_table_insert(mt->ties, key, s->count);
	}
}

/* The seq of LAUNCH's device-name sequence, classified the first time. */
static struct seq *seq_of(struct matcher *mt, const struct gm_launch *launch)
{
	struct ids probe = { .v = g_new(guint, launch->count), .n = launch->count };
	for (guint i = 0; i < launch->count; i++)
		probe.v[i] = intern(mt, &launch->events[i]);
	probe.hash = hash_ids(probe.v, probe.n);
	struct seq *s = g_hash_table_lookup(mt->seqs, &probe);
	if (s) {
		g_free(probe.v);
		return s;
	}
	s = g_new0(struct seq, 1);
	s->key = probe;
	s->tied = g_array_new(FALSE, FALSE, sizeof(guint));
	classify(mt, s);
	g_hash_table_insert(mt->seqs, &s->key, s);
	return s;
}

/* The mapping of S to its T-th tied window, computed once. */
static const guint *mapping(struct matcher *mt, struct seq *s, guint t)
{
	if (s->to[t])
		return s->to[t];
	guint n = s->key.n;
	struct window *win = &mt->windows[g_array_index(s->tied, guint, t)];
	guint *to = g_new(guint, n);
	if (s->kind == GM_EXACT) {
		for (guint i = 0; i < n; i++)
			to[i] = i;
	} else if (s->kind == GM_REORDERED) {
		/* both orders list the names alike: the k-th D named X meets
		 * the k-th C named X */
		if (!win->order)
			win->order = order_by_id(win->ids, win->m);
		g_autofree guint *order = order_by_id(s->key.v, n);
		for (guint i = 0; i < n; i++)
			to[order[i]] = win->order[i];
	} else {
		graph_lcs_pairs(s->key.v, n, win->ids, win->m, to);
	}
	return s->to[t] = to;
}

/* The graph id all of LAUNCH's device events share; FALSE when they differ
 * or one lacks it. */
static gboolean graph_id_of(const struct gm_launch *launch, gint64 *id)
{
	if (!launch->count || !launch->graph_id || !launch->graph_node_id || !launch->has_ids)
		return FALSE;
	for (guint i = 0; i < launch->count; i++)
		if (!launch->has_ids[i] || launch->graph_id[i] != launch->graph_id[0])
			return FALSE;
	*id = launch->graph_id[0];
	return TRUE;
}

/* The first matched graph launch of a graph id: its window and where its
 * device events went, by graph node id (the first event with an id). */
struct first {
	guint window;
	GHashTable *node_to; /* gint64 * (into the launch's ids) -> captured launch (G_MAXUINT: unmatched) */
};

static void first_free(gpointer p)
{
	struct first *f = p;
	g_hash_table_destroy(f->node_to);
	g_free(f);
}

static struct first *first_new(const struct gm_launch *launch, const struct gm_result *r)
{
	struct first *f = g_new(struct first, 1);
	f->window = r->window;
	f->node_to = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint i = 0; i < launch->count; i++)
		if (!g_hash_table_contains(f->node_to, &launch->graph_node_id[i]))
			g_hash_table_insert(f->node_to, (gpointer)&launch->graph_node_id[i], GUINT_TO_POINTER(r->to[i]));
	return f;
}

static void by_graph_id(const struct first *f, const struct gm_launch *launch, struct gm_result *r)
{
	r->kind = GM_BY_GRAPH_ID;
	r->window = f->window;
	r->to = g_new(guint, launch->count);
	for (guint i = 0; i < launch->count; i++) {
		gpointer to;
		r->to[i] = g_hash_table_lookup_extended(f->node_to, &launch->graph_node_id[i], NULL, &to)
				   ? GPOINTER_TO_UINT(to)
				   : G_MAXUINT;
	}
}

/* matched and unverified of a result with its mapping. */
static void tally(const struct window *win, guint n, struct gm_result *r)
{
	for (guint i = 0; i < n; i++)
		if (r->to[i] != G_MAXUINT) {
			r->matched++;
			r->unverified |= win->ids[r->to[i]] == GRAPH_LCS_ANY;
		}
}

static void match_one(struct matcher *mt, GHashTable *firsts, const struct gm_launch *launch, struct gm_result *r)
{
	*r = (struct gm_result){ .kind = GM_NONE, .reason = GM_REASON_NONE };
	if (!launch->count) {
		r->reason = GM_REASON_NO_EVENTS;
		return;
	}
	gint64 graph_id;
	gboolean has_id = graph_id_of(launch, &graph_id);
	const struct first *f = has_id ? g_hash_table_lookup(firsts, &graph_id) : NULL;
	if (f) {
		by_graph_id(f, launch, r);
	} else {
		if (!mt->any_window) {
			r->reason = GM_REASON_NO_WINDOWS;
			return;
		}
		struct seq *s = seq_of(mt, launch);
		if (s->kind == GM_NONE) {
			r->reason = s->too_big ? GM_REASON_TOO_BIG : GM_REASON_NO_WINDOW;
			return;
		}
		guint t = (*s->count)++ % s->tied->len;
		r->kind = s->kind;
		r->window = g_array_index(s->tied, guint, t);
		r->to = g_memdup2(mapping(mt, s, t), (gsize)launch->count * sizeof(guint));
		if (has_id)
			g_hash_table_insert(firsts, g_memdup2(&graph_id, sizeof graph_id), first_new(launch, r));
	}
	tally(&mt->windows[r->window], launch->count, r);
}

void graph_match(const struct gm_window *windows, guint n_windows, const struct gm_launch *launches,
		 guint n_launches, struct gm_result *results)
{
	struct matcher mt = {
		.names = g_hash_table_new(name_hash, name_equal),
		.seqs = g_hash_table_new_full(ids_hash, ids_equal, NULL, seq_free),
		.ties = g_hash_table_new_full(ids_hash, ids_equal, ids_free, g_free),
	};
	prepare_windows(&mt, windows, n_windows);
	g_autoptr(GHashTable) firsts = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, first_free);
	for (guint i = 0; i < n_launches; i++)
		match_one(&mt, firsts, &launches[i], &results[i]);
	for (guint w = 0; w < n_windows; w++) {
		g_free(mt.windows[w].ids);
		g_free(mt.windows[w].sorted);
		g_free(mt.windows[w].order);
	}
	g_free(mt.windows);
	g_hash_table_destroy(mt.names);
	g_hash_table_destroy(mt.seqs);
	g_hash_table_destroy(mt.ties);
}

void gm_results_clear(struct gm_result *results, guint n)
{
	for (guint i = 0; i < n; i++) {
		g_free(results[i].to);
		results[i].to = NULL;
	}
}

const char *gm_reason_text(enum gm_reason reason)
{
	switch (reason) {
	case GM_REASON_NONE:
		return "matched";
	case GM_REASON_NO_EVENTS:
		return "the graph launch has no device events";
	case GM_REASON_NO_WINDOW:
		return "no capture window matches its device events (exactly, reordered or 90% in order)";
	case GM_REASON_TOO_BIG:
		return "too many device events and captured launches for a partial match (m*n > 10^8)";
	case GM_REASON_NO_WINDOWS:
		return "no capture window has captured launches";
	}
	return "?";
}
