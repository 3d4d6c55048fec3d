/* Build: the monitored events of each thread into a forest.
 *
 * Events are sorted by (thread, ts, end descending, position); each thread's
 * run is walked with a stack, which makes every event a child of the event
 * on top of the stack (the innermost that contains it). The sorted order is
 * therefore each thread's pre-order, and the forest needs no node records:
 * the subtree of node i is the index range [i, subtree_end[i]), its first
 * child is i + 1 (when that is inside the range), the next sibling of a
 * child c is subtree_end[c], and up[i] is its parent.
 *
 * A root has no parent: its up[] holds FOREST_ROOT | the next root in sort
 * order over all threads (FOREST_END after the last), so the roots of every
 * thread form one list, merged from the threads' own lists, at no cost in
 * memory. That is 8 bytes a node, where GLib's GNode took 40 and a list of
 * roots 16 more: SPEC 7's peak memory on traces of millions of events.
 * Depths are not stored either: a walk from a root counts them (select.c). */
#ifndef PP_BUILD_H
#define PP_BUILD_H

#include "model/trace.h"

#define FOREST_ROOT 0x80000000u
#define FOREST_END 0x7fffffffu /* no node: an index past every forest's */

struct forest {
	struct event *events; /* the trace's monitored events, sorted */
	guint count;          /* below FOREST_END */
	guint32 *up;          /* a parent, or FOREST_ROOT | the next root */
	guint32 *subtree_end;
	guint threads_with_nodes;
	const struct threads *thread_ids; /* the trace's threads */
	guint first_root;            /* FOREST_END when there is no node */
	guint deepest;
	struct event *own_events;    /* the events, when the forest owns them (a grafted forest, src/attribution/graft.h); else NULL */
	const struct event **replayed_by; /* per node: the graph launch whose device events a grafted node holds, NULL on other nodes; NULL: no grafted node */
	guint32 *grafted_under; /* per node: the op a grafted node is under (its step is that op's), else FOREST_END; NULL: no grafted node */
	guint grafted;          /* grafted nodes among count */
};

/* Sorts TRACE's monitored events in place and builds their forest. */
struct forest *forest_build(struct trace *trace);
void forest_free(struct forest *forest);

/* The order of section 3 of the spec: ts ascending, end descending, position. */
int event_compare(const struct event *a, const struct event *b);
/* Sorts EVENTS in that order within threads, threads in order of their
 * index: their positions by thread (a counting sort), then a natural merge
 * sort of those (a trace's threads are mostly in order already), the
 * permutation applied in place. */
void events_sort_by_thread(struct event *events, guint count);
/* The same for host events (struct host_event), in the same order. */
void host_events_sort_by_thread(struct host_event *events, guint count);
static inline gboolean event_contains(const struct event *outer, const struct event *inner)
{
	return outer->ts <= inner->ts && event_end(inner) <= event_end(outer);
}

/* The event whose ts places node I in a step (SPEC 11.2, 14.3): a grafted
 * node's is that of the op it is grafted under; others' their own. */
static inline const struct event *forest_step_event(const struct forest *forest, guint i)
{
	guint32 under = forest->grafted_under ? forest->grafted_under[i] : FOREST_END;
	return &forest->events[under != FOREST_END ? under : i];
}

/* Node I's parent, or FOREST_END for a root. */
static inline guint forest_parent(const struct forest *forest, guint i)
{
	return forest->up[i] & FOREST_ROOT ? FOREST_END : forest->up[i];
}

/* The root after root R in sort order, or FOREST_END. */
static inline guint forest_next_root(const struct forest *forest, guint r)
{
	return forest->up[r] & ~FOREST_ROOT;
}

/* Links the roots of FOREST, whose up[] is set for every node that has a
 * parent and holds FOREST_ROOT for each root, and whose subtree ends are
 * set: each thread's roots in index order, the threads' lists merged in
 * sort order (as forest_build does); counts threads_with_nodes. */
void forest_link_roots(struct forest *forest);

/* Node I's depth (roots are 1), by its ancestors: for a single node; walks
 * over many nodes count depths as they go. */
guint forest_depth(const struct forest *forest, guint i);
/* NODE's path (the names from its root joined by "$$") into PATH, written
 * from its end: O(depth), no stack. */
void forest_path(const struct forest *forest, guint node, GString *path);

typedef struct forest Forest;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Forest, forest_free)

#endif
