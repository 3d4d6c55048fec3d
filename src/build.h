/* Build: the monitored events of each thread into a forest of GNodes.
 *
 * Events are sorted by (thread, ts, end descending, position); each thread's
 * run is walked with a stack, which appends every node as the last child of a
 * node on the current path. The sorted order is therefore each thread's
 * pre-order, and the subtree of node i is the range [i, subtree_end[i]). */
#ifndef PP_BUILD_H
#define PP_BUILD_H

#include "trace.h"

struct forest {
	struct event *events; /* the trace's monitored events, sorted */
	guint count;
	GNode *nodes;      /* nodes[i].data == &events[i] */
	guint *depth;      /* roots are 1 */
	guint *subtree_end;
	guint *thread_first; /* thread t holds [thread_first[t], thread_first[t + 1]) */
	guint threads;
	guint threads_with_nodes;
	const GPtrArray *thread_ids; /* struct thread_id *: the trace's threads */
	GNode root;   /* its children: every thread's roots, in sort order */
	guint deepest;
};

/* Sorts TRACE's monitored events in place and builds their forest. */
struct forest *forest_build(struct trace *trace);
void forest_free(struct forest *forest);

/* The order of section 3 of the spec: ts ascending, end descending, position. */
int event_compare(const struct event *a, const struct event *b);
/* The same within threads, threads in order of their index; for qsort. */
int event_compare_by_thread(const void *a, const void *b);
static inline gboolean event_contains(const struct event *outer, const struct event *inner)
{
	return outer->ts <= inner->ts && event_end(inner) <= event_end(outer);
}

static inline guint forest_index(const struct forest *forest, const GNode *node)
{
	return (guint)(node - forest->nodes);
}

typedef struct forest Forest;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Forest, forest_free)

#endif
