/* The one-sided Mann-Whitney U test of the gate (src/views/gate/mann_whitney.h)
 * against p-values worked by hand, and against published ones:
 *  - SciPy's documentation of scipy.stats.mannwhitneyu (its example of
 *    two samples of 10 and 5, alternative='greater': U = 35, exact p =
 *    0.1272061272061272 = 382/3003);
 *  - NAG's G08AHF/G08AKF example (16 and 23 values with ties): U = 86 for
 *    the first sample, z = -2.8039 with the continuity and tie
 *    corrections, approximate tail 0.0025, exact tail with ties 0.0020.
 * Each hand-worked case says how it was counted. */
#include "unit.h"
#include <math.h>
#include "views/gate/mann_whitney.h"

#define TEST(new, base, out) mann_whitney_greater(new, G_N_ELEMENTS(new), base, G_N_ELEMENTS(base), out)

/* n = m = 3, every NEW sample larger: of the C(6, 3) = 20 ways to choose
 * NEW's ranks, only {4, 5, 6} gives U = 9: p = 1/20 = 0.05 exactly, which
 * alpha 0.05 rejects (p <= alpha) and 0.049 does not. */
static void test_three_all_larger(void)
{
	const gint64 base[] = { 10, 20, 30 }, new[] = { 40, 50, 60 };
	struct mann_whitney t;
	TEST(new, base, &t);
	CU_ASSERT_TRUE(t.exact);
	CU_ASSERT_EQUAL(t.u2, 18); /* U = 9 */
	CU_ASSERT_EQUAL(t.tail, 1);
	CU_ASSERT_EQUAL(t.total, 20);
	CU_ASSERT_TRUE(mann_whitney_rejects(&t, 5, 100));
	CU_ASSERT_FALSE(mann_whitney_rejects(&t, 49, 1000));
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 50);
	CU_ASSERT_FALSE(mann_whitney_p_tiny(&t));
	/* the other way round: U = 0, every arrangement has U >= 0 */
	TEST(base, new, &t);
	CU_ASSERT_EQUAL(t.u2, 0);
	CU_ASSERT_EQUAL(t.tail, 20);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 1000);
}

/* base {1, 2, 4}, new {3, 5, 6}: U = 2 + 3 + 3 = 8; U >= 8 for NEW's
 * ranks {4, 5, 6} (U = 9) and {3, 5, 6} (U = 8): p = 2/20 = 0.1. */
static void test_three_one_inversion(void)
{
	const gint64 base[] = { 1, 2, 4 }, new[] = { 3, 5, 6 };
	struct mann_whitney t;
	TEST(new, base, &t);
	CU_ASSERT_EQUAL(t.u2, 16);
	CU_ASSERT_EQUAL(t.tail, 2);
	CU_ASSERT_EQUAL(t.total, 20);
	CU_ASSERT_FALSE(mann_whitney_rejects(&t, 5, 100));
	CU_ASSERT_TRUE(mann_whitney_rejects(&t, 1, 10));
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 100);
}

/* Ties: base {1, 2, 2}, new {2, 3, 4}. Ranked together: 1 -> 1; the three
 * 2s share ranks 2-4, midrank 3; 3 -> 5; 4 -> 6; doubled: 2, 6, 6, 6, 10,
 * 12. NEW's doubled sum is 6 + 10 + 12 = 28 (U = 14 - 6 = 8: 2 beats 1 and
 * ties two 2s, 1 + 2 · 0.5; 3 and 4 beat all three). The 3-subsets of the
 * six doubled ranks summing to 28 or more: 12 + 10 + each of the three 6s
 * (28); 12 + 10 + 2 = 24, 12 + 6 + 6 = 24, 10 + 6 + 6 = 22 fall short: p =
 * 3/20 = 0.15 (the exact conditional test; SciPy's method='exact' ignores
 * ties and gives 2/20). */
static void test_ties(void)
{
	const gint64 base[] = { 1, 2, 2 }, new[] = { 2, 3, 4 };
	struct mann_whitney t;
	TEST(new, base, &t);
	CU_ASSERT_EQUAL(t.u2, 16);
	CU_ASSERT_EQUAL(t.tail, 3);
	CU_ASSERT_EQUAL(t.total, 20);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 150);
	/* every value tied: every subset has the same sum, p = 1 */
	const gint64 same[] = { 7, 7, 7 };
	TEST(same, same, &t);
	CU_ASSERT_EQUAL(t.u2, 9); /* U = 4.5: every pair a tie */
	CU_ASSERT_EQUAL(t.tail, t.total);
	mann_whitney_asymptotic(same, 3, same, 3, &t);
	CU_ASSERT_FALSE(t.exact);
	CU_ASSERT_EQUAL(t.p, 1.0);
}

/* n = m = 4 interleaved, new {89, 91, 93, 95} against base {88, 90, 92,
 * 94}: U = 1 + 2 + 3 + 4 = 10. The number of 4-subsets of 8 ranks by U
 * (partitions in a 4 x 4 box) from U = 0: 1 1 2 3 5 5 7 7 8 7 7 5 5 3 2 1 1
 * (70 in all); U >= 10: 7 + 5 + 5 + 3 + 2 + 1 + 1 = 24: p = 24/70. */
