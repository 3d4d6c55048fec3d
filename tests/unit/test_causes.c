/* The causes of host wait (SPEC 26.1, src/attribution/causes.h): the name
 * patterns, and the sweep over a thread's host events of every category
 * with its launches, worked by hand: precedence (blocking over data
 * loading, optimizer and compiled code over launching), ProfilerStep#N
 * and the excluded categories holding nothing, every python_function and
 * an unknown category counting, broken nesting (the deepest op, the best
 * cause), intervals cut mid-segment, and intervals asked in several calls,
 * overlapping or not (the sweep's windows). */
#include "unit.h"
#include "fixture.h"
#include "attribution/attribute.h"
#include "attribution/causes.h"
#include "model/build.h"

static void test_names(void)
{
	static const struct {
		const char *name;
		enum cause cause;
	} cases[] = {
		{ "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", CAUSE_DATA_LOADING },
		{ "my_dataloader.fetch", CAUSE_DATA_LOADING },
		{ "Dataloader", CAUSE_FRAMEWORK }, /* case-sensitive */
		{ "Optimizer.step#AdamW.step", CAUSE_OPTIMIZER },
		{ "step Optimizer.", CAUSE_FRAMEWORK }, /* a prefix only */
		{ "Torch-Compiled Region: 0/1", CAUSE_COMPILED },
		{ "CompiledFunctionBackward", CAUSE_COMPILED },
		{ "## Call CompiledFxGraph fabc ##", CAUSE_COMPILED },
		{ "Optimizer.step DataLoader", CAUSE_DATA_LOADING }, /* the first cause of the order */
		{ "aten::mm", CAUSE_FRAMEWORK },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++)
		CU_ASSERT_EQUAL(cause_of_name(cases[i].name, strlen(cases[i].name)), cases[i].cause);
	ASSERT_STR(cause_name(CAUSE_COMPILED), "compiled code");
	ASSERT_STR(cause_name(CAUSE_OUTSIDE), "outside");
}

/* Thread 1 of pid 1 (times in us):
 *   ProfilerStep#1 [0, 1000) (not a host event)
 *   enumerate(DataLoader)#x [0, 100) > cudaStreamSynchronize [40, 60) (blocking) > aten::inner [45, 50)
 *   Optimizer.step#SGD.step [200, 300) (python_function) > cudaLaunchKernel [250, 260)
 *   Torch-Compiled Region: 0/0 [400, 500) > cudaLaunchKernel [420, 430)
 *   aten::a [600, 700) > aten::c [610, 690); DataLoader.b [650, 750), broken nesting: a root after a
 *   bar [800, 900) (python_function, no nn.Module); gpu_user_annotation [900, 950) and cuda_sync
 *   [950, 980) (not host events); mine [980, 1000) (a category no list names) */
static const char trace[] = "["
	EV("user_annotation", "ProfilerStep#1", 0, 1000, 1) ","
	EV("user_annotation", "enumerate(DataLoader)#x", 0, 100, 1) ","
	LAUNCH("cuda_runtime", "cudaStreamSynchronize", 40, 20, 1, 1) ","
	OP("aten::inner", 45, 5, 1) ","
	EV("python_function", "Optimizer.step#SGD.step", 200, 100, 1) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 250, 10, 1, 2) ","
	KERNEL("k", 300, 10, 2) ","
	EV("user_annotation", "Torch-Compiled Region: 0/0", 400, 100, 1) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 420, 10, 1, 3) ","
	KERNEL("k", 500, 10, 3) ","
	OP("aten::a", 600, 100, 1) "," OP("aten::c", 610, 80, 1) ","
	EV("user_annotation", "DataLoader.b", 650, 100, 1) ","
	EV("python_function", "bar", 800, 100, 1) ","
	EV("gpu_user_annotation", "gpu", 900, 50, 1) ","
	EV("cuda_sync", "sync", 950, 30, 1) ","
	EV("mine", "mine", 980, 20, 1) "]";

struct want {
	gint64 start, end; /* us */
	enum cause cause;
	const char *op; /* NULL: outside */
};

