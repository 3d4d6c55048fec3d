/* Command: the run of a command line once its options are parsed (the
 * program's main, src/main.c, and the library's tables, src/api): the
 * traces of -s (directories listed), the jobs planned, the files of names,
 * the Execution Trace, the device peaks and the capture traces read, the
 * jobs run (src/cli/run.h), then the comparison or the one table written,
 * and --fail-on's end. What it says goes to options_err(): standard error,
 * or the library's text; its tables to -d, or to options->tables. */
#ifndef PP_COMMAND_H
#define PP_COMMAND_H

#include <stdio.h>
#include "cli/options.h"
#include "cli/run.h"

enum exit_status {
	EXIT_DONE = 0,
	EXIT_INPUT = 1,
	EXIT_USAGE = 2,
	EXIT_FINDINGS = 3, /* --fail-on, --fail-on-regression */
};

/* The library's hooks into a run, or none (NULL) for the program. */
struct command_hooks {
	/* the results of a job's trace, read once and kept (run_settings.results) */
	struct results *(*results)(struct job *job, const struct analysis_context *context, gpointer data, char **error);
	gpointer data;
	const char *only; /* of several traces, only this one's job runs (its per-trace view); or NULL */
};

/* Runs OPTIONS (OPTIONS_RUN of options_parse); returns the exit status. */
int command_run(const struct options *options, const struct command_hooks *hooks);
/* MESSAGE on ERR, and a pointer to --help; EXIT_USAGE. */
int command_fail_usage(FILE *err, const char *message);

#endif
