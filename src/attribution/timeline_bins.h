/* Timeline bins: each device's span cut into equal bins (SPEC 18.1), with
 * per bin the busy time of each class, the busy union, the host wait and
 * the step and allocated memory at its edges.
 *
 * Per device (args.device; events without one are left out), one sweep
 * over its events in (ts, position) order (attribution->by_time) builds
 * sorted, disjoint interval lists: the union of each class's intervals,
 * the union of all of them, and the host-wait parts of its gaps
 * (src/attribution/idle.h: the gap's first event's launch); zero-length
 * events stretch the span but add no interval. It also notes the
 * processes whose launches claimed its events. Each list is then spread
 * over the bins in one merge walk (src/attribution/bins.h): O(E + B) a
 * device, never a walk of the events per bin. Other idle is the bin's
 * length less busy and host wait (the host wait lies in gaps, outside the
 * busy union), so the three always add up to the bin.
 *
 *   span [0, 10), 2 bins:   busy [1, 3) [6, 8), the event at 6 launched at 4
 *   bin 0 [0, 5): busy 2, host wait [3, 4) 1, other idle 2
 *   bin 1 [5, 10): busy 2, host wait 0, other idle 3
 *
 * With a --step range, the span is first clipped to the earliest start and
 * latest end of the selected steps of those processes. A bin's step is the
 * one holding its start among those processes' steps (src/attribution/steps.h,
 * a binary search per process). Its allocated memory is, summed over those
 * processes, the Total Allocated of the last [memory] event before the
 * bin's end on the process's accelerator with the device's number (or its
 * only accelerator when none has it): each curve is walked once along the
 * bins. Memory: the lists, O(E), and O(B) figures a device.
 *
 * For the page (SPEC 28), a device also has the smallest window holding
 * BUSY_WINDOW_PERCENT of its busy time (src/attribution/busy_window.h,
 * over its busy union), and its processes' steps (in the --step range), in
 * sort order, each with its host window (the ProfilerStep#N event) and its
 * span on the device (SPEC 19.4): the first start and last end of its
 * device events there, those of the launches whose (pid, ts) lies in the
 * step, as --summary step counts them (a binary search per event). */
#ifndef PP_TIMELINE_BINS_H
#define PP_TIMELINE_BINS_H

#include "attribution/bins.h"
#include "attribution/steps.h"
#include "attribution/sums.h"

/* A bin's figures (ns): the four classes (enum device_class), then these. */
enum { BIN_BUSY = CLASS_COUNT, BIN_WAIT, BIN_FIGURES };

/* An allocated cell without a value. */
#define BIN_NO_MEMORY G_MININT64

/* A step of a device's processes: its host window, and its device events on the device. */
struct timeline_step {
	const struct event *step; /* the ProfilerStep#N event: the host window [ts, ts + dur] */
	gint64 first, last;       /* its device events on the device: the first start, the last end */
	gboolean has_device;      /* FALSE: none on the device (first and last 0) */
};

struct timeline_bins_device {
	guint device;              /* args.device */
	struct bins bins;          /* its span's bins (none: an empty span) */
	gint64 *figures;           /* bins.count * BIN_FIGURES, bin after bin */
	const struct event **step; /* per bin: the step holding its start, or NULL */
	gint64 *allocated;         /* per bin: bytes at its end, or BIN_NO_MEMORY */
	guint memory_curves;       /* the processes whose curves allocated sums */
	guint32 memory_thread;     /* when one: a thread of that process, */
	gint64 memory_id;          /* and the Device Id of its curve (for the page's peak label, SPEC 21) */
	gboolean has_window;       /* its busy window (SPEC 28): [window_from, window_to), when it was busy */
	gint64 window_from, window_to;
	struct timeline_step *steps; /* its processes' steps in the range, in sort order */
	guint step_count;
};

struct timeline_bins {
	struct timeline_bins_device *devices; /* by device number */
	guint count;
};

/* The bins (WANTED a device at most) of the device events of ATTRIBUTION
 * (by_time); THREADS: the trace's; STEPS: the trace's or NULL; RANGE: the
 * --step range (clips the spans when given), or NULL; COMMUNICATION: the
 * pattern (NULL: the default). */
struct timeline_bins *timeline_bins_compute(const struct attribution *attribution, const struct threads *threads,
					    const struct steps *steps, const struct step_range *range, guint wanted,
					    const GRegex *communication);
void timeline_bins_free(struct timeline_bins *bins);
/* How many devices timeline_bins_compute() gives (without a --step range):
 * one sweep, nothing built. */
guint timeline_bins_device_count(const struct attribution *attribution);

typedef struct timeline_bins TimelineBins;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(TimelineBins, timeline_bins_free)

#endif
