/* Findings on the modelled ops (SPEC 22, 15.1): far-from-roofline and
 * fp32-matmul, over the rows --summary perf would write of the whole trace
 * (src/views/perf/summary_perf.h's perf_rows, no selection: every counted op),
 * with the peaks in force. The trace's busy is the sum over the devices of
 * the timeline of their busy unions (unclipped: these rules read the whole
 * trace).
 * - far-from-roofline: the rows with busy total · 100 >= trace busy · 5 and
 *   a known roofline with roofline % below 30 (the rooflines' sum R of a
 *   row against its busy B: R · 10 < B · 3, exact); the saving Σ (B −
 *   count · roofline), roofline the row's per-call figure (the column's,
 *   R / count half up); fires at 1% of the span, high from 10%. One
 *   finding (SPEC 22's saving and thresholds over all its rows), its rows
 *   grouped by family (src/views/perf/perf_family.h, SPEC 26.4): the evidence
 *   and the advice name each family with rows, by its part of the saving
 *   (descending), with its rows (the first three) and its own advice.
 * - fp32-matmul: the gemm rows of precision fp32 with busy total · 100 >=
 *   trace busy · 5, whose device (its first op's) has known fp32, 16-bit
 *   and bandwidth peaks with the 16-bit peak >= 4 × the fp32 one; the
 *   saving Σ B − Σ count · max(flops / 16-bit peak, bytes / bandwidth),
 *   the times in femtoseconds (10^-6 ns, each per-call time rounded down:
 *   not rounded to the ns), compared with the span in fs; the saving
 *   written rounded half up to the ns. Fires at 1%, medium.
 * Each row once: O(counted ops) after perf_rows' grouping. */
#ifndef PP_FINDINGS_PERF_H
#define PP_FINDINGS_PERF_H

#include "views/findings/finding.h"

/* The rows of the whole trace (none without counted ops: NULL), each
 * node's busy worked out once for both rules (findings_compute keeps them
 * in IN->perf_rows). */
GPtrArray *findings_perf_rows(const struct findings_input *in);

void findings_far_from_roofline(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_fp32_matmul(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

#endif
