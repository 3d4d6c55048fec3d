/* Graph match: each graph launch's device events to the captured launches
 * of one capture window (SPEC 14.2). Pure: names in, indices out.
 *
 * ALGORITHM. Names are interned once (a hash table of their bytes, NULs
 * and all): a sequence of names becomes a sequence of ids, a captured
 * launch without a name the wildcard GRAPH_LCS_ANY. Each window's id
 * sequence is hashed once and, when all its launches are named, so is its
 * sorted multiset of ids.
 * Graph launches are taken in the given order. A launch whose graph id (the
 * "graph id" all its device events share) belongs to an earlier matched
 * launch is matched by graph id: each event goes where the first matched
 * launch's first event with the same graph node id went (unmatched there or
 * absent: unmatched); it counts in no tie. Otherwise its device-name id
 * sequence is looked up in a table of the sequences already seen (vLLM and
 * SGLang replay a few graphs hundreds of times): each distinct sequence is
 * classified against all windows once, O(W + n log n) plus O(n) per window
 * of the same length (W windows, n events):
 * - exact: m = n and every C fits its D: an all-named window compares its
 *   hash first, then its ids; a window with unnamed launches, position by
 *   position.
 * - reordered (only when no window is exact): m = n, all named, the sorted
 *   multisets' hashes and then the multisets equal; the k-th D named X goes
 *   to the k-th C named X, by ordering both sides by (id, index).
 * - partial (only when no window is exact or reordered): for each window
 *   with m*n <= GRAPH_MATCH_PARTIAL_MAX, an LCS length under fits by Myers'
 *   O((n+m)·D) greedy search (graph_lcs.h), abandoned past the largest D
 *   that still gives 10 L >= 9 n and 10 L >= 9 m (and, once a window has
 *   some L, at least that L): D <= n + m - 2 ceil(0.9 max(n, m)), so about
 *   0.2 (n+m) at most, O(n+m) memory. A window whose lengths alone rule out
 *   90% is skipped; one that could still reach it but is past the limit is
 *   skipped and, when no window matches, gives GM_REASON_TOO_BIG.
 * The windows of the best kind (the largest L among partials) form the
 * tied set; the launch takes its (k mod q)-th, k counting the earlier
 * launches with the same tied set (a table keyed by the set). The mapping
 * to a window (exact: identity; reordered: as above; partial: the pairs of
 * one LCS, graph_lcs_pairs, linear-space Myers, deterministic) is computed
 * once per sequence and window and copied into each result. unverified: a
 * matched pair's captured launch has no name. */
#ifndef PP_GRAPH_MATCH_H
#define PP_GRAPH_MATCH_H

#include <glib.h>

#define GRAPH_MATCH_PARTIAL_MAX 100000000ull /* m*n above this: no partial match */

/* A name as bytes (may hold NUL); text NULL: no name (a captured launch
 * without args.kernel fits any device event). */
struct gm_name {
	const char *text;
	gsize len;
};

/* A capture window: its captured launches C1..Cm, in (ts, position) order. */
struct gm_window {
	const struct gm_name *launches;
	guint count;
};

/* A graph launch: its device events D1..Dn in (ts, position) order, each
 * with its name and, when it has them, args "graph id" and "graph node id". */
struct gm_launch {
	const struct gm_name *events;
	const gint64 *graph_id;      /* per event; NULL: no event has one */
	const gint64 *graph_node_id; /* per event; NULL: no event has one */
	const gboolean *has_ids;     /* per event: both ids present; NULL (or either array NULL): none */
	guint count;
};

enum gm_kind { GM_NONE, GM_EXACT, GM_REORDERED, GM_PARTIAL, GM_BY_GRAPH_ID };

/* Why a launch matched nothing (for the warning). */
enum gm_reason {
	GM_REASON_NONE,        /* it matched */
	GM_REASON_NO_EVENTS,   /* the graph launch has no device events */
	GM_REASON_NO_WINDOW,   /* no window fits (neither exact, reordered nor a partial of 90%) */
	GM_REASON_TOO_BIG,     /* the only candidates were past the partial limit (m*n > 10^8) */
	GM_REASON_NO_WINDOWS,  /* there are no windows with captured launches */
};

struct gm_result {
	enum gm_kind kind;
	enum gm_reason reason;
	guint window;   /* the window's index, when kind != GM_NONE */
	guint *to;      /* per device event: the captured launch's index in the window, or G_MAXUINT (unmatched); NULL when kind == GM_NONE */
	guint matched;  /* device events with a captured launch (GM_BY_GRAPH_ID: may be 0) */
	gboolean unverified; /* matched where the window's launches have no names (fits by position only) */
};

/* Matches the N_LAUNCHES graph LAUNCHES (in (ts, position) order over the
 * whole trace) against the N_WINDOWS WINDOWS (in window order): RESULTS[i]
 * for LAUNCHES[i] (the caller allocates N_LAUNCHES results; free their
 * .to with gm_results_clear). */
void graph_match(const struct gm_window *windows, guint n_windows, const struct gm_launch *launches,
		 guint n_launches, struct gm_result *results);
void gm_results_clear(struct gm_result *results, guint n);
const char *gm_reason_text(enum gm_reason reason);

#endif
