/* Capture (SPEC 14.1): the reader's launch_kernels flag, capture windows
 * paired per thread, the launches they capture (nested, host-function, graph
 * launches and launches outside the window left out), capture paths without
 * the nodes that contain the BeginCapture, capture nodes shared by identity,
 * window order over files, and the warnings. Expected values worked out by
 * hand from the traces below (times in µs; the module keeps ns). */
#include "unit.h"
#include "fixture.h"
#include "attribution/capture.h"

/* A cuda_runtime launch with args.kernel. */
#define KL(name, ts, dur, tid, corr, kernel)                                                                  \
	"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"" name "\",\"pid\":1,\"tid\":" #tid ",\"ts\":" #ts \
	",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr ",\"kernel\":\"" kernel "\"}}"
#define RT(name, ts, dur, tid, corr) LAUNCH("cuda_runtime", name, ts, dur, tid, corr)
#define BEGIN(ts, tid) RT("cudaStreamBeginCapture", ts, 5, tid, 9000)
#define END(ts, tid) RT("cudaStreamEndCapture", ts, 5, tid, 9001)

static struct trace *read_with(const char *json, gboolean launch_kernels)
{
	struct read_config config = fixture_config();
	config.launch_kernels = launch_kernels;
	return fixture_read_with(json, &config);
}

/* Adds the capture trace JSON as file FILE, named PATH; the trace, forest
 * and attribution are freed before returning, as the header allows. */
static guint add(struct capture *c, guint file, const char *path, const char *json)
{
	struct trace *trace = read_with(json, TRUE);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	guint added = capture_add(c, file, path, trace, forest, a);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
	return added;
}

static const struct capture_window *window(const struct capture *c, guint w)
{
	CU_ASSERT_FATAL(w < c->windows->len);
	return &g_array_index(c->windows, struct capture_window, w);
}

static const struct captured_launch *launch(const struct capture *c, guint w, guint k)
{
	CU_ASSERT_FATAL(k < window(c, w)->count);
	return &g_array_index(c->launches, struct captured_launch, window(c, w)->first + k);
}

static const struct capture_node *node(const struct capture *c, guint n)
{
	CU_ASSERT_FATAL(n < c->nodes->len);
	return &g_array_index(c->nodes, struct capture_node, n);
}

/* Window W's launches as "NAME<P1/P2/...>" joined by spaces, "-" for no
 * name; the path root-most first, as the parent links give it. */
static char *describe(const struct capture *c, guint w)
{
	GString *out = g_string_new(NULL);
	for (guint k = 0; k < window(c, w)->count; k++) {
		const struct captured_launch *l = launch(c, w, k);
		GPtrArray *path = g_ptr_array_new();
		for (guint n = l->path_end; n != G_MAXUINT; n = node(c, n)->parent)
			g_ptr_array_insert(path, 0, (gpointer)node(c, n)->name->text);
		g_ptr_array_add(path, NULL);
		g_autofree char *joined = g_strjoinv("/", (char **)path->pdata);
		g_ptr_array_free(path, TRUE);
		g_string_append_printf(out, "%s%s<%s>", k ? " " : "", l->name ? l->name->text : "-", joined);
	}
	return g_string_free(out, FALSE);
}

#define ASSERT_WINDOW(c, w, expected)                 \
	do {                                          \
		g_autofree char *got = describe(c, w); \
		ASSERT_STR(got, expected);            \
	} while (0)

/* One window: three launches under two ops (mm twice, layer once); the op
 * "capture" contains the BeginCapture, so no path has it. */
