#include "attribution/critical.h"
#include <stdlib.h>
#include <string.h>
#include "attribution/critical_order.h"

#define FROM_START CRITICAL_NONE /* bound by the step's start: no predecessor in the window */
#define OUTSIDE G_MAXUINT32      /* the place of a predecessor outside the window: after every inside one */

struct solver {
	const struct critical_graph *g;
	struct critical_order o;
	guint32 *stamp;           /* per node: the pass that took it last */
	gint64 *pt, *dm;          /* per node: its predicted time, its measured delay */
	guint32 *bind_m, *bind_p; /* per node: its binding predecessor, measured and predicted; FROM_START */
	guint8 *kind_m, *kind_p;  /* the binding edge's kind */
	guint32 pass;
	guint32 ranks;
	guint32 *lo, *hi; /* per rank: its window in the pass, as places in the order (lo > hi: none) */
	gint64 *start;    /* per rank: the window's step's start */
};

static guint32 rank_of(const struct critical_graph *g, guint32 v)
{
	return g->rank ? g->rank[v] : 0;
}

static gboolean in_window(const struct solver *s, guint32 v, guint32 p)
{
	const struct critical_graph *g = s->g;
	if (g->type[v] == CRITICAL_ARRIVAL) {
		for (guint32 e = g->pred_first[v]; e < g->pred_first[v + 1]; e++)
			if (s->stamp[g->pred[e]] == s->pass)
				return TRUE;
		return FALSE;
	}
	guint32 r = rank_of(g, v);
	return r < s->ranks && s->lo[r] <= p && p <= s->hi[r];
}

/* The delay of V as the predicted pass weighs it: a host node's and a device end's scaled. */
static gint64 weight(const struct critical_graph *g, guint32 v, gint64 d)
{
	guint8 type = g->type[v];
	return type == CRITICAL_HOST_START || type == CRITICAL_HOST_END || type == CRITICAL_DEVICE_END
		       ? critical_scale(g, g->factor[v], d)
		       : d;
}

/* V's times from its predecessors', in the pass. */
static void forward(struct solver *s, guint32 v)
{
	const struct critical_graph *g = s->g;
	gboolean arrival = g->type[v] == CRITICAL_ARRIVAL;
	gint64 own_start = arrival ? 0 : s->start[rank_of(g, v)];
	gint64 best_m = G_MININT64, best_p = G_MININT64;
	guint32 bm = FROM_START, bp = FROM_START, bm_pos = OUTSIDE, bp_pos = OUTSIDE;
	guint8 km = CRITICAL_EDGE_HOST, kp = CRITICAL_EDGE_HOST;
	for (guint32 e = g->pred_first[v]; e < g->pred_first[v + 1]; e++) {
		if (s->o.dropped && s->o.dropped[e])
			continue;
		guint32 u = g->pred[e], upos = OUTSIDE, ref = FROM_START;
		gboolean inside = s->stamp[u] == s->pass;
		gint64 mu = own_start, pu = own_start;
		if (inside || arrival) { /* an arrival's predecessor outside: another rank's start, as measured */
			mu = g->time[u];
			pu = inside ? s->pt[u] : g->time[u];
			ref = u;
			upos = inside ? s->o.pos[u] : OUTSIDE - 1;
		}
		if (mu > best_m || (mu == best_m && upos < bm_pos))
			best_m = mu, bm = ref, km = g->pred_kind[e], bm_pos = upos;
		if (pu > best_p || (pu == best_p && upos < bp_pos))
			best_p = pu, bp = ref, kp = g->pred_kind[e], bp_pos = upos;
	}
	if (best_m == G_MININT64)
		best_m = best_p = own_start;
	s->dm[v] = g->time[v] - best_m;
	s->pt[v] = best_p + weight(g, v, s->dm[v]);
	s->bind_m[v] = bm, s->bind_p[v] = bp;
	s->kind_m[v] = km, s->kind_p[v] = kp;
	s->stamp[v] = s->pass;
}

static void add_segment(GArray *segments, guint8 kind, guint32 label, gint64 length, gint64 end, guint32 node,
			guint32 event)
{
	if (length <= 0)
		return;
	struct critical_segment segment = { length, end, node, label, event, kind };
	g_array_append_val(segments, segment);
}

