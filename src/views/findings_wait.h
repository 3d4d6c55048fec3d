/* Findings on each device's host wait (SPEC 22): blocking-sync,
 * launch-bound and host-pause, which split the host wait of a device's
 * gaps (SPEC 15.3, 19.1-19.3) so that a gap counts for one of them at most.
 *
 * Per device (args.device; events without one are left out, as the other
 * device rules do), one sweep over its device events in (ts, position)
 * order (attribution->by_time) finds its gaps as src/attribution/idle.h
 * does. A gap's host-wait part [a, w) is clipped to the analysed span
 * [S, E); what is left goes to
 * - blocking-sync when the gap's start lies in [ts, ts + dur] of a
 *   blocking launch (19.1, non-nested) of a process whose launches claimed
 *   events on the device;
 * - else launch-bound when the whole gap is shorter than 100 us;
 * - else host-pause.
 * The blocking launches are sorted once by (pid, ts) with the running
 * maximum of their ends: "some blocking launch of pid p holds t" is a
 * binary search (the last with ts <= t) and a look at that maximum. The
 * processes of a device are gathered in a first pass over its events.
 *
 *   device 0: busy [0, 10), gap [10, 40) ended by an event launched at 30;
 *   a blocking launch [5, 12] of its process: host wait [10, 30), 20 ns,
 *   goes to blocking-sync (the gap starts at 10, inside [5, 12])
 *
 * Evidence: for launch-bound and host-pause, their blamed intervals make a
 * struct waiting (src/attribution/waiting.h) of the findings' forest, and
 * its report says how much was outside monitored events and which own
 * name had the most (19.3), worked out only for a rule that fires. For
 * blocking-sync, the blocking launches of the device's processes, each
 * clipped to the span, are summed by the own name of their node (the
 * innermost monitored node holding them; `outside monitored events`
 * without one): the three largest (ties: byte order).
 * Cost: O(E + B log B + gaps · log B · p) for E device events, B blocking
 * launches and p processes on a device (nearly always 1). */
#ifndef PP_FINDINGS_WAIT_H
#define PP_FINDINGS_WAIT_H

#include "views/finding.h"

/* Per device: its host wait split three ways, and the blamed intervals. */
struct wait_figures {
	guint device;
	gint64 wait[3];     /* blocking-sync, launch-bound, host-pause (ns, clipped) */
	GArray *blamed[3];  /* struct waiting_blamed, for the evidence */
	GArray *pids;       /* guint: the processes whose launches claimed its events */
	char *names;        /* blocking-sync's evidence: the three names, or NULL */
};

enum { WAIT_BLOCKING, WAIT_LAUNCH, WAIT_PAUSE };

/* The gap length (ns) from which a gap's host wait is a pause, not launch-bound. */
#define WAIT_PAUSE_FROM 100000

/* The figures of IN's devices, by device number (findings_compute makes
 * them once for the three rules: IN->waits). */
GArray *findings_wait_sweep(const struct findings_input *in);
void findings_wait_free(GArray *waits);

void findings_blocking_sync(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_launch_bound(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_host_pause(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

#endif
