#include "cli/run.h"
#include "views/summaries.h"
#include "output/output_names.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "util/fault.h"
#include "util/ordered.h"
#include "views/flame.h"
#include "input/input.h"
#include "views/diff.h"
#include "input/read.h"
#include "cli/page.h"
#include "cli/report.h"
#include "sinks/sink_html.h"
#include "cli/shape.h"
#include "cli/graphs.h"
#include "views/perf.h"
#include "views/perf_options.h"
#include "attribution/busy.h"
#include "cli/categories.h"
#include "views/summary.h"
#include "views/summary_collective.h"
#include "views/summary_memory.h"
#include "views/summary_step.h"
#include "attribution/timeline.h"
#include "attribution/memory_devices.h"
#include "views/rank_record.h"
#include "cli/run_findings.h"
#include "views/findings_options.h"
#include "attribution/waiting.h"
#include "views/gate_fail_on.h"
#include "attribution/causes.h"
#include "views/summary_gaps.h"
#include "cli/run_critical.h"

static void set_error(struct job *job, const char *path, const GError *error)
{
	g_autofree char *escaped = output_shown(path), *message = output_shown(error->message);
	const char *shown = g_strcmp0(path, "-") != 0 ? escaped : path == job->dst ? "standard output" : "standard input";
	job->error = g_strdup_printf("%s: %s", shown, message);
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
static void collect(struct job *job, const struct options *options, const struct trace *trace,
		    const struct forest *forest, const struct attribution *attribution, const struct selection *selection,
		    const struct steps *steps, const struct perf *perf, const struct timeline *timeline, guint64 *rows)
{
	if (options->compare == COMPARE_RANK || (options->compare == COMPARE_ACROSS && options->format == &html_sink)) {
		/* SPEC 20: the rank's figures and communication events (for --across-ranks, the page's bars) */
		job->collected.record = rank_record_of(forest, attribution, steps, timeline, options->communication,
						       options->summary == SUMMARY_COLLECTIVE);
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

/* Whether an op of NAME has a perf model (SPEC 15.1): the reader keeps the shapes of those only. */
static gboolean perf_modelled_name(const char *name, gsize len)
{
	return perf_family_of(name, len) != PERF_FAMILY_NONE;
}

G_STATIC_ASSERT(SUMMARY_PERF_FIGURES == NODE_PERF); /* a summary's perf column asks the run for the figures */

void run_job(struct job *job, const struct run_settings *settings)
{
	const struct options *options = settings->options;
	g_autoptr(GError) error = NULL;
	g_autofree char *context = output_shown(g_strcmp0(job->src, "-") == 0 ? "standard input" : job->src);
	fault_set_context(context);
	gint64 started = g_get_monotonic_time(), mark = started;
	double stage[4];
	job->report = g_string_new(NULL);
	struct output output = { 0 };
	if (!job->collect && !output_open(&output, job->dst, options->compress, &error)) {
		set_error(job, job->dst, error);
		return;
	}
	guint flags = columns_flags(options->columns) | columns_flags(options->sort); /* what the reader keeps */
	gboolean extras = options->skip_empty_shapes || options->et || (flags & (NODE_EXTRAS | NODE_ET));
	g_auto(Categories) categories = { 0 };
	categories_init(&categories, options, job->collect && options->summary != SUMMARY_FINDINGS); /* one table of findings: each trace as alone */
	/* SPEC 22; several traces: one table, the job rules; --fail-on: in every view (src/cli/fail_on.h) */
	gboolean findings = (!job->collect || options->summary == SUMMARY_FINDINGS || options->fail_on) &&
			    findings_wanted(options);
	/* SPEC 26: the host events of every category, for the causes of host wait */
	gboolean causes_run = findings || (!job->collect && options->summary == SUMMARY_GAPS);
	struct read_config read_config = {
		.monitor_cats = categories.read,
		.host_cats = categories.host,
		.device_cats = categories.device,
		.all_python_functions = options->all_python_functions,
		.module_class = options->module_class,
		.threads = settings->threads,
		/* the join ids: the ET columns, or the join's counts in the report */
		.event_extras = extras || perf_asked(options) || perf_for_page(options) || findings,
		.extras_wanted = extras ? NULL : perf_modelled_name, /* the perf models alone: their ops' shapes */
		.memory = (flags & (NODE_MEMORY | NODE_MEMORY_PEAK)) != 0 || /* a node column, --summary timeline's
									       * allocated(bytes), the step summary's memory */
			  options->summary == SUMMARY_MEMORY || findings || /* memory-capacity, memory-growth */
			  (options->format == &html_sink && !options->summary), /* the page's memory line */
		.steps = (flags & NODE_STEPS) || options->step.given || options->summary == SUMMARY_STEP || findings ||
			 options->summary == SUMMARY_MEMORY || (flags & (NODE_MEMORY | NODE_MEMORY_PEAK)) ||
			 options->summary == SUMMARY_TIMELINE || options->summary == SUMMARY_IDLE ||
			 options->summary == SUMMARY_RANK || options->summary == SUMMARY_GAPS ||
			 options->summary == SUMMARY_CRITICAL ||
			 (options->compare == COMPARE_ACROSS && options->format == &html_sink) ||
			 options->compare == COMPARE_DIFF || (options->format == &html_sink && !options->summary),
		.host_events = causes_run,
		.sync = options->summary == SUMMARY_CRITICAL, /* the critical path's stream and event waits (SPEC 30) */
		.progress = settings->progress ? report_progress : NULL,
		.json_values = options->format->json_values,
		/* a path or name summary, as a table or compared, reads no args; the node rows (their args
		 * and kernel infos), the page, the flame graph, --graph-capture's graph ids and the other
		 * summaries (the collectives' args) may */
		.drop_args = (options->summary == SUMMARY_PATH || options->summary == SUMMARY_NAME ||
			      ((options->summary == SUMMARY_FINDINGS || options->summary == SUMMARY_CRITICAL) &&
			       !job->collect)) && /* several traces: 20.1's args */
			     !settings->fail_on && /* the gate's job rules too */
			     options->format != &html_sink && !flame_format(options->format) && !settings->captures,
		.keep_comms_args = findings, /* 15.2's figures of the collectives, SPEC 26.5 */
	};
	g_autoptr(Trace) trace = read_trace_file(job->src, &read_config, &error);
	if (!trace) {
		abort_output(job, &output);
		set_error(job, job->src, error);
		return;
	}
	GArray *findings_events = categories_take_findings(&categories, trace); /* the findings' own, or NULL */
	categories_choose(&categories, trace, options);
	const struct et *et;
	g_autoptr(Et) own_et = et_for(settings, trace, job->src, &et, &error);
	if (error) {
		if (findings_events)
			g_array_free(findings_events, TRUE);
		abort_output(job, &output);
		set_error(job, "the Execution Trace", error);
		return;
	}
	if (options->communication && !classifier_check(options->communication, (const struct event *)trace->device->data,
							 trace->device->len, &error)) {
		if (findings_events)
			g_array_free(findings_events, TRUE);
		abort_output(job, &output);
		set_error(job, job->src, error);
		return;
	}
	const struct capture *capture = settings->captures ? graphs_capture_for(settings->captures, categories.monitor,
									       categories.host, categories.device, stderr)
							   : NULL;
	stage[0] = lap(&mark);
	g_autoptr(Forest) forest = forest_build(trace);
	stage[1] = lap(&mark);
	g_autoptr(Attribution) attribution = attribute(trace, forest);
	struct graft_stats graft = { 0 };
	if (capture)
		graft_apply(&forest, &attribution, capture, &graft);
	else if (!options->quiet || options->format == &html_sink || findings) /* the page's warnings and findings, -q or not */
		graft_count(attribution, &graft);
	g_autoptr(Perf) perf = perf_asked(options) || perf_for_page(options) || options->summary == SUMMARY_FINDINGS
				       ? perf_compute(forest, attribution, trace->devices, settings->peaks)
				       : NULL;
	g_autoptr(Steps) steps = read_config.steps ? steps_new(trace) : NULL;
	/* the device timeline: the report's (none with -q), and the per-node page's charts and findings: worked out once */
	gboolean node_page = !job->collect && options->format == &html_sink && !options->summary;
	g_autoptr(Timeline) timeline = !options->quiet || node_page || findings || options->fail_on_regression_given || options->compare == COMPARE_RANK ||
						       (options->compare == COMPARE_ACROSS && options->format == &html_sink)
					       ? timeline_compute(attribution->by_time, trace->device->len, attribution,
								  trace->threads, options->communication)
					       : NULL;
	/* SPEC 26.1: the causes, from the host events of every category (the findings, --summary gaps, the page) */
	g_autoptr(Causes) causes = causes_run ? causes_new(trace->host, attribution) : NULL;
	struct waiting_report waiting = { 0 }; /* the report's split of the host wait, with the timeline */
	gboolean waited = timeline && timeline->count && !options->quiet; /* the report's line: none with -q */
	/* SPEC 26.8: by cause in a run that has them, worked out once for the report and the page */
	g_autoptr(CausesSummary) wait_causes = NULL;
	if (causes && timeline && timeline->count && (waited || node_page)) {
		g_autoptr(GArray) blamed = waiting_blamed_list(attribution, trace->threads);
		wait_causes = causes_summarize(causes, (const struct waiting_blamed *)blamed->data, blamed->len);
	} else if (waited) {
		g_autoptr(Waiting) blamed = waiting_compute(attribution, forest);
		waiting_report(blamed, &waiting);
	}
	stage[2] = lap(&mark);
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
	g_autofree char *rank = trace->rank ? g_strdup(trace->rank) : rank_of_file_name(job->src);
	/* the memory devices (SPEC 21): for the report's memory lines, and the views that read them */
	g_autoptr(MemoryDevices) memory = read_config.memory
						  ? memory_devices_compute(attribution, trace->threads, trace->devices, steps,
									   options->summary == SUMMARY_MEMORY ? &options->step
													      : NULL)
						  : NULL;
	g_auto(RunFindings) found = { 0 };
	if (findings) /* the whole trace's memory devices, unless --step cut the run's */
		run_findings_compute(&found, trace, findings_events, forest, attribution, perf, &graft, steps, timeline,
				     causes, options, settings->peaks, rank,
				     options->summary == SUMMARY_MEMORY && options->step.given ? NULL : memory,
				     job->collect || settings->fail_on);
	gboolean shaped = !job->collect && (options->summary == SUMMARY_PATH || options->summary == SUMMARY_NAME);
	g_autofree char *shape = shaped ? summary_shape(options, settings->opaque, settings->exclude) : NULL;
	g_autoptr(Collectives) collectives = options->summary == SUMMARY_COLLECTIVE && !job->collect
						     ? collectives_compute(forest, attribution, &selection, options->communication)
						     : NULL;
	g_autoptr(CriticalRows) critical = options->summary == SUMMARY_CRITICAL /* SPEC 30; several traces: the graph kept */
						   ? run_critical(trace, forest, attribution, steps, options,
								  job->collect ? &job->collected.critical : NULL)
						   : NULL;
	struct write_config write_config = { &selection, &layout, options->format, et, options->communication,
					     options->sort, options->top, rank, shape, options->quiet, NULL, perf, collectives, NULL,
					     options->bins, NULL, found.findings, 0, FALSE, causes,
					     options->min_gap_given ? options->min_gap : SUMMARY_MIN_GAP_DEFAULT, NULL };
	write_config.memory = memory;
	write_config.critical = critical;
	struct write_result written = { 0 };
	if (job->collect && options->summary == SUMMARY_MEMORY) { /* several traces, one table (SPEC 21) */
		/* the rows read the devices and the rank: kept with them */
		job->collected.memory_rank = rank ? g_strdup(rank) : g_strdup_printf("%u", job->position); /* as SPEC 13.2 */
		job->collected.memory_rows = memory_summary_rows(forest, attribution, memory, steps, job->collected.memory_rank);
		written.rows = job->collected.memory_rows->len;
	} else if (job->collect && options->summary == SUMMARY_FINDINGS) { /* several traces, one table (SPEC 22) */
		job->collected.findings = g_steal_pointer(&found.findings);
		job->collected.findings_span = found.span;
		job->collected.findings_first = found.first;
		job->collected.findings_exposed = g_steal_pointer(&found.exposed);
		job->collected.record = rank_record_of(forest, attribution, steps, timeline, options->communication, FALSE);
		written.rows = job->collected.findings->len;
	} else if (job->collect && options->summary == SUMMARY_CRITICAL) { /* several traces, one table (SPEC 30) */
		job->collected.record = rank_record_of(forest, attribution, steps, timeline, options->communication, FALSE);
		written.rows = job->collected.record->events->len;
	} else if (job->collect) {
		collect(job, options, trace, forest, attribution, &selection, steps, perf, timeline, &written.rows);
	}
	if (settings->fail_on && found.findings) { /* --fail-on, several traces: the job's figures (src/cli/fail_on.h) */
		job->collected.findings = g_steal_pointer(&found.findings);
		job->collected.findings_span = found.span;
		job->collected.findings_first = found.first;
		job->collected.findings_exposed = g_steal_pointer(&found.exposed);
		/* of the findings' own events when they have them, as --summary findings reads the trace */
		job->collected.fail_on_record = rank_record_of(found.forest ? found.forest : forest,
							    found.attribution ? found.attribution : attribution, steps,
							    timeline, options->communication, FALSE);
	}
	if (job->collect && options->fail_on_regression_given)
		collect_regression(job, forest, attribution, &write_config, timeline);
	if (job->collect && options->compare == COMPARE_DIFF && steps && steps->count)
		collect_all_steps(job, forest, attribution, &write_config);
	gboolean ok = TRUE;
	g_autoptr(HtmlPage) page = NULL; /* --format html: the page, written once the warnings are known */
	g_autofree char *src_shown = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
	if (job->collect)
		job->collected.rank = g_steal_pointer(&rank);
	else if (options->format == &html_sink)
		page = page_build(trace, src_shown, forest, attribution, &write_config, options, timeline, wait_causes,
				  &written.rows, &ok);
	else if (flame_format(options->format))
		ok = flame_write(&output, forest, attribution, options, job->src, &written.rows);
	else
		ok = options->summary ? write_summary(&output, forest, attribution, &write_config, options->summary,
						      &written.rows)
				      : write_nodes(&output, forest, attribution, &write_config, &written);
	g_autofree char *dst_shown = output_shown(job->dst);
	struct run_summary summary = {
		.src = src_shown, .dst = dst_shown, .trace = trace, .forest = forest, .attribution = attribution,
		.rows = written.rows, .et = et, .joined = written.joined, .joined_other_name = written.other_name,
		.options = options, .selection = &selection, .categories = &categories,
		.label = options->compare != COMPARE_DIFF ? NULL : job->position == 1 ? "new" : "base", /* --base's too */
	};
	attribution_coverage(attribution, &summary.coverage); /* grafted roots' events are under monitored nodes */
	summary.graft = &graft;
	summary.perf = perf;
	summary.collectives = collectives;
	summary.timeline = timeline;
	summary.memory = memory;
	summary.findings = found.findings ? found.findings : job->collected.findings;
	job->fail = summary.findings && findings_fail(summary.findings, options->fail_on);
	job->fired = job->fail ? gate_fired_of(summary.findings, options->fail_on) : NULL; /* the reason (SPEC 27) */
	summary.waiting = waited && !wait_causes ? &waiting : NULL;
	summary.wait_causes = waited ? wait_causes : NULL;
	summary.critical = critical ? critical->report->str : NULL;
	if (ok && page) /* every warning of the run goes into the page (src/cli/page.h) */
		ok = page_finish(page, &summary, &output);
	if (!ok) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		abort_output(job, &output);
		set_error(job, job->dst, error);
		return;
	}
	if (!job->collect && !output_commit(&output, &error)) {
		set_error(job, job->dst, error);
		return;
	}
	stage[3] = lap(&mark);
	summary.seconds = (g_get_monotonic_time() - started) / 1e6;
	memcpy(summary.stage_seconds, stage, sizeof stage);
	capture_report(job, &summary);
	if (job->collected.memory_rows) /* what the rows read, kept with them */
		job->collected.memory = g_steal_pointer(&memory);
	if (settings->fail_on && !job->collect) /* the gate's rank (a comparison's job has it) */
		job->collected.rank = g_steal_pointer(&rank);
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
		; /* the base's report first, then the new one's, when both ended (src/views/combine.c) */
	else if (job->error)
		fprintf(stderr, "profile_parser: %s\n", job->error);
	else if (!options->quiet)
		fputs(job->report->str, stderr);
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
