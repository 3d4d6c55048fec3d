#include "views/gate/mann_whitney.h"
#include <math.h>
#include <stdlib.h>

struct sample {
	gint64 value;
	gboolean new;
};

static int compare_samples(const void *a, const void *b)
{
	gint64 x = ((const struct sample *)a)->value, y = ((const struct sample *)b)->value;
	return (x > y) - (x < y);
}

/* The ranking of NEW and BASE together: RANKS (N of them, doubled
 * midranks, or NULL), NEW's doubled rank sum, Σ (t³ - t) over the tied groups. */
static void rank_samples(const gint64 *new, guint n_new, const gint64 *base, guint n_base, guint64 *ranks,
			 guint64 *new_sum, guint64 *ties)
{
	guint total = n_new + n_base;
	g_autofree struct sample *all = g_new(struct sample, total);
	for (guint i = 0; i < n_new; i++)
		all[i] = (struct sample){ new[i], TRUE };
	for (guint i = 0; i < n_base; i++)
		all[n_new + i] = (struct sample){ base[i], FALSE };
	qsort(all, total, sizeof *all, compare_samples);
	*new_sum = *ties = 0;
	for (guint i = 0; i < total;) {
		guint j = i;
		while (j + 1 < total && all[j + 1].value == all[i].value)
			j++;
		guint64 doubled = (guint64)(i + 1) + (j + 1), t = j - i + 1;
		*ties += t * t * t - t;
		for (guint k = i; k <= j; k++) {
			if (ranks)
				ranks[k] = doubled;
			if (all[k].new)
				*new_sum += doubled;
		}
		i = j + 1;
	}
}

static void start(struct mann_whitney *out, guint n_new, guint n_base, guint64 new_sum)
{
	*out = (struct mann_whitney){ .n_new = n_new, .n_base = n_base };
	out->u2 = (gint64)new_sum - (gint64)n_new * (n_new + 1);
}

gboolean mann_whitney_exact(const gint64 *new, guint n_new, const gint64 *base, guint n_base, struct mann_whitney *out)
{
	guint total = n_new + n_base;
	if (!n_new || !n_base || total > MANN_WHITNEY_COUNT_MAX)
		return FALSE;
	g_autofree guint64 *ranks = g_new(guint64, total);
	guint64 new_sum, ties;
	rank_samples(new, n_new, base, n_base, ranks, &new_sum, &ties);
	start(out, n_new, n_base, new_sum);
	out->exact = TRUE;
	/* dp[k · width + s]: the k-subsets of the ranks seen whose doubled sum is s */
	guint64 width = (guint64)total * (total + 1) + 1; /* the doubled ranks add up to N(N+1) */
	g_autofree guint64 *dp = g_new0(guint64, (n_new + 1) * width);
	dp[0] = 1;
	for (guint i = 0; i < total; i++) {
		guint64 r = ranks[i];
		for (guint k = MIN(i + 1, n_new); k >= 1; k--) {
			guint64 *row = dp + k * width;
			const guint64 *below = dp + (k - 1) * width;
			for (guint64 s = width - 1; s >= r; s--)
				row[s] += below[s - r];
		}
	}
	const guint64 *last = dp + n_new * width;
	for (guint64 s = 0; s < width; s++) {
		out->total += last[s];
		if (s >= new_sum)
			out->tail += last[s];
	}
	out->p = (double)out->tail / (double)out->total;
	return TRUE;
}

void mann_whitney_asymptotic(const gint64 *new, guint n_new, const gint64 *base, guint n_base,
			     struct mann_whitney *out)
{
	guint64 new_sum, ties;
	rank_samples(new, n_new, base, n_base, NULL, &new_sum, &ties);
	start(out, n_new, n_base, new_sum);
	double n = n_new, m = n_base, all = n + m;
	double variance = n * m / 12.0 * ((all + 1) - (double)ties / (all * (all - 1)));
	if (!(variance > 0)) { /* every value tied: nothing tells the sides apart */
		out->p = 1;
		return;
	}
	/* U - n m / 2 - 1/2, from the doubled U */
	out->z = ((double)out->u2 - n * m - 1) / 2 / sqrt(variance);
	out->p = erfc(out->z / M_SQRT2) / 2;
}

void mann_whitney_greater(const gint64 *new, guint n_new, const gint64 *base, guint n_base, struct mann_whitney *out)
{
	if (n_new > MANN_WHITNEY_EXACT_MAX || n_base > MANN_WHITNEY_EXACT_MAX ||
	    !mann_whitney_exact(new, n_new, base, n_base, out))
		mann_whitney_asymptotic(new, n_new, base, n_base, out);
}

gboolean mann_whitney_rejects(const struct mann_whitney *test, guint64 alpha_num, guint64 alpha_den)
{
	if (test->exact)
		return (unsigned __int128)test->tail * alpha_den <= (unsigned __int128)alpha_num * test->total;
	return test->p <= (double)alpha_num / (double)alpha_den;
}

gint64 mann_whitney_p_thousandths(const struct mann_whitney *test)
{
	if (test->exact) /* (tail · 1000 + total / 2) / total, half up, in 128 bits */
		return (gint64)(((unsigned __int128)test->tail * 2000 + test->total) / ((unsigned __int128)test->total * 2));
	return (gint64)floor(test->p * 1000 + 0.5);
}

gboolean mann_whitney_p_tiny(const struct mann_whitney *test)
{
	if (test->exact)
		return (unsigned __int128)test->tail * 1000 < test->total;
	return test->p < 0.001;
}
