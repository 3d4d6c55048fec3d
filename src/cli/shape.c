#include "cli/shape.h"
#include <string.h>
#include "input/roles.h"

static int compare_strings(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* " OPTION LIST" (no space first in an empty OUT), LIST canonical, sorted, without repeats. */
static void append_categories(GString *out, const char *option, char **list)
{
	g_autoptr(GPtrArray) sorted = g_ptr_array_new();
	for (char **category = list; *category; category++)
		g_ptr_array_add(sorted, (gpointer)category_canonical(*category));
	g_ptr_array_sort(sorted, compare_strings);
	g_string_append_printf(out, "%s%s ", out->len ? " " : "", option);
	const char *last = NULL;
	for (guint i = 0; i < sorted->len; i++) {
		if (last && strcmp(last, sorted->pdata[i]) == 0)
			continue;
		g_string_append_printf(out, "%s%s", last ? "," : "", (const char *)sorted->pdata[i]);
		last = sorted->pdata[i];
	}
}

/* " OPTION sha256:DIGITS" of the sorted NAMES, when given. */
static void append_names(GString *out, const char *option, GHashTable *names)
{
	if (!names)
		return;
	g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new(g_hash_table_size(names));
	GHashTableIter iter;
	gpointer name;
	g_hash_table_iter_init(&iter, names);
	while (g_hash_table_iter_next(&iter, &name, NULL))
		g_ptr_array_add(sorted, name);
	g_ptr_array_sort(sorted, compare_strings);
	g_autoptr(GChecksum) checksum = g_checksum_new(G_CHECKSUM_SHA256);
	for (guint i = 0; i < sorted->len; i++) {
		g_checksum_update(checksum, sorted->pdata[i], (gssize)strlen(sorted->pdata[i]));
		g_checksum_update(checksum, (const guchar *)"\n", 1);
	}
	g_string_append_printf(out, " %s sha256:%.16s", option, g_checksum_get_string(checksum));
}

char *summary_shape(const struct options *options, GHashTable *opaque, GHashTable *exclude)
{
	GString *out = g_string_new(NULL);
	append_categories(out, "-mc", options->monitor_cats);
	append_categories(out, "-hc", options->host_cats);
	append_categories(out, "-dc", options->device_cats);
	if (options->all_python_functions)
		g_string_append(out, " --all-python-functions");
	if (options->max_depth != DEPTH_UNBOUNDED)
		g_string_append_printf(out, " --max_depth %d", options->max_depth);
	if (options->min_depth != DEPTH_UNBOUNDED)
		g_string_append_printf(out, " --min_depth %d", options->min_depth);
	if (options->leaves)
		g_string_append(out, " --leaves");
	append_names(out, "--opaque", opaque);
	append_names(out, "--exclude", exclude);
	if (options->skip_empty_shapes)
		g_string_append(out, " --skip-empty-shapes");
	if (options->graph_captures) /* grafted rows add keys; each rank may have its own capture */
		g_string_append(out, " --graph-capture");
	if (options->step.given && options->step.first == options->step.last)
		g_string_append_printf(out, " --step %" G_GUINT64_FORMAT, options->step.first);
	else if (options->step.given)
		g_string_append_printf(out, " --step %" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT, options->step.first,
				       options->step.last);
	return g_string_free(out, FALSE);
}
