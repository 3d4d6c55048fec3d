#include "analysis/results.h"
#include <string.h>
#include "analysis/run_critical.h"
#include "attribution/graft.h"
#include "attribution/sums.h"
#include "input/input.h"
#include "input/roles.h"

enum {
	RESULT_PERF = 1 << 0,
	RESULT_STEPS = 1 << 1,
	RESULT_TIMELINE = 1 << 2,
	RESULT_CAUSES = 1 << 3,
	RESULT_WAIT_CAUSES = 1 << 4, /* the host wait by cause (SPEC 26.8) */
	RESULT_WAITING = 1 << 5,     /* its split (SPEC 19.3), in a run without the causes */
	RESULT_MEMORY = 1 << 6,      /* and << 7: --summary memory's */
	RESULT_FINDINGS = 1 << 8,    /* and << 9: as one of several */
	RESULT_CRITICAL = 1 << 10,
	RESULT_COLLECTIVES = 1 << 11,
	RESULT_IDLE_CLASSES = 1 << 12,
};

/* Seconds since *MARK, which moves to now. */
static double lap(gint64 *mark)
{
	gint64 now = g_get_monotonic_time();
	double seconds = (now - *mark) / 1e6;
	*mark = now;
	return seconds;
}

/* The Execution Trace of TRACE's rank, from --et DIR (read here), or --et FILE. */
static struct et *et_for(const struct analysis_context *context, const struct trace *trace, const char *src,
			 const struct et **et, GError **error)
{
	*et = context->et;
	if (!context->et_files)
		return NULL;
	g_autofree char *rank = trace->rank ? g_strdup(trace->rank) : rank_of_file_name(src);
	const char *path = rank ? g_hash_table_lookup(context->et_files, rank) : NULL;
	if (!path)
		return NULL;
	struct et *own = et_read_file(path, context->threads, context->options->format->json_values, error);
	*et = own;
	return own;
}

/* What R holds when made, from its trace: the categories in effect, the
 * forest and its attribution. FALSE, *ERROR_TEXT set, on failure. */
static gboolean build(struct results *r, const char *src, gint64 *mark, char **error_text)
{
	const struct options *options = r->context->options;
	g_autoptr(GError) error = NULL;
	struct trace *trace = r->trace;
	r->findings_events = categories_take_findings(&r->plan.categories, trace); /* the findings' own, or NULL */
	categories_choose(&r->plan.categories, trace, options);
	r->own_et = et_for(r->context, trace, src, &r->et, &error);
	if (error) {
		*error_text = analysis_error_text("the Execution Trace", FALSE, error);
		return FALSE;
	}
	if (options->communication &&
	    !classifier_check(options->communication, (const struct event *)trace->device->data, trace->device->len, &error)) {
		*error_text = analysis_error_text(src, FALSE, error);
		return FALSE;
	}
	struct categories *c = &r->plan.categories;
	r->capture = r->context->captures ? graphs_capture_for(r->context->captures, c->monitor, c->host, c->device,
								 r->context->err ? r->context->err : stderr)
					  : NULL;
	r->stage[0] += lap(mark);
	r->forest = forest_build(trace);
	r->stage[1] = lap(mark);
	r->attribution = attribute(trace, r->forest);
	if (r->capture)
		graft_apply(&r->forest, &r->attribution, r->capture, &r->graft);
	else if (r->plan.graft_count)
		graft_count(r->attribution, &r->graft);
	r->rank = trace->rank ? g_strdup(trace->rank) : rank_of_file_name(src);
	r->stage[2] = lap(mark);
	return TRUE;
}

struct results *results_read(const char *src, const struct analysis_context *context, char **error_text)
{
	gint64 mark = g_get_monotonic_time();
	g_autoptr(GError) error = NULL;
	struct results *r = g_new0(struct results, 1);
	r->context = context;
	analysis_plan_init(&r->plan, context);
	r->view = &r->plan;
	r->trace = read_trace_file(src, &r->plan.read, &error);
	if (!r->trace) {
		*error_text = analysis_error_text(src, FALSE, error);
		results_free(r);
		return NULL;
	}
	if (!build(r, src, &mark, error_text)) {
		results_free(r);
		return NULL;
	}
	return r;
}

