/* Graft layout: the grafted nodes of src/attribution/graft.c laid into a
 * new forest and attribution (the algorithm: src/attribution/graft.h). */
#ifndef PP_GRAFT_LAYOUT_H
#define PP_GRAFT_LAYOUT_H

#include "attribution/capture.h"

#define NONE G_MAXUINT

struct graft_node {
	guint capture_node;
	guint parent;      /* a graft node, or NONE: at the top of its graph launch */
	guint launch;      /* the graph launch (old index) */
	guint first_child, last_child, next_sibling;
	guint own;         /* device events of its own */
	guint index;       /* in the new forest */
	gint64 first_ts;   /* its subtree's first device event: (ts, position) */
	guint32 first_index;
};

/* A grafted subtree to lay in before the old node AT. */
struct placement {
	guint at;
	guint top;         /* its top graft node */
	int root;          /* 0: under an op R (deeper R first); 1: a root of the launch's thread */
	guint r;           /* R (old index), for kind 0 */
	guint32 thread;    /* the graph launch's thread and (ts, position), for kind 1 */
	gint64 ts;
	guint32 index;
};

struct grafting {
	const struct capture *capture;
	struct forest *forest;
	struct attribution *a;
	GArray *nodes;     /* struct graft_node */
	guint *dest;       /* per device event (old order): its graft node, or NONE */
	guint *graft_of;   /* per capture node: its graft node for the current launch */
	guint *stamp;      /* per capture node: the launch graft_of holds (+ 1) */
	GArray *chain;     /* guint: scratch, capture nodes not yet grafted */
	GArray *tops;      /* per graph launch (old index order of tops' creation): struct placement */
};

#define NODE(g, i) (&g_array_index((g)->nodes, struct graft_node, (i)))

/* Replaces *FOREST and *ATTRIBUTION (freed) by the grafted ones: G's nodes
 * laid in, each node's own device events (G->dest) a virtual launch. */
void graft_layout(struct grafting *g, struct forest **forest, struct attribution **attribution);

#endif
