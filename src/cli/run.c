#include "cli/run.h"
#include "views/summaries/summaries.h"
#include "output/output_names.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "util/fault.h"
#include "util/ordered.h"
#include "views/flame/flame.h"
#include "input/input.h"
#include "views/compare/diff.h"
#include "input/read.h"
#include "page/page.h"
#include "report/report.h"
#include "sinks/sink_html.h"
#include "cli/shape.h"
#include "analysis/graphs.h"
#include "views/perf/perf.h"
#include "views/perf/perf_options.h"
#include "attribution/busy.h"
#include "analysis/categories.h"
#include "views/summaries/summary.h"
#include "views/collectives/summary_collective.h"
#include "views/summaries/summary_memory.h"
#include "views/summaries/summary_step.h"
#include "attribution/timeline.h"
#include "attribution/memory_devices.h"
#include "views/ranks/rank_record.h"
#include "analysis/run_findings.h"
#include "views/findings/findings_options.h"
#include "attribution/waiting.h"
#include "views/gate/gate_fail_on.h"
#include "attribution/causes.h"
#include "views/summaries/summary_gaps.h"
#include "analysis/run_critical.h"
#include "analysis/results.h"

static void set_error(struct job *job, const char *path, const GError *error)
{
	job->error = analysis_error_text(path, path == job->dst, error);
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

/* An output opened, abandoned (none in a comparison's jobs). */
static void abort_output(const struct job *job, struct output *output)
{
	if (!job->collect)
		output_abort(output);
}

/* A comparison's job keeps its summary's groups: normalized keys and busy
 * times for --diff, which also counts the steps and keeps what tells the
 * hardware (the devices' names, the world size); with PERF (a perf column
 * of the diff or the ranks), the groups' perf figures and busy times. */
static void collect(struct job *job, const struct options *options, struct results *r,
		    const struct selection *selection, const struct perf *perf, guint64 *rows)
{
	const struct trace *trace = r->trace;
	const struct forest *forest = r->forest;
	const struct attribution *attribution = r->attribution;
	if (options->compare == COMPARE_RANK || (options->compare == COMPARE_ACROSS && options->format == &html_sink)) {
		/* SPEC 20: the rank's figures and communication events (for --across-ranks, the page's bars) */
		job->collected.record = rank_record_of(forest, attribution, results_steps(r), results_timeline(r),
						       options->communication, options->summary == SUMMARY_COLLECTIVE);
		job->collected.record->devices = diff_device_names(trace->devices);
		job->collected.record->world_size = g_strdup(trace->world_size);
		*rows = job->collected.record->events->len;
		if (options->compare == COMPARE_RANK)
			return;
	}
	gboolean diff = options->compare == COMPARE_DIFF;
	/* a perf column of the diff or the ranks (their rates need busy), or the ranks' busy column */
	gboolean perf_figures = perf || ((columns_flags(options->columns) | columns_flags(options->sort)) & SUMMARY_BUSY);
	g_autofree gint64 *busy = diff || perf_figures ? busy_compute(attribution, forest) : NULL;
	g_autoptr(Waiting) waiting = (columns_flags(options->columns) | columns_flags(options->sort)) & SUMMARY_WAITING
					     ? waiting_compute(attribution, forest)
					     : NULL;
	struct group_config config = { options->summary, diff, busy, perf, waiting, FALSE }; /* no device launch count across traces */
	job->collected.perf = perf_figures;
	job->collected.groups = summary_groups(forest, attribution, selection, &config);
	const struct steps *steps = results_steps(r);
	job->collected.steps = steps ? steps->count : 0;
	if (diff) {
		job->collected.devices = diff_device_names(trace->devices);
		job->collected.world_size = g_strdup(trace->world_size);
	}
	*rows = job->collected.groups->list->len;
}

/* The gate's samples of a --diff trace (SPEC 27, struct collected): each
 * step's device busy and host duration; without steps, the trace's busy as
 * one sample and no host sample. */
static void collect_regression(struct job *job, const struct forest *forest, const struct attribution *attribution,
			       const struct write_config *config, const struct timeline *timeline)
{
	struct collected *c = &job->collected;
	c->gate_busy = g_array_new(FALSE, FALSE, sizeof(gint64));
	if (config->selection->steps && config->selection->steps->count) {
		g_autoptr(GArray) figures = step_summary_figures(forest, attribution, config);
		c->gate_host = g_array_new(FALSE, FALSE, sizeof(gint64));
		for (guint i = 0; i < figures->len; i++) {
			const struct step_figures *f = &g_array_index(figures, struct step_figures, i);
			g_array_append_val(c->gate_busy, f->busy);
			g_array_append_val(c->gate_host, f->step->dur);
		}
	}
	if (!c->gate_busy->len) {
		gint64 busy = 0;
		for (guint i = 0; timeline && i < timeline->count; i++)
			busy += timeline->devices[i].busy;
		g_array_append_val(c->gate_busy, busy);
		g_clear_pointer(&c->gate_host, g_array_unref);
	}
}

/* --diff with steps: the step summary's sums for the row "(all steps)" (SPEC 23). */
static void collect_all_steps(struct job *job, const struct forest *forest, const struct attribution *attribution,
			      const struct write_config *config)
{
	struct collected *c = &job->collected;
	if (!config->selection->steps || !config->selection->steps->count)
		return;
	g_autoptr(GArray) figures = step_summary_figures(forest, attribution, config);
	for (guint i = 0; i < figures->len; i++) {
		const struct step_figures *f = &g_array_index(figures, struct step_figures, i);
		gint64 these[] = { f->step->dur, f->device_total, f->busy, f->launch_time };
		for (guint k = 0; k < G_N_ELEMENTS(these); k++)
			c->all_steps[k] += these[k];
	}
	c->all_steps_rows = figures->len;
}

/* The findings R worked out (SEVERAL: as one of several traces) into the
 * job's collected figures, with RECORD (of the findings' own events when
 * they have them, as --summary findings reads the trace). */
static void collect_findings(struct job *job, struct results *r, gboolean several, gboolean record)
{
	struct run_findings *found = results_findings(r, several);
	job->collected.findings = g_steal_pointer(&found->findings);
	job->collected.findings_span = found->span;
	job->collected.findings_first = found->first;
	job->collected.findings_exposed = g_steal_pointer(&found->exposed);
	if (record)
		job->collected.fail_on_record = rank_record_of(found->forest ? found->forest : r->forest,
							      found->attribution ? found->attribution : r->attribution,
							      results_steps(r), results_timeline(r),
							      r->context->options->communication, FALSE);
	results_findings_taken(r, several); /* made again if asked again (the library's) */
}

/* Where the job's table goes: -d's file, or the library's stream. */
static gboolean open_output(struct output *output, const struct job *job, const struct options *options,
			    GError **error)
{
	if (options->tables) {
		output_wrap(output, options->tables);
		return TRUE;
	}
	return output_open(output, job->dst, options->compress, error);
}

/* The outputs of JOB from its results R: the view's rows (or the page, or
 * the flame graph), or the figures a comparison collects; then the report. */
static void run_outputs(struct job *job, const struct run_settings *settings, struct results *r,
			struct output *output, gint64 started, gint64 mark)
{
	const struct options *options = settings->options;
	g_autoptr(GError) error = NULL;
	const struct trace *trace = r->trace;
	const struct forest *forest = r->forest;
	const struct attribution *attribution = r->attribution;
	gboolean several = job->collect || settings->fail_on;
	struct run_findings *found = results_findings(r, several);
	const struct steps *steps = results_steps(r);
	const struct timeline *timeline = results_timeline(r);
	const struct perf *perf = results_perf(r);
	const struct memory_devices *memory = results_memory(r);
	const struct causes_summary *wait_causes = results_wait_causes(r);
	const struct waiting_report *waiting = results_waiting(r);
	gboolean node_page = r->view->node_page;
	struct selection selection = {
		.min_depth = options->min_depth,
		.max_depth = options->max_depth,
		.leaves = options->leaves,
		.opaque = settings->opaque,
		.exclude = settings->exclude,
		.skip_empty_shapes = options->skip_empty_shapes,
		.steps = steps,
		.step = options->step,
	};
	struct layout layout = {
		.meta = (const struct meta_column *)options->meta->data,
		.meta_count = options->meta->len,
		.picked = options->columns,
	};
	g_autoptr(GPtrArray) ranked = NULL; /* --summary findings of several traces: rank first (SPEC 22) */
	if (settings->many && options->summary == SUMMARY_FINDINGS) {
		ranked = g_ptr_array_new();
		catalogue_pick(summary_catalogue(SUMMARY_FINDINGS), "rank", 0, ranked, NULL);
		for (guint i = 0; i < options->columns->len; i++)
			if (options->columns->pdata[i] != ranked->pdata[0])
				g_ptr_array_add(ranked, options->columns->pdata[i]);
		layout.picked = ranked;
	}
	const char *rank = r->rank;
	gboolean shaped = !job->collect && (options->summary == SUMMARY_PATH || options->summary == SUMMARY_NAME);
	g_autofree char *shape = shaped ? summary_shape(options, settings->opaque, settings->exclude) : NULL;
	/* --summary collective's rows, and the per-node page's top collectives */
	const struct collectives *collectives = (options->summary == SUMMARY_COLLECTIVE && !job->collect) || node_page
							? results_collectives(r, &selection)
							: NULL;
	const struct critical_rows *critical = options->summary == SUMMARY_CRITICAL && !job->collect ? results_critical(r) : NULL;
	if (options->summary == SUMMARY_CRITICAL && job->collect) /* SPEC 30; several traces: the graph kept */
		job->collected.critical = results_critical_graph(r);
	struct write_config write_config = { &selection, &layout, options->format, r->et, options->communication,
					     options->sort, options->top, rank, shape, options->quiet, NULL, perf, collectives, NULL,
					     options->bins, NULL, found ? found->findings : NULL, 0, FALSE, results_causes(r),
					     options->min_gap_given ? options->min_gap : SUMMARY_MIN_GAP_DEFAULT, NULL, NULL };
	write_config.memory = memory;
	write_config.critical = critical;
	write_config.idle_classes = node_page ? results_idle_classes(r) : NULL; /* the page's gaps by length */
	struct write_result written = { 0 };
	if (job->collect && options->summary == SUMMARY_MEMORY) { /* several traces, one table (SPEC 21) */
		/* the rows read the devices and the rank: kept with them */
		job->collected.memory_rank = rank ? g_strdup(rank) : g_strdup_printf("%u", job->position); /* as SPEC 13.2 */
		job->collected.memory_rows = memory_summary_rows(forest, attribution, memory, steps, job->collected.memory_rank);
		written.rows = job->collected.memory_rows->len;
		if (!r->base) /* the program's results end with the job: the devices go with the rows */
			job->collected.memory = g_steal_pointer(&r->memory[TRUE]); /* --summary memory's */
	} else if (job->collect && options->summary == SUMMARY_FINDINGS) { /* several traces, one table (SPEC 22) */
		collect_findings(job, r, several, FALSE);
		found = NULL;
		job->collected.record = rank_record_of(forest, attribution, steps, timeline, options->communication, FALSE);
		written.rows = job->collected.findings->len;
	} else if (job->collect && options->summary == SUMMARY_CRITICAL) { /* several traces, one table (SPEC 30) */
		job->collected.record = rank_record_of(forest, attribution, steps, timeline, options->communication, FALSE);
		written.rows = job->collected.record->events->len;
	} else if (job->collect) {
		collect(job, options, r, &selection, perf, &written.rows);
	}
	if (settings->fail_on && found && found->findings) { /* --fail-on, several traces: the job's figures (src/cli/fail_on.h) */
		collect_findings(job, r, several, TRUE);
		found = NULL;
	}
	if (job->collect && options->fail_on_regression_given)
		collect_regression(job, forest, attribution, &write_config, timeline);
	if (job->collect && options->compare == COMPARE_DIFF && steps && steps->count)
		collect_all_steps(job, forest, attribution, &write_config);
	gboolean ok = TRUE;
	g_autoptr(HtmlPage) page = NULL; /* --format html: the page, written once the warnings are known */
	g_autofree char *src_shown = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
	if (job->collect)
		job->collected.rank = g_strdup(rank);
	else if (options->format == &html_sink)
		page = page_build(trace, src_shown, forest, attribution, &write_config, options, timeline,
				  results_page_causes(r), &written.rows, &ok);
	else if (flame_format(options->format))
		ok = flame_write(output, forest, attribution, options, job->src, &written.rows);
	else
		ok = options->summary ? write_summary(output, forest, attribution, &write_config, options->summary,
						      &written.rows)
				      : write_nodes(output, forest, attribution, &write_config, &written);
	/* the library's run writes no file: its table */
	g_autofree char *dst_shown = options->tables && job->dst ? g_strdup("the library's table") : output_shown(job->dst);
	struct run_summary summary = {
		.src = src_shown, .dst = dst_shown, .trace = trace, .forest = forest, .attribution = attribution,
		.rows = written.rows, .et = r->et, .joined = written.joined, .joined_other_name = written.other_name,
		.options = options, .selection = &selection, .categories = &r->plan.categories,
		.label = options->compare != COMPARE_DIFF ? NULL : job->position == 1 ? "new" : "base", /* --base's too */
	};
	attribution_coverage(attribution, &summary.coverage); /* grafted roots' events are under monitored nodes */
	summary.graft = &r->graft;
	summary.perf = perf;
	summary.collectives = options->summary == SUMMARY_COLLECTIVE ? collectives : NULL;
	summary.timeline = timeline;
	summary.memory = memory ? memory : job->collected.memory;
	summary.findings = found && found->findings ? found->findings : job->collected.findings;
	job->fail = summary.findings && findings_fail(summary.findings, options->fail_on);
	job->fired = job->fail ? gate_fired_of(summary.findings, options->fail_on) : NULL; /* the reason (SPEC 27) */
	summary.waiting = waiting;
	summary.wait_causes = wait_causes;
	summary.critical = critical ? critical->report->str : NULL;
	if (ok && page) /* every warning of the run goes into the page (src/page/page.h) */
		ok = page_finish(page, &summary, output);
	if (!ok) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		abort_output(job, output);
		set_error(job, job->dst, error);
		return;
	}
	if (!job->collect && !output_commit(output, &error)) {
		set_error(job, job->dst, error);
		return;
	}
	double stage[4];
	memcpy(stage, r->stage, sizeof r->stage);
	stage[3] = (g_get_monotonic_time() - mark) / 1e6; /* the figures worked out as the outputs asked, and written */
	summary.seconds = (g_get_monotonic_time() - started) / 1e6;
	memcpy(summary.stage_seconds, stage, sizeof stage);
	capture_report(job, &summary);
	if (settings->fail_on && !job->collect) /* the gate's rank (a comparison's job has it) */
		job->collected.rank = g_strdup(rank);
}

