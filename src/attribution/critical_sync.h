/* Critical sync: the edges of the calls that waited for the device
 * (SPEC 30), from their cuda_sync events (SPEC 24; src/model/trace.h) and,
 * without one, from their names.
 *
 * A cuda_sync event names its runtime call by args.correlation (the first
 * launch of the trace with that correlation, in section 3's order). Streams
 * are found by (args.device, stream number): a device event's stream number
 * is its tid (the digits it ends with), its device its args.device.
 * - Stream Sync: the call's end follows the last-ending event of its stream
 *   that ends at or before the call's end; Context Sync: of its device.
 * - Event Sync: the call's end follows the recorded work: of the stream
 *   wait_on_stream, the last event (in stream order) whose launch started
 *   at or before the cudaEventRecord named by
 *   wait_on_cuda_event_record_corr_id.
 * - Stream Wait Event: the first event of the waiting stream (args.stream)
 *   whose launch started at or after the call starts follows that recorded
 *   work (a wait edge).
 * - A blocking launch whose name contains "Synchronize" (SPEC 19.1) with no
 *   cuda_sync event and no device event of its own: its end follows the
 *   last-ending device event of its process (claimed by a launch of one of
 *   its threads) that ends at or before it.
 * Each lookup is a binary search in lists sorted once (the events by end,
 * a radix sort, bucketed stably): by end per stream, per device and per
 * process, and per stream by the running maximum of the launches' ts. */
#ifndef PP_CRITICAL_SYNC_H
#define PP_CRITICAL_SYNC_H

#include "attribution/critical_build.h"

/* The sync and wait edges of B's launches; KINDS their blocking_kinds()
 * (src/attribution/blocking.h), LATEST per launch the by_time index of the
 * last-ending of its own device events (CRITICAL_NONE: none). */
void critical_sync_build(struct critical_build *b, const guint8 *kinds, const guint32 *latest);

#endif
