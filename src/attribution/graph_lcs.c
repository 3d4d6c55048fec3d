#include "attribution/graph_lcs.h"

static inline gboolean fits(guint a, guint b)
{
	return b == GRAPH_LCS_ANY || a == b;
}

gint64 graph_lcs_distance(const guint *a, guint n, const guint *b, guint m, guint64 dmax)
{
	if (dmax > (guint64)n + m)
		dmax = (guint64)n + m;
	gint64 top = (gint64)dmax, offset = top + 1;
	/* v[offset + k]: the furthest x reached on diagonal k = x - y. Points
	 * past the edges of the graph are allowed (the graph continues there
	 * without diagonals): no path to (n, m) goes through them. */
	gint64 *v = g_new(gint64, 2 * top + 3);
	v[offset + 1] = 0;
	for (gint64 d = 0; d <= top; d++) {
		for (gint64 k = -d; k <= d; k += 2) {
			gint64 x;
			if (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
				x = v[offset + k + 1]; /* down */
			else
				x = v[offset + k - 1] + 1; /* right */
			gint64 y = x - k;
			while (x < n && y < m && fits(a[x], b[y]))
				x++, y++;
			v[offset + k] = x;
			if (x >= n && y >= m) {
				g_free(v);
				return d;
			}
		}
	}
	g_free(v);
	return -1;
}

struct lcs {
	const guint *a, *b;
	guint *to;
	guint length;
	gint64 *v1, *v2; /* scratch for bisect, large enough for the whole problem */
};

/* Where an optimal path of A[a0..a0+n) and B[b0..b0+m) (both not empty,
 * their first and last elements not fitting) crosses the middle: a forward
 * and a reverse furthest-reaching search, one step of each in turn, until
 * the forward point on a diagonal reaches the reverse point on it. The
 * forward point there is on an optimal path (both searches then lie on one
 * of cost D, which meets them at a point of the forward search's last
 * snake). FALSE when there is no pair at all. */
static gboolean bisect(const struct lcs *s, guint a0, gint64 n, guint b0, gint64 m, gint64 *split_x, gint64 *split_y)
{
	const guint *a = s->a + a0, *b = s->b + b0;
	gint64 max_d = (n + m + 1) / 2, offset = max_d, length = 2 * max_d;
	gint64 *v1 = s->v1, *v2 = s->v2;
	for (gint64 i = 0; i < length + 2; i++)
		v1[i] = v2[i] = -1;
	v1[offset + 1] = 0;
	v2[offset + 1] = 0;
	gint64 delta = n - m;
	gboolean front = delta % 2 != 0;
	/* diagonals that ran off the graph are not searched again */
	gint64 k1start = 0, k1end = 0, k2start = 0, k2end = 0;
	for (gint64 d = 0; d < max_d; d++) {
		for (gint64 k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
			gint64 o1 = offset + k1, x1;
			if (k1 == -d || (k1 != d && v1[o1 - 1] < v1[o1 + 1]))
				x1 = v1[o1 + 1];
			else
				x1 = v1[o1 - 1] + 1;
			gint64 y1 = x1 - k1;
			while (x1 < n && y1 < m && fits(a[x1], b[y1]))
				x1++, y1++;
			v1[o1] = x1;
			if (x1 > n) {
				k1end += 2;
			} else if (y1 > m) {
				k1start += 2;
			} else if (front) {
				gint64 k2 = delta - k1, o2 = offset + k2;
				if (o2 >= 0 && o2 < length && v2[o2] != -1 && v2[o2] <= n && v2[o2] - k2 <= m &&
				    x1 >= n - v2[o2]) {
					*split_x = x1;
					*split_y = y1;
					return TRUE;
				}
			}
		}
		for (gint64 k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
			gint64 o2 = offset + k2, x2;
			if (k2 == -d || (k2 != d && v2[o2 - 1] < v2[o2 + 1]))
				x2 = v2[o2 + 1];
			else
				x2 = v2[o2 - 1] + 1;
			gint64 y2 = x2 - k2;
			while (x2 < n && y2 < m && fits(a[n - 1 - x2], b[m - 1 - y2]))
				x2++, y2++;
			v2[o2] = x2;
			if (x2 > n) {
				k2end += 2;
			} else if (y2 > m) {
				k2start += 2;
			} else if (!front) {
				gint64 k1 = delta - k2, o1 = offset + k1;
				if (o1 >= 0 && o1 < length && v1[o1] != -1) {
					gint64 x1 = v1[o1], y1 = x1 - k1;
					if (x1 <= n && y1 >= 0 && y1 <= m && x1 >= n - x2) {
						*split_x = x1;
						*split_y = y1;
						return TRUE;
					}
				}
			}
		}
	}
	return FALSE;
}

static void solve(struct lcs *s, guint a0, guint n, guint b0, guint m)
{
	/* a common prefix and suffix belong to an LCS (greedy is optimal) */
	while (n && m && fits(s->a[a0], s->b[b0])) {
		s->to[a0++] = b0++;
		s->length++;
		n--, m--;
	}
	while (n && m && fits(s->a[a0 + n - 1], s->b[b0 + m - 1])) {
		s->to[a0 + n - 1] = b0 + m - 1;
		s->length++;
		n--, m--;
	}
	gint64 x, y;
	if (!n || !m || !bisect(s, a0, n, b0, m, &x, &y))
		return;
	/* D >= 2 here, so (x, y) is neither corner: both halves are smaller */
	solve(s, a0, (guint)x, b0, (guint)y);
	solve(s, a0 + (guint)x, n - (guint)x, b0 + (guint)y, m - (guint)y);
}

guint graph_lcs_pairs(const guint *a, guint n, const guint *b, guint m, guint *to)
{
	for (guint i = 0; i < n; i++)
		to[i] = G_MAXUINT;
	gint64 size = 2 * (((gint64)n + m + 1) / 2) + 2;
	struct lcs s = { .a = a, .b = b, .to = to, .v1 = g_new(gint64, size), .v2 = g_new(gint64, size) };
	solve(&s, 0, n, 0, m);
	g_free(s.v1);
	g_free(s.v2);
	return s.length;
}