static void test_paths(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" OP("capture", 0, 1000, 1) "," BEGIN(10, 1) "," OP("layer", 20, 200, 1) ","
			    OP("mm", 30, 50, 1) "," KL("cudaLaunchKernel", 40, 5, 1, 1, "gemm") ","
			    KL("cudaLaunchKernel", 60, 5, 1, 2, "relu") "," RT("cudaMemcpyAsync", 100, 5, 1, 3) ","
			    END(900, 1) "]"),
			1);
	capture_finish(c);
	CU_ASSERT_EQUAL(c->windows->len, 1);
	CU_ASSERT_EQUAL(window(c, 0)->file, 0);
	CU_ASSERT_EQUAL(window(c, 0)->begin_ts, 10000);
	CU_ASSERT_EQUAL(window(c, 0)->begin_index, 1);
	CU_ASSERT_EQUAL(window(c, 0)->count, 3);
	CU_ASSERT_EQUAL(window(c, 0)->unnamed, 1);
	ASSERT_WINDOW(c, 0, "gemm<layer/mm> relu<layer/mm> -<layer>");
	/* capture nodes: layer, then mm under it, each once */
	CU_ASSERT_EQUAL(c->nodes->len, 2);
	CU_ASSERT_EQUAL(launch(c, 0, 0)->path_end, launch(c, 0, 1)->path_end);
	CU_ASSERT_EQUAL(node(c, launch(c, 0, 0)->path_end)->parent, launch(c, 0, 2)->path_end);
	CU_ASSERT_EQUAL(node(c, launch(c, 0, 2)->path_end)->parent, G_MAXUINT);
	ASSERT_STR(node(c, 0)->category->text, "cpu_op");
	CU_ASSERT_EQUAL(launch(c, 0, 0)->ts, 40000);
	CU_ASSERT_EQUAL(launch(c, 0, 0)->index, 4);
	CU_ASSERT_EQUAL(launch(c, 0, 2)->index, 6);
	CU_ASSERT_EQUAL(c->warnings->len, 0);
}

/* What a window leaves out: a launch before it, a nested driver launch, a
 * launch that starts before the BeginCapture ends, a host function, a
 * graph launch, a runtime call that launches nothing, a
 * copy that ends after the EndCapture starts, a launch after it; a memset
 * and a copy are in. Every path is empty: the only op contains the
 * BeginCapture, and the copy at 850 has no op at all. */
static void test_exclusions(void)
{
	g_autoptr(Capture) c = capture_new();
	add(c, 0, "cap.json",
	    "[" OP("capture", 0, 800, 1) "," KL("cudaLaunchKernel", 2, 2, 1, 1, "before") "," BEGIN(10, 1) ","
	    KL("cudaLaunchKernel", 12, 10, 1, 11, "during") ","
	    RT("cudaMemsetAsync", 20, 5, 1, 2) "," KL("cudaLaunchKernel", 30, 20, 1, 3, "outer") ","
	    LAUNCH("cuda_driver", "cuLaunchKernel", 35, 5, 1, 4) "," RT("cudaLaunchHostFunc", 60, 5, 1, 5) ","
	    RT("cudaGraphLaunch", 70, 5, 1, 6) "," RT("cudaStreamGetCaptureInfo", 80, 5, 1, 7) ","
	    KL("cudaMemcpyAsync", 850, 5, 1, 8, "copy") "," KL("cudaLaunchKernel", 898, 5, 1, 9, "across") ","
	    END(900, 1) "," KL("cudaLaunchKernel", 950, 5, 1, 10, "after") "]");
	capture_finish(c);
	CU_ASSERT_EQUAL(c->windows->len, 1);
	ASSERT_WINDOW(c, 0, "-<> outer<> copy<>");
	CU_ASSERT_EQUAL(launch(c, 0, 0)->path_end, G_MAXUINT);
	CU_ASSERT_EQUAL(c->nodes->len, 0);
	CU_ASSERT_EQUAL(window(c, 0)->unnamed, 1);
}

/* Ordered by ts, not by position in the file. (Two launches of one thread
 * at the same ts are never both captured: the later in sort order is
 * nested in the other.) */
static void test_launch_order(void)
{
	g_autoptr(Capture) c = capture_new();
	add(c, 0, "cap.json",
	    "[" BEGIN(10, 1) "," KL("cudaLaunchKernel", 50, 1, 1, 1, "b") ","
	    KL("hipExtModuleLaunchKernel", 60, 3, 1, 2, "c") "," KL("cudaLaunchKernel", 40, 1, 1, 3, "a") ","
	    END(900, 1) "]");
	capture_finish(c);
	ASSERT_WINDOW(c, 0, "a<> b<> c<>");
}

/* Two threads: thread 1's window is first in the file, thread 2's begins
 * earlier; window order is by the BeginCapture's ts. */
static void test_two_threads(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(500, 1) "," KL("cudaLaunchKernel", 510, 5, 1, 1, "a") "," END(600, 1) ","
			    BEGIN(100, 2) "," KL("cudaLaunchKernel", 110, 5, 2, 2, "b") ","
			    KL("cudaLaunchKernel", 520, 5, 2, 3, "late") "," END(200, 2) "]"),
			2);
	capture_finish(c);
	CU_ASSERT_EQUAL(window(c, 0)->begin_ts, 100000);
	CU_ASSERT_EQUAL(window(c, 0)->begin_index, 3);
	ASSERT_WINDOW(c, 0, "b<>");
	CU_ASSERT_EQUAL(window(c, 1)->begin_ts, 500000);
	ASSERT_WINDOW(c, 1, "a<>"); /* thread 2's launch at 520 is not thread 1's */
}

