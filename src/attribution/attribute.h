/* Attribute: launches to the nodes of their thread, device events to the
 * launches whose correlation id they carry. */
#ifndef PP_ATTRIBUTE_H
#define PP_ATTRIBUTE_H

#include "model/build.h"

#define NO_OWNER G_MAXUINT
#define NO_LAUNCH G_MAXUINT

struct attribution {
	struct event *launches; /* the trace's launches, sorted like the forest (by thread, then order) */
	guint launch_count;
	guint *owner;  /* per launch: forest index of its node, or NO_OWNER */
	guint8 *nested; /* per launch: 1 when contained in an earlier launch of its thread */
	/* The trace's device events grouped by launch, each group by (ts,
	 * position): positions in by_time (4 bytes an event, not a copy of its
	 * 56), read through attribution_device. */
	guint *device_order;
	guint *device_first; /* launch l's device events: [device_first[l], device_first[l + 1]) */
	gint64 *device_time; /* per launch: the sum of its device events' durations */
	/* The trace's device events in (ts, position) order (the trace's own
	 * array, not owned; claimed + unclaimed of them), and per event the
	 * launch that claims it, or NO_LAUNCH: for the device timeline and
	 * idle time (src/attribution/idle.h), which sweep them in time order.
	 * A grafted event's launch stays the graph launch. */
	const struct event *by_time;
	guint *by_time_launch;
	guint attributed, unattributed;
	guint claimed, unclaimed;
	guint shared_ids; /* launches whose correlation id a launch of another process has first */
	struct memory_event *memory; /* the trace's [memory] events, sorted like the forest */
	guint memory_count;
	guint *memory_owner; /* per memory event: forest index of its node, or NO_OWNER */
	/* Grafted (src/attribution/graft.h): per launch, whether it is a part of
	 * a graph launch's device events given to a grafted node: no launch of
	 * its own (no launch count, no launch time, not listed), its ts and
	 * thread those of the graph launch. NULL: none is. */
	guint8 *virtual_launch;
	guint virtual_count; /* how many launches are virtual (launch_count less these: the trace's) */
	guint *virtual_by_owner; /* grafted: the virtual launches by (owner, index), virtual_count of them; else NULL */
	struct event *own_launches; /* the launches, when the attribution owns them (grafted); else NULL */
};

/* The D-th device event in launch order (device_first's numbering). */
static inline const struct event *attribution_device(const struct attribution *a, guint d)
{
	return &a->by_time[a->device_order[d]];
}

/* Bytes allocated (positive) and freed (negative) inside a node. */
struct memory_sums {
	gint64 host, self_host;
	gint64 device, self_device;
};

/* Sorts TRACE's launch and device events in place and attributes them; the
 * trace's device events are left in (ts, position) order. */
struct attribution *attribute(struct trace *trace, const struct forest *forest);
void attribution_free(struct attribution *attribution);

/* Appends to LAUNCHES (guint) the launches of NODE and its descendants, in
 * sort order: O(launches in the node's interval), for list columns only;
 * sums over them come from src/attribution/sums.h in O(1). A grafted node
 * (zero length at its graph launch, which has as many virtual launches as
 * grafted nodes) holds virtual launches only: they are found by owner in
 * virtual_by_owner, O(log + k log k) for its k, not by scanning all those
 * at its ts (that made a graph of n kernels cost n^2). */
void attribution_node_launches(const struct attribution *attribution, const struct forest *forest,
			       guint node, GArray *launches);

/* How much of the device time the rows can account for (SPEC 10.2). */
struct coverage {
	gint64 total;          /* every device event's duration */
	guint events;          /* device events */
	gint64 monitored;      /* claimed by launches attributed to a node */
	gint64 outside;        /* claimed by launches outside any node */
	guint outside_launches; /* those launches (with device events) */
};

void attribution_coverage(const struct attribution *attribution, struct coverage *coverage);

typedef struct attribution Attribution;
/* NODE's dur minus its children's, never below 0 (children may overlap). */
gint64 node_self_host_time(const struct forest *forest, guint node);

/* The memory sums of NODE: inclusive, and of the events attributed to it itself. */
void attribution_node_memory(const struct attribution *attribution, const struct forest *forest, guint node,
			     struct memory_sums *sums);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(Attribution, attribution_free)

#endif
