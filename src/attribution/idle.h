/* Idle: why a device was idle (SPEC 15.3), the rule and its parts.
 *
 * Per device, the busy intervals are the union of its device events'
 * [ts, ts + dur) intervals; zero-length events are no busy interval and
 * take no part in the rule. A gap is the time between two consecutive busy
 * intervals. The device event that ends the gap is the first, in (ts,
 * position) order, of those (of positive length) that start at its end;
 * when it has a launch (a graph-replayed event's: the graph launch) and
 * that launch's ts is after the gap's start, the part of the gap from its
 * start to min(launch ts, gap end) is host wait: the device waited for the
 * host to ask. The rest of the gap is other idle; so is all of a gap ended
 * by an event without a launch.
 *
 *   device 0   [busy )          gap           [busy )
 *              0     10                       40    50
 *   launch of the event at 40:        ^ 25
 *   host wait [10, 25), other idle [25, 40)
 *
 * idle_track_add() takes one device's events in (ts, position) order and
 * finds each gap as the event that ends it arrives: O(1) an event, no
 * memory. The device key groups events as the device timeline does
 * (src/attribution/timeline.h): by args.device, else by process. The
 * interval lists (sorted, disjoint, each of positive length) are unioned,
 * clipped and intersected in one merge walk each, for the step summary
 * (src/attribution/idle_steps.h). */
#ifndef PP_IDLE_H
#define PP_IDLE_H

#include "attribution/attribute.h"

/* The host-wait part of the gap [START, END) ended by an event whose
 * launch started at LAUNCH_TS: [START, the returned end); START when there
 * is none (the launch came at or before the gap began). */
static inline gint64 idle_wait_end(gint64 start, gint64 end, gint64 launch_ts)
{
	return launch_ts > start ? MIN(launch_ts, end) : start;
}

/* One device's gaps so far. */
struct idle_track {
	gboolean started; /* a busy interval was seen */
	gint64 end;       /* the end of the busy run so far */
	gint64 wait;      /* host wait over the gaps so far (ns) */
	gint64 gaps;      /* the gaps' total length (ns) */
};

/* A gap that an event ended, and its host-wait part [start, wait_end). */
struct idle_gap {
	gint64 start, end, wait_end;
};

/* Adds EVENT (after every event of its device before it in (ts, position)
 * order) to T; HAS_LAUNCH: it has a launch, at LAUNCH_TS. TRUE, with the
 * gap in *GAP, when EVENT ends one. */
gboolean idle_track_add(struct idle_track *t, const struct event *event, gboolean has_launch, gint64 launch_ts,
			struct idle_gap *gap);

/* The launch ts of the I-th of attribution->by_time, when it has a launch. */
gboolean idle_launch_ts(const struct attribution *attribution, guint i, gint64 *ts);

/* Device keys: args.device itself (0 to 65535), or IDLE_PID_KEYS plus a
 * number per distinct pid (the event's own) for the events without one. */
#define IDLE_PID_KEYS 0x10000u

struct device_keys {
	const struct threads *threads;
	guint *thread_pid; /* per thread: its pid's number + 1; 0: not looked up yet */
	GHashTable *pids;  /* pid text -> number + 1 */
};

void device_keys_init(struct device_keys *keys, const struct threads *threads);
guint device_key(struct device_keys *keys, const struct event *event);
/* The pid of THREAD as text ("?" when THREADS does not know it). */
const char *device_keys_pid(const struct device_keys *keys, guint32 thread, char number[THREADS_NUMBER_MAX]);
void device_keys_clear(struct device_keys *keys);

/* Sorted, disjoint intervals of positive length. */
struct idle_interval {
	gint64 start, end;
};

/* Appends [START, END) to LIST (GArray of struct idle_interval), whose
 * intervals all start at or before START: merged with the last one when
 * they meet or overlap. An empty interval is not appended. */
void intervals_extend(GArray *list, gint64 start, gint64 end);
/* Appends to OUT the parts of the COUNT intervals of LIST inside [FROM, TO). */
void intervals_clip(const struct idle_interval *list, guint count, gint64 from, gint64 to, GArray *out);
/* The union of lists A and B, into OUT (emptied first). */
void intervals_union(const GArray *a, const GArray *b, GArray *out);
gint64 intervals_length(const GArray *list);
/* The length of the intersection of lists A and B. */
gint64 intervals_overlap(const GArray *a, const GArray *b);

#endif