/* Pairing by nesting, per thread: thread 1's second BeginCapture is never
 * closed, thread 2 has an EndCapture alone; each is warned of by name,
 * correlation and ts. */
static void test_unpaired(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(10, 1) "," KL("cudaLaunchKernel", 20, 5, 1, 1, "in") "," END(30, 1) ","
			    BEGIN(40, 1) "," KL("cudaLaunchKernel", 50, 5, 1, 2, "unpaired") ","
			    END(70, 2) "," KL("cudaLaunchKernel", 60, 5, 2, 3, "alone") "]"),
			1);
	capture_finish(c);
	CU_ASSERT_EQUAL(c->windows->len, 1);
	ASSERT_WINDOW(c, 0, "in<>");
	CU_ASSERT_EQUAL_FATAL(c->warnings->len, 2);
	ASSERT_STR(g_ptr_array_index(c->warnings, 0),
		   "cap.json: 1 BeginCapture without EndCapture on thread 1/1, ignored: cudaStreamBeginCapture#9000 at ts 40");
	ASSERT_STR(g_ptr_array_index(c->warnings, 1),
		   "cap.json: 1 EndCapture without BeginCapture on thread 1/2, ignored: cudaStreamEndCapture#9001 at ts 70");
}

/* A capture profiled from its middle: an EndCapture first. It closes
 * nothing and shifts nothing: both windows stand (k-th with k-th would pair
 * Begin@10 with End@5 and Begin@40 with End@30, two empty windows). */
static void test_stray_end_first(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" RT("cudaStreamEndCapture", 5, 2, 1, 1) "," BEGIN(10, 1) ","
			    KL("cudaLaunchKernel", 20, 5, 1, 2, "a") "," END(30, 1) "," BEGIN(40, 1) ","
			    KL("cudaLaunchKernel", 50, 5, 1, 3, "b") "," END(60, 1) "]"),
			2);
	capture_finish(c);
	CU_ASSERT_EQUAL_FATAL(c->windows->len, 2);
	CU_ASSERT_EQUAL(window(c, 0)->begin_ts, 10000);
	ASSERT_WINDOW(c, 0, "a<>");
	CU_ASSERT_EQUAL(window(c, 1)->begin_ts, 40000);
	ASSERT_WINDOW(c, 1, "b<>");
	CU_ASSERT_EQUAL_FATAL(c->warnings->len, 1);
	ASSERT_STR(g_ptr_array_index(c->warnings, 0),
		   "cap.json: 1 EndCapture without BeginCapture on thread 1/1, ignored: cudaStreamEndCapture#1 at ts 5");
}

/* A BeginCapture never closed, first and last: the EndCapture closes the
 * latest (Begin@10), not the first (Begin@4.5, whose window would hold
 * "early" too). An op around Begin@10 only: not on the path. */
static void test_stray_begins(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" RT("cudaStreamBeginCapture", 4.5, 0.5, 1, 1) "," KL("cudaLaunchKernel", 6, 1, 1, 2, "early") ","
			    OP("wrap", 8, 100, 1) "," BEGIN(10, 1) "," KL("cudaLaunchKernel", 20, 5, 1, 3, "a") ","
			    END(30, 1) "," RT("cudaStreamBeginCapture", 200, 5, 1, 4) ","
			    KL("cudaLaunchKernel", 210, 5, 1, 5, "late") "]"),
			1);
	capture_finish(c);
	CU_ASSERT_EQUAL_FATAL(c->windows->len, 1);
	CU_ASSERT_EQUAL(window(c, 0)->begin_ts, 10000);
	ASSERT_WINDOW(c, 0, "a<>");
	CU_ASSERT_EQUAL_FATAL(c->warnings->len, 1);
	ASSERT_STR(g_ptr_array_index(c->warnings, 0),
		   "cap.json: 2 BeginCapture without EndCapture on thread 1/1, ignored: cudaStreamBeginCapture#1 at ts "
		   "4.5, cudaStreamBeginCapture#4 at ts 200");
}