static void assert_pieces(const GArray *pieces, const struct want *want, guint count)
{
	CU_ASSERT_EQUAL_FATAL(pieces->len, count);
	for (guint i = 0; i < count; i++) {
		const struct cause_piece *p = &g_array_index(pieces, struct cause_piece, i);
		CU_ASSERT_EQUAL(p->start, want[i].start * 1000);
		CU_ASSERT_EQUAL(p->end, want[i].end * 1000);
		CU_ASSERT_EQUAL(p->cause, want[i].cause);
		if (want[i].op) {
			CU_ASSERT_PTR_NOT_NULL_FATAL(p->op);
			ASSERT_STR(p->op->text, want[i].op);
		} else {
			CU_ASSERT_PTR_NULL(p->op);
		}
		if (p->start != want[i].start * 1000 || p->cause != want[i].cause)
			printf("\n  piece %u: [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") cause %u", i, p->start, p->end, p->cause);
	}
}

static void test_sweep(void)
{
	struct read_config config = fixture_config();
	config.host_events = TRUE;
	g_autoptr(Trace) t = fixture_read_with(trace, &config);
	CU_ASSERT_EQUAL(t->host->len, 9); /* every host event but the step, gpu and sync; no launch */
	g_autoptr(Forest) forest = forest_build(t);
	g_autoptr(Attribution) a = attribute(t, forest);
	g_autoptr(Causes) causes = causes_new(t->host, a);
	guint32 thread = a->launches[0].thread;
	struct waiting_blamed whole[] = { { 0, 1000000, thread, 0 }, { 45000, 255000, thread, 0 }, { 5, 5, thread, 0 } };
	g_autoptr(GArray) pieces = causes_split(causes, whole, 1);
	static const struct want all[] = {
		{ 0, 40, CAUSE_DATA_LOADING, "enumerate(DataLoader)#x" },
		{ 40, 45, CAUSE_BLOCKING, "cudaStreamSynchronize" },
		{ 45, 50, CAUSE_BLOCKING, "aten::inner" }, /* a DataLoader event inside a blocking launch: blocking */
		{ 50, 60, CAUSE_BLOCKING, "cudaStreamSynchronize" },
		{ 60, 100, CAUSE_DATA_LOADING, "enumerate(DataLoader)#x" },
		{ 100, 200, CAUSE_OUTSIDE, NULL }, /* in ProfilerStep#1 only */
		{ 200, 250, CAUSE_OPTIMIZER, "Optimizer.step#SGD.step" },
		{ 250, 260, CAUSE_OPTIMIZER, "cudaLaunchKernel" }, /* optimizer beats launching */
		{ 260, 300, CAUSE_OPTIMIZER, "Optimizer.step#SGD.step" },
		{ 300, 400, CAUSE_OUTSIDE, NULL },
		{ 400, 420, CAUSE_COMPILED, "Torch-Compiled Region: 0/0" },
		{ 420, 430, CAUSE_COMPILED, "cudaLaunchKernel" }, /* compiled beats launching */
		{ 430, 500, CAUSE_COMPILED, "Torch-Compiled Region: 0/0" },
		{ 500, 600, CAUSE_OUTSIDE, NULL },
		{ 600, 610, CAUSE_FRAMEWORK, "aten::a" },
		{ 610, 650, CAUSE_FRAMEWORK, "aten::c" },
		{ 650, 690, CAUSE_DATA_LOADING, "aten::c" }, /* the deepest op; the best cause */
		{ 690, 750, CAUSE_DATA_LOADING, "DataLoader.b" },
		{ 750, 800, CAUSE_OUTSIDE, NULL },
		{ 800, 900, CAUSE_FRAMEWORK, "bar" }, /* every python_function */
		{ 900, 980, CAUSE_OUTSIDE, NULL },  /* gpu_user_annotation, cuda_sync */
		{ 980, 1000, CAUSE_FRAMEWORK, "mine" },
	};
	assert_pieces(pieces, all, G_N_ELEMENTS(all));
	g_autoptr(GArray) cut = causes_split(causes, whole + 1, 2);
	static const struct want part[] = {
		{ 45, 50, CAUSE_BLOCKING, "aten::inner" },
		{ 50, 60, CAUSE_BLOCKING, "cudaStreamSynchronize" },
		{ 60, 100, CAUSE_DATA_LOADING, "enumerate(DataLoader)#x" },
		{ 100, 200, CAUSE_OUTSIDE, NULL },
		{ 200, 250, CAUSE_OPTIMIZER, "Optimizer.step#SGD.step" },
		{ 250, 255, CAUSE_OPTIMIZER, "cudaLaunchKernel" },
	};
	assert_pieces(cut, part, G_N_ELEMENTS(part)); /* the empty interval has none */
	for (guint i = 0; i < cut->len; i++)
		CU_ASSERT_EQUAL(g_array_index(cut, struct cause_piece, i).interval, 0);
	/* a thread without host events: all outside */
	struct waiting_blamed other = { 0, 10, thread + 7, 0 };
	g_autoptr(GArray) none = causes_split(causes, &other, 1);
	CU_ASSERT_EQUAL_FATAL(none->len, 1);
	CU_ASSERT_EQUAL(g_array_index(none, struct cause_piece, 0).cause, CAUSE_OUTSIDE);
	/* the summary: the ops by name over every cause */
	g_autoptr(CausesSummary) s = causes_summarize(causes, whole, 1);
	CU_ASSERT_EQUAL(s->host_wait, 1000000);
	CU_ASSERT_EQUAL(s->by_cause[CAUSE_OUTSIDE], 100000 + 100000 + 100000 + 50000 + 80000);
	CU_ASSERT_EQUAL(s->by_cause[CAUSE_DATA_LOADING], 80000 + 40000 + 60000);
	ASSERT_STR(s->most.op->text, "bar"); /* 100; Optimizer.step#SGD.step and Torch-Compiled Region 90 */
	CU_ASSERT_EQUAL(s->most.time, 100000);
	guint order[CAUSE_COUNT];
	CU_ASSERT_EQUAL(causes_summary_order(s, order), 6);
	CU_ASSERT_EQUAL(order[0], CAUSE_OUTSIDE);      /* 430 */
	CU_ASSERT_EQUAL(order[1], CAUSE_DATA_LOADING); /* 180 */
	CU_ASSERT_EQUAL(order[2], CAUSE_FRAMEWORK);    /* 10 + 40 + 100 + 20 = 170 */
}

