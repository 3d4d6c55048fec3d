/* Blocking calls and launches with device work (SPEC 19.1, 19.5): what
 * each non-nested launch did, counting the device events of the launches
 * nested in it.
 *
 * A nested launch belongs to its outermost containing launch: the first
 * launch of its thread, in sort order, that contains it. That one is never
 * nested itself (a launch containing it would come earlier and contain the
 * nested one too), so it is among the thread's non-nested launches seen so
 * far; their ends strictly increase (a non-nested launch ends after every
 * earlier one) and they all start at or before the nested one, so it is the
 * first of them that ends at or after the nested launch's end: a binary
 * search, after a look at the latest one, which is nearly always it. A
 * virtual launch (grafted events, src/attribution/graft.h) belongs where
 * the launch it was split from belongs. Each launch's device events are
 * then folded into its outermost launch: whether any exists, whether all
 * are copies (class memcpy, SPEC 11.1), whether one is a copy to the host
 * (DtoH or DeviceToHost in its name, without regard to ASCII case), whether
 * a name holds "Pinned", and the latest end. A non-nested launch that ends
 * before the next launch starts can hold no later one: it is settled then
 * and dropped, so the sweep holds only the launches open at once (a trace
 * of a million launches in a row costs no more than one). Names are judged
 * once each. O(launches log launches + device events), one pass. */
#ifndef PP_BLOCKING_H
#define PP_BLOCKING_H

#include "attribution/attribute.h"

/* What a launch did (nested launches have none of these: their outermost launch has them). */
enum {
	LAUNCH_BLOCKING = 1 << 0,    /* a blocking call (SPEC 19.1) */
	LAUNCH_DEVICE_WORK = 1 << 1, /* it or a launch nested in it has a device event (SPEC 19.5) */
	LAUNCH_SYNCHRONIZE = 1 << 2, /* blocking, and its name contains "Synchronize" */
};

/* Per launch of A (a->launch_count of them), its LAUNCH_ flags. */
guint8 *blocking_kinds(const struct attribution *a);

/* The report's figures (SPEC 19.1, 19.5), over every launch of the trace. */
struct blocking_totals {
	guint device_launches;   /* non-nested launches with device work */
	guint blocking;          /* blocking calls */
	gint64 blocking_time;    /* their durations */
	gint64 synchronize_time; /* of those whose names contain "Synchronize" */
};

void blocking_totals(const struct attribution *a, struct blocking_totals *totals);

/* Whether a launch named NAME is in the sync list (SPEC 11.1): its name
 * contains "Synchronize", or it is a blocking copy (exact names, with or
 * without "_v2"). */
gboolean launch_is_sync(const char *name);

/* Whether the device EVENT is a copy (class memcpy, SPEC 11.1): category
 * gpu_memcpy, or mtia_ccp_events with a name starting "dma". */
gboolean device_is_copy(const struct event *event);

#endif
