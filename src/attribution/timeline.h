/* Timeline: each device's time as the timeline shows it (SPEC 11.3), for
 * the report. Per device (args.device): the busy time (the length of the
 * union of its events' [ts, ts + dur) intervals, overlaps counted once), the
 * span (first start to last end), the busy time of each class (the union of
 * that class's intervals) and how long communication overlapped compute
 * (the length of the intersection of their two unions); and why it was
 * idle (SPEC 15.3): the span less the busy time, and the host wait of its
 * gaps (src/attribution/idle.h), the rest being other idle. Events without a
 * device id (no args.device, or one outside 0..65535) are grouped by their
 * process (pid) instead.
 *
 * One sweep over the events in ts order, with no copy of them: each group
 * keeps, per union (all, each class, and communication-or-compute), the run
 * of intervals it is merging and the total of the runs closed before it. An
 * event that starts after the run's end closes it; any other extends it.
 * The overlap is |comm| + |compute| - |comm or compute| (inclusion-exclusion),
 * so no union is ever stored. Each group's gaps are found as the sweep
 * goes (idle_track_add), each ended by the first event after them in
 * (ts, position) order. Events sorted by (ts, position) (as attribute()
 * leaves the trace's device events) take O(E) time; others are first put
 * in order through an array of 32-bit indices, O(E log E). Memory: O(devices), plus
 * the 4E bytes of that array when it is needed. No recursion. */
#ifndef PP_TIMELINE_H
#define PP_TIMELINE_H

#include "attribution/sums.h"

struct timeline_device {
	gboolean has_device; /* FALSE: the events of process PID without a device id */
	guint device;        /* args.device, when has_device */
	char *pid;           /* otherwise: their pid, as the trace writes it (owned) */
	guint events;
	gint64 first, last;  /* first start, last end (ns) */
	gint64 busy;         /* the union of every event's interval (ns) */
	gint64 class_busy[CLASS_COUNT]; /* the union of each class's intervals */
	guint class_events[CLASS_COUNT]; /* how many events each class has */
	gint64 overlap;      /* communication's union intersected with compute's */
	gint64 idle;         /* the span less busy (ns) */
	gint64 host_wait;    /* the host-wait parts of the gaps (ns): never more than idle */
};

struct timeline {
	struct timeline_device *devices; /* by device id, then the pid groups by first start */
	guint count;
};

/* The timeline of EVENTS (COUNT device events, in any order; THREADS: the
 * trace's threads, for the pids); ATTRIBUTION: NULL (no event has a launch:
 * every gap is other idle), or the one whose by_time EVENTS are, for their
 * launches; COMMUNICATION: the pattern (NULL: the default). An empty
 * timeline when COUNT is 0. */
struct timeline *timeline_compute(const struct event *events, guint count, const struct attribution *attribution,
				  const struct threads *threads, const GRegex *communication);
void timeline_free(struct timeline *timeline);

/* Busy over span in tenths of a percent, rounded half away from zero as
 * every percentage is (src/util/percent.h: 1000, "100.0%", from 99.95% of
 * the span up); -1 when the span is empty. */
gint64 timeline_permille(const struct timeline_device *device);
/* Host wait over idle time, the same way; -1 when never idle. */
gint64 timeline_wait_permille(const struct timeline_device *device);

typedef struct timeline Timeline;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Timeline, timeline_free)

#endif
