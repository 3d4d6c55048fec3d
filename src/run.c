#include "run.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "flame.h"
#include "read.h"
#include "report.h"
#include "summary.h"

static void set_error(struct job *job, const char *path, const GError *error)
{
	const char *shown = g_strcmp0(path, "-") != 0 ? path : path == job->dst ? "standard output" : "standard input";
	job->error = g_strdup_printf("%s: %s", shown, error->message);
}

/* Seconds since *MARK, which moves to now. */
static double lap(gint64 *mark)
{
	gint64 now = g_get_monotonic_time();
	double seconds = (now - *mark) / 1e6;
	*mark = now;
	return seconds;
}

static void capture_report(struct job *job, const struct run_summary *summary)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	report_print(out, summary);
	fclose(out);
	g_string_append_len(job->report, text, size);
	free(text);
}

/* The Execution Trace of TRACE's rank, from --et DIR (read here), or --et FILE. */
static struct et *et_for(const struct run_settings *settings, const struct trace *trace, const char *src,
			 const struct et **et, GError **error)
{
	*et = settings->et;
	if (!settings->et_files)
		return NULL;
	g_autofree char *rank = trace->rank ? g_strdup(trace->rank) : rank_of_file_name(src);
	const char *path = rank ? g_hash_table_lookup(settings->et_files, rank) : NULL;
	if (!path)
		return NULL;
	struct et *own = et_read_file(path, settings->threads, settings->options->format->json_values, error);
	*et = own;
	return own;
}

void run_job(struct job *job, const struct run_settings *settings)
{
	const struct options *options = settings->options;
	g_autoptr(GError) error = NULL;
	gint64 started = g_get_monotonic_time(), mark = started;
	double stage[4];
	job->report = g_string_new(NULL);
	struct output output;
	if (!output_open(&output, job->dst, options->compress, &error)) {
		set_error(job, job->dst, error);
		return;
	}
	guint flags = columns_flags(options->columns);
	struct read_config read_config = {
		.monitor_cats = options->monitor_cats,
		.host_cats = options->host_cats,
		.device_cats = options->device_cats,
		.all_python_functions = options->all_python_functions,
		.threads = settings->threads,
		/* the join ids: the ET columns, or the join's counts in the report */
		.event_extras = options->skip_empty_shapes || options->et || (flags & (NODE_EXTRAS | NODE_ET)),
		.memory = (flags & NODE_MEMORY) != 0,
		.progress = settings->progress ? report_progress : NULL,
		.json_values = options->format->json_values,
	};
	g_autoptr(Trace) trace = read_trace_file(job->src, &read_config, &error);
	if (!trace) {
		output_abort(&output);
		set_error(job, job->src, error);
		return;
	}
	const struct et *et;
	g_autoptr(Et) own_et = et_for(settings, trace, job->src, &et, &error);
	if (error) {
		output_abort(&output);
		set_error(job, "the Execution Trace", error);
		return;
	}
	stage[0] = lap(&mark);
	g_autoptr(Forest) forest = forest_build(trace);
	stage[1] = lap(&mark);
	g_autoptr(Attribution) attribution = attribute(trace, forest);
	stage[2] = lap(&mark);
	struct selection selection = {
		.min_depth = options->min_depth,
		.max_depth = options->max_depth,
		.leaves = options->leaves,
		.opaque = settings->opaque,
		.exclude = settings->exclude,
		.skip_empty_shapes = options->skip_empty_shapes,
	};
	struct layout layout = {
		.meta = (const struct meta_column *)options->meta->data,
		.meta_count = options->meta->len,
		.picked = options->columns,
	};
	struct write_config write_config = { &selection, &layout, options->format, et, options->communication };
	struct write_result written = { 0 };
	gboolean ok;
	if (flame_format(options->format))
		ok = flame_write(&output, forest, attribution, options, job->src, &written.rows);
	else
		ok = options->summary ? write_summary(&output, forest, attribution, &write_config, options->summary,
						      &written.rows)
				      : write_nodes(&output, forest, attribution, &write_config, &written);
	if (!ok) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&output);
		set_error(job, job->dst, error);
		return;
	}
	if (!output_commit(&output, &error)) {
		set_error(job, job->dst, error);
		return;
	}
	stage[3] = lap(&mark);
	struct run_summary summary = {
		.src = job->src, .dst = job->dst, .trace = trace, .forest = forest, .attribution = attribution,
		.rows = written.rows, .seconds = (g_get_monotonic_time() - started) / 1e6,
		.et = et, .joined = written.joined, .joined_other_name = written.other_name,
		.options = options, .selection = &selection,
	};
	attribution_coverage(attribution, &summary.coverage);
	memcpy(summary.stage_seconds, stage, sizeof stage);
	capture_report(job, &summary);
}
