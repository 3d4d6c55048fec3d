/* Findings on the device events of each device (SPEC 22): pageable-copy
 * and exposed-communication (one trace's part), in one sweep over the
 * device events in (ts, position) order (attribution->by_time), each
 * interval first clipped to the analysed span [S, E).
 *
 * Per device (args.device; events without a device number are left out:
 * neither rule has a device to name for them), the sweep keeps:
 * - the union of the clipped intervals of its memcpy events (class memcpy,
 *   src/attribution/sums.h) whose name contains "Pageable" (case-sensitive):
 *   a saving is an upper bound of time, so copies overlapping on two
 *   streams count once, and it never exceeds the span;
 * - the union of its compute intervals and the union of its communication
 *   or compute intervals, each as the run being merged and the total of
 *   the runs closed (clipping keeps the starts in order: max(ts, S) grows
 *   with ts). Exposed communication = |comm ∪ compute| − |compute| =
 *   |comm| − |comm ∩ compute|, and |comm| is its own union.
 * O(E) time, O(devices) memory (a 65536-slot index of device numbers). */
#ifndef PP_FINDINGS_DEVICE_H
#define PP_FINDINGS_DEVICE_H

#include "views/findings/finding.h"

/* A union of intervals in start order: the run being merged, the closed runs' total. */
struct run {
	gint64 start, end, total;
	gboolean open;
};

struct device_figures {
	guint device;
	guint pageable_count;
	struct run pageable; /* the union of the Pageable copies, clipped (a saving is a union: issue 44) */
	struct run compute, communication, either;
	GArray *compute_list, *communication_list; /* struct idle_interval, with IN->keep_exposed */
};

/* The figures of IN's devices (struct device_figures), by device number:
 * findings_compute makes them once for both rules (IN->devices). */
GArray *findings_device_sweep(const struct findings_input *in);

/* With IN->keep_exposed: every device's communication union less its
 * compute union (struct findings_interval, by device, then start), from
 * DEVICES' lists, which are freed. */
GArray *findings_device_exposed(GArray *devices);

void findings_pageable_copy(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_exposed_communication(const struct finding_rule *rule, const struct findings_input *in,
				    GPtrArray *out);

#endif
