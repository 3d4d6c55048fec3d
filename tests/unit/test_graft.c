/* Graft (SPEC 14.3): grafted nodes laid into the forest in pre-order after
 * the replaying op's own children, renumbered owners, a virtual launch per
 * run of a graph launch's device events, grafted roots among their
 * thread's roots, graph ids read from the top level of the device events'
 * args, the report's figures. Expected values worked out by hand from the
 * traces below (times in µs; the module keeps ns). */
#include "unit.h"
#include "fixture.h"
#include "attribution/graft.h"
#include "attribution/sums.h"

#define KL(name, ts, dur, tid, corr, kernel)                                                                  \
	"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"" name "\",\"pid\":1,\"tid\":" #tid ",\"ts\":" #ts \
	",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr ",\"kernel\":\"" kernel "\"}}"
#define RT(name, ts, dur, tid, corr) LAUNCH("cuda_runtime", name, ts, dur, tid, corr)

/* The capture: "cap" holds the BeginCapture (so it is cut from the paths);
 * kA is launched under lin, kB under act, kC under act/inner. */
static const char capture_json[] =
	"[" OP("cap", 0, 1000, 1) "," RT("hipStreamBeginCapture", 10, 5, 1, 900) ","
	OP("lin", 100, 100, 1) "," KL("hipLaunchKernel", 110, 5, 1, 901, "kA") ","
	OP("act", 300, 100, 1) "," KL("hipLaunchKernel", 310, 5, 1, 902, "kB") ","
	OP("inner", 320, 20, 1) "," KL("hipLaunchKernel", 325, 5, 1, 903, "kC") ","
	RT("hipStreamEndCapture", 500, 5, 1, 904) "]";

static struct capture *capture_of(const char *json)
{
	struct read_config config = fixture_config();
	config.launch_kernels = TRUE;
	struct trace *trace = fixture_read_with(json, &config);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct capture *capture = capture_new();
	capture_add(capture, 0, "capture.json", trace, forest, a);
	capture_finish(capture);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
	return capture;
}

static const char *name_of(const struct forest *f, guint i)
{
	return f->events[i].name->text;
}

/* Under run: its own children pre and post, then the grafted lin, act and
 * act/inner; the device time of run unchanged (15 µs), none of it its own. */
