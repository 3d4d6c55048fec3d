#include "unit.h"
#include "fixture.h"
#include "sinks/flame_svg.h"
#include "sinks/folded.h"
#include <stdio.h>
#include <stdlib.h>

/* A (0-100) holds B (10-50), which holds C (20-30). Launches: l1 of A
 * itself (kernels k1 5 us, k2 7 us), l2 of B (k1 13 us), l3 of C (k3 11 us)
 * and l4, a driver call inside l3 (nested: k4 17 us). */
static const char tree_json[] =
	"[" OP("A", 0, 100, 1) "," OP("B", 10, 40, 1) "," OP("C", 20, 10, 1) ","
	LAUNCH("cuda_runtime", "l1", 60, 4, 1, 1) "," LAUNCH("cuda_runtime", "l2", 12, 3, 1, 2) ","
	LAUNCH("cuda_runtime", "l3", 21, 2, 1, 3) "," LAUNCH("cuda_driver", "l4", 21.5, 1, 1, 4) ","
	KERNEL("k1", 200, 5, 1) "," KERNEL("k2", 210, 7, 1) "," KERNEL("k1", 220, 13, 2) ","
	KERNEL("k3", 240, 11, 3) "," KERNEL("k4", 260, 17, 4) "]";

/* The folded text of JSON's stacks for WEIGHT and MAX_DEPTH, through folded_write. */
static char *folded_of(const char *json, enum flame_weight weight, int max_depth)
{
	struct trace *trace = fixture_read(json);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct flame_tree *tree = flame_tree_build(forest, a, weight, max_depth, NULL);
	char *text = NULL;
	size_t size = 0;
	FILE *memory = open_memstream(&text, &size);
	struct output out;
	output_wrap(&out, memory);
	CU_ASSERT_TRUE(folded_write(&out, tree));
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	fclose(memory);
	flame_tree_free(tree);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
	return text;
}

static void expect_folded(const char *json, enum flame_weight weight, int max_depth, const char *expected)
{
	char *text = folded_of(json, weight, max_depth);
	ASSERT_STR(text, expected);
	if (strcmp(text, expected) != 0)
		fprintf(stderr, "\n--- got:\n%s--- wanted:\n%s", text, expected);
	free(text);
}

static void test_device_weight(void)
{
	expect_folded(tree_json, WEIGHT_DEVICE, -1,
		      "A;k1 5000\n"
		      "A;k2 7000\n"
		      "A;B;k1 13000\n"
		      "A;B;C;k3 11000\n"
		      "A;B;C;k4 17000\n");
}

static void test_launch_weight(void)
{
	/* l4 is nested in l3: no stack of its own */
	expect_folded(tree_json, WEIGHT_LAUNCH, -1,
		      "A;l1 4000\n"
		      "A;B;l2 3000\n"
		      "A;B;C;l3 2000\n");
}

static void test_host_weight(void)
{
	expect_folded(tree_json, WEIGHT_HOST, -1,
		      "A 60000\n"
		      "A;B 30000\n"
		      "A;B;C 10000\n");
}

static void test_max_depth_cut(void)
{
	/* B's and C's kernels move to A, A;k1 summed with B's k1 */
	expect_folded(tree_json, WEIGHT_DEVICE, 1,
		      "A;k1 18000\n"
		      "A;k2 7000\n"
		      "A;k3 11000\n"
		      "A;k4 17000\n");
	expect_folded(tree_json, WEIGHT_HOST, 2,
		      "A 60000\n"
		      "A;B 40000\n");
	expect_folded(tree_json, WEIGHT_LAUNCH, 2,
		      "A;l1 4000\n"
		      "A;B;l2 3000\n"
		      "A;B;l3 2000\n");
}

static void test_identical_stacks_summed(void)
{
	/* two roots named step on two threads, their kernels of one name: one line,
	 * where it first appeared */
	expect_folded("[" OP("step", 0, 100, 1) "," OP("step", 50, 100, 2) "," OP("other", 300, 10, 1) ","
		      LAUNCH("cuda_runtime", "l", 10, 1, 1, 1) "," LAUNCH("cuda_runtime", "l", 60, 1, 2, 2) ","
		      LAUNCH("cuda_runtime", "l", 301, 1, 1, 3) "," LAUNCH("cuda_runtime", "l", 20, 1, 1, 4) ","
		      KERNEL("k", 500, 3, 1) "," KERNEL("k", 510, 4, 2) "," KERNEL("k", 520, 5, 3) ","
		      KERNEL("j", 530, 6, 4) "]",
		      WEIGHT_DEVICE, -1,
		      "step;k 7000\n"
		      "step;j 6000\n"
		      "other;k 5000\n");
}

