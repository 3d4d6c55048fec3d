#include "views/nodes/select_options.h"
#include <string.h>

/* --step N or N-M: whole numbers, N <= M. */
static gboolean step_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	g_auto(GStrv) parts = g_strsplit(value, "-", 2); /* none for "" */
	guint64 first, last;
	if (!parts[0] || !g_ascii_string_to_unsigned(parts[0], 10, 0, G_MAXUINT64, &first, NULL) ||
	    !g_ascii_string_to_unsigned(parts[1] ? parts[1] : parts[0], 10, 0, G_MAXUINT64, &last, NULL) ||
	    first > last) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--step wants a step number N or a range N-M (N <= M), not '%s'", value);
		return FALSE;
	}
	options->step = (struct step_range){ TRUE, first, last };
	return TRUE;
}

static void step_entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "step", 0, 0, G_OPTION_ARG_CALLBACK, step_option, "Only what happens in steps N to M (ProfilerStep#N, by time and process)", "N[-M]" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

const struct view_options step_view_options = { .name = "step", .entries = step_entries };

static void add_meta(struct options *options, const char *name, const char *value)
{
	struct meta_column meta = { g_strdup(name), g_strdup(value) };
	g_array_append_val(options->meta, meta);
}

/* --meta NAME=VALUE and its spellings for the exporter's columns, in order. */
static gboolean meta_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	if (strcmp(option, "--model-name") == 0)
		add_meta(options, "Model Name", value);
	else if (strcmp(option, "--ml-task") == 0)
		add_meta(options, "ML Task", value);
	else if (strcmp(option, "--is-training") == 0)
		add_meta(options, "Is Training", value);
	else {
		const char *eq = strchr(value, '=');
		if (!eq || eq == value) {
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--meta wants NAME=VALUE, not '%s'", value);
			return FALSE;
		}
		g_autofree char *name = g_strndup(value, eq - value);
		add_meta(options, name, eq + 1);
	}
	return TRUE;
}

static void export_entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "leaves", 0, 0, G_OPTION_ARG_NONE, &options->leaves, "Write only leaves (nodes of which no child is written)", NULL },
		{ "opaque", 0, 0, G_OPTION_ARG_FILENAME, &options->opaque_file, "Names (one a line) whose descendants are never written; alias --whitelist", "FILE" },
		{ "whitelist", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &options->opaque_file, NULL, "FILE" },
		{ "exclude", 0, 0, G_OPTION_ARG_FILENAME, &options->exclude_file, "Names (one a line) that get no row; alias --blacklist", "FILE" },
		{ "blacklist", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &options->exclude_file, NULL, "FILE" },
		{ "skip-empty-shapes", 0, 0, G_OPTION_ARG_NONE, &options->skip_empty_shapes, "No row whose Input Dims is missing or only empty lists", NULL },
		{ "meta", 0, 0, G_OPTION_ARG_CALLBACK, meta_option, "A leading column NAME holding VALUE (repeatable)", "NAME=VALUE" },
		{ "model-name", 0, 0, G_OPTION_ARG_CALLBACK, meta_option, "--meta \"Model Name=V\"", "V" },
		{ "ml-task", 0, 0, G_OPTION_ARG_CALLBACK, meta_option, "--meta \"ML Task=V\"", "V" },
		{ "is-training", 0, 0, G_OPTION_ARG_CALLBACK, meta_option, "--meta \"Is Training=V\"", "V" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

const struct view_options export_view_options = {
	.name = "export",
	.description = "Dataset export (one row per leaf operation):",
	.help_description = "Show the dataset export options",
	.entries = export_entries,
};