/* Five stray EndCaptures: one warning, three named, "and 2 more". */
static void test_many_unpaired(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" RT("hipStreamEndCapture", 1, 1, 3, 11) "," RT("hipStreamEndCapture", 2, 1, 3, 12) ","
			    RT("hipStreamEndCapture", 3, 1, 3, 13) "," RT("hipStreamEndCapture", 4, 1, 3, 14) ","
			    RT("hipStreamEndCapture", 5, 1, 3, 15) "]"),
			0);
	CU_ASSERT_EQUAL_FATAL(c->warnings->len, 2);
	ASSERT_STR(g_ptr_array_index(c->warnings, 0),
		   "cap.json: 5 EndCapture without BeginCapture on thread 1/3, ignored: hipStreamEndCapture#11 at ts 1, "
		   "hipStreamEndCapture#12 at ts 2, hipStreamEndCapture#13 at ts 3 and 2 more");
	ASSERT_STR(g_ptr_array_index(c->warnings, 1),
		   "cap.json: no graph capture in this trace (no BeginCapture/EndCapture pair)");
}

/* Nested windows: Begin@10 (w0) around Begin@30 (w1); End@50 closes w1
 * (the latest open), End@70 w0. A launch that both hold is w1's (the
 * innermost); w0 keeps the launches outside w1. */
static void test_nested(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(10, 1) "," KL("cudaLaunchKernel", 20, 5, 1, 1, "a") "," BEGIN(30, 1) ","
			    KL("cudaLaunchKernel", 40, 5, 1, 2, "b") "," END(50, 1) ","
			    KL("cudaLaunchKernel", 60, 5, 1, 3, "c") "," END(70, 1) "]"),
			2);
	capture_finish(c);
	CU_ASSERT_EQUAL_FATAL(c->windows->len, 2);
	CU_ASSERT_EQUAL(window(c, 0)->begin_ts, 10000);
	ASSERT_WINDOW(c, 0, "a<> c<>");
	CU_ASSERT_EQUAL(window(c, 1)->begin_ts, 30000);
	ASSERT_WINDOW(c, 1, "b<>");
	CU_ASSERT_EQUAL(c->warnings->len, 0);
}

/* Three deep, and a launch that w2 (innermost by its Begin) cannot hold
 * because it ends after w2's EndCapture starts: the next window out (w1)
 * holds it. w2 = [35, 60], w1 = [25, 80], w0 = [15, 100]. */
static void test_nested_deep(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(10, 1) "," BEGIN(20, 1) "," BEGIN(30, 1) "," KL("cudaLaunchKernel", 40, 5, 1, 1, "in2") ","
			    KL("cudaLaunchKernel", 58, 5, 1, 2, "across") "," END(60, 1) ","
			    KL("cudaLaunchKernel", 70, 5, 1, 3, "in1") "," END(80, 1) ","
			    KL("cudaLaunchKernel", 90, 5, 1, 4, "in0") "," END(100, 1) "]"),
			3);
	capture_finish(c);
	ASSERT_WINDOW(c, 0, "in0<>");
	ASSERT_WINDOW(c, 1, "across<> in1<>");
	ASSERT_WINDOW(c, 2, "in2<>");
}

static void test_no_capture(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 3, "plain.json", "[" OP("op", 0, 100, 1) "," KL("cudaLaunchKernel", 10, 5, 1, 1, "k") "]"),
			0);
	capture_finish(c);
	CU_ASSERT_EQUAL(c->windows->len, 0);
	CU_ASSERT_EQUAL(c->launches->len, 0);
	CU_ASSERT_EQUAL_FATAL(c->warnings->len, 1);
	ASSERT_STR(g_ptr_array_index(c->warnings, 0),
		   "plain.json: no graph capture in this trace (no BeginCapture/EndCapture pair)");
}

/* Files in the order given come first: file 1 is added first and begins
 * earlier, yet file 0's window is first. Their ops are two capture nodes
 * though both are forest node 0 of their file. */
