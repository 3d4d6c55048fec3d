/* Idle steps: why the devices were idle during each step (SPEC 15.3, the
 * step summary's `device idle(ms)`, `host wait(ms)`, `other idle(ms)`).
 *
 * A step's devices are those (device keys, src/attribution/idle.h) with a
 * device event claimed by a launch of the step's pid (at any time). Its
 * idle time is its window [ts, ts + dur] less the union of those devices'
 * busy intervals (every event of theirs, whoever launched it) clipped to
 * the window; a step with no device is idle throughout. Its host wait is
 * the union of those devices' host-wait parts (of their gaps), clipped to
 * the window and to the idle time: a device's host wait while another of
 * the step's devices is busy is no idle time. Other idle = idle - host wait.
 * A trace without any device event (a CPU-only run) has no idle figure at
 * all: no device was there to be idle (the columns are empty, the page
 * draws no idle bar).
 *
 *   window        [ts ..................................... ts+dur]
 *   device 0   busy ][    gap: host wait | other  ][ busy
 *   device 1              [busy     ]
 *   idle: the gap less device 1's busy time; host wait: the host-wait
 *   part less device 1's busy time
 *
 * One sweep over the device events in (ts, position) order builds, per
 * device, its busy intervals and host-wait intervals (sorted, disjoint:
 * O(E)) and the pairs (step pid, device). Each step then clips each of its
 * devices' lists to its window (a binary search, then the intervals inside)
 * and unions them device after device: O(log E + k d) for k intervals
 * inside the window on d devices. */
#ifndef PP_IDLE_STEPS_H
#define PP_IDLE_STEPS_H

#include "attribution/steps.h"
#include "attribution/attribute.h"

struct idle_figures {
	gint64 idle, host_wait; /* ns; other idle is idle - host_wait */
	gboolean known;         /* FALSE: the trace has no device event, so no idle figure */
};

/* Per step of STEPS (indexed as steps->events), into OUT (steps->count of
 * them), for the steps WANTED (NULL: all; else a flag per step) only. THREADS: the trace's. */
void idle_steps_compute(const struct attribution *attribution, const struct threads *threads,
			const struct steps *steps, const gboolean *wanted, struct idle_figures *out);

#endif