/* A random event of the brute force: microseconds, its position in the file. */
struct brute {
	int ts, end, index, depth;
	enum cause cause;
	const char *name;
};

static int brute_order(const void *x, const void *y)
{
	const struct brute *a = x, *b = y;
	if (a->ts != b->ts)
		return a->ts - b->ts;
	if (a->end != b->end)
		return b->end - a->end;
	return a->index - b->index;
}

/* Random intervals of thread 0, overlapping, touching or empty, asked in
 * two calls of a fresh sweep (its windows made, then grown by the second):
 * each interval's pieces are WHOLE's (the pieces of [0, 100) us) cut to it. */
static void check_windows(GRand *rand, struct trace *t, const struct attribution *a, const GArray *whole)
{
	g_autoptr(Causes) fresh = causes_new(t->host, a);
	for (int call = 0; call < 2; call++) {
		struct waiting_blamed asked[4];
		for (int k = 0; k < 4; k++) {
			int start = g_rand_int_range(rand, 0, 100), len = g_rand_int_range(rand, 0, 100 - start + 1);
			asked[k] = (struct waiting_blamed){ start * 1000, (start + len) * 1000, 0, 0 };
		}
		g_autoptr(GArray) got = causes_split(fresh, asked, 4);
		g_autoptr(GArray) want = g_array_new(FALSE, FALSE, sizeof(struct cause_piece));
		for (guint k = 0; k < 4; k++)
			for (guint i = 0; i < whole->len; i++) {
				struct cause_piece p = g_array_index(whole, struct cause_piece, i);
				p.start = MAX(p.start, asked[k].start), p.end = MIN(p.end, asked[k].end), p.interval = k;
				if (p.start < p.end)
					g_array_append_val(want, p);
			}
		CU_ASSERT_EQUAL_FATAL(got->len, want->len);
		for (guint i = 0; i < got->len; i++) {
			const struct cause_piece *g = &g_array_index(got, struct cause_piece, i),
						 *w = &g_array_index(want, struct cause_piece, i);
			CU_ASSERT(g->start == w->start && g->end == w->end && g->cause == w->cause && g->op == w->op &&
				  g->interval == w->interval);
		}
	}
}

/* Random host events (names of every cause, several categories, broken
 * nesting) and launches (apart, some of them blocking) on one thread,
 * against the rule stated per microsecond: the cause is the first of the
 * order among the events holding the unit; the op the deepest of them (the
 * stack walk's depth), the last in sort order among the deepest. */
