#include "unit.h"
#include "fixture.h"
#include "attribution/busy.h"
#include "attribution/sums.h"
#include <stdlib.h>

/* A kernel on stream (tid) STREAM. */
#define KERNEL_ON(name, ts, dur, corr, stream) \
	"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" name "\",\"pid\":0,\"tid\":" #stream ",\"ts\":" #ts ",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr "}}"

struct fixture {
	struct trace *trace;
	struct forest *forest;
	struct attribution *a;
	gint64 *busy;
};

static struct fixture analyse_trace(struct trace *trace)
{
	struct fixture x = { .trace = trace };
	x.forest = forest_build(x.trace);
	x.a = attribute(x.trace, x.forest);
	x.busy = busy_compute(x.a, x.forest);
	return x;
}

static struct fixture analyse(const char *json)
{
	return analyse_trace(fixture_read(json));
}

static void release(struct fixture *x)
{
	g_free(x->busy);
	attribution_free(x->a);
	forest_free(x->forest);
	trace_free(x->trace);
}

static guint node_named(const struct fixture *x, const char *name)
{
	for (guint i = 0; i < x->forest->count; i++)
		if (strcmp(x->forest->events[i].name->text, name) == 0)
			return i;
	CU_FAIL_FATAL("no such node");
	return 0;
}

/* NODE's busy time and device duration, in microseconds (the fixtures' unit). */
static gint64 busy_of(const struct fixture *x, const char *node)
{
	return x->busy[node_named(x, node)] / 1000;
}

static gint64 duration_of(const struct fixture *x, const char *node)
{
	g_autoptr(Sums) sums = sums_new(x->forest, x->a, FIGURE_BIT(FIGURE_DEVICE_TIME), NULL, FALSE);
	return sums_inclusive(sums, FIGURE_DEVICE_TIME, node_named(x, node)) / 1000;
}

static void test_two_streams_overlap(void)
{
	/* [0, 2000) and [1000, 3000): 4000 of device duration, busy over [0, 3000) */
	struct fixture x = analyse("[" OP("op", 0, 100, 1) "," LAUNCH("cuda_runtime", "a", 10, 5, 1, 1) ","
				   LAUNCH("cuda_runtime", "b", 20, 5, 1, 2) "," KERNEL_ON("k1", 0, 2000, 1, 7) ","
				   KERNEL_ON("k2", 1000, 2000, 2, 8) "]");
	CU_ASSERT_EQUAL(duration_of(&x, "op"), 4000);
	CU_ASSERT_EQUAL(busy_of(&x, "op"), 3000);
	release(&x);
}

static void test_nested_identical_adjacent(void)
{
	/* nested: [0, 1000) holds [200, 300); identical: [2000, 2500) twice;
	 * adjacent: [3000, 3100) then [3100, 3300); busy 1000 + 500 + 300 */
	struct fixture x = analyse("[" OP("op", 0, 100, 1) "," LAUNCH("cuda_runtime", "a", 10, 1, 1, 1) ","
				   LAUNCH("cuda_runtime", "b", 20, 1, 1, 2) "," LAUNCH("cuda_runtime", "c", 30, 1, 1, 3) ","
				   KERNEL_ON("outer", 0, 1000, 1, 7) "," KERNEL_ON("inside", 200, 100, 1, 8) ","
				   KERNEL_ON("same1", 2000, 500, 2, 7) "," KERNEL_ON("same2", 2000, 500, 2, 8) ","
				   KERNEL_ON("adj2", 3100, 200, 3, 8) "," KERNEL_ON("adj1", 3000, 100, 3, 7) "]");
	CU_ASSERT_EQUAL(duration_of(&x, "op"), 1000 + 100 + 1000 + 300);
	CU_ASSERT_EQUAL(busy_of(&x, "op"), 1800);
	release(&x);
}

static void test_one_interval_swallows_several(void)
{
	/* [0, 10), [20, 30), [40, 50), then [5, 45): all one, [0, 50) */
	struct fixture x = analyse("[" OP("op", 0, 100, 1) "," LAUNCH("cuda_runtime", "a", 10, 1, 1, 1) ","
				   LAUNCH("cuda_runtime", "b", 20, 1, 1, 2) "," KERNEL_ON("k1", 0, 10, 1, 7) ","
				   KERNEL_ON("k2", 20, 10, 1, 7) "," KERNEL_ON("k3", 40, 10, 1, 7) ","
				   KERNEL_ON("wide", 5, 40, 2, 8) "]");
	CU_ASSERT_EQUAL(busy_of(&x, "op"), 50);
	release(&x);
}

static void test_children_overlap_parent(void)
{
	/* parent's own [500, 1500) meets child a's [1000, 3000); child b's
	 * [5000, 6000) is apart: parent busy 2500 + 1000, duration 1000 + 2000 + 1000 */
	struct fixture x = analyse("[" OP("parent", 0, 1000, 1) "," LAUNCH("cuda_runtime", "own", 5, 1, 1, 1) ","
				   OP("a", 100, 100, 1) "," LAUNCH("cuda_runtime", "la", 110, 1, 1, 2) ","
				   OP("b", 300, 100, 1) "," LAUNCH("cuda_runtime", "lb", 310, 1, 1, 3) ","
				   OP("other", 2000, 10, 1) "," KERNEL_ON("kown", 500, 1000, 1, 7) ","
				   KERNEL_ON("ka", 1000, 2000, 2, 8) "," KERNEL_ON("kb", 5000, 1000, 3, 7) "]");
	CU_ASSERT_EQUAL(busy_of(&x, "a"), 2000);
	CU_ASSERT_EQUAL(busy_of(&x, "b"), 1000);
	CU_ASSERT_EQUAL(busy_of(&x, "parent"), 3500);
	CU_ASSERT_EQUAL(duration_of(&x, "parent"), 4000);
	CU_ASSERT_EQUAL(busy_of(&x, "other"), 0);
	release(&x);
}