/* The own rank's start among the predecessors of the arrival node X, or FROM_START. */
static guint32 own_start_of(const struct solver *s, guint32 x, guint32 rank)
{
	const struct critical_graph *g = s->g;
	for (guint32 e = g->pred_first[x]; e < g->pred_first[x + 1]; e++)
		if (rank_of(g, g->pred[e]) == rank && s->stamp[g->pred[e]] == s->pass)
			return g->pred[e];
	return FROM_START;
}

/* The path back from END (measured, or PREDICTED), from its start on. */
static GArray *backtrack(const struct solver *s, guint32 end, guint32 rank, gint64 start, gboolean predicted)
{
	const struct critical_graph *g = s->g;
	GArray *segments = g_array_new(FALSE, FALSE, sizeof(struct critical_segment));
	for (guint32 v = end;;) {
		gint64 d = s->dm[v], length = predicted ? weight(g, v, d) : d, at = predicted ? s->pt[v] : g->time[v];
		guint32 b = predicted ? s->bind_p[v] : s->bind_m[v];
		guint8 bk = predicted ? s->kind_p[v] : s->kind_m[v], type = g->type[v];
		guint8 kind = type == CRITICAL_HOST_START || type == CRITICAL_HOST_END ? CRITICAL_KIND_HOST
			      : type == CRITICAL_DEVICE_END				   ? CRITICAL_KIND_DEVICE
			      : bk == CRITICAL_EDGE_LAUNCH && b != FROM_START		   ? CRITICAL_KIND_LAUNCH_DELAY
			      : bk == CRITICAL_EDGE_LAUNCH ? CRITICAL_KIND_LAUNCH_DELAY /* its launch before the step */
							   : CRITICAL_KIND_QUEUEING;
		guint32 label = kind == CRITICAL_KIND_HOST || kind == CRITICAL_KIND_DEVICE ? g->label[v] : 0;
		add_segment(segments, kind, label, length, at, v, g->event[v]);
		if (b == FROM_START)
			break;
		if (g->type[b] != CRITICAL_ARRIVAL) {
			v = b;
			continue;
		}
		/* bound by its instance's last arrival: the wait for that rank, then its own start */
		guint32 last = predicted ? s->bind_p[b] : s->bind_m[b], own = own_start_of(s, b, rank);
		gint64 arrived = predicted ? s->pt[b] : g->time[b];
		gint64 own_at = own == FROM_START ? start : predicted ? s->pt[own] : g->time[own];
		if (last != FROM_START && rank_of(g, last) != rank)
			add_segment(segments, CRITICAL_KIND_WAIT, rank_of(g, last), arrived - own_at, arrived, b,
				    CRITICAL_NONE);
		if (own == FROM_START)
			break;
		v = own;
	}
	for (guint i = 0, j = segments->len; i + 1 < j; i++, j--) { /* from the start on */
		struct critical_segment t = g_array_index(segments, struct critical_segment, i);
		g_array_index(segments, struct critical_segment, i) = g_array_index(segments, struct critical_segment, j - 1);
		g_array_index(segments, struct critical_segment, j - 1) = t;
	}
	return segments;
}

