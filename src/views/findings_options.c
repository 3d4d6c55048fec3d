#include "views/findings_options.h"
#include <string.h>
#include "sinks/sink_html.h"
#include "views/findings.h"

static gboolean fail_on_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	options->fail_on = finding_severity_parse(value);
	if (options->fail_on == SEVERITY_NONE)
		return options_usage(error, "--fail-on wants high, medium or low");
	return TRUE;
}

/* VALUE: digits, then at most three decimals after a point: thousandths. */
static gboolean regression_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	guint64 whole = 0, thousandths = 0;
	const char *point = strchr(value, '.');
	g_autofree char *digits = point ? g_strndup(value, (gsize)(point - value)) : g_strdup(value);
	gsize decimals = point ? strlen(point + 1) : 0;
	gboolean ok = *digits && strspn(digits, "0123456789") == strlen(digits) && (!point || (decimals >= 1 && decimals <= 3 &&
		      strspn(point + 1, "0123456789") == decimals)) &&
		      g_ascii_string_to_unsigned(digits, 10, 0, 1000000000, &whole, NULL);
	if (ok && point) {
		thousandths = g_ascii_strtoull(point + 1, NULL, 10);
		for (gsize i = decimals; i < 3; i++)
			thousandths *= 10;
	}
	if (!ok)
		return options_usage(error, "--fail-on-regression wants a percentage: a number with at most three decimals, "
				     "such as 5 or 2.5");
	options->fail_on_regression = (gint64)(whole * 1000 + thousandths);
	options->fail_on_regression_given = TRUE;
	return TRUE;
}

static void entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "fail-on", 0, 0, G_OPTION_ARG_CALLBACK, fail_on_option, "Exit with status 3 when a performance finding of this severity or above fired (after writing every output)", "high|medium|low" },
		{ "fail-on-regression", 0, 0, G_OPTION_ARG_CALLBACK, regression_option, "With --diff: exit with status 3 when NEW's device busy or host time per step exceeds BASE's by more than PCT percent", "PCT" },
	};
	(void)options;
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static gboolean settle(struct options *options, GError **error)
{
	if (options->fail_on_regression_given && options->compare != COMPARE_DIFF)
		return options_usage(error, "--fail-on-regression goes with --diff");
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
