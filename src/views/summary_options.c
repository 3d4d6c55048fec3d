#include "views/summary_options.h"
#include <string.h>

gboolean summary_mode_parse(const char *value, struct options *options, GError **error)
{
	static const char *const modes[] = { [SUMMARY_PATH] = "path", [SUMMARY_NAME] = "name",
					     [SUMMARY_STEP] = "step", [SUMMARY_KERNEL] = "kernel",
					     [SUMMARY_PERF] = "perf", [SUMMARY_COLLECTIVE] = "collective" };
	for (enum summary_mode mode = SUMMARY_PATH; mode < G_N_ELEMENTS(modes); mode++)
		if (strcmp(value, modes[mode]) == 0) {
			options->summary = mode;
			return TRUE;
		}
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--summary wants path, name, step, kernel, perf or collective, not '%s'",
		    value);
	return FALSE;
}

static gboolean summary_option(const char *option, const char *value, gpointer data, GError **error)
{
	(void)option;
	return summary_mode_parse(value, data, error);
}

static void entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "summary", 0, 0, G_OPTION_ARG_CALLBACK, summary_option, "One row per call path, op name, step (ProfilerStep#N), device event name, counted op's name and shapes (perf), or collective and message size", "path|name|step|kernel|perf|collective" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

const struct view_options summary_view_options = { .name = "summary", .entries = entries };
