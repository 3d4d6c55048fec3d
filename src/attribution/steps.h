/* Steps (SPEC 11.2): the ProfilerStep#N events of a trace, and the step of
 * anything that happens on the host — a node, a launch, the device events
 * of a launch — found by its pid and its ts.
 *
 * A step belongs to a process: an event belongs to the step of its own pid
 * whose [ts, ts + dur] holds the event's ts (both ends included), the first
 * in sort order (ts ascending, end descending, position) when several do;
 * so ops of the backward thread fall in the step whose window holds them.
 *
 * The steps are sorted by (pid, sort order); each pid's run keeps the
 * running maximum of the steps' ends. The first step of a run whose running
 * maximum reaches ts is the first whose own end does, and it holds ts when
 * it starts at or before ts: two binary searches, O(log s) per lookup,
 * whatever the overlaps. */
#ifndef PP_STEPS_H
#define PP_STEPS_H

#include "model/trace.h"

#define NO_STEP G_MAXUINT

struct steps {
	struct event *events; /* the trace's steps, sorted by (pid, ts, end descending, position) */
	guint count;
	guint64 *number;      /* N of each */
	gint64 *reach;        /* the latest end of the steps of its pid up to it */
	guint *pid_first;     /* pid p's steps: [pid_first[p], pid_first[p + 1]) */
	guint *thread_pid;    /* per thread of the trace: its pid's index, or G_MAXUINT (no steps) */
	guint threads;
	guint *order;         /* the steps in step order: number, then sort order, then pid */
};

/* The steps of TRACE (read with read_config.steps); sorts trace->steps. */
struct steps *steps_new(struct trace *trace);
void steps_free(struct steps *steps);

/* The step holding TS on THREAD's process: an index into steps->events, or NO_STEP. */
guint steps_find(const struct steps *steps, guint32 thread, gint64 ts);

/* A --step range: steps numbered FIRST to LAST, both included. */
struct step_range {
	gboolean given;
	guint64 first, last;
};

static inline gboolean step_range_holds(const struct step_range *range, guint64 number)
{
	return !range->given || (range->first <= number && number <= range->last);
}

/* Whether STEP (an index, or NO_STEP) is one the range keeps: with a range
 * given, events outside every step are not kept. */
gboolean steps_kept(const struct steps *steps, const struct step_range *range, guint step);

/* How many steps the range holds. */
guint steps_in_range(const struct steps *steps, const struct step_range *range);

typedef struct steps Steps;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Steps, steps_free)

#endif