static void test_zero_values_left_out(void)
{
	/* a zero-length kernel, and a root without self time (its child fills it) */
	const char *json = "[" OP("root", 0, 100, 1) "," OP("child", 0, 100, 1) ","
			   LAUNCH("cuda_runtime", "l", 10, 0, 1, 1) "," KERNEL("zero", 500, 0, 1) "," KERNEL("k", 510, 2, 1) "]";
	expect_folded(json, WEIGHT_DEVICE, -1, "root;child;k 2000\n");
	expect_folded(json, WEIGHT_HOST, -1, "root;child 100000\n");
	expect_folded(json, WEIGHT_LAUNCH, -1, ""); /* the launch lasts 0 */
}

static void test_names_with_separators(void)
{
	/* ';' becomes ':', control characters (newline, tab) a space */
	expect_folded("[" OP("a;b\\nc", 0, 100, 1) "," OP("x\\ty", 10, 10, 1) "]", WEIGHT_HOST, -1,
		      "a:b c 90000\n"
		      "a:b c;x y 10000\n");
	/* a name that only the replacement tells from another is the same frame */
	expect_folded("[" OP("a;b", 0, 100, 1) "," OP("a:b", 200, 10, 1) "]", WEIGHT_HOST, -1, "a:b 110000\n");
}

static void test_empty_trace(void)
{
	expect_folded("[]", WEIGHT_DEVICE, -1, "");
	expect_folded("[" LAUNCH("cuda_runtime", "l", 10, 1, 1, 1) "," KERNEL("k", 510, 2, 1) "]", WEIGHT_DEVICE, -1, "");
}

/* A chain of N nested ops, a kernel under the deepest one: one stack N + 1
 * frames deep, made without recursion, one frame per level. */