static void test_two_files(void)
{
	g_autoptr(Capture) c = capture_new();
	add(c, 1, "b.json", "[" BEGIN(10, 1) "," OP("op", 20, 50, 1) "," KL("cudaLaunchKernel", 30, 5, 1, 1, "k1") ","
			    END(100, 1) "]");
	add(c, 0, "a.json", "[" BEGIN(500, 1) "," OP("op", 520, 50, 1) "," KL("cudaLaunchKernel", 530, 5, 1, 1, "k0") ","
			    END(600, 1) "]");
	capture_finish(c);
	CU_ASSERT_EQUAL_FATAL(c->windows->len, 2);
	CU_ASSERT_EQUAL(window(c, 0)->file, 0);
	ASSERT_WINDOW(c, 0, "k0<op>");
	CU_ASSERT_EQUAL(window(c, 1)->file, 1);
	ASSERT_WINDOW(c, 1, "k1<op>");
	CU_ASSERT_EQUAL(c->nodes->len, 2);
	CU_ASSERT_NOT_EQUAL(launch(c, 0, 0)->path_end, launch(c, 1, 0)->path_end);
}

/* Two ops of the same name are two capture nodes; one op's launches share one. */
static void test_identity_not_names(void)
{
	g_autoptr(Capture) c = capture_new();
	add(c, 0, "cap.json",
	    "[" BEGIN(10, 1) "," OP("mm", 20, 50, 1) "," KL("cudaLaunchKernel", 30, 5, 1, 1, "k") ","
	    KL("cudaLaunchKernel", 40, 5, 1, 2, "k") "," OP("mm", 100, 50, 1) ","
	    KL("cudaLaunchKernel", 110, 5, 1, 3, "k") "," END(900, 1) "]");
	capture_finish(c);
	ASSERT_WINDOW(c, 0, "k<mm> k<mm> k<mm>");
	CU_ASSERT_EQUAL(c->nodes->len, 2);
	CU_ASSERT_EQUAL(launch(c, 0, 0)->path_end, launch(c, 0, 1)->path_end);
	CU_ASSERT_NOT_EQUAL(launch(c, 0, 1)->path_end, launch(c, 0, 2)->path_end);
	CU_ASSERT_PTR_EQUAL(launch(c, 0, 0)->name, launch(c, 0, 2)->name); /* interned */
}

/* Windows of one thread that overlap (captures on two streams): paired by
 * nesting, End@100 closes Begin@20 (w1 = [25, 100]) and End@300 Begin@10
 * (w0 = [15, 300]); the launch both hold is w1's. */
static void test_overlapping_windows(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(10, 1) "," BEGIN(20, 1) "," OP("x", 30, 30, 1) ","
			    KL("cudaLaunchKernel", 50, 5, 1, 1, "both") "," END(100, 1) ","
			    KL("cudaLaunchKernel", 150, 5, 1, 2, "second") "," END(300, 1) "]"),
			2);
	capture_finish(c);
	ASSERT_WINDOW(c, 0, "second<>");
	ASSERT_WINDOW(c, 1, "both<x>");
	CU_ASSERT_EQUAL(c->nodes->len, 1);
}

/* The cut is per window: "outer" contains w1's BeginCapture (@20), not
 * w0's (@10), so it is on w0's paths only. */
static void test_cut_per_window(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(10, 1) "," OP("outer", 15, 200, 1) "," BEGIN(20, 1) "," OP("x", 30, 30, 1) ","
			    KL("cudaLaunchKernel", 50, 5, 1, 1, "both") "," END(100, 1) ","
			    KL("cudaLaunchKernel", 150, 5, 1, 2, "second") "," END(300, 1) "]"),
			2);
	capture_finish(c);
	ASSERT_WINDOW(c, 0, "second<outer>");
	ASSERT_WINDOW(c, 1, "both<x>");
	CU_ASSERT_EQUAL(c->nodes->len, 2);
}

/* One op's path remembered across windows with different cuts: Q [90, 410)
 * around P [100, 400). w0 (Begin@50, End@450) holds k1 in P and k3 in S
 * (under P): paths Q/P and Q/P/S, P's path met again for k3. w1 (Begin@120,
 * inside P) holds k2 in R (under P): P contains that Begin, so the path is
 * R alone, and P's path of w0 must not be reused. Then w2 (Begin@460,
 * outside Q) holds k4 in T under Q's sibling: T. */
