/* Critical graph: the dependency graph of SPEC 30, built once per trace.
 *
 * Nodes are instants: the start and the end of each host event of a
 * launching thread (cpu_op and user_annotation events, the forest's, and
 * the launches; a thread with a launch, or with a ProfilerStep#N event), of each device event, and (across ranks) the last arrival
 * at a collective instance. Each node has its measured time and a list of
 * predecessors (CSR, a few a node); an edge never goes back in time: one
 * that would (clocks that disagree) is not made.
 *
 * Edges (enum critical_edge):
 * - host: each launching thread's events (ops and launches merged in the
 *   order of section 3, nested with the same stack) walked in pre-order:
 *   start, the children, end; each instant follows the one before it. The
 *   time between two instants belongs to the innermost event open then (its
 *   self time), or to none (outside ops). Where nesting is broken (an event
 *   that starts before the one before it ended, not inside it), the later
 *   instant's time is raised to the earlier one's: a thread's instants
 *   never go back.
 * - handoff: a host event's start follows the latest end, at or before it,
 *   of a host event of another launching thread of its process (the
 *   autograd thread's work follows the main thread's, and the other way).
 * - launch: a launch's start -> each of its device events' starts (a graph
 *   launch: each replayed event).
 * - duration: a device event's start -> its end.
 * - stream: on a stream (the device event's thread), an event's start
 *   follows the end of the earlier event that ended last, at or before it.
 * - replay: the same among the device events of one graph launch, all
 *   streams together (a replay's events in its order, SPEC 14).
 * - sync: a blocking launch (SPEC 19.1) ends after its device events (and
 *   those of the launches nested in it); a synchronizing call ends after the
 *   work it waited for: by its cuda_sync event (Stream Sync: the stream's
 *   last event ending before the call ends; Context Sync: the device's;
 *   Event Sync: the last event of the recorded stream launched before the
 *   cudaEventRecord), else, for a name with "Synchronize" and no device
 *   event, the last device event of its process ending before it ends.
 * - wait: a Stream Wait Event: the recorded work's end -> the start of the
 *   waiting stream's first event launched after the cudaStreamWaitEvent.
 * - arrival, transfer (several ranks, src/attribution/critical.h): each
 *   rank's collective start -> the instance's arrival node -> each rank's
 *   collective end.
 *
 * A node's label says what the time before it is: a host node's, the own
 * name of the event that owns it (CRITICAL_LABEL_OUTSIDE: none); a device
 * node's, the event's short name (SPEC 23). Its factor is the --what-if
 * factor that scales that time (0: none): a device end's by its event's
 * name, a host node's by its owner's, else the nearest enclosing event's
 * that matches. Building is linear in the events (their sorts are radix
 * sorts, src/util/radix.h): every event adds at most a fixed number of
 * edges. The graph holds its labels and factors: it outlives its trace
 * (several ranks' are joined once every trace was read). */
#ifndef PP_CRITICAL_GRAPH_H
#define PP_CRITICAL_GRAPH_H

#include "attribution/attribute.h"
#include "attribution/steps.h"

#define CRITICAL_NONE G_MAXUINT32
#define CRITICAL_LABEL_OUTSIDE 0u

enum critical_node {
	CRITICAL_HOST_START,
	CRITICAL_HOST_END,
	CRITICAL_DEVICE_START,
	CRITICAL_DEVICE_END,
	CRITICAL_ARRIVAL,
};

enum critical_edge {
	CRITICAL_EDGE_HOST,
	CRITICAL_EDGE_HANDOFF,
	CRITICAL_EDGE_LAUNCH,
	CRITICAL_EDGE_DURATION,
	CRITICAL_EDGE_STREAM,
	CRITICAL_EDGE_REPLAY,
	CRITICAL_EDGE_SYNC,
	CRITICAL_EDGE_WAIT,
	CRITICAL_EDGE_ARRIVAL,
	CRITICAL_EDGE_TRANSFER,
};

/* A --what-if rule: names matching GLOB (fnmatch) take NUMERATOR / DENOMINATOR. */
struct critical_factor {
	const char *glob;
	guint64 numerator, denominator;
};

/* A step: the path runs from START (its ts) to the node END. */
struct critical_step {
	guint64 number;
	gint64 start;
	guint32 end;  /* the end of its last device event (SPEC 19.4), or of the step's own event; CRITICAL_NONE: no path */
	guint32 rank; /* the graph's (src/attribution/critical.h's merged graphs); 0 in a trace's */
	gboolean host_only; /* no device event: the path ends at the step's end */
	gboolean whole;     /* a trace without steps: its analysed span, from its first launch or device event */
};

/* A communication device event (SPEC 20.1's), for linking ranks: its nodes and its place in the trace. */
struct critical_comm {
	guint32 start, end;
	guint32 position;
};

struct critical_graph {
	guint32 count;
	gint64 *time;
	guint8 *type;       /* enum critical_node */
	guint32 *label;     /* an index into labels */
	guint16 *factor;    /* 1 + the index of a factor; 0: none */
	guint32 *event;     /* the position in the trace of the event the node's time belongs to (a host node's: its owner's); CRITICAL_NONE */
	guint32 *rank;      /* per node its graph's rank index; NULL: all 0 */
	guint32 *pred_first; /* count + 1 */
	guint32 *pred;
	guint8 *pred_kind;  /* enum critical_edge */
	guint32 edges;
	GPtrArray *labels;  /* char *, owned; 0 is "(outside ops)" */
	GHashTable *label_index; /* text -> index + 1 */
	GArray *steps;      /* struct critical_step, by (number, start) */
	GArray *comms;      /* struct critical_comm, with the communication events asked for; else NULL */
	struct critical_factor *factors; /* owned (their globs are not) */
	guint factor_count;
};

/* What a graph is built with. */
struct critical_config {
	const struct critical_factor *factors; /* --what-if, in the order given */
	guint factor_count;
	const GRegex *communication; /* with COMMS: the communication pattern (NULL: the default) */
	gboolean comms;              /* keep the communication events (several ranks) */
};

/* An empty graph (critical_make_graph() builds one of a trace, src/attribution/critical_make.h). */
struct critical_graph *critical_graph_new(void);
void critical_graph_free(struct critical_graph *graph);

/* The index of the label TEXT (LEN bytes), added when new. */
guint32 critical_label(struct critical_graph *graph, const char *text, gsize len);
/* D scaled by factor F (1 + an index, 0: none), rounded half up: exact. */
gint64 critical_scale(const struct critical_graph *graph, guint16 f, gint64 d);

typedef struct critical_graph CriticalGraph;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CriticalGraph, critical_graph_free)

#endif
