#include "unit.h"
#include "fixture.h"
#include "model/build.h"

static const char *name_of(const struct forest *f, guint node)
{
	return f->events[node].name->text;
}

static const char *parent_name(const struct forest *f, guint node)
{
	guint parent = forest_parent(f, node);
	return parent != FOREST_END ? name_of(f, parent) : "(root)";
}

/* The node of the event called NAME (names are unique in these fixtures). */
static guint find(struct forest *f, const char *name)
{
	for (guint i = 0; i < f->count; i++)
		if (strcmp(name_of(f, i), name) == 0)
			return i;
	CU_FAIL_FATAL("no such node");
	return FOREST_END;
}

static void test_nesting_and_order(void)
{
	g_autoptr(Trace) t = fixture_read("[" OP("b", 5, 2, 1) "," OP("a", 0, 10, 1) "," OP("c", 8, 1, 1) "," OP("d", 12, 3, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(f, find(f, "b")), "a");
	ASSERT_STR(parent_name(f, find(f, "c")), "a");
	ASSERT_STR(parent_name(f, find(f, "d")), "(root)");
	/* a's first child is the node after it; b's next sibling is where b's subtree ends */
	CU_ASSERT_EQUAL(find(f, "a") + 1, find(f, "b"));
	CU_ASSERT_EQUAL(f->subtree_end[find(f, "b")], find(f, "c"));
	CU_ASSERT_EQUAL(forest_depth(f, find(f, "c")), 2);
	CU_ASSERT_EQUAL(forest_depth(f, find(f, "d")), 1);
	CU_ASSERT_EQUAL(f->deepest, 2);
	/* the subtree of a is a, b, c: a contiguous range in pre-order */
	guint a = find(f, "a");
	CU_ASSERT_EQUAL(f->subtree_end[a], a + 3);
	/* roots: a, then d */
	CU_ASSERT_EQUAL(f->first_root, a);
	CU_ASSERT_EQUAL(forest_next_root(f, a), find(f, "d"));
	CU_ASSERT_EQUAL(forest_next_root(f, find(f, "d")), FOREST_END);
}

static void test_ties_same_start(void)
{
	/* same ts: the longer one is the parent whatever the file order */
	g_autoptr(Trace) t = fixture_read("[" OP("short", 0, 5, 1) "," OP("long", 0, 10, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(f, find(f, "short")), "long");
	CU_ASSERT_EQUAL(f->first_root, find(f, "long"));
}

static void test_identical_intervals(void)
{
	/* identical intervals nest in file order: the first is the parent */
	g_autoptr(Trace) t = fixture_read("[" OP("first", 0, 10, 1) "," OP("second", 0, 10, 1) "," OP("third", 0, 10, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(f, find(f, "second")), "first");
	ASSERT_STR(parent_name(f, find(f, "third")), "second");
	CU_ASSERT_EQUAL(f->deepest, 3);
}

static void test_zero_length(void)
{
	g_autoptr(Trace) t = fixture_read("[" OP("p", 0, 10, 1) "," OP("at_start", 0, 0, 1) "," OP("at_end", 10, 0, 1) "," OP("after", 11, 0, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(f, find(f, "at_start")), "p");
	ASSERT_STR(parent_name(f, find(f, "at_end")), "p");
	ASSERT_STR(parent_name(f, find(f, "after")), "(root)");
}

static void test_partial_overlap(void)
{
	/* b starts inside a but ends after it: not contained, so a root; c is in both, and goes under b */
	g_autoptr(Trace) t = fixture_read("[" OP("a", 0, 10, 1) "," OP("b", 5, 10, 1) "," OP("c", 6, 2, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(f, find(f, "b")), "(root)");
	ASSERT_STR(parent_name(f, find(f, "c")), "b");
}

static void test_threads_apart(void)
{
	/* an op of thread 2 inside the time of thread 1's op stays a root of its own */
	g_autoptr(Trace) t = fixture_read("[" OP("t1", 0, 100, 1) "," OP("t2", 10, 5, 2) "," OP("t1b", 200, 1, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	ASSERT_STR(parent_name(f, find(f, "t2")), "(root)");
	CU_ASSERT_EQUAL(threads_count(f->thread_ids), 2);
	/* roots of all threads in sort order */
	guint root = f->first_root;
	ASSERT_STR(name_of(f, root), "t1");
	ASSERT_STR(name_of(f, root = forest_next_root(f, root)), "t2");
	ASSERT_STR(name_of(f, root = forest_next_root(f, root)), "t1b");
	CU_ASSERT_EQUAL(forest_next_root(f, root), FOREST_END);
}

static void test_roots_merged(void)
{
	/* three threads whose roots interleave in time: one list, in time order,
	 * whatever the order of the threads and of the file */
	g_autoptr(Trace) t = fixture_read("[" OP("c2", 40, 5, 3) "," OP("a1", 0, 5, 1) "," OP("b1", 10, 5, 2) ","
					  OP("a2", 30, 5, 1) "," OP("c1", 20, 5, 3) "," OP("b2", 50, 5, 2) ","
					  OP("a2in", 31, 1, 1) "]");
	g_autoptr(Forest) f = forest_build(t);
	const char *expected[] = { "a1", "b1", "c1", "a2", "c2", "b2" };
	guint root = f->first_root;
	for (gsize k = 0; k < G_N_ELEMENTS(expected); k++, root = forest_next_root(f, root)) {
		CU_ASSERT_FATAL(root != FOREST_END);
		ASSERT_STR(name_of(f, root), expected[k]);
	}
	CU_ASSERT_EQUAL(root, FOREST_END);
	ASSERT_STR(parent_name(f, find(f, "a2in")), "a2");
	CU_ASSERT_EQUAL(f->threads_with_nodes, 3);
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
	CU_ASSERT_EQUAL(forest_depth(f, 19999), 20000);
	CU_ASSERT_EQUAL(forest_parent(f, 19999), 19998);
}

static int by_thread(const void *x, const void *y)
{
	const struct event *a = x, *b = y;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return event_compare(a, b);
}

/* events_sort_by_thread() and host_events_sort_by_thread() against qsort:
 * threads interleaved, ties of start and end, runs in order with a few out
 * of place, reversed. */
static void test_sort_by_thread(void)
{
	GRand *rand = g_rand_new_with_seed(32);
	for (int round = 0; round < 200; round++) {
		guint n = g_rand_int_range(rand, 0, 300), threads = g_rand_int_range(rand, 1, 6);
		int shape = round % 3; /* 0: random, 1: mostly in order, 2: reversed */
		g_autofree struct event *events = g_new0(struct event, n + 1), *want = g_new0(struct event, n + 1);
		for (guint i = 0; i < n; i++) {
			gint64 ts = shape == 0 ? g_rand_int_range(rand, 0, 50) : shape == 1 ? (gint64)i : (gint64)(n - i);
			if (shape == 1 && g_rand_int_range(rand, 0, 20) == 0)
				ts = g_rand_int_range(rand, 0, n);
			events[i] = (struct event){ .ts = ts, .dur = g_rand_int_range(rand, 0, 4), .index = i,
						    .thread = g_rand_int_range(rand, 0, threads) };
		}
		g_autofree struct host_event *hosts = g_new0(struct host_event, n + 1);
		for (guint i = 0; i < n; i++)
			hosts[i] = (struct host_event){ events[i].ts, events[i].dur, NULL, events[i].index, events[i].thread };
		memcpy(want, events, n * sizeof *events);
		qsort(want, n, sizeof *want, by_thread);
		events_sort_by_thread(events, n);
		host_events_sort_by_thread(hosts, n); /* the same order */
		for (guint i = 0; i < n; i++)
			CU_ASSERT(events[i].index == want[i].index && hosts[i].index == want[i].index &&
				  hosts[i].thread == want[i].thread && hosts[i].ts == want[i].ts);
	}
	g_rand_free(rand);
}

UNIT_MAIN("build", UNIT_TEST(test_nesting_and_order), UNIT_TEST(test_ties_same_start),
	  UNIT_TEST(test_identical_intervals), UNIT_TEST(test_zero_length), UNIT_TEST(test_partial_overlap),
	  UNIT_TEST(test_threads_apart), UNIT_TEST(test_roots_merged), UNIT_TEST(test_deep_chain),
	  UNIT_TEST(test_sort_by_thread))
