/* Critical build: what building a critical graph (src/attribution/critical_graph.h)
 * holds while its parts add nodes and edges: the host threads'
 * (src/attribution/critical_host.h) and the devices' (critical_device.h).
 * Nodes are made in order and never moved; edges are gathered as pairs and
 * put in CSR form at the end by a counting sort on their destinations, in
 * the order they came. Labels and --what-if factors are looked up once per
 * interned name. */
#ifndef PP_CRITICAL_BUILD_H
#define PP_CRITICAL_BUILD_H

#include "attribution/critical_graph.h"

struct critical_node_tmp {
	gint64 time;
	guint32 label, event;
	guint16 factor;
	guint8 type;
};

struct critical_edge_tmp {
	guint32 from, to;
	guint8 kind;
};

struct critical_build {
	struct critical_graph *graph;
	const struct trace *trace;
	const struct forest *forest;
	const struct attribution *a;
	const struct steps *steps;
	const struct critical_config *config;
	GArray *nodes; /* struct critical_node_tmp */
	GArray *edges; /* struct critical_edge_tmp */
	guint32 *launch_start; /* per launch: its start node; CRITICAL_NONE: none (virtual) */
	guint32 *launch_end;   /* per launch: its end node */
	guint32 *outermost;    /* per launch: the outermost launch of its thread containing it (itself, when none) */
	guint32 *device_start; /* per device event of a->by_time: its start node (its end is the next) */
	guint32 *thread_pid;   /* per thread: a number per distinct pid */
	GHashTable *name_label;  /* const struct name * -> label + 1 */
	GHashTable *name_factor; /* const struct name * -> factor + 1 (0 cached as 1) */
	GHashTable *short_label; /* const struct name * -> the short name's label + 1 */
	GHashTable *step_end;    /* the position of a host event named ProfilerStep#N -> its end node + 1 */
};

/* A new node; returns its index. */
guint32 critical_node_add(struct critical_build *b, guint8 type, gint64 time, guint32 label, guint16 factor,
			  guint32 event);
static inline gint64 critical_node_time(const struct critical_build *b, guint32 node)
{
	return g_array_index(b->nodes, struct critical_node_tmp, node).time;
}
/* An edge FROM -> TO of KIND, when FROM is not later than TO; else none. */
void critical_edge_add(struct critical_build *b, guint32 from, guint32 to, guint8 kind);
/* The label of NAME's own text, and the factor of its --what-if rule (0: none). */
guint32 critical_name_label(struct critical_build *b, const struct name *name);
guint16 critical_name_factor(struct critical_build *b, const struct name *name);
/* The label of NAME's short name (SPEC 23: a device event's). */
guint32 critical_short_label(struct critical_build *b, const struct name *name);

/* COUNT items in buckets by KEY (a bucket per item, CRITICAL_NONE: in none),
 * KEYS of them: returns the items of each bucket in their order, bucket k's
 * from (*FIRST)[k] to (*FIRST)[k + 1] (both arrays to free). */
guint32 *critical_bucket(const guint32 *key, guint32 count, guint32 keys, guint32 **first);

/* B for TRACE... (the arguments of critical_graph_build), its graph made, empty. */
void critical_build_init(struct critical_build *b, const struct trace *trace, const struct forest *forest,
			 const struct attribution *attribution, const struct steps *steps,
			 const struct critical_config *config);
/* The graph, its nodes and edges in place (CSR); B's temporaries freed. */
struct critical_graph *critical_build_finish(struct critical_build *b);

#endif
