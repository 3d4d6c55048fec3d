/* The gate's options (SPEC 27), group "gate", each checked as it is read:
 *   --fail-on-regression ITEM[,ITEM...]  (repeatable; the items add up)
 *       ITEM: PCT or total=PCT, the step metrics (device busy and host
 *       time per step, src/views/gate/gate.h); NAME=PCT, a budget: NAME a glob
 *       (GLib's: * and ?) on the diff's keys, split from PCT at the last
 *       '='. PCT: digits, at most three decimals, an optional '%'; kept in
 *       thousandths of a percent. total twice: the last counts;
 *   --gate-alpha A        the test's level, 0 < A < 1, at most 9 decimals,
 *                         kept as the fraction DIGITS / 10^k [0.05];
 *   --base FILE           (repeatable) earlier runs whose steps join BASE's
 *                         samples; not "-";
 *   --allow-different-hardware;
 *   --junit FILE          the gate's result as JUnit XML.
 * Settled: --fail-on-regression goes with --diff; --gate-alpha and --base
 * with its step metrics; --allow-different-hardware with it; --junit with
 * it or --fail-on, and not the file of an input or of -d (the same device
 * and inode). */
#ifndef PP_GATE_OPTIONS_H
#define PP_GATE_OPTIONS_H

#include "views/table/settings.h"

/* A budget of --fail-on-regression: NAME=PCT. */
struct gate_budget {
	char *glob;           /* NAME, as given */
	GPatternSpec *pattern;
	gint64 pct;           /* thousandths of a percent */
};

extern const struct view_options gate_view_options;

/* PCT (thousandths of a percent) as the user would write it: 5, 2.5, 0.125. */
char *gate_pct_text(gint64 pct);

#endif