static void test_deep_chain(void)
{
	enum { N = 100000 };
	GString *json = g_string_new("[");
	for (int i = 0; i < N; i++)
		g_string_append_printf(json, "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":1,\"tid\":1,"
				       "\"ts\":%d,\"dur\":%d},", i, 2 * (N - i));
	g_string_append_printf(json, "%s,%s]", LAUNCH("cuda_runtime", "l", 100000, 1, 1, 1), KERNEL("k", 900000, 9, 1));
	struct trace *trace = fixture_read(json->str);
	g_string_free(json, TRUE);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct flame_tree *tree = flame_tree_build(forest, a, WEIGHT_DEVICE, -1, NULL);
	CU_ASSERT_EQUAL(tree->count, N + 2); /* all, N ops, k */
	CU_ASSERT_EQUAL(tree->stacks->len, 1);
	guint stack = g_array_index(tree->stacks, guint, 0);
	CU_ASSERT_EQUAL(flame_frame(tree, stack)->depth, N + 1);
	CU_ASSERT_EQUAL(flame_frame(tree, 0)->total, 9000);
	GString *line = g_string_new(NULL);
	folded_line_append(tree, stack, line);
	CU_ASSERT_EQUAL(line->len, (gsize)N * 3 + strlen("k 9000\n"));
	CU_ASSERT_TRUE(g_str_has_suffix(line->str, "op;op;k 9000\n"));
	g_string_free(line, TRUE);
	flame_tree_free(tree);
	tree = flame_tree_build(forest, a, WEIGHT_HOST, 50000, NULL);
	CU_ASSERT_EQUAL(tree->count, 50001);
	CU_ASSERT_EQUAL(tree->stacks->len, 50000);
	/* each op's self time is 2 us, the deepest one's too; the cut's frame holds the rest */
	CU_ASSERT_EQUAL(flame_frame(tree, 50000)->self, (gint64)50001 * 2000);
	CU_ASSERT_EQUAL(flame_frame(tree, 0)->total, (gint64)N * 2000);
	flame_tree_free(tree);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

/* The SVG of JSON's device stacks. */
static char *svg_of(const char *json, const char *title, guint64 *frames)
{
	struct trace *trace = fixture_read(json);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct flame_tree *tree = flame_tree_build(forest, a, WEIGHT_DEVICE, -1, NULL);
	char *text = NULL;
	size_t size = 0;
	FILE *memory = open_memstream(&text, &size);
	struct output out;
	output_wrap(&out, memory);
	CU_ASSERT_TRUE(flame_svg_write(&out, tree, title, frames));
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	fclose(memory);
	flame_tree_free(tree);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
	return text;
}

static guint occurrences(const char *text, const char *what)
{
	guint n = 0;
	for (const char *at = text; (at = strstr(at, what)); at += strlen(what))
		n++;
	return n;
}

static void test_svg_frames(void)
{
	guint64 frames;
	char *svg = svg_of(tree_json, "t.json", &frames);
	/* all, A, B, C, k1 (under A), k2, k1 (under B), k3, k4 */
	CU_ASSERT_EQUAL(frames, 9);
	CU_ASSERT_EQUAL(occurrences(svg, "<g class=\"f\""), 9);
	CU_ASSERT_EQUAL(occurrences(svg, "<title>"), 9);
	CU_ASSERT_TRUE(g_str_has_prefix(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\""));
	CU_ASSERT_TRUE(g_str_has_suffix(svg, "</svg>\n"));
	/* all: the whole width, 0.053 ms; A holds 0.053 ms too */
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>all&#10;0.053 ms, 100.0%</title><rect x=\"10.000\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "width=\"1180.000\""));
	/* 17 / 53 = 32.075...%: one decimal (SPEC 28) */
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>k4&#10;0.017 ms, 32.1%</title>"));
	/* nothing outside the file: the namespace is the only address (in the tag and the script) */
	CU_ASSERT_EQUAL(occurrences(svg, "http"), occurrences(svg, "http://www.w3.org/2000/svg"));
	CU_ASSERT_EQUAL(occurrences(svg, "href"), 0);
	free(svg);
}

static void test_svg_escapes(void)
{
	guint64 frames;
	char *svg = svg_of("[" OP("a<b>&\\\"c", 0, 100, 1) "," LAUNCH("cuda_runtime", "l", 10, 1, 1, 1) ","
			   KERNEL("k&k", 500, 3, 1) "]", "x<&\"\001.json", &frames);
	CU_ASSERT_EQUAL(frames, 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>a&lt;b&gt;&amp;&quot;c&#10;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>k&amp;k&#10;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, ">x&lt;&amp;&quot;?.json: device time, 0.003 ms<"));
	CU_ASSERT_PTR_NULL(strstr(svg, "a<b"));
	free(svg);
}

static void test_svg_nothing_to_draw(void)
{
	guint64 frames;
	char *svg = svg_of("[" OP("a", 0, 100, 1) "]", "t.json", &frames);
	CU_ASSERT_EQUAL(frames, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "Nothing to draw: no device time."));
	CU_ASSERT_TRUE(g_str_has_suffix(svg, "</svg>\n"));
	free(svg);
}

static void test_weight_parse(void)
{
	enum flame_weight weight;
	GError *error = NULL;
	CU_ASSERT_TRUE(flame_weight_parse("host", &weight, NULL) && weight == WEIGHT_HOST);
	CU_ASSERT_TRUE(flame_weight_parse("launch", &weight, NULL) && weight == WEIGHT_LAUNCH);
	CU_ASSERT_TRUE(flame_weight_parse("device", &weight, NULL) && weight == WEIGHT_DEVICE);
	CU_ASSERT_FALSE(flame_weight_parse("kernel", &weight, &error));
	CU_ASSERT_PTR_NOT_NULL(error);
	if (error)
		ASSERT_STR(error->message, "--weight wants host, device or launch, not 'kernel'");
	g_clear_error(&error);
}

UNIT_MAIN("folded", UNIT_TEST(test_device_weight), UNIT_TEST(test_launch_weight), UNIT_TEST(test_host_weight),
	  UNIT_TEST(test_max_depth_cut), UNIT_TEST(test_identical_stacks_summed), UNIT_TEST(test_zero_values_left_out),
	  UNIT_TEST(test_names_with_separators), UNIT_TEST(test_empty_trace), UNIT_TEST(test_deep_chain),
	  UNIT_TEST(test_svg_frames), UNIT_TEST(test_svg_escapes), UNIT_TEST(test_svg_nothing_to_draw),
	  UNIT_TEST(test_weight_parse))