void run_job(struct job *job, const struct run_settings *settings)
{
	const struct options *options = settings->options;
	g_autoptr(GError) error = NULL;
	g_autofree char *context = output_shown(g_strcmp0(job->src, "-") == 0 ? "standard input" : job->src);
	fault_set_context(context);
	gint64 started = g_get_monotonic_time();
	job->report = g_string_new(NULL);
	struct output output = { 0 };
	if (!job->collect && !open_output(&output, job, options, &error)) {
		set_error(job, job->dst, error);
		return;
	}
	struct analysis_context analysis = {
		.options = options,
		.et = settings->et,
		.et_files = settings->et_files,
		.peaks = settings->peaks,
		.captures = settings->captures,
		.threads = settings->threads,
		.progress = settings->progress ? report_progress : NULL,
		.many = settings->many,
		.collect = job->collect,
		.fail_on = settings->fail_on != NULL,
		.err = options->err,
	};
	g_autoptr(Results) own = NULL;
	struct results *r = settings->results ? settings->results(job, &analysis, settings->results_data, &job->error)
					      : (own = results_read(job->src, &analysis, &job->error));
	if (!r) {
		abort_output(job, &output);
		return;
	}
	run_outputs(job, settings, r, &output, started, g_get_monotonic_time());
}

static GMutex report_lock;