static void test_four_interleaved(void)
{
	const gint64 base[] = { 880, 900, 920, 940 }, new[] = { 930, 890, 950, 910 };
	struct mann_whitney t;
	TEST(new, base, &t);
	CU_ASSERT_EQUAL(t.u2, 20);
	CU_ASSERT_EQUAL(t.tail, 24);
	CU_ASSERT_EQUAL(t.total, 70);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 343);
	/* 4 against 8, every NEW sample larger: 1 / C(12, 4) = 1/495 */
	const gint64 eight[] = { 900, 940, 880, 920, 890, 930, 910, 870 }, larger[] = { 990, 1010, 1000, 1020 };
	TEST(larger, eight, &t);
	CU_ASSERT_EQUAL(t.tail, 1);
	CU_ASSERT_EQUAL(t.total, 495);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 2);
	/* 6 against 6, all larger (the two runs of SPEC 27's example): 1/924, p = 0.001, not below it */
	const gint64 six_base[] = { 1, 2, 3, 4, 5, 6 }, six_new[] = { 7, 8, 9, 10, 11, 12 };
	TEST(six_new, six_base, &t);
	CU_ASSERT_EQUAL(t.total, 924);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 1);
	CU_ASSERT_FALSE(mann_whitney_p_tiny(&t));
}

/* SciPy's example (the values times 100): x against y, 'greater'. */
static void test_scipy_example(void)
{
	const gint64 x[] = { 80, 83, 189, 104, 145, 138, 191, 164, 73, 146 }, y[] = { 115, 88, 90, 74, 121 };
	struct mann_whitney t;
	TEST(x, y, &t);
	CU_ASSERT_TRUE(t.exact);
	CU_ASSERT_EQUAL(t.u2, 70); /* U = 35 */
	CU_ASSERT_EQUAL(t.total, 3003); /* C(15, 10) */
	CU_ASSERT_EQUAL(t.tail, 382);   /* 382/3003 = 0.1272061272061272 */
	CU_ASSERT_DOUBLE_EQUAL(t.p, 0.1272061272061272, 1e-15);
	/* asymptotic with the continuity correction: z = (35 - 25 - 0.5) /
	 * sqrt(10 · 5 / 12 · 16) = 9.5 / 8.16497 = 1.16351, p = 0.122312 */
	mann_whitney_asymptotic(x, 10, y, 5, &t);
	CU_ASSERT_DOUBLE_EQUAL(t.z, 1.1635076278220096, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(t.p, 0.12231180256349167, 1e-12);
}

/* NAG's example of G08AHF (ties in the pooled sample), the second group as NEW. */
static void test_nag_example(void)
{
	const gint64 g1[] = { 13, 6, 12, 7, 12, 7, 10, 7, 10, 7, 16, 7, 10, 8, 9, 8 };
	const gint64 g2[] = { 17, 6, 10, 8, 15, 8, 15, 10, 15, 10, 14, 10, 14, 11, 14, 11, 13, 12, 13, 12, 13, 12, 12 };
	struct mann_whitney t;
	CU_ASSERT_TRUE_FATAL(mann_whitney_exact(g2, G_N_ELEMENTS(g2), g1, G_N_ELEMENTS(g1), &t));
	CU_ASSERT_EQUAL(t.u2, 2 * (16 * 23 - 86)); /* U of the first group is 86 */
	CU_ASSERT_EQUAL(t.total, G_GUINT64_CONSTANT(37711260990)); /* C(39, 16) */
	CU_ASSERT_EQUAL(t.tail, 76053443);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 2); /* NAG: exact tail probability 0.0020 */
	/* 23 > 20: the gate takes the normal approximation, NAG's z and 0.0025 */
	TEST(g2, g1, &t);
	CU_ASSERT_FALSE(t.exact);
	CU_ASSERT_DOUBLE_EQUAL(t.z, 2.8039, 5e-5);
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 3); /* 0.00252 */
	CU_ASSERT_DOUBLE_EQUAL(t.p, 0.0025, 5e-5);
	CU_ASSERT_TRUE(mann_whitney_rejects(&t, 5, 1000));
	CU_ASSERT_FALSE(mann_whitney_rejects(&t, 25, 10000));
}

/* 21 against 21 (above the exact bound), every NEW sample larger, no ties:
 * U = 441, mean 220.5, variance 21 · 21 / 12 · 43 = 1580.25 (sd 39.7524):
 * z = (441 - 220.5 - 0.5) / 39.7524 = 5.534263, p = 1.5627e-8: below 0.001. */
static void test_asymptotic(void)
{
	gint64 base[21], new[21];
	for (guint i = 0; i < 21; i++)
		base[i] = i + 1, new[i] = 22 + i;
	struct mann_whitney t;
	TEST(new, base, &t);
	CU_ASSERT_FALSE(t.exact);
	CU_ASSERT_EQUAL(t.u2, 882);
	CU_ASSERT_DOUBLE_EQUAL(t.z, 220.0 / sqrt(1580.25), 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(t.p, 1.562699999200441e-08, 1e-15);
	CU_ASSERT_TRUE(mann_whitney_p_tiny(&t));
	CU_ASSERT_EQUAL(mann_whitney_p_thousandths(&t), 0);
	/* 20 a side is still exact: C(40, 20) subsets counted */
	mann_whitney_greater(new + 1, 20, base + 1, 20, &t);
	CU_ASSERT_TRUE(t.exact);
	CU_ASSERT_EQUAL(t.total, G_GUINT64_CONSTANT(137846528820));
	CU_ASSERT_EQUAL(t.tail, 1);
	/* more than MANN_WHITNEY_COUNT_MAX in all: no exact count */
	gint64 many[61] = { 0 };
	CU_ASSERT_FALSE(mann_whitney_exact(many, 31, many, 30, &t));
}

UNIT_MAIN("mann_whitney", UNIT_TEST(test_three_all_larger), UNIT_TEST(test_three_one_inversion), UNIT_TEST(test_ties),
	  UNIT_TEST(test_four_interleaved), UNIT_TEST(test_scipy_example), UNIT_TEST(test_nag_example),
	  UNIT_TEST(test_asymptotic))
