#include "analysis/analysis.h"
#include <string.h>
#include "output/output_names.h"
#include "sinks/sink_html.h"
#include "views/nodes/columns.h"
#include "views/findings/findings_options.h"
#include "views/flame/flame.h"
#include "views/perf/perf_family.h"
#include "views/perf/perf_options.h"
#include "views/summaries/summary.h"

/* Whether an op of NAME has a perf model (SPEC 15.1): the reader keeps the shapes of those only. */
static gboolean perf_modelled_name(const char *name, gsize len)
{
	return perf_family_of(name, len) != PERF_FAMILY_NONE;
}

G_STATIC_ASSERT(SUMMARY_PERF_FIGURES == NODE_PERF); /* a summary's perf column asks the run for the figures */

void analysis_plan_init(struct analysis_plan *plan, const struct analysis_context *context)
{
	const struct options *options = context->options;
	memset(plan, 0, sizeof *plan);
	guint flags = columns_flags(options->columns) | columns_flags(options->sort); /* what the reader keeps */
	gboolean extras = options->skip_empty_shapes || options->et || (flags & (NODE_EXTRAS | NODE_ET));
	gboolean collect = context->collect;
	/* one table of findings: each trace as alone */
	categories_init(&plan->categories, options, collect && options->summary != SUMMARY_FINDINGS);
	/* SPEC 22; several traces: one table, the job rules; --fail-on: in every view (src/cli/fail_on.h) */
	plan->findings = (!collect || options->summary == SUMMARY_FINDINGS || options->fail_on) && findings_wanted(options);
	/* SPEC 26: the host events of every category, for the causes of host wait */
	plan->causes = plan->findings || (!collect && options->summary == SUMMARY_GAPS);
	plan->node_page = !collect && options->format == &html_sink && !options->summary;
	plan->perf = perf_asked(options) || perf_for_page(options) || options->summary == SUMMARY_FINDINGS;
	/* the device timeline: the report's (none with -q), and the per-node page's charts and findings */
	plan->timeline = !options->quiet || plan->node_page || plan->findings || options->fail_on_regression_given ||
			 options->compare == COMPARE_RANK ||
			 (options->compare == COMPARE_ACROSS && options->format == &html_sink);
	/* the page's warnings and findings, -q or not */
	plan->graft_count = !options->quiet || options->format == &html_sink || plan->findings;
	gboolean findings = plan->findings;
	plan->read = (struct read_config){
		.monitor_cats = plan->categories.read,
		.host_cats = plan->categories.host,
		.device_cats = plan->categories.device,
		.all_python_functions = options->all_python_functions,
		.module_class = options->module_class,
		.threads = context->threads,
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
		.host_events = plan->causes,
		.sync = options->summary == SUMMARY_CRITICAL, /* the critical path's stream and event waits (SPEC 30) */
		.progress = context->progress,
		.json_values = options->format->json_values,
		/* a path or name summary, as a table or compared, reads no args; the node rows (their args
		 * and kernel infos), the page, the flame graph, --graph-capture's graph ids and the other
		 * summaries (the collectives' args) may */
		.drop_args = (options->summary == SUMMARY_PATH || options->summary == SUMMARY_NAME ||
			      ((options->summary == SUMMARY_FINDINGS || options->summary == SUMMARY_CRITICAL) &&
			       !collect)) && /* several traces: 20.1's args */
			     !context->fail_on && /* the gate's job rules too */
			     options->format != &html_sink && !flame_format(options->format) && !context->captures,
		.keep_comms_args = findings, /* 15.2's figures of the collectives, SPEC 26.5 */
	};
}

/* LIST followed by the categories of MORE it lacks (both NULL-terminated): a new list. */
static char **add_categories(char **list, const char *const *more)
{
	GPtrArray *all = g_ptr_array_new();
	for (char **c = list; *c; c++)
		g_ptr_array_add(all, g_strdup(*c));
	for (const char *const *c = more; *c; c++)
		if (!g_strv_contains((const char *const *)list, *c))
			g_ptr_array_add(all, g_strdup(*c));
	g_ptr_array_add(all, NULL);
	g_strfreev(list);
	return (char **)g_ptr_array_free(all, FALSE);
}

void analysis_plan_everything(struct analysis_plan *plan, const struct options *options, guint threads)
{
	memset(plan, 0, sizeof *plan);
	categories_init(&plan->categories, options, FALSE);
	/* every view's monitored categories: -mc's, the findings' (SPEC 22) and the critical path's (SPEC 30) */
	static const char *const views[] = { "cpu_op", "user_annotation", "python_function", NULL };
	plan->categories.read = add_categories(plan->categories.read, views);
	plan->findings = plan->causes = plan->perf = plan->timeline = plan->graft_count = TRUE;
	plan->read = (struct read_config){
		.monitor_cats = plan->categories.read,
		.host_cats = plan->categories.host,
		.device_cats = plan->categories.device,
		.all_python_functions = options->all_python_functions,
		.module_class = options->module_class,
		.threads = threads,
		.event_extras = TRUE,
		.memory = TRUE,
		.steps = TRUE,
		.host_events = TRUE,
		.sync = TRUE,
		.json_values = options->format->json_values,
	};
}

void analysis_plan_clear(struct analysis_plan *plan)
{
	categories_clear(&plan->categories);
	memset(plan, 0, sizeof *plan);
}

char *analysis_error_text(const char *path, gboolean output, const GError *error)
{
	g_autofree char *escaped = output_shown(path), *message = output_shown(error->message);
	const char *shown = g_strcmp0(path, "-") != 0 ? escaped : output ? "standard output" : "standard input";
	return g_strdup_printf("%s: %s", shown, message);
}
