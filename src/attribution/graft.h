/* Graft: a graph launch's device events under the ops that captured them
 * (SPEC 14.2, 14.3).
 *
 * The graph launches (launch events whose name contains "GraphLaunch") are
 * taken in (ts, position) order over the trace; their device events, with
 * their names and their args "graph id" and "graph node id", are matched
 * against the capture windows (src/attribution/graph_match.h). A matched
 * device event whose captured launch has a capture path p1..pk goes to a
 * grafted node R / p1 / ... / pk, R the graph launch's owner (or, when it
 * has none, a root of its thread); per graph launch, paths sharing their
 * first capture nodes share those grafted nodes (a trie keyed by the
 * grafted parent and the capture node). The grafted nodes are then laid
 * into a new forest in pre-order, each graph launch's subtrees after the
 * last descendant of R (deeper R first where subtrees end together),
 * siblings by their first device event; grafted roots go among their
 * thread's roots as zero-length events at the graph launch would. Every
 * old node keeps its relative order, so its new index is its old one plus
 * the grafted nodes laid before it: the attribution's owners and memory
 * owners are renumbered in one pass, and each grafted node's own device
 * events become a launch of its own after the graph launch (a virtual
 * launch: no launch count, no launch time). The device events that stay
 * (unmatched, empty paths) remain the graph launch's, R's own. Costs
 * O((nodes + launches + device events) + grafted nodes log grafted nodes)
 * beside the matching; nothing is allocated when no graph launch matched. */
#ifndef PP_GRAFT_H
#define PP_GRAFT_H

#include "attribution/capture.h"
#include "attribution/graph_match.h"

/* What grafting did, for the report (SPEC 14.4). */
struct graft_stats {
	guint graph_launches;   /* N: graph launches of the trace */
	guint64 replayed_events; /* K: their device events */
	gint64 replayed_time;   /* T: those events' durations */
	guint matched;          /* A: graph launches matched */
	guint by_kind[GM_BY_GRAPH_ID + 1]; /* E, R, Q, Z by enum gm_kind */
	guint64 placed_events;  /* K2: device events placed in grafted rows */
	gint64 placed_time;     /* T2 */
	guint captured_ops;     /* C: distinct capture nodes that end capture paths of placed events */
	guint unmatched_launches; /* graph launches (with device events) that matched nothing */
	guint64 unmatched_events; /* device events of graph launches left unplaced for want of a match (unmatched launches, or unmatched in matched ones) */
	gint64 unmatched_time;
	guint64 unfit_events;   /* of those, the events of matched graph launches that fit no captured launch */
	gint64 unfit_time;
	gint64 first_unmatched_correlation; /* of the first graph launch with unmatched events; has_... says whether */
	guint8 first_unmatched_has_correlation;
	enum gm_reason first_unmatched_reason; /* GM_REASON_NONE: matched, but some of its events were not */
	guint unverified;       /* graph launches matched by position only (windows without names) */
	guint short_launches;   /* matched graph launches with fewer device events than their window's captured launches */
	guint64 short_events;   /* the device events they lack (SPEC 22's incomplete-trace) */
};

/* The integer of the top-level member KEY of ARGS, the text of an object as
 * the reader keeps it (a Python literal, or JSON): strings quoted with ' or
 * ", escapes skipped, nested values passed over. An unsigned 64-bit id
 * (SPEC 24: half of them are past 2^63) keeps its bits; one past 64 bits is
 * none. ("graph id" of a replayed device event.) */
gboolean graft_args_integer(const char *args, const char *key, gint64 *value);

/* Counts the graph launches of ATTRIBUTION (N, K, T): the report's line
 * without --graph-capture. O(launches). */
void graft_count(const struct attribution *attribution, struct graft_stats *stats);

/* Grafts: with CAPTURE's windows, replaces *FOREST and *ATTRIBUTION (freed)
 * by grafted ones when any device event is placed; STATS filled either way. */
void graft_apply(struct forest **forest, struct attribution **attribution, const struct capture *capture,
		 struct graft_stats *stats);

#endif
