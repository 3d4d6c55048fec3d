/* Warnings (SPEC 10.1): what a run did not see, said on standard error
 * rather than left as a silent empty or partial result. Each is one line
 * "profile_parser: warning: TRACE: ...", part of the report (so -q silences
 * it); none changes the exit status. */
#ifndef PP_WARNINGS_H
#define PP_WARNINGS_H

#include <stdio.h>
#include "cli/report.h"

void warnings_print(FILE *out, const struct run_summary *run);

#endif
