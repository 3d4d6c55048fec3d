#include "cli/options.h"
#include "config.h"
#include <stdio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/argv.h"
#include "views/nodes/columns.h"
#include "views/compare/compare_options.h"
#include "views/critical/critical_options.h"
#include "views/findings/findings_options.h"
#include "views/flame/flame_options.h"
#include "views/table/form_options.h"
#include "views/gate/gate_options.h"
#include "views/table/option_values.h"
#include "views/perf/perf_options.h"
#include "views/nodes/select_options.h"
#include "views/summaries/summary_options.h"
#include "views/table/table_options.h"

#define DEFAULT_MONITOR "python_function"
#define DEFAULT_HOST "cuda_runtime,cuda_driver"
#define DEFAULT_DEVICE "kernel,gpu_memcpy,gpu_memset"

static const char description_tail[] =
	"LIST is comma-separated. Category aliases of older traces are understood:\n"
	"Operator=cpu_op, Runtime=cuda_runtime, Kernel=kernel, Memcpy=gpu_memcpy,\n"
	"Memset=gpu_memset. Long options may be spelt with '_' or '-'.\n"
	"\n"
	"Examples:\n"
	"  profile_parser -s trace.json -d out.csv -mc cpu_op --max_depth 3\n"
	"  profile_parser -s trace.json.gz -d - -mc cpu_op,user_annotation | less\n"
	"  profile_parser -s trace.json -d - --format table --sort \"device %\"\n"
	"\n"
	"Outputs: the name of -d gives the format unless --format says otherwise:\n"
	"x.jsonl is JSON Lines, x.csv.gz and x.jsonl.gz are gzip; a name that\n"
	"contradicts --format is an error. In -d DIR/, traces of one name are told\n"
	"apart by their folders (a/t.json, b/t.json: DIR/a_t.csv, DIR/b_t.csv).\n"
	"An output that is an input is an error; SIGINT, SIGTERM and SIGHUP\n"
	"leave no temporary file. x.folded is folded stacks, x.svg a flame\n"
	"graph and x.html a page for a browser (see VIEWS in profile_parser(1)).\n"
	"\n"
	"Exit status: 0 done; 1 a trace, or a file named by --et, --opaque or\n"
	"--exclude, could not be read or is not what it should be, or an output\n"
	"could not be written (with many traces: any of them failed), or a\n"
	"--merge summary could not be read or is not one (not a JSON Lines\n"
	"summary, a name and rank twice, not a regular file: a FIFO), or the\n"
	"summaries mix views or options, or memory ran out, or the traces of\n"
	"--fail-on-regression come from different devices or world sizes;\n"
	"2 usage error; 3 a finding --fail-on names fired, or\n"
	"--fail-on-regression's regression (the reason said even with -q);\n"
	"128+N ended by signal N (SIGINT 130, SIGTERM 143, SIGHUP 129).\n";

#define HELP_WIDTH 72

/* --version, in the GNU form (as coreutils words it); the licence's text is
 * the file LICENSE. */
#define COPYRIGHT "Copyright (C) 2026 the profile_parser authors."
#define LICENSE "License MIT: the MIT License <https://opensource.org/licenses/MIT>."
static const char version_text[] =
	"profile_parser " PACKAGE_VERSION "\n" COPYRIGHT "\n" LICENSE "\n"
	"This is free software: you are free to change and redistribute it.\n"
	"There is NO WARRANTY, to the extent permitted by law.\n";

/* The --help text after the options: the default columns, from the
 * catalogue, filled to HELP_WIDTH, then DESCRIPTION_TAIL. */
static char *description(void)
{
	g_autofree char *names = catalogue_names(node_catalogue(), COLUMN_DEFAULT);
	g_auto(GStrv) items = g_strsplit(names, ", ", -1);
	GString *text = g_string_new("Columns:");
	gsize line_start = 0;
	for (char **item = items; *item; item++) {
		/* each column with its comma, the last with the reference */
		g_autofree char *shown = g_strconcat(*item, item[1] ? "," : " (see profile_parser(1)).", NULL);
		gboolean fits = text->len - line_start + 1 + strlen(shown) <= HELP_WIDTH;
		g_string_append_c(text, fits ? ' ' : '\n');
		if (!fits)
			line_start = text->len;
		g_string_append(text, shown);
	}
	g_string_append_printf(text, "\n\n%s", description_tail);
	return g_string_free(text, FALSE);
}

/* The views' options (src/views/table/settings.h): their entries show in --help
 * in this order, after the command line's own, and they are checked in it:
 * the output's form is settled before the columns, which need it. */
static const struct view_options *const views[] = {
	&columns_view_options, &summary_view_options, &compare_view_options, &step_view_options,
	&format_view_options,  &sort_view_options,    &flame_view_options,   &comm_view_options,
	&compress_view_options, &perf_view_options,   &export_view_options, &findings_view_options,
	&gate_view_options,
	&critical_view_options,
};