static void test_under_owner(void)
{
	struct trace *trace = fixture_read("[" OP("run", 0, 100, 1) "," OP("pre", 10, 10, 1) ","
					   RT("hipGraphLaunch", 30, 5, 1, 1) "," OP("post", 60, 30, 1) ","
					   RT("hipLaunchKernel", 70, 2, 1, 2) "," KERNEL("kA", 200, 1, 1) ","
					   KERNEL("kB", 210, 2, 1) "," KERNEL("kC", 220, 4, 1) "," KERNEL("kD", 230, 8, 2) "]");
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct coverage before;
	attribution_coverage(a, &before);
	struct capture *capture = capture_of(capture_json);
	struct graft_stats s;
	graft_apply(&forest, &a, capture, &s);
	CU_ASSERT_EQUAL_FATAL(forest->count, 6);
	const char *names[] = { "run", "pre", "post", "lin", "act", "inner" };
	const guint up[] = { FOREST_END, 0, 0, 0, 0, 4 }, ends[] = { 6, 2, 3, 4, 6, 6 };
	for (guint i = 0; i < 6; i++) {
		ASSERT_STR(name_of(forest, i), names[i]);
		CU_ASSERT_EQUAL(forest_parent(forest, i), up[i]);
		CU_ASSERT_EQUAL(forest->subtree_end[i], ends[i]);
		CU_ASSERT_EQUAL(forest->replayed_by[i] != NULL, i >= 3);
	}
	ASSERT_STR(forest->replayed_by[5]->name->text, "hipGraphLaunch");
	CU_ASSERT_EQUAL(forest->replayed_by[5]->correlation, 1);
	CU_ASSERT_EQUAL(forest->events[3].ts, 30000); /* host ts: the graph launch's */
	CU_ASSERT_EQUAL(forest->events[3].dur, 0);
	CU_ASSERT_EQUAL(forest->deepest, 3);
	/* the report's figures */
	CU_ASSERT_EQUAL(s.graph_launches, 1);
	CU_ASSERT_EQUAL(s.replayed_events, 3);
	CU_ASSERT_EQUAL(s.replayed_time, 7000);
	CU_ASSERT_EQUAL(s.matched, 1);
	CU_ASSERT_EQUAL(s.by_kind[GM_EXACT], 1);
	CU_ASSERT_EQUAL(s.placed_events, 3);
	CU_ASSERT_EQUAL(s.placed_time, 7000);
	CU_ASSERT_EQUAL(s.captured_ops, 3);
	CU_ASSERT_EQUAL(s.unmatched_events, 0);
	/* three runs of the graph launch's events: three virtual launches */
	CU_ASSERT_EQUAL(a->launch_count, 5);
	CU_ASSERT_EQUAL(a->virtual_count, 3);
	struct coverage after;
	attribution_coverage(a, &after);
	CU_ASSERT_EQUAL(after.total, before.total);
	CU_ASSERT_EQUAL(after.monitored, before.monitored);
	struct sums *sums = sums_new(forest, a, FIGURE_BIT(FIGURE_DEVICE_TIME) | FIGURE_BIT(FIGURE_LAUNCHES), NULL, FALSE);
	const gint64 inclusive[] = { 15000, 0, 8000, 1000, 6000, 4000 }, self[] = { 0, 0, 8000, 1000, 2000, 4000 };
	const gint64 launches[] = { 2, 0, 1, 0, 0, 0 };
	for (guint i = 0; i < 6; i++) {
		CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, i), inclusive[i]);
		CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, i), self[i]);
		CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_LAUNCHES, i), launches[i]);
	}
	sums_free(sums);
	/* each node's launches, in sort order: the graph launch (0), its
	 * virtual launches for lin (1), act (2) and inner (3), post's (4); a
	 * grafted node's found by owner */
	const char *listed[] = { "0 1 2 3 4", "", "4", "1", "2 3", "3" };
	GArray *got = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint i = 0; i < 6; i++) {
		g_array_set_size(got, 0);
		attribution_node_launches(a, forest, i, got);
		GString *text = g_string_new(NULL);
		for (guint k = 0; k < got->len; k++)
			g_string_append_printf(text, "%s%u", k ? " " : "", g_array_index(got, guint, k));
		ASSERT_STR(text->str, listed[i]);
		g_string_free(text, TRUE);
	}
	g_array_free(got, TRUE);
	capture_free(capture);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

/* A graph launch outside every op: the grafted subtrees are roots of its
 * thread, between a (ts 0) and b (ts 100) as a point at ts 50 would be. */