/* A chain of N nested ops, each launching one kernel [5i, 5i + 10) (plus an offset). */
static char *chain(guint n)
{
	GString *json = g_string_new("[");
	for (guint i = 0; i < n; i++)
		g_string_append_printf(json,
				       "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op%u\",\"pid\":1,\"tid\":1,\"ts\":%u,\"dur\":%u},"
				       "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,\"ts\":%u,\"dur\":1,\"args\":{\"correlation\":%u}},"
				       "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":%u,\"dur\":10,\"args\":{\"correlation\":%u}}",
				       i ? "," : "", i, 10 * i, 20 * (n - i) + 10, 10 * i + 1, i + 1, 1000000 + 5 * i, i + 1);
	g_string_append(json, "]");
	return g_string_free(json, FALSE);
}

static void test_deep_chain(void)
{
	guint n = 10000;
	g_autofree char *json = chain(n);
	struct fixture x = analyse(json);
	CU_ASSERT_EQUAL_FATAL(x.forest->count, n);
	CU_ASSERT_EQUAL(x.forest->deepest, n);
	/* the subtree of op i holds [5i, 5(n - 1) + 10) */
	CU_ASSERT_EQUAL(busy_of(&x, "op0"), 5 * (n - 1) + 10);
	CU_ASSERT_EQUAL(busy_of(&x, "op9990"), 5 * 9 + 10);
	CU_ASSERT_EQUAL(busy_of(&x, "op9999"), 10);
	CU_ASSERT_EQUAL(duration_of(&x, "op0"), 10 * n);
	release(&x);
}

static int compare_intervals(const void *p, const void *q)
{
	const gint64 *a = p, *b = q;
	return a[0] < b[0] ? -1 : a[0] > b[0];
}

/* The union's length by sorting, over the node's inclusive launches. */
static gint64 brute_force(const struct fixture *x, guint node)
{
	g_autoptr(GArray) launches = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) intervals = g_array_new(FALSE, FALSE, 2 * sizeof(gint64));
	attribution_node_launches(x->a, x->forest, node, launches);
	for (guint k = 0; k < launches->len; k++) {
		guint l = g_array_index(launches, guint, k);
		for (guint d = x->a->device_first[l]; d < x->a->device_first[l + 1]; d++) {
			gint64 interval[2] = { attribution_device(x->a, d)->ts, event_end(attribution_device(x->a, d)) };
			g_array_append_val(intervals, interval);
		}
	}
	if (intervals->len)
		qsort(intervals->data, intervals->len, 2 * sizeof(gint64), compare_intervals);
	gint64 total = 0, start = 0, end = G_MININT64;
	for (guint k = 0; k < intervals->len; k++) {
		const gint64 *interval = (const gint64 *)intervals->data + 2 * k;
		if (interval[0] > end) {
			total += end > start ? end - start : 0;
			start = interval[0];
			end = interval[1];
		} else if (interval[1] > end) {
			end = interval[1];
		}
	}
	return total + (end > start ? end - start : 0);
}

static void test_random_against_brute_force(void)
{
	GRand *rand = g_rand_new_with_seed(12);
	for (guint round = 0; round < 20; round++) {
		GString *json = g_string_new("[");
		guint corr = 0;
		for (guint i = 0; i < 60; i++) {
			guint ts = g_rand_int_range(rand, 0, 1000), dur = g_rand_int_range(rand, 1, 300);
			g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":1,\"tid\":%d,"
					       "\"ts\":%u,\"dur\":%u}", i ? "," : "", g_rand_int_range(rand, 1, 3), ts, dur);
		}
		for (guint i = 0; i < 80; i++) {
			corr++;
			g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,"
					       "\"tid\":%d,\"ts\":%d,\"dur\":1,\"args\":{\"correlation\":%u}}",
					       g_rand_int_range(rand, 1, 3), g_rand_int_range(rand, 0, 1300), corr);
			for (gint k = g_rand_int_range(rand, 0, 4); k > 0; k--)
				g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,"
						       "\"tid\":%d,\"ts\":%d,\"dur\":%d,\"args\":{\"correlation\":%u}}",
						       g_rand_int_range(rand, 7, 10), g_rand_int_range(rand, 0, 3000),
						       g_rand_int_range(rand, 0, 200), corr);
		}
		g_string_append(json, "]");
		struct fixture x = analyse(json->str);
		for (guint i = 0; i < x.forest->count; i++)
			CU_ASSERT_EQUAL(x.busy[i], brute_force(&x, i));
		release(&x);
		g_string_free(json, TRUE);
	}
	g_rand_free(rand);
}

UNIT_MAIN("busy", UNIT_TEST(test_two_streams_overlap), UNIT_TEST(test_nested_identical_adjacent),
	  UNIT_TEST(test_one_interval_swallows_several), UNIT_TEST(test_children_overlap_parent),
	  UNIT_TEST(test_deep_chain), UNIT_TEST(test_random_against_brute_force))
