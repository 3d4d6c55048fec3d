/* Graph LCS: a longest common subsequence of two sequences of name ids under
 * "fits" (SPEC 14.2): B[y] fits A[x] when B[y] is GRAPH_LCS_ANY (a captured
 * launch without a name) or equals A[x]. The partial match of graph_match.
 *
 * ALGORITHM: Myers' O((n+m)·D) difference algorithm ("An O(ND) Difference
 * Algorithm and Its Variations", 1986), D = n + m - 2L the number of
 * insertions and deletions. Its edit graph has a diagonal edge wherever B[y]
 * fits A[x]; nothing in the algorithm needs more than that (following a
 * diagonal greedily is optimal for any such predicate: LCS(x+1.., y+1..) + 1
 * >= LCS(x+1.., y..) since taking one element off a side loses at most one
 * pair), so "fits" serves as the equality.
 * - graph_lcs_distance: the forward greedy search, furthest reaching point on
 *   each diagonal for d = 0, 1, ..., abandoned past DMAX: O((n+m)·DMAX) time,
 *   O(DMAX) memory.
 * - graph_lcs_pairs: the linear-space refinement: the common prefix and
 *   suffix (where they fit) are paired off, then a forward and a reverse
 *   search meet in the middle of an optimal path (the first diagonal where
 *   the forward furthest point reaches the reverse one, as in diff-match-
 *   patch's bisect); the path's point there splits the problem in two,
 *   each solved the same way. O((n+m)·D) time, O(n+m) memory, no n·m
 *   table; deterministic (one LCS, always the same for the same input). */
#ifndef PP_GRAPH_LCS_H
#define PP_GRAPH_LCS_H

#include <glib.h>

#define GRAPH_LCS_ANY G_MAXUINT /* in B: fits every element of A */

/* D (n + m - 2L) of A[0..n) and B[0..m) when it is at most DMAX; else -1. */
gint64 graph_lcs_distance(const guint *a, guint n, const guint *b, guint m, guint64 dmax);

/* One longest common subsequence of A[0..n) and B[0..m): TO[x] = y for each
 * of its pairs (x, y), G_MAXUINT for the other x (TO has n elements).
 * Returns L, its length. */
guint graph_lcs_pairs(const guint *a, guint n, const guint *b, guint m, guint *to);

#endif
