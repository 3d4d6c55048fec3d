#include "unit.h"
#include "attribution/critical.h"
#include "attribution/critical_join.h"
#include "attribution/critical_order.h"
#include "util/radix.h"

/* A graph of N nodes by hand: TIME, TYPE and LABEL each, edges (from, to,
 * kind) in the order given; one step from START to END; FACTORS (or NULL)
 * per node, with the rules RULES. */
struct edge {
	guint32 from, to;
	guint8 kind;
};

static struct critical_graph *graph_of(guint32 n, const gint64 *time, const guint8 *type, const struct edge *edges,
				       guint32 m, gint64 start, guint32 end)
{
	struct critical_graph *g = critical_graph_new();
	guint32 a = critical_label(g, "a", 1), b = critical_label(g, "b", 1), k = critical_label(g, "k", 1);
	(void)b;
	g->count = n;
	g->edges = m;
	g->time = g_memdup2(time, sizeof(gint64) * n);
	g->type = g_memdup2(type, n);
	g->label = g_new(guint32, n);
	g->factor = g_new0(guint16, n);
	g->event = g_new(guint32, n);
	for (guint32 v = 0; v < n; v++) {
		g->label[v] = type[v] >= CRITICAL_DEVICE_START ? k : a;
		g->event[v] = v;
	}
	g->pred_first = g_new0(guint32, n + 1);
	g->pred = g_new(guint32, m + 1);
	g->pred_kind = g_new(guint8, m + 1);
	for (guint32 e = 0; e < m; e++)
		g->pred_first[edges[e].to + 1]++;
	for (guint32 v = 0; v < n; v++)
		g->pred_first[v + 1] += g->pred_first[v];
	g_autofree guint32 *next = g_memdup2(g->pred_first, sizeof(guint32) * (n + 1));
	for (guint32 e = 0; e < m; e++) {
		guint32 at = next[edges[e].to]++;
		g->pred[at] = edges[e].from;
		g->pred_kind[at] = edges[e].kind;
	}
	struct critical_step step = { .number = 1, .start = start, .end = end };
	g_array_append_val(g->steps, step);
	return g;
}

#define HS CRITICAL_HOST_START
#define HE CRITICAL_HOST_END
#define DS CRITICAL_DEVICE_START
#define DE CRITICAL_DEVICE_END

/* A host op a [0, T1) launching k [5, 9) us, then b [11, 15) after k's end (sync). */
static struct critical_graph *diamond(gint64 a_end)
{
	static const guint8 type[] = { HS, HE, DS, DE, HS, HE };
	gint64 time[] = { 0, a_end, 5000, 9000, 11000, 15000 };
	static const struct edge edges[] = {
		{ 0, 1, CRITICAL_EDGE_HOST },	  { 0, 2, CRITICAL_EDGE_LAUNCH }, { 2, 3, CRITICAL_EDGE_DURATION },
		{ 1, 4, CRITICAL_EDGE_HOST },	  { 3, 4, CRITICAL_EDGE_SYNC },	  { 4, 5, CRITICAL_EDGE_HOST },
	};
	return graph_of(6, time, type, edges, G_N_ELEMENTS(edges), 0, 5);
}

static void assert_segments(const GArray *segments, const guint8 *kinds, const gint64 *lengths, guint count)
{
	CU_ASSERT_EQUAL_FATAL(segments->len, count);
	for (guint i = 0; i < count; i++) {
		const struct critical_segment *s = &g_array_index(segments, struct critical_segment, i);
		CU_ASSERT_EQUAL(s->kind, kinds[i]);
		CU_ASSERT_EQUAL(s->length, lengths[i]);
	}
}

/* The latest predecessor binds: b's start (11) follows k's end (9), not a's
 * end (4): 2 us of b's thread after it; k's start follows a's start by
 * its launch delay 5. The path is 15 us, the trace's own time. */