/* Of EVENTS, those whose category LIST names (as the reader keeps them: by canonical name), in order. */
static GArray *events_of(const GArray *events, char **list)
{
	guint8 verdict[CATEGORY_NONE + 1] = { 0 }; /* by category id: 0 unknown, 1 kept, 2 dropped */
	const struct event *e = (const struct event *)events->data;
	GArray *kept = g_array_sized_new(FALSE, FALSE, sizeof(struct event), events->len);
	for (guint i = 0; i < events->len; i++) {
		guint8 *v = &verdict[e[i].category];
		if (!*v) {
			*v = 2;
			for (char **c = list; *c; c++)
				if (strcmp(category_canonical(*c), category_name(e[i].category)->text) == 0)
					*v = 1;
		}
		if (*v == 1)
			g_array_append_val(kept, e[i]);
	}
	return kept;
}

struct results *results_view(struct trace *base, const char *src, const struct analysis_context *context,
			     char **error_text)
{
	gint64 mark = g_get_monotonic_time();
	struct results *r = g_new0(struct results, 1);
	r->context = context;
	analysis_plan_init(&r->plan, context);
	r->view = &r->plan;
	r->base = base;
	r->trace = g_new(struct trace, 1);
	*r->trace = *base; /* shared but the monitored events: the view's lists' */
	r->trace->monitored = events_of(base->monitored, r->plan.categories.read);
	if (!build(r, src, &mark, error_text)) {
		results_free(r);
		return NULL;
	}
	return r;
}

void results_free(struct results *r)
{
	if (!r)
		return;
	for (guint i = 0; i < G_N_ELEMENTS(r->findings); i++)
		run_findings_clear(&r->findings[i]);
	g_clear_pointer(&r->idle_classes, idle_classes_free);
	g_clear_pointer(&r->collectives, collectives_free);
	g_clear_pointer(&r->critical, critical_rows_free);
	for (guint i = 0; i < G_N_ELEMENTS(r->memory); i++)
		g_clear_pointer(&r->memory[i], memory_devices_free);
	g_clear_pointer(&r->wait_causes, causes_summary_free);
	g_clear_pointer(&r->causes, causes_free);
	g_clear_pointer(&r->timeline, timeline_free);
	g_clear_pointer(&r->steps, steps_free);
	g_clear_pointer(&r->perf, perf_free);
	g_clear_pointer(&r->attribution, attribution_free);
	g_clear_pointer(&r->forest, forest_free);
	g_clear_pointer(&r->own_et, et_free);
	if (r->findings_events)
		g_array_free(r->findings_events, TRUE);
	g_free(r->rank);
	if (r->base) { /* a view: its own monitored events only */
		if (r->trace)
			g_array_free(r->trace->monitored, TRUE);
		g_free(r->trace);
	} else if (r->trace) {
		trace_free(r->trace);
	}
	analysis_plan_clear(&r->plan);
	g_free(r);
}

void results_rebind(struct results *r, const struct analysis_context *context, const struct analysis_plan *view)
{
	r->context = context;
	r->view = view;
	if (!r->own_et)
		r->et = context->et;
}

/* LIST's categories, each followed by a comma, appended to KEY. */
static void key_append(GString *key, char **list)
{
	for (char **c = list; c && *c; c++)
		g_string_append_printf(key, "%s,", *c);
	g_string_append_c(key, '|');
}

char *results_share_key(const struct analysis_plan *plan)
{
	GString *key = g_string_new(NULL);
	key_append(key, plan->categories.read);
	key_append(key, plan->categories.monitor);
	key_append(key, plan->categories.host);
	key_append(key, plan->categories.device);
	g_string_append_printf(key, "%d", plan->categories.findings);
	return g_string_free(key, FALSE);
}

/* Whether FIGURE is to be computed now (the first time it is asked for). */
static gboolean first(struct results *r, guint figure)
{
	if (r->done & figure)
		return FALSE;
	r->done |= figure;
	return TRUE;
}

const struct perf *results_perf(struct results *r)
{
	if (r->view->perf && first(r, RESULT_PERF))
		r->perf = perf_compute(r->forest, r->attribution, r->trace->devices, r->context->peaks);
	return r->view->perf ? r->perf : NULL;
}

const struct steps *results_steps(struct results *r)
{
	if (r->view->read.steps && first(r, RESULT_STEPS))
		r->steps = steps_new(r->trace);
	return r->view->read.steps ? r->steps : NULL;
}

const struct timeline *results_timeline(struct results *r)
{
	if (r->view->timeline && first(r, RESULT_TIMELINE))
		r->timeline = timeline_compute(r->attribution->by_time, r->trace->device->len, r->attribution,
					       r->trace->threads, r->context->options->communication);
	return r->view->timeline ? r->timeline : NULL;
}