/* The command line's own options: what to read and write, and how. */
struct own_values {
	char *mc, *hc, *dc, *max_depth, *min_depth;
};

static void own_entries(struct options *options, struct own_values *own, GArray *entries)
{
	const GOptionEntry main_entries[] = {
		{ "src", 's', 0, G_OPTION_ARG_FILENAME_ARRAY, &options->sources, "Trace to read (plain or gzip; - is standard input); repeatable, or a directory of traces", "FILE" },
		{ "dst", 'd', 0, G_OPTION_ARG_FILENAME, &options->dst, "File to write (- is standard output; see Outputs), or DIR/ for DIR/STEM.csv", "FILE" },
		{ "et", 0, 0, G_OPTION_ARG_FILENAME, &options->et, "Execution Trace to join; a directory: the one of each trace's rank", "FILE" },
		{ "graph-capture", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->graph_captures, "Trace profiled while CUDA/HIP graphs were captured: their replays' kernels go under the ops that captured them (plain or gzip; repeatable; may be the trace itself)", "FILE" },
		{ "jobs", 'j', 0, G_OPTION_ARG_INT, &options->jobs, "Traces read at once; 0: one per processor [0]", "N" },
		{ "monitor_cat", 0, 0, G_OPTION_ARG_STRING, &own->mc, "Categories whose events become rows [" DEFAULT_MONITOR "; table and svg: by the trace]", "LIST" },
		{ "host_cat", 0, 0, G_OPTION_ARG_STRING, &own->hc, "Categories of launch events [" DEFAULT_HOST "; table and svg: by the trace]", "LIST" },
		{ "device_cat", 0, 0, G_OPTION_ARG_STRING, &own->dc, "Categories of device events [" DEFAULT_DEVICE "; table and svg: by the trace]", "LIST" },
		{ "max_depth", 0, 0, G_OPTION_ARG_STRING, &own->max_depth, "Deepest level written; -1 is no bound [-1]", "N" },
		{ "min_depth", 0, 0, G_OPTION_ARG_STRING, &own->min_depth, "Shallowest level written; -1 is no bound [-1]", "N" },
		{ "all-python-functions", 0, 0, G_OPTION_ARG_NONE, &options->all_python_functions, "Keep every python_function event, not only nn.Module ones", NULL },
		{ "module-class", 0, 0, G_OPTION_ARG_NONE, &options->module_class, "Name every nn.Module: NAME_N frame nn.Module: NAME: one row or frame per module class", NULL },
		{ "quiet", 'q', 0, G_OPTION_ARG_NONE, &options->quiet, "No report and no warnings on standard error", NULL },
		{ "version", 0, 0, G_OPTION_ARG_NONE, &options->show_version, "Print the version and exit", NULL },
	};
	g_array_append_vals(entries, main_entries, G_N_ELEMENTS(main_entries));
}

/* The context of every option: the command line's own in the main group,
 * then each view's group (GROUPS[i], VIEWS[i]'s, owned by the context); ALL
 * gets every entry, for canonical_argv. */
static GOptionContext *make_context(struct options *options, struct own_values *own, GArray *all,
				    GOptionGroup *groups[G_N_ELEMENTS(views)])
{
	GOptionContext *context = g_option_context_new("- per-node host, launch and device times of a PyTorch profiler trace");
	g_autoptr(GArray) entries = g_array_new(TRUE, TRUE, sizeof(GOptionEntry)); /* ends in a zeroed entry */
	own_entries(options, own, entries);
	g_array_append_vals(all, entries->data, entries->len);
	/* the callbacks of the main group get OPTIONS too */
	GOptionGroup *main_group = g_option_group_new(NULL, NULL, NULL, options, NULL);
	g_option_group_add_entries(main_group, (const GOptionEntry *)entries->data);
	g_option_context_set_main_group(context, main_group);
	for (gsize i = 0; i < G_N_ELEMENTS(views); i++) {
		g_array_set_size(entries, 0);
		views[i]->entries(options, entries);
		g_array_append_vals(all, entries->data, entries->len);
		groups[i] = view_options_group(views[i], options);
		g_option_context_add_group(context, groups[i]);
	}
	g_autofree char *text = description();
	g_option_context_set_description(context, text);
	return context;
}

/* The help that canonical ARGS ask for, in GOption's spellings (values of
 * options are not options): TRUE for some, with *MAIN (--help) or *GROUP
 * (--help-NAME: of a view with a group of its own) set; neither is
 * --help-all. */
static gboolean help_wanted(char **args, const GArray *all, GOptionGroup *const groups[G_N_ELEMENTS(views)],
			    gboolean *main, GOptionGroup **group)
{
	*main = FALSE, *group = NULL;
	for (gsize i = 1; args[i] && strcmp(args[i], "--") != 0; i++) {
		if (strcmp(args[i], "-h") == 0 || strcmp(args[i], "-?") == 0 || strcmp(args[i], "--help") == 0)
			return *main = TRUE;
		if (strcmp(args[i], "--help-all") == 0)
			return TRUE;
		for (gsize v = 0; v < G_N_ELEMENTS(views); v++)
			if (views[v]->description && g_str_has_prefix(args[i], "--help-") &&
			    strcmp(args[i] + 7, views[v]->name) == 0) {
				*group = groups[v];
				return TRUE;
			}
		if (option_takes_value(args[i], all) && args[i + 1])
			i++;
	}
	return FALSE;
}

