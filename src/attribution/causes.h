/* Causes: what the host was doing at each instant of host wait (SPEC 26.1).
 *
 * An instant of a gap's host-wait part, blamed on the thread T of the
 * launch that ended the gap (SPEC 19.3), has one cause, decided by T's host
 * events that hold it, first match in this order:
 *   blocking       a blocking launch of T (SPEC 19.1, src/attribution/blocking.h);
 *   data loading   an event named as CAUSE_PATTERNS say (DataLoader ...);
 *   optimizer      ... (Optimizer.);
 *   compiled code  ... (Torch-Compiled Region, CompiledFunction ...);
 *   launching      a launch (the -hc categories) that is not blocking;
 *   framework      any other host event;
 *   outside        no host event of T.
 * Host events are T's launches and its events of trace.host (every other
 * category but the device ones, gpu_user_annotation, cuda_sync and
 * cuda_event; every python_function; no ProfilerStep#N: src/input/roles.h).
 * The instant's *op* is the innermost of those same events (SPEC 19.3's
 * rule: the deepest of the tree they make, among overlapping siblings the
 * last in sort order), or none (outside). Neither depends on -mc.
 *
 * ALGORITHM. Per thread that some interval asks about, within its
 * *windows* (the union of the intervals asked of it so far: sorted,
 * disjoint, merged where they touch): its host events and launches
 * (zero-length ones hold no instant) merged in sort order (ts, end
 * descending, position) and read one at a time, each given its depth by
 * the forest's stack walk (src/model/build.c) as it comes; only those
 * that hold an instant of a window go on. One sweep over their starts
 * keeps, per cause, the latest end of its events begun so far (the best
 * cause at an instant is the first whose latest end is after it) and a
 * binary heap of the events begun, by depth then sort order (the
 * innermost on top; an ended top is popped when met: lazy deletion).
 * Between two consecutive points (a start, the best cause's latest end,
 * the top's end) both labels hold, so each such stretch, cut to the
 * windows, is a *segment*, labelled with the cause and the top's name;
 * equal neighbours are merged. Exact whatever the nesting (broken nesting
 * too): the cause is that of the best event holding the instant, the op
 * that of the deepest. O(n log n) for a thread's n events, O(n) segments,
 * sorted and disjoint, none outside the windows (memory follows the host
 * wait asked about, not the thread); the time between segments is
 * outside. Intervals outside a thread's windows make them again, over
 * the union.
 *
 *   thread T: DataLoader [0, 100) holds cudaMemcpy [40, 60) (blocking)
 *   segments: [0, 40) data loading, op DataLoader; [40, 60) blocking, op
 *   cudaMemcpy; [60, 100) data loading, op DataLoader
 *
 * causes_split() cuts intervals of T along its segments: a binary search
 * for the first segment that ends after the interval's start, then a walk:
 * O(log s + pieces) an interval, the pieces in time order, parts outside
 * every segment being pieces of cause outside and no op. */
#ifndef PP_CAUSES_H
#define PP_CAUSES_H

#include "attribution/attribute.h"
#include "attribution/waiting.h"

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

/* How a pattern matches a name: its start, or anywhere in it (bytes, case-sensitive). */
enum cause_match { CAUSE_PREFIX, CAUSE_CONTAINS };

/* The name patterns of the causes, as data: one table (the man page lists it). */
struct cause_pattern {
	enum cause cause;
	enum cause_match match;
	const char *text;
};
extern const struct cause_pattern cause_patterns[];
extern const guint cause_pattern_count;

/* "blocking", "data loading", "optimizer", "compiled code", "launching", "framework", "outside". */
const char *cause_name(enum cause cause);
/* The cause of a host event (not a launch) named TEXT (LEN bytes): the
 * first cause of the order whose pattern it matches, else CAUSE_FRAMEWORK. */
enum cause cause_of_name(const char *text, gsize len);

/* A part of an interval with one cause and one op. */
struct cause_piece {
	gint64 start, end;
	const struct name *op; /* the innermost host event; NULL: outside */
	guint32 interval;      /* the index of the interval it is part of */
	guint8 cause;          /* enum cause */
};

struct causes;

/* The causes over HOST (trace.host: sorted here, by thread, in place; not
 * taken) and A's launches (virtual ones left out), the blocking ones by
 * blocking_kinds(A). */
struct causes *causes_new(GArray *host, const struct attribution *a);
void causes_free(struct causes *causes);

/* The pieces (struct cause_piece) of the COUNT INTERVALS (start, end,
 * thread; device unread), interval by interval, each in time order; empty
 * intervals have none. Segments are made on first need per thread, within
 * the union of the windows asked so far. */
GArray *causes_split(struct causes *causes, const struct waiting_blamed *intervals, guint count);

/* An op (the innermost host event) and its host wait. */
struct cause_op {
	const struct name *op;
	gint64 time;
};

/* Host wait by cause (SPEC 26.8): the report's line and the page. */
struct causes_summary {
	gint64 host_wait;
	gint64 by_cause[CAUSE_COUNT];
	GArray *ops[CAUSE_COUNT]; /* struct cause_op: each cause's ops, most first (ties: byte order); outside has none */
	struct cause_op most;     /* the op with the most over every cause (op NULL: none) */
};

/* The summary of the COUNT INTERVALS (src/attribution/waiting.h's blamed
 * intervals): one split, ops summed by name text. */
struct causes_summary *causes_summarize(struct causes *causes, const struct waiting_blamed *intervals, guint count);
void causes_summary_free(struct causes_summary *summary);
/* The causes of S with time, largest first (ties: 26.1's order): up to CAUSE_COUNT into ORDER; how many. */
guint causes_summary_order(const struct causes_summary *s, guint order[CAUSE_COUNT]);

typedef struct causes_summary CausesSummary;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CausesSummary, causes_summary_free)

typedef struct causes Causes;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Causes, causes_free)

#endif
