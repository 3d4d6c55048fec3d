/* Findings on the whole trace (SPEC 22): unfused-optimizer, and the data
 * findings low-coverage and graphs-unattributed.
 * - unfused-optimizer: the forest's nodes (any category the run read for
 *   findings) named Optimizer.step#...; in each one's window [ts, ts+dur]
 *   the non-nested launches of its thread with device work (19.5: a device
 *   event of their own or of a launch nested in them, the outermost
 *   containing launch being the last non-nested one before it in sort
 *   order), found by binary search over the launches (sorted by thread,
 *   then ts). A window with 100 or more of them, none with a device event
 *   named with "multi_tensor" or "fused" (ASCII case-insensitive), adds
 *   their intervals to the saving; fires at 1% of the span, medium from
 *   5%. A saving is an upper bound of time, so a measure of a union (issue
 *   44): only the outermost such windows count (those nested in one are
 *   its; the walk skips its subtree), a launch an earlier window of its
 *   thread counted is not counted again, and the saving is the length of
 *   the union of the launches' intervals clipped to the analysed span
 *   (launches of two threads at once count once; one sort of them), never
 *   above the span.
 * - low-coverage (10.2): device time under monitored nodes · 10 < the
 *   device time · 9, the forest being of cpu_op, user_annotation and
 *   python_function events; not when graphs-unattributed fires.
 * - graphs-unattributed (14.4): without --graph-capture, graph launches
 *   replayed device time · 100 >= the device time · 10. */
#ifndef PP_FINDINGS_TRACE_H
#define PP_FINDINGS_TRACE_H

#include "views/findings/finding.h"

#define FINDINGS_OPTIMIZER_PREFIX "Optimizer.step#"
#define FINDINGS_OPTIMIZER_LAUNCHES 100 /* launches with device work in one step, at least */
#define FINDINGS_GRAPHS_PERCENT 10      /* 14.4's warning */

void findings_unfused_optimizer(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_low_coverage(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_graphs_unattributed(const struct finding_rule *rule, const struct findings_input *in,
				  GPtrArray *out);
/* Whether graphs-unattributed fires on IN. */
gboolean findings_graphs_fire(const struct findings_input *in);

#endif
