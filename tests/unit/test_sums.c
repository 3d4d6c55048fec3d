#include "unit.h"
#include "fixture.h"
#include "attribution/sums.h"

/* A root op "r" (0 to 10000 us) over CHILDREN ops "c0", "c1"... (50 us
 * apart, 40 long); child I in LAUNCHED (-1 ends it) gets a launch of 3 us
 * whose kernel lasts 2^k us, k its place in LAUNCHED; the root itself one at
 * 6000 us whose kernel lasts 100 us; one more launch lies outside every op. */
static struct trace *nested_trace(int children, const int *launched)
{
	GString *json = g_string_new("[" OP("r", 0, 10000, 1));
	for (int i = 0; i < children; i++)
		g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"c%d\",\"pid\":1,\"tid\":1,"
				       "\"ts\":%d,\"dur\":40}", i, 10 + 50 * i);
	int corr = 1;
	for (int k = 0; launched[k] >= 0; k++, corr++)
		g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\","
				       "\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":3,\"args\":{\"correlation\":%d}}"
				       ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":%d,"
				       "\"dur\":%d,\"args\":{\"correlation\":%d}}",
				       15 + 50 * launched[k], corr, 20000 + 10 * corr, 1 << k, corr);
	g_string_append(json, "," LAUNCH("cuda_runtime", "cudaLaunchKernel", 6000, 3, 1, 90) "," KERNEL("k", 21000, 100, 90));
	g_string_append(json, "," LAUNCH("cuda_runtime", "cudaLaunchKernel", 30000, 3, 1, 91) "," KERNEL("k", 31000, 1000, 91));
	g_string_append(json, "]");
	struct trace *trace = fixture_read(json->str);
	g_string_free(json, TRUE);
	return trace;
}

#define FIGURES (FIGURE_BIT(FIGURE_DEVICE_TIME) | FIGURE_BIT(FIGURE_LAUNCH_TIME) | FIGURE_BIT(FIGURE_LAUNCHES))

/* 101 nodes (r is node 0, c_i node i + 1): launches in c0, c62, c63 and c99,
 * nodes 1, 63, 64 and 100: on both sides of the 64-node words. */
static void test_owners_across_words(void)
{
	static const int launched[] = { 0, 62, 63, 99, -1 };
	struct trace *trace = nested_trace(100, launched);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	CU_ASSERT_EQUAL_FATAL(forest->count, 101);
	struct sums *sums = sums_new(forest, a, FIGURES, NULL, FALSE);
	/* device time, us: 1 + 2 + 4 + 8 below the root, 100 its own */
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 0), 115000);
	CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, 0), 100000);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_LAUNCHES, 0), 5);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_LAUNCH_TIME, 0), 15000);
	static const struct { guint node; gint64 device; } nodes[] = {
		{ 1, 1000 }, { 2, 0 }, { 62, 0 }, { 63, 2000 }, { 64, 4000 }, { 65, 0 }, { 99, 0 }, { 100, 8000 },
	};
	for (guint i = 0; i < G_N_ELEMENTS(nodes); i++) {
		CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, nodes[i].node), nodes[i].device);
		CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, nodes[i].node), nodes[i].device);
		CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_LAUNCHES, nodes[i].node), nodes[i].device ? 1 : 0);
	}
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_EVENTS, 0), 0); /* not asked for */
	sums_free(sums);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

/* 64 nodes, the last (63) owning a launch: its subtree ends at the count, a word's first index. */
static void test_last_node_of_a_word(void)
{
	static const int launched[] = { 62, -1 };
	struct trace *trace = nested_trace(63, launched);
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	CU_ASSERT_EQUAL_FATAL(forest->count, 64);
	struct sums *sums = sums_new(forest, a, FIGURES, NULL, FALSE);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 63), 1000);
	CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, 63), 1000);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 0), 101000);
	CU_ASSERT_EQUAL(sums_self(sums, FIGURE_DEVICE_TIME, 0), 100000);
	CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, 62), 0);
	sums_free(sums);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

/* No launch has an owner: nothing to sum, every figure 0. */
static void test_no_owners(void)
{
	struct trace *trace = fixture_read("[" OP("r", 0, 10, 1) "," OP("s", 20, 10, 1) "]");
	struct forest *forest = forest_build(trace);
	struct attribution *a = attribute(trace, forest);
	struct sums *sums = sums_new(forest, a, FIGURES, NULL, FALSE);
	for (guint i = 0; i < forest->count; i++) {
		CU_ASSERT_EQUAL(sums_inclusive(sums, FIGURE_DEVICE_TIME, i), 0);
		CU_ASSERT_EQUAL(sums_self(sums, FIGURE_LAUNCHES, i), 0);
	}
	sums_free(sums);
	attribution_free(a);
	forest_free(forest);
	trace_free(trace);
}

UNIT_MAIN("sums", UNIT_TEST(test_owners_across_words), UNIT_TEST(test_last_node_of_a_word),
	  UNIT_TEST(test_no_owners))
