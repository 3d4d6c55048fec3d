#include "options.h"
#include "config.h"
#include <stdio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include "argv.h"
#include "option_values.h"
#include "combine.h"
#include "flame.h"
#include "output.h"
#include "sort.h"

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
	"leave no temporary file. x.folded is folded stacks and x.svg a flame\n"
	"graph (see VIEWS in profile_parser(1)).\n"
	"\n"
	"Exit status: 0 done; 1 a trace, or a file named by --et, --opaque or\n"
	"--exclude, could not be read or is not what it should be, or an output\n"
	"could not be written (with many traces: any of them failed), or a\n"
	"--merge summary could not be read or is not one (not a JSON Lines\n"
	"summary, a name and rank twice, not a regular file: a FIFO), or the\n"
	"summaries mix views or options, or memory ran out; 2 usage error;\n"
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

static gboolean summary_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	static const char *const modes[] = { [SUMMARY_PATH] = "path", [SUMMARY_NAME] = "name",
					     [SUMMARY_STEP] = "step", [SUMMARY_KERNEL] = "kernel" };
	for (enum summary_mode mode = SUMMARY_PATH; mode < G_N_ELEMENTS(modes); mode++)
		if (strcmp(value, modes[mode]) == 0) {
			options->summary = mode;
			return TRUE;
		}
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--summary wants path, name, step or kernel, not '%s'",
		    value);
	return FALSE;
}

/* --diff path|name: a summary of each of two traces, compared. */
static gboolean diff_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	if (strcmp(value, "path") != 0 && strcmp(value, "name") != 0) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--diff wants path or name, not '%s'", value);
		return FALSE;
	}
	options->compare = COMPARE_DIFF;
	return summary_option(option, value, data, error);
}

static gboolean format_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	options->format = sink_class_find(value);
	if (!options->format) {
		g_autofree char *formats = sink_formats();
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--format wants %s, not '%s'", formats, value);
		return FALSE;
	}
	return TRUE;
}

/* --sort LIST: its names are looked up once the catalogue is known. */
static gboolean sort_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option, (void)error;
	g_free(options->sort_list);
	options->sort_list = g_strdup(value);
	return TRUE;
}

static gboolean top_option(const char *option, const char *value, gpointer data, GError **error)
{
	(void)option;
	return sort_parse_top(value, &((struct options *)data)->top, error);
}

