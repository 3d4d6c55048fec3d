#include "unit.h"
#include "fixture.h"
#include "attribution/attribute.h"

struct fixture {
	struct trace *trace;
	struct forest *forest;
	struct attribution *a;
};

static struct fixture analyse(const char *json)
{
	struct fixture x;
	x.trace = fixture_read(json);
	x.forest = forest_build(x.trace);
	x.a = attribute(x.trace, x.forest);
	return x;
}

static void release(struct fixture *x)
{
	attribution_free(x->a);
	forest_free(x->forest);
	trace_free(x->trace);
}

static guint launch_named(const struct fixture *x, const char *name)
{
	for (guint l = 0; l < x->a->launch_count; l++)
		if (strcmp(x->a->launches[l].name->text, name) == 0)
			return l;
	CU_FAIL_FATAL("no such launch");
	return 0;
}

static const char *owner_name(const struct fixture *x, const char *launch)
{
	guint owner = x->a->owner[launch_named(x, launch)];
	return owner == NO_OWNER ? "(none)" : x->forest->events[owner].name->text;
}

static guint node_named(const struct fixture *x, const char *name)
{
	for (guint i = 0; i < x->forest->count; i++)
		if (strcmp(x->forest->events[i].name->text, name) == 0)
			return i;
	CU_FAIL_FATAL("no such node");
	return 0;
}

/* The names of NODE's inclusive launches, joined by spaces. */
static char *launches_of(const struct fixture *x, const char *node)
{
	g_autoptr(GArray) launches = g_array_new(FALSE, FALSE, sizeof(guint));
	attribution_node_launches(x->a, x->forest, node_named(x, node), launches);
	GString *names = g_string_new(NULL);
	for (guint k = 0; k < launches->len; k++)
		g_string_append_printf(names, "%s%s", k ? " " : "", x->a->launches[g_array_index(launches, guint, k)].name->text);
	return g_string_free(names, FALSE);
}

static void test_deepest_node_of_same_thread(void)
{
	struct fixture x = analyse("[" OP("outer", 0, 100, 1) "," OP("inner", 10, 20, 1) ","
				   LAUNCH("cuda_runtime", "in_inner", 15, 2, 1, 1) ","
				   LAUNCH("cuda_runtime", "in_outer", 50, 2, 1, 2) ","
				   LAUNCH("cuda_runtime", "other_thread", 16, 2, 2, 3) ","
				   LAUNCH("cuda_runtime", "outside", 500, 2, 1, 4) "]");
	ASSERT_STR(owner_name(&x, "in_inner"), "inner");
	ASSERT_STR(owner_name(&x, "in_outer"), "outer");
	ASSERT_STR(owner_name(&x, "other_thread"), "(none)");
	ASSERT_STR(owner_name(&x, "outside"), "(none)");
	CU_ASSERT_EQUAL(x.a->attributed, 2);
	CU_ASSERT_EQUAL(x.a->unattributed, 2);
	g_autofree char *outer = launches_of(&x, "outer");
	ASSERT_STR(outer, "in_inner in_outer");
	g_autofree char *inner = launches_of(&x, "inner");
	ASSERT_STR(inner, "in_inner");
	release(&x);
}

static void test_launch_spanning_node_end(void)
{
	/* a launch that sticks out of the inner op belongs to the outer one */
	struct fixture x = analyse("[" OP("outer", 0, 100, 1) "," OP("inner", 10, 20, 1) ","
				   LAUNCH("cuda_runtime", "straddle", 25, 10, 1, 1) "]");
	ASSERT_STR(owner_name(&x, "straddle"), "outer");
	release(&x);
}

static void test_launch_equal_to_node(void)
{
	/* equal intervals: the node contains the launch whatever the file order */
	struct fixture x = analyse("[" LAUNCH("cuda_runtime", "same", 10, 5, 1, 1) "," OP("op", 10, 5, 1) "]");
	ASSERT_STR(owner_name(&x, "same"), "op");
	release(&x);
}

static void test_nested_launches(void)
{
	struct fixture x = analyse("[" OP("op", 0, 100, 1) ","
				   LAUNCH("cuda_runtime", "cudaLaunchKernel", 10, 20, 1, 1) ","
				   LAUNCH("cuda_driver", "cuLaunchKernel", 12, 5, 1, 2) ","
				   LAUNCH("cuda_runtime", "cudaMemcpyAsync", 40, 5, 1, 3) ","
				   KERNEL("k1", 50, 3, 1) "," KERNEL("k2", 60, 4, 2) "]");
	CU_ASSERT_FALSE(x.a->nested[launch_named(&x, "cudaLaunchKernel")]);
	CU_ASSERT_TRUE(x.a->nested[launch_named(&x, "cuLaunchKernel")]);
	CU_ASSERT_FALSE(x.a->nested[launch_named(&x, "cudaMemcpyAsync")]);
	/* the nested launch's kernel still counts */
	CU_ASSERT_EQUAL(x.a->device_time[launch_named(&x, "cuLaunchKernel")], 4000);
	release(&x);
}

static void test_cuda_graph_many_kernels(void)
{
	struct fixture x = analyse("[" OP("op", 0, 100, 1) "," LAUNCH("cuda_runtime", "cudaGraphLaunch", 10, 5, 1, 9) ","
				   KERNEL("k3", 70, 1, 9) "," KERNEL("k1", 50, 2, 9) "," KERNEL("k2", 60, 3, 9) "]");
	guint l = launch_named(&x, "cudaGraphLaunch");
	CU_ASSERT_EQUAL(x.a->device_first[l + 1] - x.a->device_first[l], 3);
	ASSERT_STR(attribution_device(x.a, x.a->device_first[l])->name->text, "k1");
	ASSERT_STR(attribution_device(x.a, x.a->device_first[l] + 2)->name->text, "k3");
	CU_ASSERT_EQUAL(x.a->device_time[l], 6000);
	CU_ASSERT_EQUAL(x.a->claimed, 3);
	release(&x);
}

static void test_shared_correlation_first_wins(void)
{
	struct fixture x = analyse("[" OP("op", 0, 100, 1) "," LAUNCH("cuda_runtime", "later", 30, 5, 1, 5) ","
				   LAUNCH("cuda_runtime", "earlier", 10, 5, 1, 5) "," KERNEL("k", 50, 2, 5) "]");
	guint earlier = launch_named(&x, "earlier"), later = launch_named(&x, "later");
	CU_ASSERT_EQUAL(x.a->device_first[earlier + 1] - x.a->device_first[earlier], 1);
	CU_ASSERT_EQUAL(x.a->device_first[later + 1] - x.a->device_first[later], 0);
	release(&x);
}

static void test_orphans(void)
{
	struct fixture x = analyse("[" OP("op", 0, 100, 1) "," LAUNCH("cuda_runtime", "l", 10, 5, 1, 1) ","
				   KERNEL("claimed", 50, 2, 1) "," KERNEL("stray", 60, 2, 77) ","
				   "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"nocorr\",\"ts\":1,\"dur\":1}]");
	CU_ASSERT_EQUAL(x.a->claimed, 1);
	CU_ASSERT_EQUAL(x.a->unclaimed, 2);
	release(&x);
}

UNIT_MAIN("attribute", UNIT_TEST(test_deepest_node_of_same_thread), UNIT_TEST(test_launch_spanning_node_end),
	  UNIT_TEST(test_launch_equal_to_node), UNIT_TEST(test_nested_launches),
	  UNIT_TEST(test_cuda_graph_many_kernels), UNIT_TEST(test_shared_correlation_first_wins),
	  UNIT_TEST(test_orphans))
