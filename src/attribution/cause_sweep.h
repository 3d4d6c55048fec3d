/* Cause sweep: the labels of one thread's instants (SPEC 26.1), read
 * forward in time, for src/attribution/causes.h.
 *
 * A sweep goes over a thread's host events and launches (zero-length ones
 * hold no instant) merged in sort order (ts, end descending, position),
 * read one at a time as the times asked reach their starts, each given its
 * depth by the forest's stack walk (src/model/build.c) as it comes; only
 * those that hold an instant of a window (the stretches asked about:
 * sorted, disjoint, not touching) go on. It keeps, per cause, the latest
 * end of its events begun so far (the best cause at an instant is the
 * first whose latest end is after it) and a binary heap of the events
 * begun, by depth then sort order (the innermost on top; an ended top is
 * popped when met: lazy deletion). At an instant T the labels are the best
 * cause and the top's name, and they hold until the next start, the best
 * cause's latest end or the top's end, whichever comes first. Exact
 * whatever the nesting (broken nesting too): the cause is that of the best
 * event holding the instant, the op that of the deepest (among overlapping
 * siblings the last in sort order). O(n log n) over a thread's n events
 * for times asked in order; memory: the open events and the heap.
 *
 *   DataLoader [0, 100) holds cudaMemcpy [40, 60) (blocking): at 0 data
 *   loading, op DataLoader, until 40; at 40 blocking, op cudaMemcpy, until
 *   60; at 60 data loading, op DataLoader, until 100; at 100 nothing. */
#ifndef PP_CAUSE_SWEEP_H
#define PP_CAUSE_SWEEP_H

#include "attribution/attribute.h"

enum cause {
	CAUSE_BLOCKING,
	CAUSE_DATA_LOADING,
	CAUSE_OPTIMIZER,
	CAUSE_COMPILED,
	CAUSE_LAUNCHING,
	CAUSE_FRAMEWORK,
	CAUSE_OUTSIDE,
	CAUSE_COUNT
};

struct cause_window { /* a stretch of time: [start, end) */
	gint64 start, end;
};

/* A thread's events: HOST[H, H_END) (sorted), A's launches [L, L_END)
 * (virtual ones left out), KINDS those's blocking_kinds(); a host event's
 * cause by HOST_CAUSE(DATA, its name). */
struct cause_sweep_events {
	const struct host_event *host;
	guint h, h_end;
	const struct attribution *a;
	const guint8 *kinds;
	guint l, l_end;
	enum cause (*host_cause)(gpointer data, const struct name *name);
	gpointer data;
};

struct cause_sweep;

/* A sweep of EVENTS within the COUNT WINDOWS (not taken: they outlive it). */
struct cause_sweep *cause_sweep_new(const struct cause_sweep_events *events, const struct cause_window *windows,
				    guint count);
void cause_sweep_free(struct cause_sweep *sweep);
/* The labels at T (T never less than the last asked; within a window):
 * TRUE and *CAUSE and *OP when an event holds T, else FALSE; *END where
 * they may change next (G_MAXINT64: never). */
gboolean cause_sweep_at(struct cause_sweep *sweep, gint64 t, gint64 *end, guint8 *cause, const struct name **op);

#endif