static void test_binding(void)
{
	g_autoptr(CriticalGraph) g = diamond(4000);
	g_autoptr(CriticalResult) r = critical_solve(g);
	CU_ASSERT_EQUAL_FATAL(r->paths->len, 1);
	const struct critical_path *p = r->paths->pdata[0];
	CU_ASSERT_EQUAL(p->measured, 15000);
	CU_ASSERT_EQUAL(p->predicted, 15000);
	CU_ASSERT_PTR_EQUAL(p->measured_segments, p->segments);
	static const guint8 kinds[] = { CRITICAL_KIND_LAUNCH_DELAY, CRITICAL_KIND_DEVICE, CRITICAL_KIND_HOST,
					CRITICAL_KIND_HOST };
	static const gint64 lengths[] = { 5000, 4000, 2000, 4000 };
	assert_segments(p->segments, kinds, lengths, 4);
	CU_ASSERT_EQUAL(r->dropped, 0);
}

/* --what-if k=0.25: k takes 1 us, ends at 6, before a's end 8: b's start
 * is now bound by a (8 + its 2 us delay = 10), the path is a 8, host 2,
 * b 4 = 14 us; measured it stays 15 through k. */
static void test_what_if_moves_the_path(void)
{
	g_autoptr(CriticalGraph) g = diamond(8000);
	static const struct critical_factor quarter = { "k", 1, 4 };
	g->factors = g_memdup2(&quarter, sizeof quarter);
	g->factor_count = 1;
	g->factor[3] = 1; /* k's end: its duration */
	g_autoptr(CriticalResult) r = critical_solve(g);
	const struct critical_path *p = r->paths->pdata[0];
	CU_ASSERT_EQUAL(p->measured, 15000);
	CU_ASSERT_EQUAL(p->predicted, 14000);
	static const guint8 predicted[] = { CRITICAL_KIND_HOST, CRITICAL_KIND_HOST, CRITICAL_KIND_HOST };
	static const gint64 predicted_lengths[] = { 8000, 2000, 4000 };
	assert_segments(p->segments, predicted, predicted_lengths, 3);
	static const guint8 measured[] = { CRITICAL_KIND_LAUNCH_DELAY, CRITICAL_KIND_DEVICE, CRITICAL_KIND_HOST,
					   CRITICAL_KIND_HOST };
	static const gint64 measured_lengths[] = { 5000, 4000, 2000, 4000 };
	assert_segments(p->measured_segments, measured, measured_lengths, 4);
}

/* Two predecessors of one time: the first in the order (by time, then
 * index) binds: a's end (node 1) before k's end (node 3), both at 9. */
static void test_tie_goes_first(void)
{
	g_autoptr(CriticalGraph) g = diamond(9000);
	g_autoptr(CriticalResult) r = critical_solve(g);
	const struct critical_path *p = r->paths->pdata[0];
	static const guint8 kinds[] = { CRITICAL_KIND_HOST, CRITICAL_KIND_HOST, CRITICAL_KIND_HOST };
	static const gint64 lengths[] = { 9000, 2000, 4000 };
	assert_segments(p->segments, kinds, lengths, 3);
}

/* A cycle among instants of one time (5): the node made first goes first,
 * its edge from the other dropped; the pass ends, the graph acyclic. */
static void test_cycle_at_one_time(void)
{
	static const guint8 type[] = { HS, HS, HE, HE };
	static const gint64 time[] = { 0, 5000, 5000, 8000 };
	static const struct edge edges[] = {
		{ 0, 1, CRITICAL_EDGE_HOST }, { 2, 1, CRITICAL_EDGE_HANDOFF }, { 1, 2, CRITICAL_EDGE_HOST }, { 2, 3, CRITICAL_EDGE_HOST },
	};
	g_autoptr(CriticalGraph) g = graph_of(4, time, type, edges, G_N_ELEMENTS(edges), 0, 3);
	struct critical_order o;
	critical_order_make(&o, g);
	CU_ASSERT_EQUAL(o.dropped_count, 1);
	CU_ASSERT_EQUAL(o.order[1], 1);
	CU_ASSERT_EQUAL(o.order[2], 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o.dropped);
	CU_ASSERT_EQUAL(o.dropped[g->pred_first[1] + 1], 1); /* 2 -> 1, the second edge into 1 */
	critical_order_clear(&o);
	g_autoptr(CriticalResult) r = critical_solve(g);
	CU_ASSERT_EQUAL(r->dropped, 1);
	const struct critical_path *p = r->paths->pdata[0];
	CU_ASSERT_EQUAL(p->measured, 8000);
}

