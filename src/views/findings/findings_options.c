#include "views/findings/findings_options.h"
#include "sinks/sink_html.h"
#include "views/findings/findings.h"

static gboolean fail_on_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	options->fail_on = finding_severity_parse(value);
	if (options->fail_on == SEVERITY_NONE)
		return options_usage(error, "--fail-on wants high, medium or low");
	return TRUE;
}

static void entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "fail-on", 0, 0, G_OPTION_ARG_CALLBACK, fail_on_option, "Exit with status 3 when a performance finding of this severity or above fired (after writing every output)", "high|medium|low" },
	};
	(void)options;
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static gboolean settle(struct options *options, GError **error)
{
	/* every other view works the findings out for --fail-on (src/cli/fail_on.h) */
	if (options->fail_on && options->compare == COMPARE_DIFF)
		return options_usage(error, "--fail-on does not go with --diff, which compares two runs: "
				     "--fail-on-regression PCT gates a diff (or give --fail-on to each run alone)");
	if (options->fail_on && options->compare == COMPARE_MERGE)
		return options_usage(error, "--fail-on reads the findings of traces, and --merge reads summaries, which "
				     "hold none: give the traces with -s (--summary rank, --summary findings)");
	return TRUE;
}

const struct view_options findings_view_options = { .name = "findings", .entries = entries, .settle = settle };

gboolean findings_wanted(const struct options *options)
{
	return options->summary == SUMMARY_FINDINGS || options->fail_on ||
	       (options->format == &html_sink && !options->summary && !options->compare);
}
