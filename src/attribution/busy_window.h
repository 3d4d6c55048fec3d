/* Busy window (SPEC 28): the smallest window of time that holds a given
 * share of a device's busy time, where the page's chart of the device
 * opens (a decode step whose work is the last 9.8 ms of a 474 ms span
 * opens on those 9.8 ms, not on an empty axis).
 *
 * Over the busy union (sorted, disjoint intervals), the window [from, to)
 * is the shortest whose busy time B' satisfies 100·B' >= P·B (B the whole
 * busy time, P the percentage: exact integers, no rounding); among windows
 * of one length, the earliest. A shortest window starts where an interval
 * starts (moving its start right through idle time shortens it; inside an
 * interval, sliding the window keeps its busy time until its start meets
 * an interval's start, or its end an interval's start, where it could end
 * earlier), so each interval's start is tried, the end found by a pointer
 * that only moves forward over the prefix sums: O(n).
 *
 *   busy [0, 1) [100, 190) [200, 300): B = 191, 99% needs 189.09, so 190:
 *   from 0: 91 by 190, to 200 + 99 = 299, 299 long; from 100: 90 + 100,
 *   to 300, 200 long (the shortest); from 200: only 100 left. The window
 *   is [100, 300). */
#ifndef PP_BUSY_WINDOW_H
#define PP_BUSY_WINDOW_H

#include "attribution/idle.h"

#define BUSY_WINDOW_PERCENT 99 /* the page's chart opens on this share of the busy time */

/* The window of the COUNT intervals of BUSY holding PERCENT (1 to 100) of
 * their length, into *FROM and *TO; FALSE (nothing set) when they have no
 * length. */
gboolean busy_window(const struct idle_interval *busy, guint count, guint percent, gint64 *from, gint64 *to);

#endif
