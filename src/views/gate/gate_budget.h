/* The budgets of --fail-on-regression (SPEC 27): NAME=PCT, NAME a glob
 * (GLib's GPatternSpec: * and ?) on the diff's keys. One check per budget,
 * over the diff's rows (src/views/compare/diff.h): each key the glob matches is
 * over the budget when NEW's device total per step exceeds BASE's by more
 * than PCT percent, exactly: new · base steps · 100000 > base · new steps
 * · (100000 + PCT·1000), in 128 bits (steps 1 when the diff has totals);
 * a key only in NEW (base 0) is over any budget. The check fails when a
 * key is over, naming the one most over (the largest ratio, compared in
 * long double: it only picks which key the line names) and how many more;
 * it passes naming the largest change; it is skipped when the glob
 * matches no key. One pass over the rows per budget. */
#ifndef PP_GATE_BUDGET_H
#define PP_GATE_BUDGET_H

#include "views/gate/gate.h"

/* The budgets' checks of OPTIONS over the diff's ROWS. */
void gate_budgets(struct gate *gate, const struct options *options, const GPtrArray *rows);

#endif
