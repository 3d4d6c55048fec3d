/* Analyses: traces read once, views run through the program's command. */
#include "api/api_analysis.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/results.h"
#include "cli/command.h"
#include "input/input.h"
#include "util/fault.h"

/* A trace of the analysis, read once (under LOCK) by the first run that needs it. */
struct kept_trace {
	GMutex lock;
	gboolean read;
	struct trace *trace; /* NULL when it could not be read */
	char *error;         /* then why: "FILE: what" */
};

/* A job's results in one view: its run's context and its view's plan
 * (copies, kept), and the results it reads, which the views of the same
 * categories share (the analysis' SHARED). */
struct kept_results {
	struct analysis_context context;
	struct analysis_plan plan;
	struct results *results;
};

/* A view's options and its jobs' kept results, per job (its position, whether it collects, its trace). */
struct view_run {
	struct options options;
	GHashTable *results; /* "POSITION:COLLECT:PATH" -> struct kept_results * */
	GMutex lock;
};

struct pp_analysis {
	GPtrArray *paths;          /* char * */
	struct pp_options *args;   /* the options, a copy */
	GHashTable *traces;        /* path -> struct kept_trace * */
	GHashTable *views;         /* "VIEW" or "of:N:VIEW" -> struct view_run * */
	/* the results, shared by views of the same categories: "POSITION:PATH:"
	 * and their share key (results_share_key) -> struct results * */
	GHashTable *shared;
	GMutex lock;               /* TRACES, VIEWS, SHARED */
	char *report;
};

static void kept_trace_free(gpointer data)
{
	struct kept_trace *k = data;
	if (k->trace)
		trace_free(k->trace);
	g_free(k->error);
	g_mutex_clear(&k->lock);
	g_free(k);
}

static void kept_results_free(gpointer data)
{
	struct kept_results *k = data;
	analysis_plan_clear(&k->plan);
	g_free(k);
}

static void view_run_free(gpointer data)
{
	struct view_run *v = data;
	g_hash_table_destroy(v->results);
	options_clear(&v->options);
	g_mutex_clear(&v->lock);
	g_free(v);
}

/* The trace PATH, read once with what any view of OPTIONS may need. */
static struct kept_trace *trace_of(struct pp_analysis *a, const char *path, const struct analysis_context *context)
{
	g_mutex_lock(&a->lock);
	struct kept_trace *k = g_hash_table_lookup(a->traces, path);
	if (!k) {
		k = g_new0(struct kept_trace, 1);
		g_mutex_init(&k->lock);
		g_hash_table_insert(a->traces, g_strdup(path), k);
	}
	g_mutex_unlock(&a->lock);
	g_mutex_lock(&k->lock);
	if (!k->read) {
		struct analysis_plan plan;
		analysis_plan_everything(&plan, context->options, context->threads);
		g_autoptr(GError) error = NULL;
		k->trace = read_trace_file(path, &plan.read, &error);
		if (!k->trace)
			k->error = analysis_error_text(path, FALSE, error);
		analysis_plan_clear(&plan);
		k->read = TRUE;
	}
	g_mutex_unlock(&k->lock);
	return k;
}

struct run_data {
	struct pp_analysis *analysis;
	struct view_run *view;
};

/* run_settings.results: JOB's results in the view, from its trace read once. */
static struct results *job_results(struct job *job, const struct analysis_context *context, gpointer data,
				   char **error)
{
	struct run_data *run = data;
	struct kept_trace *trace = trace_of(run->analysis, job->src, context);
	if (!trace->trace) {
		*error = g_strdup(trace->error);
		return NULL;
	}
	g_autofree char *key = g_strdup_printf("%u:%d:%s", job->position, context->collect, job->src);
	struct view_run *view = run->view;
	g_mutex_lock(&view->lock);
	struct kept_results *kept = g_hash_table_lookup(view->results, key);
	g_mutex_unlock(&view->lock);
	if (!kept) {
		kept = g_new0(struct kept_results, 1);
		kept->context = *context;
		analysis_plan_init(&kept->plan, &kept->context);
		g_mutex_lock(&view->lock);
		g_hash_table_insert(view->results, g_steal_pointer(&key), kept);
		g_mutex_unlock(&view->lock);
	}
	kept->context = *context; /* this run's peaks, Execution Trace */
	/* the results of the views of the same categories, made by the first */
	g_autofree char *categories = results_share_key(&kept->plan);
	g_autofree char *shared_key = g_strdup_printf("%u:%s:%s", job->position, job->src, categories);
	struct pp_analysis *a = run->analysis;
	g_mutex_lock(&trace->lock); /* a view of a trace sorts its shared arrays, into the same order */
	g_mutex_lock(&a->lock);
	struct results *r = g_hash_table_lookup(a->shared, shared_key);
	g_mutex_unlock(&a->lock);
	if (!r) {
		r = results_view(trace->trace, job->src, &kept->context, error);
		if (r) {
			g_mutex_lock(&a->lock);
			g_hash_table_insert(a->shared, g_steal_pointer(&shared_key), r);
			g_mutex_unlock(&a->lock);
		}
	}
	g_mutex_unlock(&trace->lock);
	if (r)
		results_rebind(r, &kept->context, &kept->plan);
	return r;
}

