#include "cli/gate_report.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/junit.h"
#include "output/output_names.h"

static const char *const outcomes[] = { "passed", "failed", "skipped" };

char *gate_report_github(const char *line)
{
	GString *text = g_string_new(NULL);
	for (const char *c = line; *c; c++) {
		if (*c == '%')
			g_string_append(text, "%25");
		else if (*c == '\r')
			g_string_append(text, "%0D");
		else if (*c == '\n')
			g_string_append(text, "%0A");
		else
			g_string_append_c(text, *c);
	}
	return g_string_free(text, FALSE);
}

int gate_report_finish(const struct options *options, const struct gate *gate, int status)
{
	if (!gate)
		return status;
	for (guint i = 0; gate->report_checks && !options->quiet && i < gate->checks->len; i++) {
		const struct gate_check *check = gate->checks->pdata[i];
		fprintf(options_err(options), "profile_parser: %s: %s: %s: %s\n", gate->option, check->name, outcomes[check->outcome],
			check->found);
	}
	g_autofree char *reason = gate_reason(gate);
	if (reason) {
		g_autofree char *line = g_strconcat("profile_parser: ", reason, NULL);
		const char *actions = getenv("GITHUB_ACTIONS");
		if (actions && strcmp(actions, "true") == 0) {
			g_autofree char *command = gate_report_github(line);
			fprintf(options_err(options), "::error::%s\n", command);
		} else {
			fprintf(options_err(options), "%s\n", line);
		}
		if (!status)
			status = gate->fail_status;
	}
	g_autoptr(GError) error = NULL;
	if (options->junit && !junit_write(options->junit, gate, &error)) {
		g_autofree char *file = strcmp(options->junit, "-") == 0 ? g_strdup("standard output")
									: output_shown(options->junit);
		g_autofree char *message = output_shown(error->message);
		fprintf(options_err(options), "profile_parser: --junit %s: %s\n", file, message);
		status = 1;
	}
	return status;
}