static void test_cut_remembered(void)
{
	g_autoptr(Capture) c = capture_new();
	CU_ASSERT_EQUAL(add(c, 0, "cap.json",
			    "[" BEGIN(50, 1) "," OP("Q", 90, 320, 1) "," OP("P", 100, 300, 1) ","
			    KL("cudaLaunchKernel", 110, 5, 1, 1, "k1") "," BEGIN(120, 1) "," OP("R", 125, 15, 1) ","
			    KL("cudaLaunchKernel", 130, 5, 1, 2, "k2") "," END(145, 1) "," OP("S", 150, 20, 1) ","
			    KL("cudaLaunchKernel", 160, 5, 1, 3, "k3") "," END(450, 1) "," BEGIN(460, 1) ","
			    OP("T", 470, 20, 1) "," KL("cudaLaunchKernel", 480, 5, 1, 4, "k4") "," END(500, 1) "]"),
			3);
	capture_finish(c);
	ASSERT_WINDOW(c, 0, "k1<Q/P> k3<Q/P/S>");
	ASSERT_WINDOW(c, 1, "k2<R>");
	ASSERT_WINDOW(c, 2, "k4<T>");
	CU_ASSERT_EQUAL(c->nodes->len, 5); /* Q, Q/P, Q/P/S, R, T */
	CU_ASSERT_EQUAL(node(c, launch(c, 0, 1)->path_end)->parent, launch(c, 0, 0)->path_end);
}

static void test_graph_launch_names(void)
{
	struct names *names = names_new();
	CU_ASSERT_TRUE(capture_is_graph_launch(names_intern(names, "cudaGraphLaunch", 15, NULL)));
	CU_ASSERT_TRUE(capture_is_graph_launch(names_intern(names, "hipGraphLaunch_spt", 18, NULL)));
	CU_ASSERT_TRUE(capture_is_graph_launch(names_intern(names, "cuGraphLaunch", 13, NULL)));
	CU_ASSERT_FALSE(capture_is_graph_launch(names_intern(names, "cudaLaunchKernel", 16, NULL)));
	CU_ASSERT_FALSE(capture_is_graph_launch(names_intern(names, "cudaGraphInstantiate", 20, NULL)));
	names_free(names);
}

/* The reader: launches' args stay NULL without launch_kernels; with it, the
 * text of a string args.kernel (to a NUL in it), NULL otherwise; a B/E pair
 * (matched by the reader's own extractor) gets it too. Device events keep
 * their literal either way. */
static void test_reader_flag(void)
{
	const char *json = "[" KL("cudaLaunchKernel", 10, 5, 1, 1, "gemm") "," RT("cudaMemcpyAsync", 20, 5, 1, 2) ","
			   "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":30,\"dur\":1,"
			   "\"args\":{\"kernel\":7}},"
			   "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":40,\"dur\":1,"
			   "\"args\":{\"kernel\":\"ab\\u0000cd\"}},"
			   "{\"ph\":\"B\",\"cat\":\"cuda_runtime\",\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":50,"
			   "\"args\":{\"kernel\":\"paired\"}},"
			   "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":51}," KERNEL("gemm", 100, 5, 1) "]";
	const char *expected[] = { "gemm", NULL, NULL, "ab", "paired" };
	for (int flag = 0; flag < 2; flag++) {
		struct trace *trace = read_with(json, flag);
		CU_ASSERT_EQUAL_FATAL(trace->launches->len, 5);
		for (guint i = 0; i < 5; i++) {
			const struct event *e = &g_array_index(trace->launches, struct event, i);
			const char *want = flag ? expected[e->index] : NULL;
			if (want) {
				CU_ASSERT_PTR_NOT_NULL_FATAL(e->args);
				ASSERT_STR(e->args, want);
			} else {
				CU_ASSERT_PTR_NULL(e->args);
			}
		}
		CU_ASSERT_EQUAL_FATAL(trace->device->len, 1);
		ASSERT_STR(g_array_index(trace->device, struct event, 0).args, "{'correlation': 1}");
		trace_free(trace);
	}
}

UNIT_MAIN("capture", UNIT_TEST(test_paths), UNIT_TEST(test_exclusions), UNIT_TEST(test_launch_order),
	  UNIT_TEST(test_two_threads), UNIT_TEST(test_unpaired), UNIT_TEST(test_stray_end_first),
	  UNIT_TEST(test_stray_begins), UNIT_TEST(test_many_unpaired), UNIT_TEST(test_nested), UNIT_TEST(test_nested_deep),
	  UNIT_TEST(test_no_capture), UNIT_TEST(test_two_files),
	  UNIT_TEST(test_identity_not_names), UNIT_TEST(test_overlapping_windows), UNIT_TEST(test_cut_per_window),
	  UNIT_TEST(test_cut_remembered), UNIT_TEST(test_graph_launch_names),
	  UNIT_TEST(test_reader_flag))
