#include "cli/shape.h"
#include <string.h>
#include "input/roles.h"
#include "views/summaries/summary.h"

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

/* The categories of OPTIONS into OUT. */
static void append_lists(GString *out, const struct options *options)
{
	append_categories(out, "-mc", options->monitor_cats);
	append_categories(out, "-hc", options->host_cats);
	append_categories(out, "-dc", options->device_cats);
}

/* " --peaks sha256:DIGITS" of the bytes of the file PATH (its name when it cannot be read: the run read it). */
static void append_file(GString *out, const char *option, const char *path)
{
	g_autofree char *bytes = NULL;
	gsize len = 0;
	if (!g_file_get_contents(path, &bytes, &len, NULL)) {
		g_autofree char *quoted = g_shell_quote(path);
		g_string_append_printf(out, " %s %s", option, quoted);
		return;
	}
	g_autofree char *digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)bytes, len);
	g_string_append_printf(out, " %s sha256:%.16s", option, digest);
}

/* The options past summary_shape's first ones: what names and keeps rows, and the peaks of perf figures. */
static void append_rows(GString *out, const struct options *options)
{
	if (options->module_class)
		g_string_append(out, " --module-class");
	if (options->top) {
		g_string_append_printf(out, " --top %u", options->top);
		for (guint i = 0; options->sort && i < options->sort->len; i++) {
			g_autofree char *key = g_shell_quote(((const struct column *)options->sort->pdata[i])->name);
			g_string_append_printf(out, "%s%s", i ? "," : " --sort ", key);
		}
	}
	if (!((columns_flags(options->columns) | columns_flags(options->sort)) & SUMMARY_PERF_FIGURES))
		return;
	if (options->peaks_file)
		append_file(out, "--peaks", options->peaks_file);
	if (options->peak_flops)
		g_string_append_printf(out, " --peak-flops %" G_GUINT64_FORMAT, options->peak_flops);
	if (options->peak_bandwidth)
		g_string_append_printf(out, " --peak-bandwidth %" G_GUINT64_FORMAT, options->peak_bandwidth);
}

char *rank_map_shape(const struct options *options)
{
	GString *out = g_string_new(NULL);
	append_lists(out, options);
	if (options->all_python_functions)
		g_string_append(out, " --all-python-functions");
	if (options->graph_captures)
		g_string_append(out, " --graph-capture");
	if (options->communication) {
		g_autofree char *pattern = g_shell_quote(g_regex_get_pattern(options->communication));
		g_string_append_printf(out, " --comm-pattern %s", pattern);
	}
	return g_string_free(out, FALSE);
}

char *summary_shape(const struct options *options, GHashTable *opaque, GHashTable *exclude)
{
	GString *out = g_string_new(NULL);
	append_lists(out, options);
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
	append_rows(out, options);
	return g_string_free(out, FALSE);
}