struct causes *results_causes(struct results *r)
{
	if (r->view->causes && first(r, RESULT_CAUSES))
		r->causes = causes_new(r->trace->host, r->attribution);
	return r->view->causes ? r->causes : NULL;
}

static gboolean waited(struct results *r)
{
	const struct timeline *timeline = results_timeline(r);
	return timeline && timeline->count && !r->context->options->quiet; /* the report's line: none with -q */
}

/* The host wait by cause (SPEC 26.8), worked out once for the report's
 * line and the page's section, in a run that has the causes; or NULL. */
static const struct causes_summary *wait_causes(struct results *r)
{
	const struct timeline *timeline = results_timeline(r);
	struct causes *causes = results_causes(r);
	if (!(causes && timeline && timeline->count && (waited(r) || r->view->node_page)))
		return NULL;
	if (first(r, RESULT_WAIT_CAUSES)) {
		g_autoptr(GArray) blamed = waiting_blamed_list(r->attribution, r->trace->threads);
		r->wait_causes = causes_summarize(causes, (const struct waiting_blamed *)blamed->data, blamed->len);
	}
	return r->wait_causes;
}

const struct causes_summary *results_wait_causes(struct results *r)
{
	return waited(r) ? wait_causes(r) : NULL;
}

const struct waiting_report *results_waiting(struct results *r)
{
	if (!waited(r) || wait_causes(r))
		return NULL;
	if (first(r, RESULT_WAITING)) { /* the host wait's split by the launching thread's nodes (SPEC 19.3) */
		g_autoptr(Waiting) blamed = waiting_compute(r->attribution, r->forest);
		waiting_report(blamed, &r->waiting);
	}
	return &r->waiting;
}

const struct causes_summary *results_page_causes(struct results *r)
{
	return wait_causes(r);
}

const struct memory_devices *results_memory(struct results *r)
{
	const struct options *options = r->context->options;
	gboolean summary = options->summary == SUMMARY_MEMORY; /* its rows: within --step */
	if (r->view->read.memory && first(r, RESULT_MEMORY << summary))
		r->memory[summary] = memory_devices_compute(r->attribution, r->trace->threads, r->trace->devices,
							    results_steps(r), summary ? &options->step : NULL);
	return r->view->read.memory ? r->memory[summary] : NULL;
}

struct run_findings *results_findings(struct results *r, gboolean several)
{
	if (!r->view->findings)
		return NULL;
	struct run_findings *rf = &r->findings[several];
	if (!first(r, RESULT_FINDINGS << several))
		return rf;
	const struct options *options = r->context->options;
	/* the findings' own events: taken by the first findings of a trace
	 * read for one view, a copy for each when the trace serves several */
	GArray *events = r->findings_events;
	if (events && r->base)
		events = g_array_copy(events);
	else
		r->findings_events = NULL;
	/* the whole trace's memory devices, unless --step cut the run's */
	const struct memory_devices *memory =
		options->summary == SUMMARY_MEMORY && options->step.given ? NULL : results_memory(r);
	run_findings_compute(rf, r->trace, events, r->forest, r->attribution, results_perf(r), &r->graft,
			     results_steps(r), results_timeline(r), results_causes(r), options, r->context->peaks,
			     r->rank, memory, several);
	return rf;
}

void results_findings_taken(struct results *r, gboolean several)
{
	run_findings_clear(&r->findings[several]);
	r->done &= ~(RESULT_FINDINGS << several);
}

const struct critical_rows *results_critical(struct results *r)
{
	if (r->context->options->summary == SUMMARY_CRITICAL && first(r, RESULT_CRITICAL))
		r->critical = run_critical(r->trace, r->forest, r->attribution, results_steps(r), r->context->options, NULL);
	return r->critical;
}

struct critical_graph *results_critical_graph(struct results *r)
{
	struct critical_graph *graph = NULL;
	run_critical(r->trace, r->forest, r->attribution, results_steps(r), r->context->options, &graph);
	return graph;
}

const struct collectives *results_collectives(struct results *r, const struct selection *selection)
{
	if (first(r, RESULT_COLLECTIVES))
		r->collectives = collectives_compute(r->forest, r->attribution, selection, r->context->options->communication);
	return r->collectives;
}

const struct idle_classes *results_idle_classes(struct results *r)
{
	if (first(r, RESULT_IDLE_CLASSES))
		r->idle_classes = idle_classes_compute(r->attribution, NULL, NULL);
	return r->idle_classes;
}
