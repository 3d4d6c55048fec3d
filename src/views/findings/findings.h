/* Findings (SPEC 22): what is wrong with a trace, what fixing it could
 * save, and what to change in PyTorch. A finding is a rule of the table
 * (FINDING_RULES, src/views/findings/findings.c) that fired: its id, kind
 * (performance or data), severity, saving (an upper bound in ns, or none),
 * the device it is about, its evidence and its advice.
 *
 * The table has one entry per rule: its id, kind, scope, thresholds and
 * compute function. Every threshold is a share of the trace's analysed
 * span in hundredths of a percent (basis points), compared exactly:
 * SAVING · 10000 >= SPAN · BP, never through a rounded share. A rule fires
 * at its `fire` threshold with its base severity, which rises to medium at
 * `medium` and to high at `high` (0: never). The rules on figures that
 * other parts of Part IV give (20: collective-wait, straggler,
 * exposed-communication's
 * multi-trace part; 20.1: clocks-disagree) are entries whose compute is NULL until those figures
 * exist: they never fire.
 *
 * findings_compute runs each rule once over the run's figures (one pass
 * each over the device events, the launches or the perf rows: no rule
 * re-reads the trace), then sorts the findings as SPEC 22 says:
 * performance findings by saving descending (none after some), severity
 * (high first), id, device, rank; then data findings by severity, id,
 * rank. */
#ifndef PP_FINDINGS_H
#define PP_FINDINGS_H

#include "views/findings/finding.h"

/* The report and the page list at most this many findings of a kind, the
 * first in SPEC 22's order, then "and N more" (a trace of a million memory
 * devices that each fire memory-capacity gets a report and a page of a few
 * lines, issue 44); --summary findings and --fail-on see every one. */
#define FINDINGS_LISTED 20

/* The table, in SPEC 22's order. */
extern const struct finding_rule finding_rules[];
extern const guint finding_rule_count;
/* The rule named ID, or NULL. */
const struct finding_rule *finding_rule_find(const char *id);

/* The findings of IN (its span filled), sorted; a GPtrArray of struct
 * finding *, freed with it. */
GPtrArray *findings_compute(struct findings_input *in);

/* Whether FINDINGS hold a performance finding of AT_LEAST or above. */
gboolean findings_fail(const GPtrArray *findings, enum finding_severity at_least);

#endif