static GOptionContext *make_context(char ***src, char **dst, char **mc, char **hc, char **dc,
				    char **max_depth, char **min_depth, char **columns, struct options *options,
				    GOptionGroup **export_group)
{
	GOptionEntry entries[] = {
		{ "src", 's', 0, G_OPTION_ARG_FILENAME_ARRAY, src, "Trace to read (plain or gzip; - is standard input); repeatable, or a directory of traces", "FILE" },
		{ "dst", 'd', 0, G_OPTION_ARG_FILENAME, dst, "File to write (- is standard output; see Outputs), or DIR/ for DIR/STEM.csv", "FILE" },
		{ "et", 0, 0, G_OPTION_ARG_FILENAME, &options->et, "Execution Trace to join; a directory: the one of each trace's rank", "FILE" },
		{ "jobs", 'j', 0, G_OPTION_ARG_INT, &options->jobs, "Traces read at once; 0: one per processor [0]", "N" },
		{ "monitor_cat", 0, 0, G_OPTION_ARG_STRING, mc, "Categories whose events become rows [" DEFAULT_MONITOR "; table and svg: by the trace]", "LIST" },
		{ "host_cat", 0, 0, G_OPTION_ARG_STRING, hc, "Categories of launch events [" DEFAULT_HOST "; table and svg: by the trace]", "LIST" },
		{ "device_cat", 0, 0, G_OPTION_ARG_STRING, dc, "Categories of device events [" DEFAULT_DEVICE "; table and svg: by the trace]", "LIST" },
		{ "max_depth", 0, 0, G_OPTION_ARG_STRING, max_depth, "Deepest level written; -1 is no bound [-1]", "N" },
		{ "min_depth", 0, 0, G_OPTION_ARG_STRING, min_depth, "Shallowest level written; -1 is no bound [-1]", "N" },
		{ "all-python-functions", 0, 0, G_OPTION_ARG_NONE, &options->all_python_functions, "Keep every python_function event, not only nn.Module ones", NULL },
		{ "quiet", 'q', 0, G_OPTION_ARG_NONE, &options->quiet, "No report and no warnings on standard error", NULL },
		{ "version", 0, 0, G_OPTION_ARG_NONE, &options->show_version, "Print the version and exit", NULL },
		{ "columns", 0, 0, G_OPTION_ARG_STRING, columns, "Columns to write, in order; +LIST: the default ones and LIST", "LIST" },
		{ "summary", 0, 0, G_OPTION_ARG_CALLBACK, summary_option, "One row per call path, op name, step (ProfilerStep#N) or device event name", "path|name|step|kernel" },
		{ "diff", 0, 0, G_OPTION_ARG_CALLBACK, diff_option, "Compare two traces (-s BASE -s NEW), key by key", "path|name" },
		{ "across-ranks", 0, 0, G_OPTION_ARG_NONE, &options->across_ranks, "With --summary and many traces: one summary for the whole job", NULL },
		{ "merge", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->merge, "Reduce per-rank JSON Lines summaries (files, or directories of *.jsonl) to --across-ranks's table", "DIR" },
		{ "step", 0, 0, G_OPTION_ARG_CALLBACK, option_step, "Only what happens in steps N to M (ProfilerStep#N, by time and process)", "N[-M]" },
		{ "format", 0, 0, G_OPTION_ARG_CALLBACK, format_option, "csv; jsonl: one JSON object per row; table: aligned for reading; folded: stacks; svg: a flame graph [by the name of -d, else csv]", "FORMAT" },
		{ "sort", 0, 0, G_OPTION_ARG_CALLBACK, sort_option, "Order rows by these columns: numbers descending, text ascending", "LIST" },
		{ "top", 0, 0, G_OPTION_ARG_CALLBACK, top_option, "Write only the first N rows (after --sort)", "N" },
		{ "weight", 0, 0, G_OPTION_ARG_CALLBACK, flame_weight_option, "What folded and svg weigh: device (time), launch (time) or host (self time) [device]", "WEIGHT" },
		{ "comm-pattern", 0, 0, G_OPTION_ARG_CALLBACK, option_comm_pattern, "Device events (by name, any case) that communication(ms) counts [nccl|rccl|...; see profile_parser(1)]", "REGEX" },
		{ "compress", 0, 0, G_OPTION_ARG_NONE, &options->compress, "Write gzip (for -d - and DIR/; a name ending in .gz needs none)", NULL },
		{ NULL, 0, 0, 0, NULL, NULL, NULL },
	};
	GOptionEntry export_entries[] = {
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
		{ NULL, 0, 0, 0, NULL, NULL, NULL },
	};
	GOptionContext *context = g_option_context_new("- per-node host, launch and device times of a PyTorch profiler trace");
	/* the callbacks of the main group get OPTIONS too */
	GOptionGroup *main_group = g_option_group_new(NULL, NULL, NULL, options, NULL);
	g_option_group_add_entries(main_group, entries);
	g_option_context_set_main_group(context, main_group);
	GOptionGroup *export = g_option_group_new("export", "Dataset export (one row per leaf operation):",
						  "Show the dataset export options", options, NULL);
	g_option_group_add_entries(export, export_entries);
	g_option_context_add_group(context, export);
	*export_group = export;
	g_autofree char *text = description();
	g_option_context_set_description(context, text);
	return context;
}

enum help { HELP_NONE, HELP_MAIN, HELP_ALL, HELP_EXPORT };

/* The help that canonical ARGS ask for, in GOption's spellings; values of
 * options are not options. */
static enum help help_wanted(char **args)
{
	for (gsize i = 1; args[i] && strcmp(args[i], "--") != 0; i++) {
		if (strcmp(args[i], "-h") == 0 || strcmp(args[i], "-?") == 0 || strcmp(args[i], "--help") == 0)
			return HELP_MAIN;
		if (strcmp(args[i], "--help-all") == 0)
			return HELP_ALL;
		if (strcmp(args[i], "--help-export") == 0)
			return HELP_EXPORT;
		if (option_takes_value(args[i]) && args[i + 1])
			i++;
	}
	return HELP_NONE;
}

static void print_help(GOptionContext *context, GOptionGroup *export_group, enum help help)
{
	if (!g_get_prgname()) /* GOption sets it when it parses, and the usage line names it */
		g_set_prgname("profile_parser");
	g_autofree char *text = g_option_context_get_help(context, help == HELP_MAIN,
							  help == HELP_EXPORT ? export_group : NULL);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	g_autoptr(GString) out = g_string_new(NULL);
	for (char **line = lines; *line; line++)
		if (line[1] || **line) /* the text ends in a newline */
			help_line_append(out, *line);
	fputs(out->str, stdout);
}

