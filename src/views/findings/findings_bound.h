/* Findings on what bounds a trace: device-bound (SPEC 26.7) and the data
 * finding incomplete-trace (issue 45, item 8).
 *
 * device-bound (performance, low, no saving): per device (args.device), one
 * sweep over its events in (ts, position) order, each clipped to the
 * analysed span [S, E): the union of all of them (its busy time), the
 * union of its compute ones (src/attribution/sums.h's classes), and the
 * clipped durations summed by name. Fires when busy · 10 >= (E - S) · 9
 * and compute · 2 >= busy (a device busy mostly with communication is
 * exposed-communication's). Evidence: the three names with the most time
 * (short names, SPEC 23; ties: byte order) and their share of the busy time.
 *
 * incomplete-trace (data, high): the profiler recorded only some device
 * events. Fires on any of:
 * - with --graph-capture, graph launches matched to a capture window
 *   whose device events are fewer than its captured launches (SPEC 14,
 *   src/attribution/graft.h: short_launches);
 * - graph launches whose device events all carry one args["graph id"]
 *   and are fewer than those of another launch of that graph id (its
 *   other replays);
 * - kernel and graph launches (names with LaunchKernel,
 *   LaunchCooperativeKernel or GraphLaunch: they always run device work;
 *   a copy or memset of no bytes may not) with a correlation id, outside
 *   any capture window of their thread (a BeginCapture ... EndCapture
 *   stretch, where launches run nothing), with no device event, while a
 *   later launch (by ts) has some.
 * One pass over the device events (counted per launch, a replayed event
 * for its graph launch) and one over the launches: O(E + L), a hash of
 * graph ids. */
#ifndef PP_FINDINGS_BOUND_H
#define PP_FINDINGS_BOUND_H

#include "views/findings/finding.h"

#define FINDINGS_BOUND_BUSY 9000 /* basis points of the span: busy from 90% */

void findings_device_bound(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_incomplete_trace(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

#endif
