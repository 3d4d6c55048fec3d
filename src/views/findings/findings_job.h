/* Findings of a job (SPEC 22 on 20): the rules over several traces,
 * worked out once the ranks' records are folded into a rank reduce
 * (src/views/ranks/rank_reduce.h, which holds the instances' arrivals, never the
 * ranks' events):
 * - collective-wait: the ranks' mean wait(ms) (the waits of every rank over
 *   every matched instance, over the ranks, rounded half up to the ns)
 *   >= 5% of the ranks' mean analysed span: medium, high from 25%; the
 *   saving is that mean;
 * - straggler: the first rank of --summary rank (delay caused descending)
 *   with delay caused > 0 and >= 1% of the mean span: medium, high from
 *   10%; the saving is its delay caused; the evidence gives its step start
 *   late and its mean lateness at its collectives (rounded half up), and
 *   the advice says the delay began before the step when the one is at
 *   least half of the other (src/views/ranks/rank_steps.h, exact), else in its
 *   in-step work; without common steps, neither (SPEC 26.6);
 * - clocks-disagree (data): 20.1's warning, more than 10% of the matched
 *   instances with a rank's event ending before another's starts.
 * The thresholds compare exactly: with n ranks and spans summing to S,
 * X >= bp/10000 of S/n is X · n · 10000 >= S · bp. A job finding has no
 * rank and no device; its share is of the mean span (S/n rounded half up).
 *
 * exposed-communication with several traces: a rank's device's exposed
 * communication less the wait parts [a_r, min(A, e_r)) of its matched
 * events there, clipped to its analysed span: the union W of those parts
 * (sorted once, merged) against the device's communication-less-compute
 * intervals E (sorted), |W ∩ E| in one merge walk. The trace's finding is
 * re-judged with what is left: dropped below 10%, its saving, severity and
 * evidence updated otherwise (a device under 10% before stays under). */
#ifndef PP_FINDINGS_JOB_H
#define PP_FINDINGS_JOB_H

#include "views/findings/finding.h"
#include "views/ranks/rank_reduce.h"

/* Adds to OUT the job findings of JOB, the ranks' analysed spans summing
 * to SPAN_SUM over SPANS traces. */
void findings_job(const struct rank_job *job, gint64 span_sum, guint spans, GPtrArray *out);

/* Sorts WAITS (struct rank_wait) by (rank, device, start). */
void findings_sort_waits(GArray *waits);
/* Re-judges the exposed-communication findings of FINDINGS (one trace's,
 * of rank RANK, analysed span [FIRST, FIRST + SPAN)) less the wait parts of
 * WAITS (sorted) on their devices; EXPOSED: the trace's intervals. */
void findings_exposed_less_waits(GPtrArray *findings, gint64 rank, const GArray *exposed, const GArray *waits,
				 gint64 first, gint64 span);

#endif