/* The first place in the order whose time is at or after TIME. */
static guint32 first_at(const struct solver *s, gint64 time)
{
	guint32 lo = 0, hi = s->g->count;
	while (lo < hi) {
		guint32 mid = lo + (hi - lo) / 2;
		if (s->g->time[s->o.order[mid]] < time)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* One pass: the windows of STEPS (COUNT of them, one a rank), their paths into RESULT. */
static void run_pass(struct solver *s, const struct critical_step *const *steps, guint count,
		     struct critical_result *result)
{
	const struct critical_graph *g = s->g;
	s->pass++;
	guint32 from = G_MAXUINT32, to = 0;
	for (guint i = 0; i < count; i++) {
		guint32 r = steps[i]->rank;
		s->lo[r] = 1, s->hi[r] = 0;
		if (steps[i]->end == CRITICAL_NONE)
			continue;
		guint32 lo = first_at(s, steps[i]->start), hi = s->o.pos[steps[i]->end];
		if (hi < lo)
			continue;
		s->lo[r] = lo, s->hi[r] = hi, s->start[r] = steps[i]->start;
		from = MIN(from, lo), to = MAX(to, hi);
	}
	for (guint32 p = from; from != G_MAXUINT32 && p <= to; p++)
		if (in_window(s, s->o.order[p], p))
			forward(s, s->o.order[p]);
	for (guint i = 0; i < count; i++) {
		const struct critical_step *step = steps[i];
		if (step->end == CRITICAL_NONE || s->stamp[step->end] != s->pass)
			continue;
		struct critical_path *path = g_new0(struct critical_path, 1);
		path->step = step->number;
		path->rank = step->rank;
		path->host_only = step->host_only;
		path->whole = step->whole;
		path->start = step->start;
		path->measured = g->time[step->end] - step->start;
		path->predicted = s->pt[step->end] - step->start;
		path->segments = backtrack(s, step->end, step->rank, step->start, TRUE);
		path->measured_segments = g->factor_count ? backtrack(s, step->end, step->rank, step->start, FALSE)
							  : path->segments;
		g_ptr_array_add(result->paths, path);
	}
	for (guint i = 0; i < count; i++)
		s->lo[steps[i]->rank] = 1, s->hi[steps[i]->rank] = 0;
}

static int compare_steps(const void *x, const void *y)
{
	const struct critical_step *a = *(const struct critical_step *const *)x, *b = *(const struct critical_step *const *)y;
	if (a->number != b->number)
		return a->number < b->number ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

static void path_free(gpointer data)
{
	struct critical_path *path = data;
	if (path->measured_segments != path->segments)
		g_array_free(path->measured_segments, TRUE);
	g_array_free(path->segments, TRUE);
	g_free(path);
}

struct critical_result *critical_solve(const struct critical_graph *g)
{
	struct critical_result *result = g_new0(struct critical_result, 1);
	result->paths = g_ptr_array_new_with_free_func(path_free);
	guint steps = g->steps->len;
	if (!steps)
		return result;
	struct solver s = { .g = g };
	critical_order_make(&s.o, g);
	result->dropped = s.o.dropped_count;
	guint32 n = g->count;
	s.stamp = g_new0(guint32, n + 1);
	s.pt = g_new(gint64, n + 1);
	s.dm = g_new(gint64, n + 1);
	s.bind_m = g_new(guint32, n + 1);
	s.bind_p = g_new(guint32, n + 1);
	s.kind_m = g_new(guint8, n + 1);
	s.kind_p = g_new(guint8, n + 1);
	g_autofree const struct critical_step **sorted = g_new(const struct critical_step *, steps);
	for (guint i = 0; i < steps; i++) {
		sorted[i] = &g_array_index(g->steps, struct critical_step, i);
		s.ranks = MAX(s.ranks, sorted[i]->rank + 1);
	}
	qsort(sorted, steps, sizeof *sorted, compare_steps);
	s.lo = g_new(guint32, s.ranks), s.hi = g_new0(guint32, s.ranks), s.start = g_new0(gint64, s.ranks);
	for (guint32 r = 0; r < s.ranks; r++)
		s.lo[r] = 1;
	g_autofree const struct critical_step **pass = g_new(const struct critical_step *, steps);
	g_autofree guint8 *taken = g_new0(guint8, steps);
	for (guint i = 0; i < steps;) { /* a number's steps: the k-th of each rank in one pass */
		guint end = i;
		while (end < steps && sorted[end]->number == sorted[i]->number)
			end++;
		for (guint left = end - i; left;) {
			guint count = 0;
			guint32 last_rank = G_MAXUINT32;
			for (guint k = i; k < end; k++)
				if (!taken[k] && sorted[k]->rank != last_rank) {
					taken[k] = 1, left--;
					last_rank = sorted[k]->rank;
					pass[count++] = sorted[k];
				}
			run_pass(&s, pass, count, result);
		}
		i = end;
	}
	g_free(s.lo), g_free(s.hi), g_free(s.start);
	g_free(s.stamp), g_free(s.pt), g_free(s.dm);
	g_free(s.bind_m), g_free(s.bind_p), g_free(s.kind_m), g_free(s.kind_p);
	critical_order_clear(&s.o);
	return result;
}

void critical_result_free(struct critical_result *result)
{
	if (!result)
		return;
	g_ptr_array_free(result->paths, TRUE);
	g_free(result);
}
