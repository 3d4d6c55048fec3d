/* profile_parser: per-node host, launch and device times of a PyTorch
 * profiler trace. The pipeline: read -> build -> attribute -> write -> report. */
#include "config.h"
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"
#include "read.h"
#include "report.h"
#include "write.h"

enum exit_status {
	EXIT_DONE = 0,
	EXIT_INPUT = 1,
	EXIT_USAGE = 2,
};

static int fail_usage(const GError *error)
{
	fprintf(stderr, "profile_parser: %s\nTry 'profile_parser --help' for more information.\n", error->message);
	return EXIT_USAGE;
}

static int fail_file(const char *path, const GError *error)
{
	fprintf(stderr, "profile_parser: %s: %s\n", g_strcmp0(path, "-") == 0 ? "standard input" : path,
		error->message);
	return EXIT_INPUT;
}

/* The names of FILE, one a line; blank lines and lines starting with '#' are
 * not names. NULL (and ERROR set) when FILE cannot be read; NULL without an
 * error when no file was given. */
static GHashTable *read_names(const char *path, GError **error)
{
	g_autofree char *text = NULL;
	if (!path || !g_file_get_contents(path, &text, NULL, error))
		return NULL;
	GHashTable *names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
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

/* -d DIR/ (or an existing directory): DIR/STEM.csv, STEM being the input's
 * file name without its .gz, .json and .pt.trace endings. */
static char *destination_path(const char *dst, const char *src)
{
	if (strcmp(dst, "-") == 0 || (!g_str_has_suffix(dst, "/") && !g_file_test(dst, G_FILE_TEST_IS_DIR)))
		return g_strdup(dst);
	g_autofree char *stem = strcmp(src, "-") == 0 ? g_strdup("stdin") : g_path_get_basename(src);
	static const char *const endings[] = { ".gz", ".json", ".pt.trace" };
	for (gsize i = 0; i < G_N_ELEMENTS(endings); i++)
		if (g_str_has_suffix(stem, endings[i]) && strlen(stem) > strlen(endings[i]))
			stem[strlen(stem) - strlen(endings[i])] = 0;
	g_autofree char *file = g_strconcat(stem, ".csv", NULL);
	return g_build_filename(dst, file, NULL);
}

/* Seconds since *MARK, which moves to now. */
static double lap(gint64 *mark)
{
	gint64 now = g_get_monotonic_time();
	double seconds = (now - *mark) / 1e6;
	*mark = now;
	return seconds;
}

static int run(const struct options *options)
{
	g_autoptr(GError) error = NULL;
	gint64 started = g_get_monotonic_time();
	g_autoptr(GHashTable) opaque = read_names(options->opaque_file, &error);
	if (error)
		return fail_file(options->opaque_file, error);
	g_autoptr(GHashTable) exclude = read_names(options->exclude_file, &error);
	if (error)
		return fail_file(options->exclude_file, error);
	g_autofree char *dst = destination_path(options->dst, options->src);
	struct output output;
	if (!output_open(&output, dst, &error))
		return fail_file(dst, error);
	struct read_config read_config = {
		.monitor_cats = options->monitor_cats,
		.host_cats = options->host_cats,
		.device_cats = options->device_cats,
		.all_python_functions = options->all_python_functions,
		.input_shapes = options->skip_empty_shapes || columns_need_shapes(options->columns),
	};
	double stage[4];
	gint64 mark = g_get_monotonic_time();
	g_autoptr(Trace) trace = read_trace_file(options->src, &read_config, &error);
	stage[0] = lap(&mark);
	if (!trace) {
		output_abort(&output);
		return fail_file(options->src, error);
	}
	g_autoptr(Forest) forest = forest_build(trace);
	stage[1] = lap(&mark);
	g_autoptr(Attribution) attribution = attribute(trace, forest);
	stage[2] = lap(&mark);
	struct write_config write_config = {
		.min_depth = options->min_depth,
		.max_depth = options->max_depth,
		.columns = options->columns,
		.meta = (const struct meta_column *)options->meta->data,
		.meta_count = options->meta->len,
		.leaves = options->leaves,
		.opaque = opaque,
		.exclude = exclude,
		.skip_empty_shapes = options->skip_empty_shapes,
	};
	guint64 rows;
	if (!write_csv(output.file, forest, attribution, &write_config, &rows)) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&output);
		return fail_file(dst, error);
	}
	if (!output_commit(&output, &error))
		return fail_file(dst, error);
	stage[3] = lap(&mark);
	if (!options->quiet) {
		struct run_summary summary = {
			.src = options->src, .dst = dst, .trace = trace, .forest = forest,
			.attribution = attribution, .rows = rows,
			.seconds = (g_get_monotonic_time() - started) / 1e6,
		};
		memcpy(summary.stage_seconds, stage, sizeof stage);
		report_print(stderr, &summary);
	}
	return EXIT_DONE;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	struct options options;
	g_autoptr(GError) error = NULL;
	int status;
	switch (options_parse(argc, argv, &options, &error)) {
	case OPTIONS_USAGE:
		status = fail_usage(error);
		break;
	case OPTIONS_DONE:
		status = EXIT_DONE;
		break;
	default:
		status = run(&options);
	}
	options_clear(&options);
	return status;
}
