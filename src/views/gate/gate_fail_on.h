/* --fail-on as a gate (SPEC 22, 27): what failed it, kept past each
 * trace's run (struct gate_fired: the rule, severity, device, saving and
 * its share), then one check per performance rule of the table
 * (src/views/findings/findings.h), in its order: failed when a finding of the rule
 * of the severity asked for or above fired on a trace (or on the job of
 * several), its reason naming each ("launch-bound (high) on device 0 of
 * TRACE: saves up to 212.4 ms (46.3%)"); else passed. One pass over the
 * fired findings per rule. */
#ifndef PP_GATE_FAIL_ON_H
#define PP_GATE_FAIL_ON_H

#include "views/gate/gate.h"

/* What of FINDINGS fails --fail-on AT_LEAST (struct gate_fired, trace
 * NULL), or NULL when nothing does. */
GArray *gate_fired_of(const GPtrArray *findings, enum finding_severity at_least);
/* Adds FIRED (or NULL) of the trace shown as TRACE (not copied: it lives
 * as long as GATE; NULL: the run's one trace, or "the job"). */
void gate_fail_on_add(struct gate *gate, const GArray *fired, const char *trace);
/* The checks of --fail-on AT_LEAST: one per performance rule. */
void gate_fail_on_finish(struct gate *gate, enum finding_severity at_least);

#endif
