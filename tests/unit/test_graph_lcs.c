/* Myers' LCS under "fits" against the plain O(n m) dynamic programme, and
 * graph_match's partial matches against it (SPEC 14.2). */
#include "unit.h"
#include "attribution/graph_lcs.h"
#include "attribution/graph_match.h"

static inline gboolean fits(guint a, guint b)
{
	return b == GRAPH_LCS_ANY || a == b;
}

/* The LCS length by the textbook recurrence, two rows. */
static guint dp_lcs(const guint *a, guint n, const guint *b, guint m)
{
	guint *prev = g_new0(guint, m + 1), *row = g_new0(guint, m + 1);
	for (guint x = 1; x <= n; x++) {
		row[0] = 0;
		for (guint y = 1; y <= m; y++)
			row[y] = fits(a[x - 1], b[y - 1]) ? prev[y - 1] + 1 : MAX(prev[y], row[y - 1]);
		guint *t = prev;
		prev = row;
		row = t;
	}
	guint length = prev[m];
	g_free(prev);
	g_free(row);
	return length;
}

/* TO is a common subsequence of length L: pairs that fit, in order. */
static gboolean valid_pairs(const guint *a, guint n, const guint *b, guint m, const guint *to, guint length)
{
	guint count = 0, last = 0;
	for (guint x = 0; x < n; x++) {
		if (to[x] == G_MAXUINT)
			continue;
		if (to[x] >= m || (count && to[x] <= last) || !fits(a[x], b[to[x]]))
			return FALSE;
		last = to[x];
		count++;
	}
	return count == length;
}

static guint *random_ids(GRand *rand, guint n, guint alphabet, guint any_percent)
{
	guint *v = g_new(guint, n ? n : 1);
	for (guint i = 0; i < n; i++)
		v[i] = g_rand_int_range(rand, 0, 100) < (gint)any_percent
			       ? GRAPH_LCS_ANY
			       : (guint)g_rand_int_range(rand, 0, (gint)alphabet);
	return v;
}

/* A copy of A (N) with EDITS random substitutions (by NEW, a name not in A),
 * deletions and insertions; its length in *M. */
static guint *edited(GRand *rand, const guint *a, guint n, guint edits, guint fresh, guint *m)
{
	GArray *b = g_array_new(FALSE, FALSE, sizeof(guint));
	g_array_append_vals(b, a, n);
	for (guint e = 0; e < edits; e++) {
		guint at = (guint)g_rand_int_range(rand, 0, (gint)b->len + 1);
		switch (g_rand_int_range(rand, 0, 3)) {
		case 0:
			if (at < b->len)
				g_array_index(b, guint, at) = fresh;
			break;
		case 1:
			if (at < b->len)
				g_array_remove_index(b, at);
			break;
		default:
			g_array_insert_val(b, at, fresh);
		}
	}
	*m = b->len;
	return (guint *)g_array_free(b, FALSE);
}

static void check_lcs(const guint *a, guint n, const guint *b, guint m)
{
	guint length = dp_lcs(a, n, b, m);
	guint64 d = (guint64)n + m - 2 * length;
	CU_ASSERT_EQUAL(graph_lcs_distance(a, n, b, m, G_MAXUINT64), (gint64)d);
	CU_ASSERT_EQUAL(graph_lcs_distance(a, n, b, m, d), (gint64)d);
	if (d)
		CU_ASSERT_EQUAL(graph_lcs_distance(a, n, b, m, d - 1), -1);
	guint *to = g_new(guint, n ? n : 1);
	CU_ASSERT_EQUAL(graph_lcs_pairs(a, n, b, m, to), length);
	CU_ASSERT_TRUE(valid_pairs(a, n, b, m, to, length));
	g_free(to);
}

/* Random sequences, small alphabets (many repeated names, many LCSs), some
 * wildcards; and near copies (small D, long snakes). */
static void test_random_against_dp(void)
{
	GRand *rand = g_rand_new_with_seed(20240611);
	for (guint round = 0; round < 3000; round++) {
		guint n = (guint)g_rand_int_range(rand, 0, 41), m = (guint)g_rand_int_range(rand, 0, 41);
		guint alphabet = (guint)g_rand_int_range(rand, 1, 7);
		guint *a = random_ids(rand, n, alphabet, 0);
		guint *b = random_ids(rand, m, alphabet, (guint)g_rand_int_range(rand, 0, 4) * 10);
		check_lcs(a, n, b, m);
		g_free(b);
		b = edited(rand, a, n, (guint)g_rand_int_range(rand, 0, 6), alphabet, &m);
		check_lcs(a, n, b, m);
		g_free(a);
		g_free(b);
	}
	g_rand_free(rand);
}

static void test_edges(void)
{
	static const guint a[] = { 1, 2, 3 }, any[] = { GRAPH_LCS_ANY, GRAPH_LCS_ANY };
	check_lcs(a, 0, a, 0);
	check_lcs(a, 3, a, 0);
	check_lcs(a, 0, a, 3);
	check_lcs(a, 3, any, 2);
	guint to[3];
	CU_ASSERT_EQUAL(graph_lcs_pairs(a, 3, any, 2, to), 2);
	/* different names, nothing fits: D = n + m */
	static const guint b[] = { 4, 5 };
	CU_ASSERT_EQUAL(graph_lcs_distance(a, 3, b, 2, 5), 5);
	CU_ASSERT_EQUAL(graph_lcs_pairs(a, 3, b, 2, to), 0);
	CU_ASSERT_EQUAL(to[0], G_MAXUINT);
}

