/* Gaps: each device's gaps one by one (SPEC 26.2, 26.3), for the findings
 * on host wait and --summary gaps.
 *
 * Per device (args.device; events without one are left out, as the other
 * device rules do), one sweep over its events in (ts, position) order
 * (attribution->by_time) finds its gaps as src/attribution/idle.h does:
 * between busy intervals, each ended by the first event that starts at its
 * end, its host-wait part [start, wait_end) by 15.3's rule. As 19.2's rows,
 * the stretches at either end of the device's span that zero-length events
 * add are gaps too: the one before the first busy interval is ended by
 * none (all other idle); the one after the last is ended by the
 * zero-length event that bounds it (the first, in (ts, position) order,
 * that ends where the span ends), whose launch gives it host wait by the
 * same rule; a device of zero-length events only has one such stretch,
 * over its whole span, ended alike.
 *
 *   span [0, 60): busy [5, 10) [12, 50), a zero-length event at 60
 *   launched at 55: gaps [0, 5) (ended by none), [10, 12), [50, 60) (ended
 *   by the event at 60: host wait [50, 55), other idle [55, 60))
 *
 * O(E) for E device events, 40 bytes a gap. */
#ifndef PP_GAPS_H
#define PP_GAPS_H

#include "attribution/attribute.h"

#define GAP_NO_ENDER G_MAXUINT

struct gap {
	gint64 start, end, wait_end; /* host wait [start, wait_end), other idle [wait_end, end) */
	guint ender;   /* the device event that ended it: its index in attribution->by_time, or GAP_NO_ENDER */
	guint launch;  /* the ender's launch (a replayed event's: the graph launch), or NO_LAUNCH */
	guint thread;  /* the thread of that launch; else of the nearest launch of the device's events
		        * before it (after it for the stretch at the start); G_MAXUINT when none */
	guint16 device;
	guint8 edge;   /* 0: between busy intervals; 1: the stretch at the span's start; 2: at its end */
};

/* The gaps of A's devices: by device number, then start. */
GArray *gaps_compute(const struct attribution *a);

#endif
