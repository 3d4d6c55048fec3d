/* Mann-Whitney U, one-sided (SPEC 27): whether NEW's samples are larger
 * than BASE's, the alternative "greater" of scipy.stats.mannwhitneyu(NEW,
 * BASE).
 *
 * The samples are ranked together by one sort (O(N log N)); tied values
 * share their midrank, kept doubled so that it is an integer (the ranks i
 * to j tied: i + j each). NEW's U is its rank sum less n(n+1)/2, kept
 * doubled too (u2 = R2 - n(n+1)).
 *
 * Exact (both sides of at most MANN_WHITNEY_EXACT_MAX samples): the
 * permutation distribution of NEW's rank sum given the ranks as they are
 * (ties included), by counting: dp[k][s], the number of k-subsets of the N
 * doubled ranks whose sum is s, one rank at a time, k downwards; then p =
 * (the subsets of n ranks whose sum is at least NEW's) / C(N, n), two
 * integers, compared with alpha exactly. O(N · n · N(N+1)) integer steps,
 * 2.7 million at 20 a side. Without ties this is the exact null
 * distribution of U (SciPy's method='exact'); with ties it is the exact
 * conditional test (NAG's G08AKF), where SciPy's 'exact' ignores them.
 *
 * Asymptotic (either side above the bound): the normal approximation with
 * the tie correction and the continuity correction (SciPy's
 * method='asymptotic', use_continuity=True): z = (U - n m / 2 - 1/2) /
 * sqrt(n m / 12 · ((N + 1) - Σ (t³ - t) / (N (N - 1)))), t each tied
 * group's size, and p = erfc(z / √2) / 2, in double precision. Every
 * value tied (the variance 0): p = 1. */
#ifndef PP_MANN_WHITNEY_H
#define PP_MANN_WHITNEY_H

#include <glib.h>

#define MANN_WHITNEY_EXACT_MAX 20
/* The most samples in all that the exact count handles (C(60, 30) < 2^64). */
#define MANN_WHITNEY_COUNT_MAX 60

struct mann_whitney {
	guint n_new, n_base;
	gint64 u2;          /* twice NEW's U */
	gboolean exact;     /* p = tail / total, exactly */
	guint64 tail, total;
	double z;           /* the asymptotic test's statistic (0 when exact) */
	double p;           /* the p-value (exact: tail / total, rounded to a double) */
};

/* The test of NEW (N_NEW samples) against BASE (N_BASE), both at least 1:
 * exact when both are at most MANN_WHITNEY_EXACT_MAX, else asymptotic. */
void mann_whitney_greater(const gint64 *new, guint n_new, const gint64 *base, guint n_base, struct mann_whitney *out);
/* The exact test whatever the sizes, when N_NEW + N_BASE is at most
 * MANN_WHITNEY_COUNT_MAX (FALSE otherwise). */
gboolean mann_whitney_exact(const gint64 *new, guint n_new, const gint64 *base, guint n_base, struct mann_whitney *out);
/* The asymptotic test whatever the sizes. */
void mann_whitney_asymptotic(const gint64 *new, guint n_new, const gint64 *base, guint n_base,
			     struct mann_whitney *out);

/* Whether the test rejects at ALPHA = ALPHA_NUM / ALPHA_DEN: p <= alpha
 * (exact: TAIL · ALPHA_DEN <= ALPHA_NUM · TOTAL, in 128 bits). */
gboolean mann_whitney_rejects(const struct mann_whitney *test, guint64 alpha_num, guint64 alpha_den);
/* p in thousandths, half away from zero (exact: from the two integers);
 * 0 means p < 0.0005. */
gint64 mann_whitney_p_thousandths(const struct mann_whitney *test);
/* Whether p < 0.001 (exact: TAIL · 1000 < TOTAL). */
gboolean mann_whitney_p_tiny(const struct mann_whitney *test);

#endif