static gboolean check_options(struct options *options, GError **error)
{
	if (!compare_check(options, error))
		return FALSE;
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

/* The format a name's extension (".jsonl") stands for, or NULL. */
static const struct sink_class *format_of_extension(const char *extension)
{
	const struct sink_class *format = extension ? sink_class_find(extension + 1) : NULL;
	return format && strcmp(format->extension, extension) == 0 ? format : NULL;
}

/* Whether --compress may write to DST without a name ending in .gz: standard
 * output, DIR/ (STEM.EXT.gz) and files that are not regular (FIFOs) have no
 * name to contradict. */
static gboolean may_compress_unnamed(const char *dst)
{
	GStatBuf status;
	return strcmp(dst, "-") == 0 || output_is_directory(dst) ||
	       (g_stat(dst, &status) == 0 && !S_ISREG(status.st_mode));
}

/* The output's form follows the name of -d (x.jsonl, x.csv.gz) unless
 * --format says otherwise; decided here, since the reader must know it. A
 * name that contradicts --format or --compress is a usage error. */
static gboolean choose_form(struct options *options, GError **error)
{
	gboolean gzip = FALSE;
	g_autofree char *extension = output_is_directory(options->dst) ? NULL : output_name_extension(options->dst, &gzip);
	const struct sink_class *named = format_of_extension(extension);
	if (named && options->format && named != options->format) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "-d %s names a %s file, but --format is %s", options->dst, named->format, options->format->format);
		return FALSE;
	}
	if (options->compress && !gzip && !may_compress_unnamed(options->dst)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--compress writes gzip: name the output %s.gz, or write to - or DIR/", options->dst);
		return FALSE;
	}
	if (!options->format)
		options->format = named ? named : &csv_sink;
	options->compress = options->compress || gzip;
	return TRUE;
}

/* The columns (and the sort keys) from the catalogue of the rows: a
 * comparison's, a summary's, or the per-node one; --format table has its own
 * defaults, and a summary in JSON Lines carries the trace's rank (for --merge). */
static gboolean pick_columns(struct options *options, const char *columns, GError **error)
{
	const struct catalogue *catalogue = options->compare   ? compare_catalogue(options->compare)
					    : options->summary ? summary_catalogue(options->summary)
							       : node_catalogue();
	guint defaults = COLUMN_DEFAULT;
	if (options->et && !options->summary && !options->compare)
		defaults |= NODE_ET;
	if (options->summary && !options->compare && options->format == &jsonl_sink)
		defaults |= SUMMARY_JSONL_DEFAULT;
	g_autofree char *view = options->format == &table_sink && !options->summary && !options->compare
					? node_view_list(columns) : NULL;
	return catalogue_pick(catalogue, view ? view : columns, defaults, options->columns, error) &&
	       sort_pick(catalogue, options->sort_list, options->sort, error);
}

enum options_result options_parse(int argc, char **argv, struct options *options, GError **error)
{
	g_autofree char *mc = NULL, *hc = NULL, *dc = NULL, *max_depth = NULL, *min_depth = NULL, *columns = NULL;
	memset(options, 0, sizeof *options);
	options->meta = g_array_new(FALSE, FALSE, sizeof(struct meta_column));
	options->columns = g_ptr_array_new();
	options->sort = g_ptr_array_new();
	GOptionGroup *export_group;
	g_autoptr(GOptionContext) context = make_context(&options->sources, &options->dst, &mc, &hc, &dc,
							 &max_depth, &min_depth, &columns, options, &export_group);
	g_auto(GStrv) args = canonical_argv(argc, argv);
	enum help help = help_wanted(args);
	if (help != HELP_NONE) {
		print_help(context, export_group, help);
		return OPTIONS_DONE;
	}
	gboolean ok = g_option_context_parse_strv(context, &args, error);
	if (ok && args[0] && args[1]) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "unexpected argument '%s'", args[1]);
		ok = FALSE;
	}
	if (!ok)
		return OPTIONS_USAGE;
	if (options->show_version) {
		fputs(version_text, stdout);
		return OPTIONS_DONE;
	}
	if (!option_list_check("-mc/--monitor_cat", mc, "category", FALSE, error) ||
	    !option_list_check("-hc/--host_cat", hc, "category", FALSE, error) ||
	    !option_list_check("-dc/--device_cat", dc, "category", FALSE, error) ||
	    !option_list_check("--columns", columns, "column", TRUE, error) ||
	    !option_list_check("--sort", options->sort_list, "column", FALSE, error))
		return OPTIONS_USAGE;
	options->monitor_cats = option_list_split(mc ? mc : DEFAULT_MONITOR);
	options->host_cats = option_list_split(hc ? hc : DEFAULT_HOST);
	options->device_cats = option_list_split(dc ? dc : DEFAULT_DEVICE);
	options->monitor_cats_given = mc != NULL;
	options->host_cats_given = hc != NULL;
	options->device_cats_given = dc != NULL;
	if (!option_depth_parse("--max_depth", max_depth, &options->max_depth, error) ||
	    !option_depth_parse("--min_depth", min_depth, &options->min_depth, error) || !check_options(options, error) ||
	    !choose_form(options, error) || !pick_columns(options, columns, error) || !flame_options_check(options, error))
		return OPTIONS_USAGE;
	return OPTIONS_RUN;
}

void options_clear(struct options *options)
{
	g_strfreev(options->sources);
	g_strfreev(options->merge);
	g_free(options->dst);
	g_free(options->et);
	g_strfreev(options->monitor_cats);
	g_strfreev(options->host_cats);
	g_strfreev(options->device_cats);
	g_free(options->opaque_file);
	g_free(options->exclude_file);
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
	g_free(options->sort_list);
	if (options->sort)
		g_ptr_array_free(options->sort, TRUE);
	memset(options, 0, sizeof *options);
}
