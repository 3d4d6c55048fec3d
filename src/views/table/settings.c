#include "views/table/settings.h"
#include <string.h>

GOptionGroup *view_options_group(const struct view_options *view, struct options *options)
{
	g_autoptr(GArray) entries = g_array_new(TRUE, TRUE, sizeof(GOptionEntry)); /* ends in a zeroed entry */
	view->entries(options, entries);
	if (!view->description)
		for (guint i = 0; i < entries->len; i++)
			g_array_index(entries, GOptionEntry, i).flags |= G_OPTION_FLAG_IN_MAIN;
	/* GOption wants a description of every group, shown only for one with entries outside the main section */
	GOptionGroup *group = g_option_group_new(view->name, view->description ? view->description : view->name,
						 view->help_description ? view->help_description : view->name, options,
						 NULL);
	g_option_group_add_entries(group, (const GOptionEntry *)entries->data);
	return group;
}

gboolean options_usage(GError **error, const char *message)
{
	g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, message);
	return FALSE;
}

void options_clear(struct options *options)
{
	g_strfreev(options->sources);
	g_strfreev(options->merge);
	g_free(options->dst);
	g_free(options->et);
	g_strfreev(options->graph_captures);
	g_strfreev(options->monitor_cats);
	g_strfreev(options->host_cats);
	g_strfreev(options->device_cats);
	g_free(options->opaque_file);
	g_free(options->exclude_file);
	g_free(options->peaks_file);
	if (options->budgets) /* its clear function frees each budget's glob */
		g_array_unref(options->budgets);
	g_strfreev(options->bases);
	g_free(options->junit);
	if (options->communication)
		g_regex_unref(options->communication);
	for (guint i = 0; options->meta && i < options->meta->len; i++) {
		struct meta_column *meta = &g_array_index(options->meta, struct meta_column, i);
		g_free((char *)meta->name);
		g_free((char *)meta->value);
	}
	if (options->meta)
		g_array_free(options->meta, TRUE);
	if (options->columns)
		g_ptr_array_free(options->columns, TRUE);
	g_free(options->columns_list);
	g_free(options->sort_list);
	if (options->sort)
		g_ptr_array_free(options->sort, TRUE);
	if (options->what_if)
		g_ptr_array_free(options->what_if, TRUE);
	memset(options, 0, sizeof *options);
}
