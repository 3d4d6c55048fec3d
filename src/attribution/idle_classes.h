/* Idle classes: each device's gaps by length (SPEC 19.2, --summary idle).
 *
 * Per device (args.device; events without one are left out, as in
 * --summary timeline), one sweep over its events in (ts, position) order
 * (attribution->by_time) finds its gaps as src/attribution/idle.h does,
 * each with its host-wait part, and puts each in a class by its whole
 * length: < 10 us (10^4 ns), 10-100 us, 0.1-1 ms, 1-10 ms, >= 10 ms. The
 * time of the span before the first busy interval and after the last (a
 * zero-length event stretches the span) is idle too, other idle, classed
 * by its own length as a gap: so a device's classes add up to the report's
 * idle, span less busy time (src/attribution/timeline.h).
 *
 *   span [0, 60): busy [5, 10) [12, 50), zero-length event at 60
 *   gaps [0, 5) (edge, other idle), [10, 12), [50, 60) (edge)
 *
 * With a --step range, each gap's parts are clipped to the union U of the
 * windows [ts, ts + dur] of the selected steps of the processes whose
 * launches claimed events on the device; a gap with nothing left is not
 * counted (its class still by its whole length), and the span is the
 * device's span within U. U is sorted and merged once per device, with
 * prefix sums of its lengths, so the measure of any interval within U is
 * two binary searches. Cost: O(E) without a range; with one, the gaps are
 * kept (24 bytes each) and each costs O(log w) for w windows. */
#ifndef PP_IDLE_CLASSES_H
#define PP_IDLE_CLASSES_H

#include "attribution/idle.h"
#include "attribution/steps.h"

#define IDLE_CLASSES 5

struct idle_class {
	guint64 gaps;
	gint64 idle, host_wait; /* ns: other idle is idle - host_wait */
};

struct idle_classes_device {
	guint device; /* args.device */
	gint64 span;  /* its span (ns), within U with a --step range */
	struct idle_class classes[IDLE_CLASSES];
};

struct idle_classes {
	struct idle_classes_device *devices; /* by device number */
	guint count;
};

/* The class of a gap LENGTH ns long: 0 (< 10 us) to 4 (>= 10 ms). */
guint idle_class_of(gint64 length);
/* "< 10 us", "10-100 us", "0.1-1 ms", "1-10 ms", ">= 10 ms". */
const char *idle_class_label(guint class);

/* The classes of ATTRIBUTION's device events (by_time); STEPS: the trace's
 * or NULL; RANGE: the --step range (clips when given), or NULL. */
struct idle_classes *idle_classes_compute(const struct attribution *attribution, const struct steps *steps,
					  const struct step_range *range);
void idle_classes_free(struct idle_classes *classes);

typedef struct idle_classes IdleClasses;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(IdleClasses, idle_classes_free)

#endif
