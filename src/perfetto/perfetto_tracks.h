/* Perfetto tracks: the events the annotated trace adds (SPEC 29), under
 * the process profile_parser of pid PID:
 *  - per device, a track "gaps (device D)": a slice per gap row of
 *    --summary gaps (src/views/summaries/summary_gaps.h, >= --min-gap), named by its
 *    cause ("no host wait" without one), its args the row as --summary gaps
 *    --format jsonl writes it;
 *  - a track "findings": per finding a slice named by its rule over the
 *    span its evidence covers: for a host-wait rule (data-loading,
 *    host-pause, blocking-sync, launch-bound, host-overhead) the gaps of
 *    its device whose cause is the rule's (data loading, outside, blocking;
 *    the other causes by the gap's length, under 100 us launch-bound, else
 *    host-overhead), the 1,000 with the most host wait; for the others the
 *    analysed span; args severity, saving(ms), share, evidence, advice;
 *  - "critical path" with --summary critical: each measured path's
 *    segments, named as --summary critical's rows, args step and kind;
 *  - per device, counters "busy share (device D)" (series "%") and
 *    "allocated memory (device D)" (series "bytes") per --summary
 *    timeline bin (--bins), from each bin's start; the busy share is
 *    busy(ms) over the bin's length with one decimal (SPEC 28's rounding),
 *    the memory allocated(bytes) (bins without it add no value); a last
 *    busy value 0 at the span's end closes the track.
 * A track's slices never overlap on a thread: they are taken in start order
 * and each goes to the first of the track's threads free at its start (a
 * min-heap of the threads' ends: O(n log n)), a thread made when none is,
 * named as the track ("findings", then "findings #2", ...). */
#ifndef PP_PERFETTO_TRACKS_H
#define PP_PERFETTO_TRACKS_H

#include "attribution/timeline_bins.h"
#include "views/critical/summary_critical.h"
#include "views/summaries/summary_gaps.h"

struct perfetto_tracks {
	const struct gap_rows *gaps;      /* --summary gaps' rows */
	const struct gap_rows *all_gaps;  /* every gap's (--min-gap 0), for the findings; or NULL */
	const GPtrArray *findings;        /* struct finding *, or NULL */
	gint64 first, span;               /* the analysed span */
	const struct critical_rows *critical; /* or NULL */
	const struct timeline_bins *bins; /* or NULL */
};

/* Appends the added events to OUT, each after a comma when COMMA (an
 * element precedes) or an added one does; returns how many. */
guint64 perfetto_tracks_write(GString *out, guint64 pid, gboolean comma, const struct perfetto_tracks *in);

#endif
