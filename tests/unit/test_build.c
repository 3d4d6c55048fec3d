#include "unit.h"
#include "fixture.h"
#include "build.h"

static const char *name_of(const GNode *node)
{
	return ((const struct event *)node->data)->name->text;
}

static const char *parent_name(const GNode *node)
{
	return node->parent && node->parent->data ? name_of(node->parent) : "(root)";
}

/* The node of the event called NAME (names are unique in these fixtures). */
static GNode *find(struct forest *f, const char *name)
{
	for (guint i = 0; i < f->count; i++)
		if (strcmp(name_of(&f->nodes[i]), name) == 0)
			return &f->nodes[i];
	CU_FAIL_FATAL("no such node");
	return NULL;
}

static void test_nesting_and_order(void)
{
	g_autoptr(Trace) t = fixture_read("[" OP("b", 5, 2, 1) "," OP("a", 0, 10, 1) "," OP("c", 8, 1, 1) "," OP("d", 12, 3, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(find(f, "b")), "a");
	ASSERT_STR(parent_name(find(f, "c")), "a");
	ASSERT_STR(parent_name(find(f, "d")), "(root)");
	CU_ASSERT_PTR_EQUAL(find(f, "a")->children, find(f, "b"));
	CU_ASSERT_PTR_EQUAL(find(f, "b")->next, find(f, "c"));
	CU_ASSERT_EQUAL(f->depth[forest_index(f, find(f, "c"))], 2);
	CU_ASSERT_EQUAL(f->deepest, 2);
	/* the subtree of a is a, b, c: a contiguous range in pre-order */
	guint a = forest_index(f, find(f, "a"));
	CU_ASSERT_EQUAL(f->subtree_end[a], a + 3);
}

static void test_ties_same_start(void)
{
	/* same ts: the longer one is the parent whatever the file order */
	g_autoptr(Trace) t = fixture_read("[" OP("short", 0, 5, 1) "," OP("long", 0, 10, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(find(f, "short")), "long");
	CU_ASSERT_PTR_EQUAL(f->root.children, find(f, "long"));
}

static void test_identical_intervals(void)
{
	/* identical intervals nest in file order: the first is the parent */
	g_autoptr(Trace) t = fixture_read("[" OP("first", 0, 10, 1) "," OP("second", 0, 10, 1) "," OP("third", 0, 10, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(find(f, "second")), "first");
	ASSERT_STR(parent_name(find(f, "third")), "second");
	CU_ASSERT_EQUAL(f->deepest, 3);
}

static void test_zero_length(void)
{
	g_autoptr(Trace) t = fixture_read("[" OP("p", 0, 10, 1) "," OP("at_start", 0, 0, 1) "," OP("at_end", 10, 0, 1) "," OP("after", 11, 0, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(find(f, "at_start")), "p");
	ASSERT_STR(parent_name(find(f, "at_end")), "p");
	ASSERT_STR(parent_name(find(f, "after")), "(root)");
}

static void test_partial_overlap(void)
{
	/* b starts inside a but ends after it: not contained, so a root; c is in both, and goes under b */
	g_autoptr(Trace) t = fixture_read("[" OP("a", 0, 10, 1) "," OP("b", 5, 10, 1) "," OP("c", 6, 2, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(find(f, "b")), "(root)");
	ASSERT_STR(parent_name(find(f, "c")), "b");
}

static void test_threads_apart(void)
{
	/* an op of thread 2 inside the time of thread 1's op stays a root of its own */
	g_autoptr(Trace) t = fixture_read("[" OP("t1", 0, 100, 1) "," OP("t2", 10, 5, 2) "," OP("t1b", 200, 1, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(find(f, "t2")), "(root)");
	CU_ASSERT_EQUAL(f->threads, 2);
	/* roots of all threads in sort order */
	GNode *root = f->root.children;
	ASSERT_STR(name_of(root), "t1");
	ASSERT_STR(name_of(root->next), "t2");
	ASSERT_STR(name_of(root->next->next), "t1b");
	CU_ASSERT_PTR_NULL(root->next->next->next);
}

static void test_deep_chain(void)
{
	/* 20000 levels: no recursion anywhere */
	GString *json = g_string_new("[");
	for (int i = 0; i < 20000; i++)
		g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":%d}",
				       i ? "," : "", i, 100000 - 2 * i);
	g_string_append(json, "]");
	g_autoptr(Trace) t = fixture_read(json->str);
	g_string_free(json, TRUE);
	g_autoptr(Forest) f = forest_build(t);
	CU_ASSERT_EQUAL(f->deepest, 20000);
	CU_ASSERT_EQUAL(f->subtree_end[0], 20000);
}

UNIT_MAIN("build", UNIT_TEST(test_nesting_and_order), UNIT_TEST(test_ties_same_start),
	  UNIT_TEST(test_identical_intervals), UNIT_TEST(test_zero_length), UNIT_TEST(test_partial_overlap),
	  UNIT_TEST(test_threads_apart), UNIT_TEST(test_deep_chain))