/* The text of a memory stream, taken (closed). */
static char *stream_text(FILE *stream, char **buffer, size_t *size)
{
	fclose(stream);
	char *text = g_strndup(*buffer ? *buffer : "", *size);
	free(*buffer);
	return text;
}

/* Runs VIEW (KEY names it in the analysis) over PATHS (COUNT) to -d DST:
 * its tables' records into *TABLES (*SIZE bytes; free() them; NULL: not
 * kept), its messages into *TEXT; the exit status, or -1 (*ERROR set)
 * when the options are refused. */
static int run_view(struct pp_analysis *a, const char *key, const char *view, const char *const *paths, gsize count,
		    const char *dst, char **tables, size_t *size, char **text, pp_error **error)
{
	g_mutex_lock(&a->lock);
	struct view_run *v = g_hash_table_lookup(a->views, key);
	g_mutex_unlock(&a->lock);
	if (!v) {
		v = g_new0(struct view_run, 1);
		g_mutex_init(&v->lock);
		v->results = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, kept_results_free);
		if (!api_options_parse(a->args, view, paths, count, dst, &v->options, error)) {
			g_hash_table_destroy(v->results);
			g_mutex_clear(&v->lock);
			g_free(v);
			return -1;
		}
		gboolean diff = view && strcmp(view, "diff") == 0, across = view && strcmp(view, "across_ranks") == 0;
		if ((diff && v->options.compare != COMPARE_DIFF) || (across && v->options.compare != COMPARE_ACROSS)) {
			g_autofree char *message = g_strdup_printf("%s: the options set no --%s", view,
								   diff ? "diff" : "across-ranks");
			view_run_free(v);
			return api_error_set(error, PP_ERROR_USAGE, message), -1;
		}
		v->options.format = &cells_sink; /* the CSV's cells, typed */
		g_mutex_lock(&a->lock);
		g_hash_table_insert(a->views, g_strdup(key), v);
		g_mutex_unlock(&a->lock);
	}
	char *err_text = NULL, *table_text = NULL;
	size_t err_size = 0, table_size = 0;
	v->options.err = open_memstream(&err_text, &err_size);
	v->options.tables = open_memstream(&table_text, &table_size);
	if (!v->options.err || !v->options.tables)
		fault_out_of_memory();
	struct run_data data = { a, v };
	struct command_hooks hooks = { job_results, &data, NULL };
	int status = command_run(&v->options, &hooks);
	*text = stream_text(v->options.err, &err_text, &err_size);
	fclose(v->options.tables); /* its buffer and size final */
	if (tables) {
		*tables = table_text;
		*size = table_size;
	} else {
		free(table_text);
	}
	v->options.err = v->options.tables = NULL;
	return status;
}

/* Whether the view of OPTIONS makes one table of several traces. */
static gboolean one_table(const struct options *options)
{
	return options->compare || options->summary == SUMMARY_MEMORY || options->summary == SUMMARY_FINDINGS ||
	       options->summary == SUMMARY_CRITICAL;
}

/* -d for PATHS (COUNT) in the view of ARGS (VIEW; NULL the options' own):
 * standard output for one trace or one table, else a folder (named, never made). */
static const char *destination(const struct pp_options *args, const char *view, const char *const *paths, gsize count)
{
	if (count == 1)
		return "-";
	struct options parsed;
	if (!api_options_parse(args, view, paths, count, "-", &parsed, NULL))
		return "-"; /* the run says why */
	gboolean one = one_table(&parsed);
	options_clear(&parsed);
	return one ? "-" : "profile_parser-library/";
}