static void finish_job(struct job *job, const struct run_settings *settings)
{
	const struct options *options = settings->options;
	g_mutex_lock(&report_lock);
	if (!job->error && job->collect && settings->collected)
		settings->collected(job, settings->collected_data);
	if (!job->error && settings->fail_on)
		settings->failed_on(settings->fail_on, job);
	if (options->compare == COMPARE_DIFF)
		; /* the base's report first, then the new one's, when both ended (src/views/compare/compare.c) */
	else if (job->error)
		fprintf(options_err(options), "profile_parser: %s\n", job->error);
	else if (!options->quiet)
		fputs(job->report->str, options_err(options));
	g_mutex_unlock(&report_lock);
}

static void run_pooled(gpointer data, gpointer user_data)
{
	struct job *job = data;
	const struct run_settings *settings = user_data;
	run_job(job, settings);
	finish_job(job, settings);
}

guint run_jobs(GPtrArray *jobs, struct run_settings *settings, guint parallel)
{
	if (jobs->len == 1) {
		run_job(jobs->pdata[0], settings);
		finish_job(jobs->pdata[0], settings);
	} else {
		/* Reports are written as jobs end; the pool's order is not needed. */
		struct ordered_pool *pool = ordered_pool_new(run_pooled, settings, parallel, NULL);
		for (guint i = 0; i < jobs->len; i++)
			ordered_pool_push(pool, jobs->pdata[i]);
		ordered_pool_free(pool);
	}
	guint failed = 0;
	for (guint i = 0; i < jobs->len; i++)
		failed += ((struct job *)jobs->pdata[i])->error != NULL;
	return failed;
}
