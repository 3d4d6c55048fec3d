/* Critical order: the order in which a critical graph's nodes
 * (src/attribution/critical_graph.h) are taken: by time, and among the
 * nodes of one time, each after those it depends on.
 *
 * The nodes are sorted by (time, index) (src/util/radix.h); each run of one time is then
 * ordered by Kahn's rule on the edges inside it, the ready node of the
 * smallest index first (a binary heap). When none is ready (a cycle:
 * zero-length events nested in a way the trace cannot tell), the node of
 * the smallest index left goes next and its edges from nodes left are
 * dropped. Every edge then goes forward in the order: the graph is
 * acyclic. Linear: a radix sort, then the runs' edges. */
#ifndef PP_CRITICAL_ORDER_H
#define PP_CRITICAL_ORDER_H

#include "attribution/critical_graph.h"

struct critical_order {
	guint32 *order;   /* the nodes, in order */
	guint32 *pos;     /* per node, its place in order */
	guint8 *dropped;  /* per edge: 1 when dropped; NULL: none is */
	guint64 dropped_count;
};

void critical_order_make(struct critical_order *o, const struct critical_graph *g);
void critical_order_clear(struct critical_order *o);

#endif