static struct gm_name *as_names(const guint *ids, guint n, char (*text)[8])
{
	struct gm_name *v = g_new0(struct gm_name, n ? n : 1);
	for (guint i = 0; i < n; i++)
		if (ids[i] != GRAPH_LCS_ANY)
			v[i] = (struct gm_name){ text[ids[i]], strlen(text[ids[i]]) };
	return v;
}

/* graph_match on one window, against an oracle written from SPEC 14.2. */
static void check_match(const guint *a, guint n, const guint *b, guint m, char (*text)[8])
{
	struct gm_window w = { as_names(b, m, text), m };
	struct gm_launch l = { .events = as_names(a, n, text), .count = n };
	struct gm_result r;
	graph_match(&w, 1, &l, 1, &r);
	gboolean exact = n && n == m, named = TRUE;
	for (guint i = 0; exact && i < n; i++)
		exact = fits(a[i], b[i]);
	for (guint i = 0; i < m; i++)
		named &= b[i] != GRAPH_LCS_ANY;
	gboolean reordered = n && n == m && named;
	for (guint x = 0; reordered && x < n; x++) { /* same multiset: every count equal */
		guint in_a = 0, in_b = 0;
		for (guint y = 0; y < n; y++)
			in_a += a[y] == a[x], in_b += b[y] == a[x];
		reordered = in_a == in_b;
	}
	guint length = dp_lcs(a, n, b, m);
	gboolean partial = n && m && 10 * length >= 9 * n && 10 * length >= 9 * m;
	if (exact) {
		CU_ASSERT_EQUAL(r.kind, GM_EXACT);
		CU_ASSERT_EQUAL(r.matched, n);
	} else if (reordered) {
		CU_ASSERT_EQUAL(r.kind, GM_REORDERED);
		CU_ASSERT_EQUAL(r.matched, n);
		for (guint x = 0; x < n; x++) /* the k-th of a name to the k-th */
			for (guint y = x + 1; r.to && y < n; y++)
				if (a[x] == a[y])
					CU_ASSERT_TRUE(r.to[x] < r.to[y]);
	} else if (partial) {
		CU_ASSERT_EQUAL(r.kind, GM_PARTIAL);
		CU_ASSERT_EQUAL(r.matched, length);
	} else {
		CU_ASSERT_EQUAL(r.kind, GM_NONE);
	}
	if (r.to)
		for (guint x = 0; x < n; x++)
			CU_ASSERT_TRUE(r.to[x] == G_MAXUINT || (r.to[x] < m && fits(a[x], b[r.to[x]])));
	gm_results_clear(&r, 1);
	g_free((gpointer)w.launches);
	g_free((gpointer)l.events);
}

static void test_match_against_oracle(void)
{
	char text[8][8];
	for (guint i = 0; i < 8; i++)
		g_snprintf(text[i], sizeof text[i], "k%u", i);
	GRand *rand = g_rand_new_with_seed(7);
	for (guint round = 0; round < 2000; round++) {
		guint n = (guint)g_rand_int_range(rand, 0, 31), m;
		guint alphabet = (guint)g_rand_int_range(rand, 1, 5);
		guint *a = random_ids(rand, n, alphabet, 0);
		guint *b = edited(rand, a, n, (guint)g_rand_int_range(rand, 0, 4), alphabet, &m);
		for (guint i = 0; i < m && round % 3 == 0; i++) /* some unnamed */
			if (g_rand_int_range(rand, 0, 10) == 0)
				b[i] = GRAPH_LCS_ANY;
		if (round % 5 == 0 && m) /* some permuted */
			for (guint i = m - 1; i > 0; i--) {
				guint j = (guint)g_rand_int_range(rand, 0, (gint)i + 1), t = b[i];
				b[i] = b[j], b[j] = t;
			}
		check_match(a, n, b, m, text);
		g_free(a);
		g_free(b);
	}
	g_rand_free(rand);
}

/* 2000 device events against 2000 captured launches of 4 names and a fifth
 * (substituted, inserted): partial, with the true L. */
static void test_partial_2000(void)
{
	char text[8][8];
	for (guint i = 0; i < 8; i++)
		g_snprintf(text[i], sizeof text[i], "k%u", i);
	GRand *rand = g_rand_new_with_seed(99);
	guint n = 2000, m = 0;
	guint *a = random_ids(rand, n, 4, 0), *b = NULL;
	while (m != n) { /* 150 edits that keep the length */
		g_free(b);
		b = edited(rand, a, n, 150, 4, &m);
	}
	guint length = dp_lcs(a, n, b, m);
	CU_ASSERT_TRUE(10 * length >= 9 * n);
	check_match(a, n, b, m, text);
	check_lcs(a, n, b, m);
	g_free(a);
	g_free(b);
	g_rand_free(rand);
}

UNIT_MAIN("graph_lcs", UNIT_TEST(test_random_against_dp), UNIT_TEST(test_edges), UNIT_TEST(test_match_against_oracle),
	  UNIT_TEST(test_partial_2000))
