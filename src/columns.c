#include "columns.h"
#include <string.h>

static const char *const names[COL_COUNT] = {
	[COL_NAME] = "name",
	[COL_ARGS] = "args",
	[COL_HOST_DURATION] = "host duration(ms)",
	[COL_DEVICE_DURATION] = "device duration(ms)",
	[COL_LAUNCH_DURATION] = "cuda launch duration(ms)",
	[COL_CUDA_RUNTIME] = "cuda_runtime",
	[COL_KERNELS] = "kernels",
	[COL_KERNEL_INFOS] = "kernel infos",
	[COL_HOST_TS] = "host ts",
	[COL_LAUNCH_TS] = "cuda launch ts",
	[COL_KERNEL_TS] = "kernel ts",
	[COL_OPERATION] = "Operation",
	[COL_DEPTH] = "depth",
	[COL_PID] = "pid",
	[COL_TID] = "tid",
	[COL_CATEGORY] = "category",
	[COL_SELF_HOST_DURATION] = "self host duration(ms)",
	[COL_SELF_DEVICE_DURATION] = "self device duration(ms)",
	[COL_LAUNCH_COUNT] = "launch count",
	[COL_DEVICE_EVENT_COUNT] = "device event count",
	[COL_INPUT_DIMS] = "Input Dims",
	[COL_INPUT_TYPE] = "Input Type",
	[COL_ET_NODE] = "et node",
	[COL_OP_SCHEMA] = "op schema",
	[COL_INPUT_SHAPES] = "input shapes",
	[COL_INPUT_TYPES] = "input types",
	[COL_OUTPUT_SHAPES] = "output shapes",
	[COL_OUTPUT_TYPES] = "output types",
	[COL_HOST_MEMORY] = "host memory(bytes)",
	[COL_SELF_HOST_MEMORY] = "self host memory(bytes)",
	[COL_DEVICE_MEMORY] = "device memory(bytes)",
	[COL_SELF_DEVICE_MEMORY] = "self device memory(bytes)",
};

static const char *const summary_names[SUM_COLUMN_COUNT] = {
	[SUM_NAME] = "name",
	[SUM_COUNT] = "count",
	[SUM_HOST_TOTAL] = "host total(ms)",
	[SUM_HOST_MEAN] = "host mean(ms)",
	[SUM_HOST_MIN] = "host min(ms)",
	[SUM_HOST_MAX] = "host max(ms)",
	[SUM_SELF_HOST_TOTAL] = "self host total(ms)",
	[SUM_DEVICE_TOTAL] = "device total(ms)",
	[SUM_SELF_DEVICE_TOTAL] = "self device total(ms)",
	[SUM_LAUNCH_TOTAL] = "cuda launch total(ms)",
	[SUM_LAUNCH_COUNT] = "launch count",
	[SUM_DEVICE_EVENT_COUNT] = "device event count",
};

/* A catalogue of column names; column ids are indices into it (ints). */
struct catalogue {
	const char *const *names;
	int count;
};

static const struct catalogue rows_catalogue = { names, COL_COUNT };
static const struct catalogue summary_catalogue = { summary_names, SUM_COLUMN_COUNT };

const char *column_name(enum column column)
{
	return names[column];
}

const char *summary_column_name(enum summary_column column)
{
	return summary_names[column];
}

static char *catalogue_text(const struct catalogue *catalogue)
{
	GString *text = g_string_new(NULL);
	for (int c = 0; c < catalogue->count; c++)
		g_string_append_printf(text, "%s%s", c ? ", " : "", catalogue->names[c]);
	return g_string_free(text, FALSE);
}

static gboolean add_named(const struct catalogue *catalogue, const char *name, GArray *columns, GError **error)
{
	for (int c = 0; c < catalogue->count; c++) {
		if (g_ascii_strcasecmp(name, catalogue->names[c]) == 0) {
			g_array_append_val(columns, c);
			return TRUE;
		}
	}
	g_autofree char *known = catalogue_text(catalogue);
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "unknown column '%s'; the columns are: %s", name,
		    known);
	return FALSE;
}

/* The names of LIST (after a '+', if any) appended to COLUMNS. */
static gboolean add_list(const struct catalogue *catalogue, const char *list, GArray *columns, GError **error)
{
	g_auto(GStrv) parts = g_strsplit(list + (list[0] == '+'), ",", -1);
	for (char **part = parts; *part; part++) {
		char *name = g_strstrip(*part);
		if (*name && !add_named(catalogue, name, columns, error))
			return FALSE;
	}
	if (columns->len == 0) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--columns names no column");
		return FALSE;
	}
	return TRUE;
}

/* Column ids are stored as ints, the size of either enum. */
static void append_range(GArray *columns, int first, int end)
{
	for (int c = first; c < end; c++)
		g_array_append_val(columns, c);
}

gboolean columns_parse(const char *list, gboolean with_et, GArray *columns, GError **error)
{
	gboolean extend = list && list[0] == '+';
	if (!list || extend) {
		append_range(columns, 0, COL_DEFAULT_COUNT);
		if (with_et)
			append_range(columns, COL_ET_NODE, COL_OUTPUT_TYPES + 1);
	}
	return !list || add_list(&rows_catalogue, list, columns, error);
}

gboolean summary_columns_parse(const char *list, GArray *columns, GError **error)
{
	if (!list || list[0] == '+')
		append_range(columns, 0, SUM_COLUMN_COUNT);
	return !list || add_list(&summary_catalogue, list, columns, error);
}

gboolean columns_need_extras(const GArray *columns)
{
	for (guint i = 0; i < columns->len; i++) {
		enum column c = g_array_index(columns, enum column, i);
		if (c == COL_INPUT_DIMS || c == COL_INPUT_TYPE || (c >= COL_ET_NODE && c <= COL_OUTPUT_TYPES))
			return TRUE;
	}
	return FALSE;
}

gboolean columns_need_memory(const GArray *columns)
{
	for (guint i = 0; i < columns->len; i++)
		if (g_array_index(columns, enum column, i) >= COL_HOST_MEMORY)
			return TRUE;
	return FALSE;
}