static void test_random_against_brute_force(void)
{
	static const char *const names[] = { "DataLoader.x", "Optimizer.y", "CompiledFunction", "aten::z", "w" };
	static const enum cause name_causes[] = { CAUSE_DATA_LOADING, CAUSE_OPTIMIZER, CAUSE_COMPILED, CAUSE_FRAMEWORK,
						  CAUSE_FRAMEWORK };
	static const char *const categories[] = { "cpu_op", "user_annotation", "python_function", "other" };
	GRand *rand = g_rand_new_with_seed(45);
	for (int round = 0; round < 300; round++) {
		g_autoptr(GString) json = g_string_new("[");
		struct brute all[24];
		int n = 0, hosts = g_rand_int_range(rand, 0, 12), launches = g_rand_int_range(rand, 0, 5);
		for (int i = 0; i < hosts; i++) {
			int k = g_rand_int_range(rand, 0, G_N_ELEMENTS(names)), ts = g_rand_int_range(rand, 0, 60),
			    dur = g_rand_int_range(rand, 0, 30);
			g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":1,\"tid\":1,"
					       "\"ts\":%d,\"dur\":%d}", n ? "," : "", categories[g_rand_int_range(rand, 0, 4)],
					       names[k], ts, dur);
			all[n] = (struct brute){ ts, ts + dur, n, 0, name_causes[k], names[k] };
			n++;
		}
		for (int l = 0; l < launches; l++) { /* launch l in [20 l, 20 l + 10): none nested */
			gboolean sync = g_rand_boolean(rand);
			int ts = 20 * l + g_rand_int_range(rand, 0, 5), dur = g_rand_int_range(rand, 0, 6);
			const char *name = sync ? "cudaDeviceSynchronize" : "cudaLaunchKernel";
			g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"%s\",\"pid\":1,"
					       "\"tid\":1,\"ts\":%d,\"dur\":%d,\"args\":{\"correlation\":%d}}",
					       n ? "," : "", name, ts, dur, l + 1);
			all[n] = (struct brute){ ts, ts + dur, n, 0, sync ? CAUSE_BLOCKING : CAUSE_LAUNCHING, name };
			n++;
		}
		g_string_append(json, "]");
		qsort(all, n, sizeof *all, brute_order);
		int stack[24], top = 0; /* the forest's stack walk (src/model/build.c), zero-length events too */
		for (int i = 0; i < n; i++) {
			while (top && !(all[stack[top - 1]].ts <= all[i].ts && all[i].end <= all[stack[top - 1]].end))
				top--;
			all[i].depth = top + 1;
			stack[top++] = i;
		}
		struct read_config config = fixture_config();
		config.host_events = TRUE;
		g_autoptr(Trace) t = fixture_read_with(json->str, &config);
		g_autoptr(Forest) forest = forest_build(t);
		g_autoptr(Attribution) a = attribute(t, forest);
		g_autoptr(Causes) causes = causes_new(t->host, a);
		struct waiting_blamed whole = { 0, 100000, 0, 0 }; /* thread 0: pid 1, tid 1, the only one */
		g_autoptr(GArray) pieces = causes_split(causes, &whole, 1);
		guint at = 0;
		for (int u = 0; u < 100; u++) {
			enum cause cause = CAUSE_OUTSIDE;
			const struct brute *inner = NULL;
			for (int i = 0; i < n; i++) {
				if (!(all[i].ts <= u && u < all[i].end))
					continue;
				cause = MIN(cause, all[i].cause);
				if (!inner || all[i].depth >= inner->depth)
					inner = &all[i];
			}
			while (at < pieces->len && g_array_index(pieces, struct cause_piece, at).end <= u * 1000)
				at++;
			CU_ASSERT_FATAL(at < pieces->len);
			const struct cause_piece *p = &g_array_index(pieces, struct cause_piece, at);
			CU_ASSERT(p->start <= u * 1000 && u * 1000 < p->end);
			CU_ASSERT_EQUAL(p->cause, cause);
			if (inner) {
				CU_ASSERT(p->op && strcmp(p->op->text, inner->name) == 0);
			} else {
				CU_ASSERT_PTR_NULL(p->op);
			}
			if (p->cause != cause || (inner && (!p->op || strcmp(p->op->text, inner->name))))
				printf("\n  round %d unit %d: cause %u want %u (%s)", round, u, p->cause, cause, json->str);
		}
		check_windows(rand, t, a, pieces);
	}
	g_rand_free(rand);
}

UNIT_MAIN("causes", UNIT_TEST(test_names), UNIT_TEST(test_sweep), UNIT_TEST(test_random_against_brute_force))
