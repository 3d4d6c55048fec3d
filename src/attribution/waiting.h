/* Waiting: what the host was doing while a device waited for it (SPEC
 * 19.3). The host-wait part [a, w) of each gap (src/attribution/idle.h;
 * devices grouped as the report's timeline groups them, by args.device,
 * else by process) is blamed on the thread T of the launch of the event
 * that ended the gap (a graph-replayed event's: the graph launch). A node
 * of T's forest is blamed for the part of those intervals inside its
 * [ts, ts + dur): its device waiting, inclusive; its self device waiting
 * is that less its children's, never below 0. Each device counts on its
 * own: two devices waiting at once count twice. A grafted node (SPEC 14.3)
 * is zero-length, so it is never blamed. Blamed time that no node of T
 * contains is *outside* monitored events.
 *
 *   device 0: busy [0, 10), gap [10, 40), launch of the event at 40 at 30
 *   host wait [10, 30) blamed on the launch's thread:
 *   root A [5, 25) holds child B [12, 18): A 15, self 9; B 6; outside 5
 *
 * One sweep over the device events in (ts, position) order finds the
 * blamed intervals; they are sorted once by (thread, device, start): per
 * (thread, device) a run of sorted, disjoint intervals, with prefix sums
 * of their lengths. The blamed time inside [x, y) is F(y) - F(x) on each
 * of the thread's runs, F(t) being a binary search and a prefix sum: a
 * node costs O(d log g) for d devices blamed on its thread and g gaps,
 * whatever its depth (no subtree walk; nothing quadratic on a 100,000-deep
 * chain with 10^6 gaps). Memory: 24 bytes a blamed interval. */
#ifndef PP_WAITING_H
#define PP_WAITING_H

#include "attribution/attribute.h"

struct waiting_run {
	guint first, count; /* intervals [first, first + count) */
};

struct waiting {
	const struct forest *forest;
	gint64 *starts, *ends; /* the blamed intervals, by (thread, device, start) */
	gint64 *before;        /* [i]: the length of the intervals before i (in that order) */
	struct waiting_run *runs; /* by (thread, device) */
	guint *thread_runs;    /* thread t's runs: [thread_runs[t], thread_runs[t + 1]) */
	guint threads;         /* thread numbers below this may have runs */
	gint64 host_wait;      /* every blamed interval's length */
};

/* What the report says (SPEC 19.3): host wait = outside + inside. */
struct waiting_report {
	gint64 host_wait, outside, inside;
	const struct name *most; /* the own name with the largest self device waiting; NULL when inside is 0 */
	gint64 most_waiting;     /* its self device waiting summed over its nodes */
};

/* A blamed interval: [start, end) of a gap's host wait, the thread of the
 * launch that ended the gap, the device group's number. */
struct waiting_blamed {
	gint64 start, end;
	guint32 thread, device;
};

/* The blamed intervals of ATTRIBUTION's device events (by_time), for the nodes of FOREST. */
struct waiting *waiting_compute(const struct attribution *attribution, const struct forest *forest);
/* The blamed intervals of ATTRIBUTION's device events (struct
 * waiting_blamed, in the sweep's order), devices keyed by THREADS' pids
 * where they have no number: what waiting_compute blames (SPEC 26.8's
 * causes cut them, src/attribution/causes.h). */
GArray *waiting_blamed_list(const struct attribution *attribution, const struct threads *threads);
/* The same over BLAMED (taken; intervals of one (thread, device) disjoint):
 * what the findings blame on a subset of the gaps (SPEC 22). */
struct waiting *waiting_from(const struct forest *forest, GArray *blamed);
void waiting_free(struct waiting *waiting);

/* The blamed time of THREAD inside [FROM, TO). */
gint64 waiting_within(const struct waiting *waiting, guint32 thread, gint64 from, gint64 to);
/* NODE's device waiting (inclusive), and its self device waiting. */
gint64 waiting_node(const struct waiting *waiting, guint node);
gint64 waiting_self(const struct waiting *waiting, guint node);

/* The report's figures: every root's and every blamed node's, O(roots +
 * blamed nodes and their children) binary searches. */
void waiting_report(const struct waiting *waiting, struct waiting_report *report);

typedef struct waiting Waiting;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Waiting, waiting_free)

#endif
