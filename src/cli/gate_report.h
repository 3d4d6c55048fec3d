/* The end of a run that has a gate (SPEC 27, src/views/gate/gate.h): what the
 * report says of it, the one line that says why it failed, and the JUnit
 * file.
 *  - The report (not with -q), for --fail-on-regression: a line per check,
 *    "profile_parser: --fail-on-regression: device busy per step: passed:
 *    median ...".
 *  - The reason, -q or not, when a check failed: one line on standard
 *    error, "profile_parser: " and the gate's reason; with GITHUB_ACTIONS
 *    set to true in the environment, the same line as GitHub's workflow
 *    command "::error::", its '%', CR and LF written %25, %0D, %0A.
 *  - --junit FILE (src/cli/junit.h); a file that cannot be written is
 *    said, naming it, and the run exits 1. */
#ifndef PP_GATE_REPORT_H
#define PP_GATE_REPORT_H

#include "views/gate/gate.h"

/* Ends the run of OPTIONS whose gate is GATE (NULL: none) and whose exit
 * status so far is STATUS: returns the status, GATE's when it failed and
 * STATUS was 0, 1 when the JUnit file could not be written. */
int gate_report_finish(const struct options *options, const struct gate *gate, int status);
/* LINE as the message of a GitHub Actions workflow command: '%', CR and LF
 * escaped. */
char *gate_report_github(const char *line);

#endif