/* Zero-length instants in a chain at one time keep their order of
 * dependence whatever their indices: 3 -> 2 -> 1, all at 5. */
static void test_run_in_dependency_order(void)
{
	static const guint8 type[] = { HS, HE, HE, HS, HE };
	static const gint64 time[] = { 0, 5000, 5000, 5000, 7000 };
	static const struct edge edges[] = {
		{ 0, 3, CRITICAL_EDGE_HOST }, { 3, 2, CRITICAL_EDGE_HOST }, { 2, 1, CRITICAL_EDGE_HOST }, { 1, 4, CRITICAL_EDGE_HOST },
	};
	g_autoptr(CriticalGraph) g = graph_of(5, time, type, edges, G_N_ELEMENTS(edges), 0, 4);
	struct critical_order o;
	critical_order_make(&o, g);
	CU_ASSERT_EQUAL(o.dropped_count, 0);
	CU_ASSERT(o.pos[3] < o.pos[2] && o.pos[2] < o.pos[1] && o.pos[1] < o.pos[4]);
	critical_order_clear(&o);
}

/* A predecessor before the step's start counts as the start: an event that
 * began before the step is cut there. k launched at 0, running [2, 30); the
 * step starts at 10: k's end is 20 after it, all k's. */
static void test_window_cuts_at_the_start(void)
{
	static const guint8 type[] = { HS, DS, DE };
	static const gint64 time[] = { 0, 2000, 30000 };
	static const struct edge edges[] = { { 0, 1, CRITICAL_EDGE_LAUNCH }, { 1, 2, CRITICAL_EDGE_DURATION } };
	g_autoptr(CriticalGraph) g = graph_of(3, time, type, edges, G_N_ELEMENTS(edges), 10000, 2);
	g_autoptr(CriticalResult) r = critical_solve(g);
	const struct critical_path *p = r->paths->pdata[0];
	CU_ASSERT_EQUAL(p->measured, 20000);
	static const guint8 kinds[] = { CRITICAL_KIND_DEVICE };
	static const gint64 lengths[] = { 20000 };
	assert_segments(p->segments, kinds, lengths, 1);
}

/* Two ranks joined at one instance: rank 0 starts its collective at 3,
 * rank 1 at 8; each ends at 10. Rank 0's path: its launch delay 3, the wait
 * for rank 1 5, the transfer 2. */
static void test_join_waits_for_the_last_rank(void)
{
	static const guint8 type[] = { HS, DS, DE };
	static const struct edge edges[] = { { 0, 1, CRITICAL_EDGE_LAUNCH }, { 1, 2, CRITICAL_EDGE_DURATION } };
	struct critical_graph *graphs[2];
	for (guint r = 0; r < 2; r++) {
		gint64 time[] = { 0, r ? 8000 : 3000, 10000 };
		graphs[r] = graph_of(3, time, type, edges, G_N_ELEMENTS(edges), 0, 2);
		graphs[r]->comms = g_array_new(FALSE, FALSE, sizeof(struct critical_comm));
		struct critical_comm comm = { 1, 2, 7 };
		g_array_append_val(graphs[r]->comms, comm);
	}
	g_autoptr(GPtrArray) instances = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
	GArray *instance = g_array_new(FALSE, FALSE, sizeof(struct critical_arrival));
	for (guint32 r = 0; r < 2; r++)
		g_array_append_vals(instance, &(struct critical_arrival){ r, 7 }, 1);
	g_ptr_array_add(instances, instance);
	g_autoptr(CriticalGraph) joined = critical_join(graphs, 2, instances);
	CU_ASSERT_EQUAL(joined->count, 7); /* 3 + 3 + the arrival */
	CU_ASSERT_EQUAL(joined->time[6], 8000);
	g_autoptr(CriticalResult) r = critical_solve(joined);
	CU_ASSERT_EQUAL_FATAL(r->paths->len, 2);
	const struct critical_path *p0 = r->paths->pdata[0], *p1 = r->paths->pdata[1];
	CU_ASSERT_EQUAL(p0->rank, 0);
	static const guint8 kinds0[] = { CRITICAL_KIND_LAUNCH_DELAY, CRITICAL_KIND_WAIT, CRITICAL_KIND_DEVICE };
	static const gint64 lengths0[] = { 3000, 5000, 2000 };
	assert_segments(p0->segments, kinds0, lengths0, 3);
	CU_ASSERT_EQUAL(g_array_index(p0->segments, struct critical_segment, 1).label, 1); /* rank index 1 */
	static const guint8 kinds1[] = { CRITICAL_KIND_LAUNCH_DELAY, CRITICAL_KIND_DEVICE };
	static const gint64 lengths1[] = { 8000, 2000 };
	assert_segments(p1->segments, kinds1, lengths1, 2);
}

