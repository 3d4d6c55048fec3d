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
	struct output output;
	if (!output_open(&output, options->dst, &error))
		return fail_file(options->dst, error);
	struct read_config read_config = {
		.monitor_cats = options->monitor_cats,
		.host_cats = options->host_cats,
		.device_cats = options->device_cats,
		.all_python_functions = options->all_python_functions,
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
	struct write_config write_config = { .min_depth = options->min_depth, .max_depth = options->max_depth };
	guint64 rows;
	if (!write_csv(output.file, forest, attribution, &write_config, &rows)) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&output);
		return fail_file(options->dst, error);
	}
	if (!output_commit(&output, &error))
		return fail_file(options->dst, error);
	stage[3] = lap(&mark);
	if (!options->quiet) {
		struct run_summary summary = {
			.src = options->src, .dst = options->dst, .trace = trace, .forest = forest,
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
