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
 * ALGORITHM. The labels of a thread's instants come from a cause sweep
 * (src/attribution/cause_sweep.h: its events read forward in time, the
 * best cause by the latest end per cause, the op by a heap of depths),
 * within *windows*: the union of the intervals asked of the thread
 * (sorted, disjoint, merged where they touch). causes_each() visits the
 * intervals in the order given. A thread whose intervals go forward in
 * that order (each starts at or after the end of the one before, the
 * common case: a device's gaps in time order) is swept as they are
 * visited: each interval's pieces are the stretches of one label, equal
 * neighbours merged, and nothing is kept (memory: the open events). Any
 * other thread gets *segments* first: the sweep's labelled stretches cut
 * to its windows, equal neighbours merged, kept (grown again, over the
 * union, when later intervals fall outside its windows); an interval is
 * then cut along them by a binary search for the first segment that ends
 * after its start, then a walk: O(log s + pieces), parts outside every
 * segment being pieces of cause outside and no op. Either way O(n log n)
 * for a thread's n events per call, the pieces those of the label
 * function's maximal runs within each interval.
 *
 *   thread T: DataLoader [0, 100) holds cudaMemcpy [40, 60) (blocking)
 *   interval [0, 120): [0, 40) data loading, op DataLoader; [40, 60)
 *   blocking, op cudaMemcpy; [60, 100) data loading, op DataLoader;
 *   [100, 120) outside */
#ifndef PP_CAUSES_H
#define PP_CAUSES_H

#include "attribution/attribute.h"
#include "attribution/waiting.h"
#include "attribution/cause_sweep.h"

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

/* The causes over HOST (trace.host, struct host_event: sorted here, by thread, in place; not
 * taken) and A's launches (virtual ones left out), the blocking ones by
 * blocking_kinds(A). */
struct causes *causes_new(GArray *host, const struct attribution *a);
void causes_free(struct causes *causes);

/* The pieces (struct cause_piece) of the COUNT INTERVALS (start, end,
 * thread; device unread), interval by interval, each in time order; empty
 * intervals have none: causes_each() into an array. */
GArray *causes_split(struct causes *causes, const struct waiting_blamed *intervals, guint count);
/* Each piece of causes_split(), in its order, handed to VISIT with DATA
 * (the piece only lasts the call): no array of them. */
typedef void (*causes_visit)(const struct cause_piece *piece, gpointer data);
void causes_each(struct causes *causes, const struct waiting_blamed *intervals, guint count, causes_visit visit,
		 gpointer data);

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
