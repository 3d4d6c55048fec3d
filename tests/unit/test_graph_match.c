/* SPEC 14.2, rule by rule; every expected mapping worked out by hand. */
#include "unit.h"
#include "attribution/graph_match.h"

static GPtrArray *garbage; /* what the helpers allocate, freed by release() */

static gpointer keep(gpointer p)
{
	if (!garbage)
		garbage = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(garbage, p);
	return p;
}

/* The results' mappings (CLEAR), and what the helpers made too (RELEASE:
 * at the end of a test). */
static void clear(struct gm_result *results, guint n)
{
	gm_results_clear(results, n);
}

static void release(struct gm_result *results, guint n)
{
	clear(results, n);
	g_clear_pointer(&garbage, g_ptr_array_unref);
}

/* Names from "a b ?": "?" is a captured launch without a name. */
static struct gm_name *names(const char *spec, guint *count)
{
	g_auto(GStrv) words = g_strsplit(spec, " ", -1);
	guint n = g_strv_length(words);
	struct gm_name *v = keep(g_new0(struct gm_name, n + 1));
	for (guint i = 0; i < n; i++)
		if (strcmp(words[i], "?") != 0)
			v[i] = (struct gm_name){ g_intern_string(words[i]), strlen(words[i]) };
	*count = n;
	return v;
}

static struct gm_window W(const char *spec)
{
	struct gm_window w;
	w.launches = names(spec, &w.count);
	return w;
}

static struct gm_launch L(const char *spec)
{
	struct gm_launch l = { 0 };
	l.events = names(spec, &l.count);
	return l;
}

/* A launch whose events have graph ids GRAPH and node ids NODE (NULL:
 * GRAPH's only) and, where HAS is given, ids only where HAS says so. */
static struct gm_launch LG(const char *spec, const gint64 *graph, const gint64 *node, const gboolean *has)
{
	struct gm_launch l = L(spec);
	gboolean *all = keep(g_new(gboolean, l.count));
	for (guint i = 0; i < l.count; i++)
		all[i] = has ? has[i] : TRUE;
	l.graph_id = graph;
	l.graph_node_id = node;
	l.has_ids = all;
	return l;
}

/* R's mapping as "0 1 -" ("-": unmatched); "" when it has none. */
static char *mapping(const struct gm_result *r, guint n)
{
	GString *s = g_string_new(NULL);
	for (guint i = 0; r->to && i < n; i++) {
		if (i)
			g_string_append_c(s, ' ');
		if (r->to[i] == G_MAXUINT)
			g_string_append_c(s, '-');
		else
			g_string_append_printf(s, "%u", r->to[i]);
	}
	return keep(g_string_free(s, FALSE));
}

static void expect(const struct gm_result *r, const struct gm_launch *l, enum gm_kind kind, guint window,
		   const char *to, gboolean unverified)
{
	CU_ASSERT_EQUAL(r->kind, kind);
	CU_ASSERT_EQUAL(r->reason, GM_REASON_NONE);
	CU_ASSERT_EQUAL(r->window, window);
	ASSERT_STR(mapping(r, l->count), to);
	guint matched = 0;
	for (const char *c = to; *c; c++)
		matched += g_ascii_isdigit(*c) && (c == to || c[-1] == ' ');
	CU_ASSERT_EQUAL(r->matched, matched);
	CU_ASSERT_EQUAL(r->unverified, unverified);
}

