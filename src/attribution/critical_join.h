/* Critical join: the critical graphs of several ranks as one graph
 * (src/attribution/critical_graph.h), for one pass over the ranks of a job
 * (src/attribution/critical.h). Each graph's nodes, edges, labels and steps
 * are appended, node and label indices moved up, each node's rank its
 * graph's index. Each collective instance (SPEC 20.1) gets an arrival
 * node at the last arrival's time (the latest start of its events): every
 * rank's event start -> it (arrival edge) -> every rank's event end
 * (transfer edge; a rank whose event ended before the last arrival, clocks
 * that disagree, keeps its own end). Linear in the graphs and instances. */
#ifndef PP_CRITICAL_JOIN_H
#define PP_CRITICAL_JOIN_H

#include "attribution/critical_graph.h"

/* One rank's collective event in an instance: its graph's index and its position in the trace. */
struct critical_arrival {
	guint32 rank;
	guint32 position;
};

/* GRAPHS (COUNT of them, taken: freed) as one graph, with an arrival node
 * per instance of INSTANCES (GArray * of struct critical_arrival each: an
 * instance's events, found by position among each graph's comms; an event
 * not there is left out). */
struct critical_graph *critical_join(struct critical_graph **graphs, guint count, const GPtrArray *instances);

#endif
