#include "cli/command.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <glib/gstdio.h>
#include "output/output.h"
#include "output/output_names.h"
#include "cli/combine.h"
#include "cli/combine_rank.h"
#include "cli/fail_on.h"
#include "cli/combine_critical.h"
#include "analysis/graphs.h"
#include "views/perf/perf_options.h"
#include "views/findings/findings_options.h"
#include "cli/plan.h"
#include "cli/run.h"
#include "sinks/sink_jsonl.h"
#include "sinks/sink_html.h"
#include "views/ranks/rank_reduce.h"
#include "views/gate/gate_fail_on.h"
#include "cli/gate_report.h"

/* MESSAGE, and a pointer to --help. The values a message quotes are the
 * user's (GLib's own messages quote them too): shown escaped, as file names
 * are (output_shown: escaping what is escaped changes nothing). */
int command_fail_usage(FILE *err, const char *message)
{
	g_autofree char *shown = output_shown(message);
	fprintf(err, "profile_parser: %s\nTry 'profile_parser --help' for more information.\n", shown);
	return EXIT_USAGE;
}

static int fail_file(FILE *err, const char *path, const GError *error)
{
	g_autofree char *shown = output_shown(path), *message = output_shown(error->message);
	fprintf(err, "profile_parser: %s: %s\n", shown, message);
	return EXIT_INPUT;
}

/* ERROR's message, which names the file, as the error of the run. */
static int fail_error(FILE *err, const GError *error)
{
	g_autofree char *message = output_shown(error->message);
	fprintf(err, "profile_parser: %s\n", message);
	return EXIT_INPUT;
}

/* The names of FILE, one a line; blank lines and lines starting with '#' are
 * not names. NULL (and ERROR set, the reason only: the caller names the
 * file) when FILE cannot be read; NULL without an error when no file was
 * given. */
static GHashTable *read_names(const char *path, GError **error)
{
	if (!path)
		return NULL;
	FILE *in = fopen(path, "rb");
	g_autoptr(GString) text = g_string_new(NULL);
	char buffer[65536];
	size_t n;
	while (in && (n = fread(buffer, 1, sizeof buffer, in)) > 0)
		g_string_append_len(text, buffer, (gssize)n);
	if (!in || ferror(in)) {
		int saved = errno;
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s", g_strerror(saved));
		if (in)
			fclose(in);
		return NULL;
	}
	fclose(in);
	GHashTable *names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	g_auto(GStrv) lines = g_strsplit(text->str, "\n", -1);
	for (char **line = lines; *line; line++) {
		gsize len = strlen(*line);
		if (len && (*line)[len - 1] == '\r')
			(*line)[--len] = 0;
		const char *c = *line;
		while (g_ascii_isspace(*c))
			c++;
		if (*c && (*line)[0] != '#') /* neither blank nor a comment */
			g_hash_table_add(names, g_strdup(*line));
	}
	return names;
}

/* Whether the files A and B are one (the same device and inode). */
static gboolean same_file(const char *a, const char *b)
{
	GStatBuf x, y;
	return strcmp(a, "-") != 0 && strcmp(b, "-") != 0 && g_stat(a, &x) == 0 && g_stat(b, &y) == 0 &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

static gboolean is_json_file(const char *name)
{
	return g_str_has_suffix(name, ".json") || g_str_has_suffix(name, ".json.gz");
}

/* Whether PATH, by its first kilobytes, is a PyTorch Execution Trace (a
 * "nodes" array and no "traceEvents"): those are told apart in directories. */
static gboolean looks_like_execution_trace(const char *path)
{
	gzFile in = gzopen(path, "rb");
	if (!in)
		return FALSE;
	char head[4097];
	int n = gzread(in, head, sizeof head - 1);
	gzclose(in);
	if (n <= 0)
		return FALSE;
	head[n] = 0;
	return strstr(head, "\"nodes\"") && !strstr(head, "\"traceEvents\"");
}

/* The *.json and *.json.gz files of DIRECTORY, sorted; traces or ETs. */
static GPtrArray *json_files(const char *directory, gboolean execution_traces, GError **error)
{
	g_autoptr(GDir) dir = g_dir_open(directory, 0, error);
	if (!dir)
		return NULL;
	GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
	for (const char *name; (name = g_dir_read_name(dir));) {
		char *path = g_build_filename(directory, name, NULL);
		if (is_json_file(name) && g_file_test(path, G_FILE_TEST_IS_REGULAR) &&
		    looks_like_execution_trace(path) == execution_traces)
			g_ptr_array_add(files, path);
		else
			g_free(path);
	}
	return files;
}

static int compare_paths(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The traces the -s options name: files, "-", and the traces of directories. */
static GPtrArray *trace_paths(char **sources, gboolean *from_directory, GError **error)
{
	GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
	*from_directory = FALSE;
	for (char **source = sources; *source; source++) {
		if (strcmp(*source, "-") != 0 && g_file_test(*source, G_FILE_TEST_IS_DIR)) {
			g_autoptr(GPtrArray) files = json_files(*source, FALSE, error);
			if (!files) {
				g_ptr_array_free(paths, TRUE);
				return NULL;
			}
			g_ptr_array_sort(files, compare_paths);
			for (guint i = 0; i < files->len; i++)
				g_ptr_array_add(paths, g_strdup(files->pdata[i]));
			*from_directory = TRUE;
		} else {
			g_ptr_array_add(paths, g_strdup(*source));
		}
	}
	return paths;
}

/* --et DIR: rank (the last number of the file name) -> Execution Trace. */
static GHashTable *execution_traces_by_rank(const char *directory, GError **error)
{
	g_autoptr(GPtrArray) files = json_files(directory, TRUE, error);
	if (!files)
		return NULL;
	GHashTable *by_rank = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	for (guint i = 0; i < files->len; i++) {
		char *rank = rank_of_file_name(files->pdata[i]);
		if (rank)
			g_hash_table_replace(by_rank, rank, g_strdup(files->pdata[i]));
	}
	return by_rank;
}

static void summarize(FILE *err, GPtrArray *jobs, guint failed)
{
	fprintf(err, "profile_parser: %u trace%s: %u written, %u failed\n", jobs->len, jobs->len == 1 ? "" : "s",
		jobs->len - failed, failed);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error)
			fprintf(err, "  failed: %s\n", job->error);
	}
}