static void expect_none(const struct gm_result *r, enum gm_reason reason)
{
	CU_ASSERT_EQUAL(r->kind, GM_NONE);
	CU_ASSERT_EQUAL(r->reason, reason);
	CU_ASSERT_PTR_NULL(r->to);
	CU_ASSERT_EQUAL(r->matched, 0);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MATCH(w, l, r) graph_match(w, N(w), l, N(l), r)

static void test_exact(void)
{
	struct gm_window w[] = { W("a b d"), W("a b c"), W("a b") };
	struct gm_launch l[] = { L("a b c") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 1, "0 1 2", FALSE);
	release(r, N(r));
}

/* Captured launches without names fit anything: exact, but unverified. */
static void test_exact_unnamed(void)
{
	struct gm_window w[] = { W("? ? ?"), W("a ? c") };
	struct gm_launch l[] = { L("x y z"), L("a q c"), L("b q c") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 0, "0 1 2", TRUE);
	/* fits both: a tie, k = 0 */
	expect(&r[1], &l[1], GM_EXACT, 0, "0 1 2", TRUE);
	/* b does not fit a: only window 0 (a tied set of its own) */
	expect(&r[2], &l[2], GM_EXACT, 0, "0 1 2", TRUE);
	release(r, N(r));
}

static void test_reordered(void)
{
	/* D: b a c a; C: a b a c. The 1st a (D1) to the 1st a (C0), the 2nd
	 * (D3) to the 2nd (C2); b: D0 to C1; c: D2 to C3 */
	struct gm_window w[] = { W("a b a c") };
	struct gm_launch l[] = { L("b a c a") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_REORDERED, 0, "1 0 3 2", FALSE);
	release(r, N(r));
}

/* Reordering needs every C named: "a b ?" is not "b a c" reordered; the
 * LCS (b-b or a-a, then c-?) is 2 < 0.9 * 3. */
static void test_not_reordered_unnamed(void)
{
	struct gm_window w[] = { W("a b ?") };
	struct gm_launch l[] = { L("b a c") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect_none(&r[0], GM_REASON_NO_WINDOW);
	release(r, N(r));
}

/* n = m = 10: L = 9 is 90% exactly (10 L = 9 n); L = 8 is not. */
static void test_partial_ninety(void)
{
	struct gm_window w[] = { W("a b c d e f g h i j") };
	struct gm_launch l[] = { L("a b c d e f g h i X"), L("a b c d e f g h X Y"), L("a b c e f g h i j") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 -", FALSE);
	expect_none(&r[1], GM_REASON_NO_WINDOW);
	/* n = 9, m = 10 (d missing): L = 9, 90 >= 81 and 90 >= 90 */
	expect(&r[2], &l[2], GM_PARTIAL, 0, "0 1 2 4 5 6 7 8 9", FALSE);
	release(r, N(r));
}

/* m != n: L >= 0.9 n and L >= 0.9 m, both. */
static void test_partial_bounds(void)
{
	/* m = 10: n = 11 with L = 10 (100 >= 99); n = 12 with L = 10 fails
	 * 0.9 n (100 < 108) */
	struct gm_window w1[] = { W("a b c d e f g h i j") };
	struct gm_launch l1[] = { L("a b c d e f g h i j k"), L("a b c d e f g h i j k l") };
	struct gm_result r1[N(l1)];
	MATCH(w1, l1, r1);
	expect(&r1[0], &l1[0], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 9 -", FALSE);
	expect_none(&r1[1], GM_REASON_NO_WINDOW);
	clear(r1, N(r1));
	/* n = 10: m = 11 with L = 10 (100 >= 99); m = 12 fails 0.9 m */
	struct gm_window w2[] = { W("a b c d e f g h i j k l") };
	struct gm_launch l2[] = { L("a b c d e f g h i j") };
	struct gm_result r2[N(l2)];
	MATCH(w2, l2, r2);
	expect_none(&r2[0], GM_REASON_NO_WINDOW);
	clear(r2, N(r2));
	struct gm_window w3[] = { W("a b c d e f g h i j k") };
	MATCH(w3, l2, r2);
	expect(&r2[0], &l2[0], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 9", FALSE);
	release(r2, N(r2));
}

/* Among partial matches, the largest L: window 1 (L = 19 of 20). */
static void test_partial_largest(void)
{
	struct gm_window w[] = { W("a b c d e f g h i j k l m n o p q r X Y"), W("a b c d e f g h i j k l m n o p q r s X"),
				 W("X b c d e f g h i j k l m n o p q r s Y") };
	struct gm_launch l[] = { L("a b c d e f g h i j k l m n o p q r s t") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_PARTIAL, 1, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 -", FALSE);
	release(r, N(r));
}

/* exact beats reordered beats partial, wherever they stand. */
static void test_kinds_order(void)
{
	struct gm_window w[] = { W("a b c d e f g h i X"), W("b a c d e f g h i j"), W("a b c d e f g h i j") };
	struct gm_launch l[] = { L("a b c d e f g h i j") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 2, "0 1 2 3 4 5 6 7 8 9", FALSE);
	clear(r, N(r));
	graph_match(w, 2, l, 1, r);
	expect(&r[0], &l[0], GM_REORDERED, 1, "1 0 2 3 4 5 6 7 8 9", FALSE);
	clear(r, N(r));
	graph_match(w, 1, l, 1, r);
	expect(&r[0], &l[0], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 -", FALSE);
	release(r, N(r));
}

/* 3 identical windows, 7 launches: 0 1 2 0 1 2 0. */
static void test_ties_round_robin(void)
{
	struct gm_window w[] = { W("a b c"), W("a b c"), W("a b c") };
	struct gm_launch l[7];
	for (guint i = 0; i < N(l); i++)
		l[i] = L("a b c");
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	static const guint expected[] = { 0, 1, 2, 0, 1, 2, 0 };
	for (guint i = 0; i < N(l); i++)
		expect(&r[i], &l[i], GM_EXACT, expected[i], "0 1 2", FALSE);
	release(r, N(r));
}

/* Partial matches with the same L tie too: window 2 (L = 8) is not in
 * the set. */
static void test_ties_partial(void)
{
	struct gm_window w[] = { W("a b c d e f g h i X"), W("a b c d e f g h X Y"), W("a b c d e f g h i Z") };
	struct gm_launch l[] = { L("a b c d e f g h i j"), L("a b c d e f g h i j"), L("a b c d e f g h i j") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 -", FALSE);
	expect(&r[1], &l[1], GM_PARTIAL, 2, "0 1 2 3 4 5 6 7 8 -", FALSE);
	expect(&r[2], &l[2], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 -", FALSE);
	release(r, N(r));
}

/* Each tied set has its own k. */
static void test_ties_separate(void)
{
	struct gm_window w[] = { W("a b"), W("a b"), W("c d"), W("c d") };
	struct gm_launch l[] = { L("a b"), L("c d"), L("c d"), L("a b"), L("c d"), L("a b") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	static const guint expected[] = { 0, 2, 3, 1, 2, 0 };
	for (guint i = 0; i < N(l); i++)
		expect(&r[i], &l[i], GM_EXACT, expected[i], "0 1", FALSE);
	release(r, N(r));
}

/* k is counted by the tied set, whatever the names that made it. */
static void test_ties_same_set(void)
{
	struct gm_window w[] = { W("? ?"), W("? ?") };
	struct gm_launch l[] = { L("a b"), L("c d"), L("a b") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 0, "0 1", TRUE);
	expect(&r[1], &l[1], GM_EXACT, 1, "0 1", TRUE);
	expect(&r[2], &l[2], GM_EXACT, 0, "0 1", TRUE);
	release(r, N(r));
}

/* "a c" fits window 0 only: it does not advance the k of the set {0, 1}. */
static void test_ties_single_not_counted(void)
{
	struct gm_window w[] = { W("a ?"), W("a b") };
	struct gm_launch l[] = { L("a b"), L("a c"), L("a b"), L("a b") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 0, "0 1", TRUE);
	expect(&r[1], &l[1], GM_EXACT, 0, "0 1", TRUE);
	expect(&r[2], &l[2], GM_EXACT, 1, "0 1", FALSE);
	expect(&r[3], &l[3], GM_EXACT, 0, "0 1", TRUE);
	release(r, N(r));
}

/* After the first matched launch of graph 7, the others of graph 7 follow
 * node ids, whatever their names, and count in no tie. */
static void test_graph_id(void)
{
	struct gm_window w[] = { W("a b c"), W("a b c") };
	static const gint64 g7[] = { 7, 7, 7 }, g3[] = { 3, 3, 3 };
	static const gint64 nodes0[] = { 10, 11, 12 }, nodes1[] = { 12, 10, 11 }, nodes2[] = { 10, 99 };
	struct gm_launch l[] = {
		LG("x y", g3, nodes0, NULL),     /* graph 3, unmatched */
		LG("a b c", g7, nodes0, NULL),   /* exact, tie k = 0: window 0 */
		LG("c a b", g7, nodes1, NULL),   /* by graph id */
		LG("z z", g7, nodes2, NULL),     /* by graph id; node 99 is not in graph 7's first */
		L("a b c"),                       /* tie k = 1: window 1 */
		LG("a b c", g3, nodes0, NULL),   /* graph 3's first matched: tie k = 2, window 0 */
		LG("q", g3, nodes1, NULL),       /* by graph 3's: node 12 went to 2 */
	};
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect_none(&r[0], GM_REASON_NO_WINDOW);
	expect(&r[1], &l[1], GM_EXACT, 0, "0 1 2", FALSE);
	expect(&r[2], &l[2], GM_BY_GRAPH_ID, 0, "2 0 1", FALSE);
	expect(&r[3], &l[3], GM_BY_GRAPH_ID, 0, "0 -", FALSE);
	expect(&r[4], &l[4], GM_EXACT, 1, "0 1 2", FALSE);
	expect(&r[5], &l[5], GM_EXACT, 0, "0 1 2", FALSE);
	expect(&r[6], &l[6], GM_BY_GRAPH_ID, 0, "2", FALSE);
	release(r, N(r));
}

/* A node unmatched in the first launch stays unmatched in the others. */
static void test_graph_id_unmatched_node(void)
{
	struct gm_window w[] = { W("a b c d e f g h i j") };
	static const gint64 g5[] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
	static const gint64 nodes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 }, later[] = { 9, 0, 99 };
	struct gm_launch l[] = { LG("a b c d e f g h i X", g5, nodes, NULL), LG("X a j", g5, later, NULL) };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_PARTIAL, 0, "0 1 2 3 4 5 6 7 8 -", FALSE);
	expect(&r[1], &l[1], GM_BY_GRAPH_ID, 0, "- 0 -", FALSE);
	release(r, N(r));
}

/* A node id twice in the first launch: the first event with it counts. */
static void test_graph_id_repeated_node(void)
{
	struct gm_window w[] = { W("a b") };
	static const gint64 g[] = { 4, 4 }, nodes[] = { 6, 6 }, later[] = { 6 };
	struct gm_launch l[] = { LG("a b", g, nodes, NULL), LG("b", g, later, NULL) };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 0, "0 1", FALSE);
	expect(&r[1], &l[1], GM_BY_GRAPH_ID, 0, "0", FALSE);
	release(r, N(r));
}

/* Events with different graph ids, or one without ids: no graph id. */
static void test_graph_id_differs(void)
{
	struct gm_window w[] = { W("a b c"), W("? ? ?") };
	static const gint64 same[] = { 7, 7, 7 }, differ[] = { 7, 8, 7 }, nodes[] = { 1, 2, 3 };
	static const gboolean lacks[] = { TRUE, FALSE, TRUE };
	struct gm_launch l[] = { LG("a b c", same, nodes, NULL), LG("x y z", differ, nodes, NULL),
				 LG("x y z", same, nodes, lacks), LG("x y z", same, nodes, NULL) };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_EXACT, 0, "0 1 2", FALSE);   /* tie {0, 1}, k = 0 */
	expect(&r[1], &l[1], GM_EXACT, 1, "0 1 2", TRUE);    /* no graph id: by names */
	expect(&r[2], &l[2], GM_EXACT, 1, "0 1 2", TRUE);    /* no graph id: by names */
	expect(&r[3], &l[3], GM_BY_GRAPH_ID, 0, "0 1 2", FALSE);
	release(r, N(r));
}

static void test_no_events_no_windows(void)
{
	struct gm_window w[] = { W(""), W("a") };
	struct gm_launch l[] = { L(""), L("a") };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect_none(&r[0], GM_REASON_NO_EVENTS);
	expect(&r[1], &l[1], GM_EXACT, 1, "0", FALSE); /* an empty window never matches (no tie) */
	clear(r, N(r));
	graph_match(w, 1, l, 2, r); /* only the empty window */
	expect_none(&r[0], GM_REASON_NO_EVENTS);
	expect_none(&r[1], GM_REASON_NO_WINDOWS);
	clear(r, N(r));
	graph_match(NULL, 0, l, 2, r);
	expect_none(&r[0], GM_REASON_NO_EVENTS);
	expect_none(&r[1], GM_REASON_NO_WINDOWS);
	release(r, N(r));
	CU_ASSERT_PTR_NOT_NULL(strstr(gm_reason_text(GM_REASON_TOO_BIG), "10^8"));
}

/* "name#i" for i in [0, n), "other#i" where OTHER(i). */
static struct gm_name *numbered(guint n, gboolean (*other)(guint))
{
	struct gm_name *v = keep(g_new(struct gm_name, n));
	for (guint i = 0; i < n; i++) {
		char *text = keep(g_strdup_printf("%s#%u", other && other(i) ? "other" : "name", i));
		v[i] = (struct gm_name){ text, strlen(text) };
	}
	return v;
}

static gboolean last_of_10000(guint i)
{
	return i == 9999;
}

static gboolean last_of_10001(guint i)
{
	return i == 10000;
}

/* m n = 10001^2 > 10^8: no partial (the reason says so) unless another
 * window gives one; m n = 10^8 exactly: partial. */
static void test_too_big(void)
{
	struct gm_window big[] = { { numbered(10001, NULL), 10001 }, { numbered(9500, NULL), 9500 } };
	struct gm_launch l[] = { { .events = numbered(10001, last_of_10001), .count = 10001 } };
	struct gm_result r[N(l)];
	graph_match(big, 1, l, 1, r);
	expect_none(&r[0], GM_REASON_TOO_BIG);
	release(r, N(r));
	big[0] = (struct gm_window){ numbered(10001, NULL), 10001 };
	big[1] = (struct gm_window){ numbered(9500, NULL), 9500 };
	l[0] = (struct gm_launch){ .events = numbered(10001, last_of_10001), .count = 10001 };
	graph_match(big, 2, l, 1, r); /* the first 9500: L = 9500 >= 0.9 * 10001 */
	CU_ASSERT_EQUAL_FATAL(r[0].kind, GM_PARTIAL);
	CU_ASSERT_EQUAL(r[0].window, 1);
	CU_ASSERT_EQUAL(r[0].matched, 9500);
	CU_ASSERT_EQUAL(r[0].to[9499], 9499);
	CU_ASSERT_EQUAL(r[0].to[9500], G_MAXUINT);
	release(r, N(r));
	struct gm_window at[] = { { numbered(10000, NULL), 10000 } };
	l[0] = (struct gm_launch){ .events = numbered(10000, last_of_10000), .count = 10000 };
	graph_match(at, 1, l, 1, r);
	CU_ASSERT_EQUAL_FATAL(r[0].kind, GM_PARTIAL);
	CU_ASSERT_EQUAL(r[0].matched, 9999);
	CU_ASSERT_EQUAL(r[0].to[9998], 9998);
	CU_ASSERT_EQUAL(r[0].to[9999], G_MAXUINT);
	release(r, N(r));
}

/* Names are bytes: "k\0a" and "k\0b" differ, "k" and "k\0" too. */
static void test_nul_in_names(void)
{
	static const struct gm_name c[] = { { "k\0a", 3 }, { "k\0b", 3 } };
	static const struct gm_name d1[] = { { "k\0b", 3 }, { "k\0a", 3 } }, d2[] = { { "k\0a", 3 }, { "k\0c", 3 } };
	static const struct gm_name c3[] = { { "k", 1 } }, d3[] = { { "k\0", 2 } };
	struct gm_window w[] = { { c, 2 }, { c3, 1 } };
	struct gm_launch l[] = { { .events = d1, .count = 2 }, { .events = d2, .count = 2 }, { .events = d3, .count = 1 } };
	struct gm_result r[N(l)];
	MATCH(w, l, r);
	expect(&r[0], &l[0], GM_REORDERED, 0, "1 0", FALSE);
	expect_none(&r[1], GM_REASON_NO_WINDOW);
	expect_none(&r[2], GM_REASON_NO_WINDOW);
	release(r, N(r));
}

UNIT_MAIN("graph_match", UNIT_TEST(test_exact), UNIT_TEST(test_exact_unnamed), UNIT_TEST(test_reordered),
	  UNIT_TEST(test_not_reordered_unnamed), UNIT_TEST(test_partial_ninety), UNIT_TEST(test_partial_bounds),
	  UNIT_TEST(test_partial_largest), UNIT_TEST(test_kinds_order), UNIT_TEST(test_ties_round_robin), UNIT_TEST(test_ties_partial),
	  UNIT_TEST(test_ties_separate), UNIT_TEST(test_ties_same_set), UNIT_TEST(test_ties_single_not_counted),
	  UNIT_TEST(test_graph_id), UNIT_TEST(test_graph_id_unmatched_node),
	  UNIT_TEST(test_graph_id_repeated_node), UNIT_TEST(test_graph_id_differs),
	  UNIT_TEST(test_no_events_no_windows), UNIT_TEST(test_too_big), UNIT_TEST(test_nul_in_names))
