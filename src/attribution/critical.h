/* Critical: the longest path of each step through a critical graph
 * (src/attribution/critical_graph.h), measured and with the --what-if
 * factors, and the graphs of several ranks joined at their collective
 * instances (SPEC 30).
 *
 * The time of a node v is the latest time among its predecessors u plus
 * v's own delay d(v): T(v) = max_u T(u) + d(v). Measured, d(v) is v's time
 * less the latest of its predecessors' times, so that T is the trace's own
 * time; the predecessor that is latest binds v, and the path is the chain
 * of binding predecessors back from the step's end. Every edge into v
 * carries the same d(v): a dependency that did not bind keeps the delay
 * after it that was measured after the one that did, which is what stays
 * when --what-if makes it the latest. Under --what-if, d(v) of a host node
 * (its owner's self time) and of a device event's end (its duration) is
 * scaled by the node's factor; launch delays, queueing and waits are not.
 * The same pass then gives the predicted times and the predicted path.
 *
 * Order: nodes are taken by time; at one time a node comes after the ones
 * it depends on (ready ones by the order they were made: the trace's
 * order); where that makes a cycle (zero-length events nested in a way the
 * trace cannot tell), the first node made goes first and its edges from
 * the later ones are dropped. Ties between predecessors of equal time go
 * to the first in that order.
 *
 * A step's window: the nodes of its rank from its start's time to its end
 * node. A predecessor outside the window (before the step) counts as the
 * step's start: an event that began before the step is cut at its start.
 * One pass per step number takes every rank's window of that step at once
 * (their arrival nodes join them); each node is taken once per window it
 * is in: linear in the windows' nodes and edges.
 *
 * Across ranks (graphs joined by src/attribution/critical_join.h), a rank's
 * path stays on the rank: where its collective's end is bound by the
 * arrival node of its instance and that by another rank R's start, the
 * time from its own start to that arrival is a segment "wait for rank R",
 * the late rank's work in one piece. */
#ifndef PP_CRITICAL_H
#define PP_CRITICAL_H

#include "attribution/critical_graph.h"

/* What a segment of a path is. */
enum critical_kind {
	CRITICAL_KIND_HOST,         /* a host event's self time (label: its own name), or outside ops */
	CRITICAL_KIND_DEVICE,       /* a device event's duration (label: its short name) */
	CRITICAL_KIND_LAUNCH_DELAY, /* from a launch to its device event's start */
	CRITICAL_KIND_QUEUEING,     /* from the device work before it (stream, replay, wait) to its start */
	CRITICAL_KIND_WAIT,         /* waiting for the last rank at a collective (label: that rank's index) */
	CRITICAL_KINDS,
};

struct critical_segment {
	gint64 length; /* ns, > 0 */
	gint64 end;    /* when it ends: the trace's time, or the predicted one */
	guint32 node;  /* the node it ends at */
	guint32 label;
	guint32 event; /* the position of the event it belongs to; CRITICAL_NONE */
	guint8 kind;   /* enum critical_kind */
};

struct critical_path {
	guint64 step;       /* N */
	guint32 rank;       /* the graph's rank index */
	gboolean host_only; /* the step had no device event */
	gboolean whole;     /* no step: the trace's analysed span */
	gint64 start;       /* the step's ts */
	gint64 measured;    /* its length, as measured: its end's time less its start */
	gint64 predicted;   /* with the factors (= measured without) */
	GArray *segments;   /* struct critical_segment from the start on: of the predicted path */
	GArray *measured_segments; /* the measured path's; the same array as segments without factors */
};

struct critical_result {
	GPtrArray *paths; /* struct critical_path *, by (step, rank, start) */
	guint64 dropped;  /* edges dropped to break cycles among instants of one time */
};

/* The paths of every step of GRAPH that has an end. */
struct critical_result *critical_solve(const struct critical_graph *graph);
void critical_result_free(struct critical_result *result);

typedef struct critical_result CriticalResult;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CriticalResult, critical_result_free)

#endif
