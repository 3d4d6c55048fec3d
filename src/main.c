/* profile_parser: per-node host, launch and device times of PyTorch profiler
 * traces. main sets up the process (locale, faults, signals), parses the
 * command line and runs it (src/cli/command.c): jobs, one per trace, run
 * through src/cli/run.c, several at once when there are many. */
#include "config.h"
#include <locale.h>
#include <stdio.h>
#include "cli/command.h"
#include "cli/options.h"
#include "output/output.h"
#include "util/fault.h"

int main(int argc, char **argv)
{
	/* The user's locale for the system's and GLib's messages and for
	 * characters; numbers, though, are written with a '.' and no grouping
	 * whatever LC_NUMERIC says: outputs are read by programs (CSV, JSON
	 * Lines, the SVG's script) and the report and tables by scripts too.
	 * Each formatting of a fraction uses g_ascii_formatd (or integers)
	 * besides, so that none depends on this line. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	/* GLib makes the C locale of g_ascii_strtoll and its kin once, at their
	 * first call: made here, before any thread, so that threads calling them
	 * at once never wait for it (a wait on a futex leaves errno EAGAIN, which
	 * a parse checking errno took for a bad number: a device's capacity was
	 * lost now and then with several traces at once, and memory-capacity
	 * with it; issue 44) */
	(void)g_ascii_strtoll("0", NULL, 10);
	(void)g_ascii_strtod("0", NULL);
	fault_install();
	output_init();
	struct options options;
	g_autoptr(GError) error = NULL;
	int status;
	switch (options_parse(argc, argv, &options, &error)) {
	case OPTIONS_USAGE:
		status = command_fail_usage(stderr, error->message);
		break;
	case OPTIONS_DONE:
		status = EXIT_DONE;
		break;
	default:
		status = command_run(&options, NULL);
	}
	options_clear(&options);
	return status;
}