static void test_roots(void)
{
	struct trace *trace = fixture_read("[" OP("a", 0, 10, 1) "," OP("b", 100, 10, 1) ","
					   RT("hipGraphLaunch", 50, 5, 1, 1) "," KERNEL("kA", 200, 1, 1) ","
					   KERNEL("kB", 210, 2, 1) "," KERNEL("kC", 220, 4, 1) "]");
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct capture *capture = capture_of(capture_json);
	struct graft_stats s;
	graft_apply(&forest, &a, capture, &s);
	CU_ASSERT_EQUAL_FATAL(forest->count, 5);
	const char *names[] = { "a", "lin", "act", "inner", "b" };
	for (guint i = 0; i < 5; i++)
		ASSERT_STR(name_of(forest, i), names[i]);
	/* the roots in order: a, lin, act, b */
	const guint roots[] = { 0, 1, 2, 4 };
	guint r = forest->first_root;
	for (guint k = 0; k < 4; k++, r = forest_next_root(forest, r))
		CU_ASSERT_EQUAL(r, roots[k]);
	CU_ASSERT_EQUAL(r, FOREST_END);
	CU_ASSERT_EQUAL(forest_parent(forest, 3), 2);
	CU_ASSERT_EQUAL(forest_depth(forest, 1), 1);
	CU_ASSERT_EQUAL(forest->threads_with_nodes, 1);
	CU_ASSERT_EQUAL(s.placed_events, 3);
	capture_free(capture);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

/* A device event with graph ids: "graph id" read from the top level of its
 * args, not from an object inside them. */
#define GK(name, ts, dur, corr, inner, graph, node)                                                             \
	"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" name "\",\"pid\":0,\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur \
	",\"args\":{\"correlation\":" #corr ",\"occupancy\":{\"graph id\":" #inner "},\"graph id\":" #graph       \
	",\"graph node id\":" #node "}}"

/* The first launch matches exactly; the second, with other names, follows
 * the first by graph id (7 at the top level; 99 inside occupancy is not its
 * id): kX goes where kA went (node 11), kY where kC went (node 13), kZ
 * (node 40, unknown) stays the launch's. */
static void test_graph_ids(void)
{
	struct trace *trace = fixture_read(
		"[" OP("run", 0, 100, 1) "," RT("hipGraphLaunch", 10, 5, 1, 1) "," RT("hipGraphLaunch", 20, 5, 1, 2) ","
		GK("kA", 200, 1, 1, 99, 7, 11) "," GK("kB", 210, 2, 1, 98, 7, 12) "," GK("kC", 220, 4, 1, 97, 7, 13) ","
		GK("kX", 300, 8, 2, 96, 7, 11) "," GK("kY", 310, 16, 2, 95, 7, 13) "," GK("kZ", 320, 32, 2, 94, 7, 40) "]");
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct capture *capture = capture_of(capture_json);
	struct graft_stats s;
	graft_apply(&forest, &a, capture, &s);
	CU_ASSERT_EQUAL(s.matched, 2);
	CU_ASSERT_EQUAL(s.by_kind[GM_EXACT], 1);
	CU_ASSERT_EQUAL(s.by_kind[GM_BY_GRAPH_ID], 1);
	CU_ASSERT_EQUAL(s.placed_events, 5);
	CU_ASSERT_EQUAL(s.placed_time, 1000 + 2000 + 4000 + 8000 + 16000);
	CU_ASSERT_EQUAL(s.unmatched_events, 1);
	CU_ASSERT_EQUAL(s.unmatched_time, 32000);
	/* run, then the first launch's lin, act, inner, then the second's */
	CU_ASSERT_EQUAL_FATAL(forest->count, 7);
	const char *names[] = { "run", "lin", "act", "inner", "lin", "act", "inner" };
	for (guint i = 0; i < 7; i++)
		ASSERT_STR(name_of(forest, i), names[i]);
	CU_ASSERT_EQUAL(forest->replayed_by[4]->correlation, 2);
	struct sums *sums = sums_new(forest, a, FIGURE_BIT(FIGURE_DEVICE_TIME), NULL, FALSE);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 0), 63000);
	CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, 0), 32000);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 4), 8000);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 5), 16000);
	CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, 5), 0);
	CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, 6), 16000);
	sums_free(sums);
	capture_free(capture);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

/* Nothing fits: the forest and attribution are those given. */
static void test_nothing_fits(void)
{
	struct trace *trace = fixture_read("[" OP("run", 0, 100, 1) "," RT("hipGraphLaunch", 10, 5, 1, 1) ","
					   KERNEL("other", 200, 1, 1) "]");
	struct forest *forest = forest_build(trace), *given = forest;
	struct attribution *a = attribute(trace, forest), *given_a = a;
	struct capture *capture = capture_of(capture_json);
	struct graft_stats s;
	graft_apply(&forest, &a, capture, &s);
	CU_ASSERT_PTR_EQUAL(forest, given);
	CU_ASSERT_PTR_EQUAL(a, given_a);
	CU_ASSERT_PTR_NULL(forest->replayed_by);
	CU_ASSERT_EQUAL(s.graph_launches, 1);
	CU_ASSERT_EQUAL(s.matched, 0);
	CU_ASSERT_EQUAL(s.unmatched_launches, 1);
	CU_ASSERT_EQUAL(s.unmatched_time, 1000);
	CU_ASSERT_EQUAL(s.first_unmatched_correlation, 1);
	CU_ASSERT_EQUAL(s.first_unmatched_reason, GM_REASON_NO_WINDOW);
	capture_free(capture);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

UNIT_MAIN("graft", UNIT_TEST(test_under_owner), UNIT_TEST(test_roots), UNIT_TEST(test_graph_ids),
	  UNIT_TEST(test_nothing_fits))