static void print_help(GOptionContext *context, gboolean main, GOptionGroup *group)
{
	if (!g_get_prgname()) /* GOption sets it when it parses, and the usage line names it */
		g_set_prgname("profile_parser");
	g_autofree char *text = g_option_context_get_help(context, main, group);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	g_autoptr(GString) out = g_string_new(NULL);
	for (char **line = lines; *line; line++)
		if (line[1] || **line) /* the text ends in a newline */
			help_line_append(out, *line);
	fputs(out->str, stdout);
}

/* The command line's own usage errors, once the views have checked theirs. */
static gboolean check_options(struct options *options, GError **error)
{
	if ((!options->sources && !options->merge) || !options->dst) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s",
			    !options->sources ? "-s/--src FILE is required" : "-d/--dst FILE is required");
		return FALSE;
	}
	if (!*options->dst) { /* caught before any trace is read */
		g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
				    "-d '' names no file (- is standard output)");
		return FALSE;
	}
	for (char **source = options->sources; source && *source; source++)
		if (!**source) {
			g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
					    "-s '' names no file (- is standard input)");
			return FALSE;
		}
	if (!option_files_check(options, error))
		return FALSE;
	if (options->jobs < 0) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "-j wants a number of traces >= 1, or 0 for one per processor, not %d", options->jobs);
		return FALSE;
	}
	if (options->max_depth != DEPTH_UNBOUNDED && options->min_depth != DEPTH_UNBOUNDED &&
	    options->max_depth < options->min_depth) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--max_depth %d is below --min_depth %d", options->max_depth, options->min_depth);
		return FALSE;
	}
	return TRUE;
}

/* Each view's check, or settle, in the order of the list. */
static gboolean views_check(struct options *options, gboolean settle, GError **error)
{
	for (gsize i = 0; i < G_N_ELEMENTS(views); i++) {
		gboolean (*hook)(struct options *, GError **) = settle ? views[i]->settle : views[i]->check;
		if (hook && !hook(options, error))
			return FALSE;
	}
	return TRUE;
}

enum options_result options_parse(int argc, char **argv, struct options *options, GError **error)
{
	struct own_values own = { 0 };
	memset(options, 0, sizeof *options);
	options->meta = g_array_new(FALSE, FALSE, sizeof(struct meta_column));
	options->columns = g_ptr_array_new();
	options->sort = g_ptr_array_new();
	g_autoptr(GArray) all = g_array_new(FALSE, TRUE, sizeof(GOptionEntry));
	GOptionGroup *groups[G_N_ELEMENTS(views)];
	g_autoptr(GOptionContext) context = make_context(options, &own, all, groups);
	g_auto(GStrv) args = canonical_argv(argc, argv, all);
	gboolean main_help;
	GOptionGroup *help_group;
	if (help_wanted(args, all, groups, &main_help, &help_group)) {
		print_help(context, main_help, help_group);
		return OPTIONS_DONE;
	}
	gboolean ok = g_option_context_parse_strv(context, &args, error);
	if (ok && args[0] && args[1]) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "unexpected argument '%s'", args[1]);
		ok = FALSE;
	}
	enum options_result result = OPTIONS_USAGE;
	if (ok && options->show_version) {
		fputs(version_text, stdout);
		result = OPTIONS_DONE;
	} else if (ok && option_list_check("-mc/--monitor_cat", own.mc, "category", FALSE, error) &&
		   option_list_check("-hc/--host_cat", own.hc, "category", FALSE, error) &&
		   option_list_check("-dc/--device_cat", own.dc, "category", FALSE, error) &&
		   views_check(options, FALSE, error)) {
		options->monitor_cats = option_list_split(own.mc ? own.mc : DEFAULT_MONITOR);
		options->host_cats = option_list_split(own.hc ? own.hc : DEFAULT_HOST);
		options->device_cats = option_list_split(own.dc ? own.dc : DEFAULT_DEVICE);
		options->monitor_cats_given = own.mc != NULL;
		options->host_cats_given = own.hc != NULL;
		options->device_cats_given = own.dc != NULL;
		if (option_depth_parse("--max_depth", own.max_depth, &options->max_depth, error) &&
		    option_depth_parse("--min_depth", own.min_depth, &options->min_depth, error) &&
		    check_options(options, error) && views_check(options, TRUE, error))
			result = OPTIONS_RUN;
	}
	g_free(own.mc), g_free(own.hc), g_free(own.dc), g_free(own.max_depth), g_free(own.min_depth);
	return result;
}
