#include "views/summaries/summary_options.h"
#include <string.h>
#include "views/summaries/summary_timeline.h"
#include "util/timefmt.h"

gboolean summary_mode_parse(const char *value, struct options *options, GError **error)
{
	static const char *const modes[] = { [SUMMARY_PATH] = "path", [SUMMARY_NAME] = "name",
					     [SUMMARY_STEP] = "step", [SUMMARY_KERNEL] = "kernel",
					     [SUMMARY_PERF] = "perf", [SUMMARY_COLLECTIVE] = "collective",
					     [SUMMARY_TIMELINE] = "timeline", [SUMMARY_IDLE] = "idle", [SUMMARY_MEMORY] = "memory",
					     [SUMMARY_RANK] = "rank", [SUMMARY_FINDINGS] = "findings", [SUMMARY_GAPS] = "gaps",
					     [SUMMARY_CRITICAL] = "critical" };
	for (enum summary_mode mode = SUMMARY_PATH; mode < G_N_ELEMENTS(modes); mode++)
		if (strcmp(value, modes[mode]) == 0) {
			options->summary = mode;
			return TRUE;
		}
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--summary wants path, name, step, kernel, perf, collective, timeline, idle, memory, rank, findings, gaps or critical, not '%s'",
		    value);
	return FALSE;
}

static gboolean summary_option(const char *option, const char *value, gpointer data, GError **error)
{
	(void)option;
	return summary_mode_parse(value, data, error);
}

/* --bins N: 1 to SUMMARY_BINS_MAX. */
static gboolean bins_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	guint64 bins = 0;
	(void)option;
	if (!g_ascii_string_to_unsigned(value, 10, 1, SUMMARY_BINS_MAX, &bins, NULL)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--bins wants a whole number from 1 to %u, not '%s'", SUMMARY_BINS_MAX, value);
		return FALSE;
	}
	options->bins = (guint)bins;
	return TRUE;
}

/* --min-gap US: microseconds, a whole number or decimals down to the ns, 0 or more. */
static gboolean min_gap_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	gint64 ns = 0;
	if (!time_parse_us(value, strlen(value), &ns) || ns < 0 || value[0] == '-') {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--min-gap wants microseconds, 0 or more (such as 100 or 2.5), not '%s'", value);
		return FALSE;
	}
	options->min_gap = ns;
	options->min_gap_given = TRUE;
	return TRUE;
}

static void entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "summary", 0, 0, G_OPTION_ARG_CALLBACK, summary_option, "One row per call path, op name, step (ProfilerStep#N), device event name, counted op's name and shapes (perf), collective and message size, device and time bin (timeline), device and gap length (idle), memory device (memory), rank of many traces, finding (what is wrong, what it costs, what to do), gap of a device (when, how long, why), or name on the steps' critical paths (critical)", "path|name|step|kernel|perf|collective|timeline|idle|memory|rank|findings|gaps|critical" },
		{ "bins", 0, 0, G_OPTION_ARG_CALLBACK, bins_option, "With --summary timeline: time bins a device [100]", "N" },
		{ "min-gap", 0, 0, G_OPTION_ARG_CALLBACK, min_gap_option, "With --summary gaps: the shortest gap written, in microseconds; 0: every gap [100]", "US" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static gboolean check(struct options *options, GError **error)
{
	if (options->bins && options->summary != SUMMARY_TIMELINE)
		return options_usage(error, "--bins goes with --summary timeline");
	if (options->min_gap_given && options->summary != SUMMARY_GAPS)
		return options_usage(error, "--min-gap goes with --summary gaps");
	return TRUE;
}

const struct view_options summary_view_options = { .name = "summary", .entries = entries, .check = check };