/* Scaling: exact, half up, never past 63 bits. */
static void test_scale(void)
{
	g_autoptr(CriticalGraph) g = critical_graph_new();
	static const struct critical_factor factors[] = { { "*", 5, 10 }, { "*", 1, 3 }, { "*", 3, 1 } };
	g->factors = g_memdup2(factors, sizeof factors);
	g->factor_count = 3;
	CU_ASSERT_EQUAL(critical_scale(g, 0, 7), 7);
	CU_ASSERT_EQUAL(critical_scale(g, 1, 3), 2);	     /* 1.5 -> 2 */
	CU_ASSERT_EQUAL(critical_scale(g, 1, 1), 1);	     /* 0.5 -> 1 */
	CU_ASSERT_EQUAL(critical_scale(g, 2, 10), 3);	     /* 3.33 -> 3 */
	CU_ASSERT_EQUAL(critical_scale(g, 2, 5), 2);	     /* 1.67 -> 2 */
	CU_ASSERT_EQUAL(critical_scale(g, 3, G_MAXINT64 / 2), G_MAXINT64); /* clamped */
	CU_ASSERT_EQUAL(critical_scale(g, 2, 0), 0);
}

/* The radix sort: by key, stable, whatever the range. */
static void test_radix(void)
{
	GRand *rand = g_rand_new_with_seed(30);
	for (guint round = 0; round < 20; round++) {
		gsize n = round < 10 ? round * 7 : (gsize)g_rand_int_range(rand, 1, 5000);
		guint64 range = round % 3 == 0 ? 3 : round % 3 == 1 ? 1u << 20 : G_MAXUINT64;
		g_autofree guint64 *key = g_new(guint64, n + 1);
		g_autofree guint32 *value = g_new(guint32, n + 1);
		for (gsize i = 0; i < n; i++) {
			guint64 k = ((guint64)g_rand_int(rand) << 32) | g_rand_int(rand);
			key[i] = range == G_MAXUINT64 ? k : k % range;
			value[i] = (guint32)i;
		}
		g_autofree guint64 *before = g_memdup2(key, sizeof(guint64) * (n + 1));
		radix_sort(key, value, n);
		gboolean ok = TRUE;
		for (gsize i = 0; i < n; i++) {
			ok &= key[i] == before[value[i]];
			if (i)
				ok &= key[i - 1] < key[i] || (key[i - 1] == key[i] && value[i - 1] < value[i]);
		}
		CU_ASSERT(ok);
	}
	g_rand_free(rand);
}

UNIT_MAIN("critical", UNIT_TEST(test_binding), UNIT_TEST(test_what_if_moves_the_path), UNIT_TEST(test_tie_goes_first),
	  UNIT_TEST(test_cycle_at_one_time), UNIT_TEST(test_run_in_dependency_order),
	  UNIT_TEST(test_window_cuts_at_the_start), UNIT_TEST(test_join_waits_for_the_last_rank), UNIT_TEST(test_scale),
	  UNIT_TEST(test_radix))
