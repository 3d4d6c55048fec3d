/* Option values: the values of options parsed and checked. An empty value,
 * or an empty name in a comma-separated list (two commas in a row, or one
 * at an end), names nothing and is a usage error; blanks around a name are
 * not part of it. Depth bounds are -1 or >= 1. */
#include "views/table/option_values.h"
#include <stdlib.h>
#include <string.h>

/* An empty name (only blanks between two commas, or before or after one)
 * names nothing: most likely a slip of the shell ("-mc $CATS,x"). */
gboolean option_list_check(const char *option, const char *value, const char *what, gboolean prefix,
			   GError **error)
{
	if (!value)
		return TRUE;
	const char *list = prefix && value[0] == '+' ? value + 1 : value;
	g_auto(GStrv) parts = g_strsplit(list, ",", -1);
	guint empty = 0, count = g_strv_length(parts);
	for (char **part = parts; *part; part++)
		empty += !*g_strstrip(*part);
	if (count && !empty)
		return TRUE;
	if (empty == count)
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s names no %s", option, what);
	else
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "%s '%s' has an empty %s (two commas in a row, or one at an end)", option, value, what);
	return FALSE;
}

char **option_list_split(const char *text)
{
	char **parts = g_strsplit(text, ",", -1);
	GPtrArray *kept = g_ptr_array_new();
	for (char **p = parts; *p; p++) {
		char *item = g_strstrip(*p);
		if (*item)
			g_ptr_array_add(kept, g_strdup(item));
	}
	g_strfreev(parts);
	g_ptr_array_add(kept, NULL);
	return (char **)g_ptr_array_free(kept, FALSE);
}

gboolean option_depth_parse(const char *option, const char *text, int *depth, GError **error)
{
	char *end;
	long value;
	if (!text) {
		*depth = DEPTH_UNBOUNDED;
		return TRUE;
	}
	value = strtol(text, &end, 10);
	if (*text && !*end && (value == -1 || (value >= 1 && value <= G_MAXINT))) {
		*depth = (int)value;
		return TRUE;
	}
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
		    "%s must be -1 (no bound) or a whole number >= 1, not '%s'", option, text);
	return FALSE;
}

/* The empty file names of OPTIONS' --et, --opaque, --exclude and --merge. */
gboolean option_files_check(const struct options *options, GError **error)
{
	const char *files[][2] = { { "--et", options->et },
				   { "--opaque/--whitelist", options->opaque_file },
				   { "--exclude/--blacklist", options->exclude_file } };
	for (gsize i = 0; i < G_N_ELEMENTS(files); i++)
		if (files[i][1] && !*files[i][1]) {
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s '' names no file", files[i][0]);
			return FALSE;
		}
	guint stdin_reads = 0;
	for (char **source = options->sources; source && *source; source++)
		stdin_reads += strcmp(*source, "-") == 0;
	for (char **capture = options->graph_captures; capture && *capture; capture++) {
		if (!**capture) {
			g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--graph-capture '' names no file");
			return FALSE;
		}
		stdin_reads += strcmp(*capture, "-") == 0;
	}
	if (stdin_reads > 1 && options->graph_captures) {
		g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
				    "standard input (-) can be read once: as a trace (-s -) or as a capture (--graph-capture -)");
		return FALSE;
	}
	for (char **merge = options->merge; merge && *merge; merge++)
		if (!**merge) {
			g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--merge '' names no file");
			return FALSE;
		}
	return TRUE;
}