int command_run(const struct options *options, const struct command_hooks *hooks)
{
	FILE *err = options_err(options);
	g_autoptr(GError) error = NULL;
	struct run_settings settings = { .options = options };
	if (options->compare == COMPARE_MERGE)
		return combine_merge(options);
	gboolean from_directory;
	g_autoptr(GPtrArray) paths = trace_paths(options->sources, &from_directory, &error);
	if (!paths)
		return fail_file(err, options->sources[0], error);
	if (paths->len == 0) {
		g_autofree char *shown = output_shown(options->sources[0]);
		fprintf(err, "profile_parser: %s: a directory without traces (*.json, *.json.gz)\n", shown);
		return EXIT_INPUT;
	}
	gboolean many = paths->len > 1 || from_directory;
	if (options->compare == COMPARE_DIFF && paths->len != 2)
		return command_fail_usage(err, "--diff compares two traces: -s BASE -s NEW");
	for (char **base = options->bases; base && *base; base++) { /* --fail-on-regression's earlier runs (SPEC 27) */
		for (guint i = 0; i < paths->len; i++) /* a run's steps count once */
			if (same_file(paths->pdata[i], *base)) {
				g_autofree char *message = g_strdup_printf(
					"--base %s is %s (the same file): its steps would count twice", *base,
					i == 0 ? "BASE, -s's first trace" : i == 1 ? "NEW, -s's second trace" : "another --base");
				return command_fail_usage(err, message);
			}
		g_ptr_array_add(paths, g_strdup(*base));
	}
	/* --summary memory of several traces into a file: one table (SPEC 21) */
	gboolean one_table = (options->summary == SUMMARY_MEMORY || options->summary == SUMMARY_FINDINGS ||
			      options->summary == SUMMARY_CRITICAL) &&
			     !options->compare && many && !output_is_directory(options->dst);
	/* --summary findings of several traces: one table, with the job rules (SPEC 22) */
	if (options->summary == SUMMARY_FINDINGS && !options->compare && many && output_is_directory(options->dst))
		return command_fail_usage(err, "--summary findings of several traces writes one table: -d must be a file or -, "
				  "not a directory");
	/* --summary critical of several traces: the job's paths, joined at the collectives (SPEC 30) */
	if (options->summary == SUMMARY_CRITICAL && !options->compare && many && output_is_directory(options->dst))
		return command_fail_usage(err, "--summary critical of several traces writes one table: -d must be a file or -, "
				  "not a directory");
	if (!options->compare && !one_table && many && !output_is_directory(options->dst))
		return command_fail_usage(err, paths->len > 1 ? "with several traces, -d must be a directory (DIR/)"
						 : "with a directory of traces (-s DIR), -d must be a directory (DIR/), "
						   "even for one trace");
	/* --summary rank --format jsonl of one trace: its map (SPEC 20.2); else one table, to a file */
	gboolean rank_map = options->summary == SUMMARY_RANK && options->format == &jsonl_sink && paths->len == 1;
	if (options->compare == COMPARE_RANK && !rank_map && output_is_directory(options->dst))
		return command_fail_usage(err, "--summary rank writes one table: -d must be a file or -, not a directory "
				  "(but for the map of one trace, --format jsonl)");
	g_autoptr(GString) notes = g_string_new(NULL);
	g_autoptr(GPtrArray) jobs = options->compare || one_table ? plan_collect_jobs(options, paths, notes, &error)
						     : plan_jobs(options, paths, many, notes, &error);
	if (!jobs)
		return command_fail_usage(err, error->message);
	if (hooks && hooks->only) /* the library's table of one of several traces: that trace's job alone */
		for (guint i = jobs->len; i-- > 0;)
			if (strcmp(((struct job *)jobs->pdata[i])->src, hooks->only) != 0)
				g_ptr_array_remove_index(jobs, i);
	if (!options->quiet)
		fputs(notes->str, err);
	g_autoptr(GHashTable) opaque = settings.opaque = read_names(options->opaque_file, &error);
	if (error)
		return fail_file(err, options->opaque_file, error);
	g_autoptr(GHashTable) exclude = settings.exclude = read_names(options->exclude_file, &error);
	if (error)
		return fail_file(err, options->exclude_file, error);
	guint processors = g_get_num_processors();
	guint parallel = MIN(jobs->len, options->jobs ? (guint)options->jobs : processors);
	settings.threads = many ? MAX(1, processors / parallel) : 0;
	g_autoptr(Et) et = NULL;
	g_autoptr(GHashTable) et_files = NULL;
	if (options->et && g_file_test(options->et, G_FILE_TEST_IS_DIR)) {
		et_files = settings.et_files = execution_traces_by_rank(options->et, &error);
		if (!et_files)
			return fail_file(err, options->et, error);
	} else if (options->et) {
		et = et_read_file(options->et, settings.threads, options->format->json_values, &error);
		if (!et)
			return fail_file(err, options->et, error);
		settings.et = et;
	}
	g_autoptr(Peaks) peaks = NULL;
	if (perf_asked(options) || perf_for_page(options) || findings_wanted(options) || options->peaks_file) { /* a --peaks FILE is checked even when no figure needs it */
		peaks = perf_peaks_load(options, &error);
		if (!peaks)
			return options->peaks_file ? fail_error(err, error) : fail_file(err, "the table of device peaks", error);
		settings.peaks = peaks;
	}
	g_autoptr(CaptureCache) captures = graphs_cache_new(options, settings.threads);
	settings.captures = captures;
	settings.progress = !many && !options->quiet && !options->err && isatty(STDERR_FILENO);
	settings.many = many;
	struct ranks *ranks = options->compare == COMPARE_ACROSS ? ranks_new() : NULL;
	if (ranks && options->format == &html_sink) { /* the page's bar per rank (SPEC 20.5, 28) */
		ranks_keep_reduce(ranks, rank_reduce_new());
		rank_reduce_keep_bars(ranks_reduce(ranks));
	}
	settings.collected = ranks ? combine_collected : NULL;
	settings.collected_data = ranks;
	/* --fail-on with several traces: their findings and the job's, as --summary findings of them (src/cli/fail_on.h) */
	struct fail_on *fail_on = options->fail_on && many && !(one_table && options->summary == SUMMARY_FINDINGS) ? fail_on_new()
														  : NULL;
	settings.fail_on = fail_on;
	settings.failed_on = fail_on_collected;
	g_autoptr(RankReduce) reduce = (options->compare == COMPARE_RANK && !rank_map) ||
						(one_table && (options->summary == SUMMARY_FINDINGS || /* the job rules (SPEC 22) */
							       options->summary == SUMMARY_CRITICAL)) /* the instances (SPEC 30) */
					       ? rank_reduce_new() : NULL;
	if (reduce && options->format == &html_sink) /* the page's bars (SPEC 28) */
		rank_reduce_keep_bars(reduce);
	if (reduce) {
		settings.collected = combine_collected_rank;
		settings.collected_data = reduce;
	}
	if (hooks) { /* the library's: the traces read once, kept */
		settings.results = hooks->results;
		settings.results_data = hooks->data;
	}
	guint failed = run_jobs(jobs, &settings, parallel);
	if (one_table && options->summary == SUMMARY_FINDINGS) /* its table holds the findings --fail-on reads */
		return combine_findings(options, jobs, failed, reduce);
	int status;
	if (one_table && options->summary == SUMMARY_CRITICAL) {
		status = combine_critical(options, jobs, failed, reduce);
	} else if (one_table) {
		status = combine_memory(options, jobs, failed);
	} else if (options->compare == COMPARE_RANK) {
		status = combine_finish_rank(options, jobs, failed, reduce);
	} else if (options->compare) {
		status = combine_finish(options, jobs, failed, ranks);
		ranks_free(ranks);
	} else {
		if (many && (!options->quiet || failed)) /* -q: the count only when some failed */
			summarize(err, jobs, failed);
		status = failed ? EXIT_INPUT : EXIT_DONE;
	}
	status = fail_on_finish(options, jobs, fail_on, status); /* --fail-on: once every output is written */
	fail_on_free(fail_on);
	return status;
}

