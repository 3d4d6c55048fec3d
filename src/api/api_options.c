/* Options by name: each set is the program's argument "--NAME=VALUE" (a
 * value that starts with '-' stays a value), checked at once by parsing
 * every argument set so far with a trace and an output as the program
 * would; the names the library has no use for are refused by name. */
#include "api/api_options.h"
#include <string.h>

/* What the library writes is its tables and its text, of the traces given to pp_analyze. */
static const char *const refused[] = { "src", "s", "dst", "d", "format", "compress", "jobs", "j", "quiet", "q",
				       "help", "help-all", "h", "version", "junit", "merge", NULL };

static const char *const views[] = { "nodes", "path", "name", "step", "kernel", "perf", "collective", "timeline",
				     "idle", "memory", "rank", "findings", "gaps", "critical", "diff", "across_ranks",
				     NULL };

pp_options *pp_options_new(void)
{
	api_init();
	pp_options *options = g_new0(pp_options, 1);
	options->args = g_ptr_array_new_with_free_func(g_free);
	options->names = g_ptr_array_new_with_free_func(g_free);
	return options;
}

void pp_options_free(pp_options *options)
{
	if (!options)
		return;
	g_ptr_array_free(options->args, TRUE);
	g_ptr_array_free(options->names, TRUE);
	g_free(options);
}

struct pp_options *api_options_copy(const struct pp_options *options)
{
	struct pp_options *copy = pp_options_new();
	for (guint i = 0; options && i < options->args->len; i++) {
		g_ptr_array_add(copy->args, g_strdup(options->args->pdata[i]));
		g_ptr_array_add(copy->names, g_strdup(options->names->pdata[i]));
	}
	return copy;
}

gboolean api_view_check(const char *view, pp_error **error)
{
	if (view && g_strv_contains(views, view))
		return TRUE;
	g_autofree char *known = g_strjoinv(", ", (char **)views);
	g_autofree char *message = g_strdup_printf("%s%s%s: no such view; the views: %s", view ? "'" : "",
						   view ? view : "(none)", view ? "'" : "", known);
	api_error_set(error, PP_ERROR_USAGE, message);
	return FALSE;
}

gboolean api_options_parse(const struct pp_options *args, const char *view, const char *const *paths, gsize count,
			   const char *dst, struct options *out, pp_error **error)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new();
	g_ptr_array_add(argv, (gpointer) "profile_parser");
	for (gsize i = 0; i < count; i++) {
		g_ptr_array_add(argv, (gpointer) "-s");
		g_ptr_array_add(argv, (gpointer)paths[i]);
	}
	g_ptr_array_add(argv, (gpointer) "-d");
	g_ptr_array_add(argv, (gpointer)dst);
	gboolean summary_view = view && strcmp(view, "nodes") != 0 && strcmp(view, "diff") != 0 &&
				strcmp(view, "across_ranks") != 0;
	gboolean replace_summary = view && (summary_view || strcmp(view, "nodes") == 0); /* the view's --summary */
	for (guint i = 0; args && i < args->args->len; i++)
		if (!replace_summary || strcmp(args->names->pdata[i], "summary") != 0)
			g_ptr_array_add(argv, args->args->pdata[i]);
	g_autofree char *summary = summary_view ? g_strdup_printf("--summary=%s", view) : NULL;
	if (summary)
		g_ptr_array_add(argv, summary);
	g_ptr_array_add(argv, NULL);
	g_autoptr(GError) parse_error = NULL;
	enum options_result result = options_parse((int)argv->len - 1, (char **)argv->pdata, out, &parse_error);
	if (result == OPTIONS_RUN)
		return TRUE;
	options_clear(out);
	return api_error_set(error, PP_ERROR_USAGE,
			     parse_error ? parse_error->message : "--help and --version are the program's"),
	       FALSE;
}

int pp_options_set(pp_options *options, const char *name, const char *value, pp_error **error)
{
	if (!options || !name || !*name)
		return api_error_set(error, PP_ERROR_USAGE, "pp_options_set: no option name"), -1;
	while (*name == '-')
		name++;
	g_autofree char *canonical = g_strdup(name);
	g_strdelimit(canonical, "_", '-');
	if (g_strv_contains(refused, canonical)) {
		g_autofree char *message =
			g_strdup_printf("%s: not an option of the library (its tables and text are what it writes, of "
					"the traces given to pp_analyze)", name);
		return api_error_set(error, PP_ERROR_USAGE, message), -1;
	}
	/* the program's short spellings of the category lists, by their long names */
	static const char *const shorts[][2] = { { "mc", "monitor_cat" }, { "hc", "host_cat" }, { "dc", "device_cat" } };
	for (gsize i = 0; i < G_N_ELEMENTS(shorts); i++)
		if (strcmp(name, shorts[i][0]) == 0)
			name = shorts[i][1];
	char *arg = value ? g_strdup_printf("--%s=%s", name, value) : g_strdup_printf("--%s", name);
	g_ptr_array_add(options->args, arg);
	g_ptr_array_add(options->names, g_strdup(canonical));
	static const char *const trace[] = { "trace.json" };
	struct options parsed;
	pp_error *failed = NULL;
	if (api_options_parse(options, NULL, trace, 1, "-", &parsed, &failed)) {
		options_clear(&parsed);
		return 0;
	}
	g_ptr_array_set_size(options->args, options->args->len - 1); /* as it was */
	g_ptr_array_set_size(options->names, options->names->len - 1);
	if (error)
		*error = failed;
	else
		pp_error_free(failed);
	return -1;
}