pp_analysis *pp_analyze(const char *const *paths, size_t count, const pp_options *options, pp_error **error)
{
	api_init();
	if (!paths || !count)
		return api_error_set(error, PP_ERROR_USAGE, "pp_analyze: no trace given");
	pp_analysis *a = g_new0(pp_analysis, 1);
	a->paths = g_ptr_array_new_with_free_func(g_free);
	for (size_t i = 0; i < count; i++)
		g_ptr_array_add(a->paths, g_strdup(paths[i] ? paths[i] : ""));
	a->args = api_options_copy(options);
	a->traces = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, kept_trace_free);
	a->views = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, view_run_free);
	a->shared = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)results_free);
	g_mutex_init(&a->lock);
	const char *const *kept = (const char *const *)a->paths->pdata;
	char *text = NULL;
	int status = run_view(a, "", NULL, kept, count, destination(a->args, NULL, kept, count), NULL, NULL, &text,
			      error);
	if (status == EXIT_DONE || status == EXIT_FINDINGS) { /* --fail-on's findings fired: the analysis is done */
		a->report = text;
		return a;
	}
	if (status > 0)
		api_error_of_run(error, status, text);
	g_free(text);
	pp_analysis_free(a);
	return NULL;
}

size_t pp_analysis_traces(const pp_analysis *analysis)
{
	return analysis ? analysis->paths->len : 0;
}

const char *pp_analysis_report(const pp_analysis *analysis)
{
	return analysis && analysis->report ? analysis->report : "";
}

void pp_analysis_free(pp_analysis *analysis)
{
	if (!analysis)
		return;
	g_hash_table_destroy(analysis->views);
	g_hash_table_destroy(analysis->shared); /* the results, before the traces they view */
	g_hash_table_destroy(analysis->traces);
	pp_options_free(analysis->args);
	g_ptr_array_free(analysis->paths, TRUE);
	g_mutex_clear(&analysis->lock);
	g_free(analysis->report);
	g_free(analysis);
}

/* VIEW of PATHS (COUNT), KEY naming it in A: its table. */
static pp_table *table_of(pp_analysis *a, const char *key, const char *view, const char *const *paths, gsize count,
			  pp_error **error)
{
	char *tables = NULL;
	size_t size = 0;
	g_autofree char *text = NULL;
	int status = run_view(a, key, view, paths, count, "-", &tables, &size, &text, error);
	if (status < 0)
		return NULL;
	pp_table *table = status == EXIT_DONE || status == EXIT_FINDINGS ? api_table_read(tables, size) : NULL;
	free(tables);
	if (status != EXIT_DONE && status != EXIT_FINDINGS)
		return api_error_of_run(error, status, text);
	if (!table) {
		g_autofree char *message = g_strdup_printf("%s: no table written", view);
		return api_error_set(error, PP_ERROR_INPUT, message);
	}
	return table;
}

pp_table *pp_analysis_table(pp_analysis *analysis, const char *view, pp_error **error)
{
	if (!analysis)
		return api_error_set(error, PP_ERROR_USAGE, "pp_analysis_table: no analysis");
	if (!api_view_check(view, error))
		return NULL;
	const char *const *paths = (const char *const *)analysis->paths->pdata;
	gsize count = analysis->paths->len;
	if (count > 1) {
		struct options parsed;
		if (!api_options_parse(analysis->args, view, paths, count, "-", &parsed, error))
			return NULL;
		gboolean one = one_table(&parsed);
		options_clear(&parsed);
		if (!one) {
			g_autofree char *message = g_strdup_printf(
				"%s of %u traces is a table per trace: pp_analysis_table_of gives each", view, (guint)count);
			return api_error_set(error, PP_ERROR_USAGE, message);
		}
	}
	return table_of(analysis, view, view, paths, count, error);
}

pp_table *pp_analysis_table_of(pp_analysis *analysis, size_t trace, const char *view, pp_error **error)
{
	if (!analysis)
		return api_error_set(error, PP_ERROR_USAGE, "pp_analysis_table_of: no analysis");
	if (!api_view_check(view, error))
		return NULL;
	if (trace >= analysis->paths->len) {
		g_autofree char *message = g_strdup_printf("trace %zu: the analysis has %u (0 to %u)", trace,
							   analysis->paths->len, analysis->paths->len - 1);
		return api_error_set(error, PP_ERROR_USAGE, message);
	}
	g_autofree char *key = g_strdup_printf("of:%zu:%s", trace, view);
	const char *path = analysis->paths->pdata[trace];
	return table_of(analysis, key, view, &path, 1, error);
}

pp_table *pp_analysis_findings(pp_analysis *analysis, pp_error **error)
{
	return pp_analysis_table(analysis, "findings", error);
}
