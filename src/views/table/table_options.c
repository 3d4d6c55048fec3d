#include "views/table/table_options.h"
#include "views/summaries/summaries.h"
#include "sinks/formats.h"
#include "views/nodes/columns.h"
#include "views/compare/diff.h"
#include "views/table/option_values.h"
#include "views/ranks/ranks.h"
#include "views/ranks/rank_reduce.h"
#include "views/collectives/collective_across.h"
#include "views/table/sort.h"
#include "views/perf/summary_perf.h"
#include "views/critical/summary_critical.h"
#include "views/summaries/summary_step.h"

/* The catalogue of the rows MODE (not COMPARE_NONE) writes. */
static const struct catalogue *compare_catalogue(enum compare_mode mode)
{
	return mode == COMPARE_DIFF ? diff_catalogue() : mode == COMPARE_RANK ? rank_summary_catalogue() : ranks_catalogue();
}

static gboolean columns_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option, (void)error;
	g_free(options->columns_list);
	options->columns_list = g_strdup(value);
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

/* --comm-pattern: a GRegex, matched without regard to case; a bad one is a usage error. */
static gboolean comm_pattern_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	g_autoptr(GError) bad = NULL;
	if (!*value) {
		g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
				    "--comm-pattern '' names no device event (an empty pattern would match every one)");
		return FALSE;
	}
	GRegex *regex = g_regex_new(value, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, &bad);
	if (!regex) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--comm-pattern: %s", bad->message);
		return FALSE;
	}
	if (options->communication)
		g_regex_unref(options->communication);
	options->communication = regex;
	return TRUE;
}

static void columns_entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "columns", 0, 0, G_OPTION_ARG_CALLBACK, columns_option, "Columns to write, in order; +LIST: the default ones and LIST", "LIST" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static void sort_entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "sort", 0, 0, G_OPTION_ARG_CALLBACK, sort_option, "Order rows by these columns: numbers descending, text ascending", "LIST" },
		{ "top", 0, 0, G_OPTION_ARG_CALLBACK, top_option, "Write only the first N rows (after --sort)", "N" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static void comm_entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "comm-pattern", 0, 0, G_OPTION_ARG_CALLBACK, comm_pattern_option, "Device events (by name, any case) that communication(ms) counts [nccl|rccl|...; see profile_parser(1)]", "REGEX" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

/* The lists of --columns and --sort, as given. */
static gboolean check(struct options *options, GError **error)
{
	return option_list_check("--columns", options->columns_list, "column", TRUE, error) &&
	       option_list_check("--sort", options->sort_list, "column", FALSE, error);
}

/* LIST (--columns as given) over the view's own DEFAULTS: DEFAULTS when
 * none is given, and followed by LIST's columns when it starts with '+'. */
static char *view_list(const char *defaults, const char *list)
{
	if (!list)
		return g_strdup(defaults);
	return list[0] == '+' ? g_strconcat(defaults, ",", list + 1, NULL) : g_strdup(list);
}

/* The columns (and the sort keys) from the catalogue of the rows: a
 * comparison's, a summary's, or the per-node one; --format table and html
 * have their own defaults, and a summary in JSON Lines carries the trace's rank (for --merge). */
static gboolean settle(struct options *options, GError **error)
{
	const char *columns = options->columns_list;
	const struct catalogue *catalogue = options->summary == SUMMARY_RANK ? rank_summary_catalogue()
					    : options->compare == COMPARE_RANK ? collective_across_catalogue()
					    : options->compare   ? compare_catalogue(options->compare)
					    : options->summary ? summary_catalogue(options->summary)
							       : node_catalogue();
	guint defaults = COLUMN_DEFAULT;
	if (options->et && !options->summary && !options->compare)
		defaults |= NODE_ET;
	if (options->summary && !options->compare && options->format == &jsonl_sink)
		defaults |= SUMMARY_JSONL_DEFAULT;
	gboolean for_people = options->format == &table_sink || options->format == &html_sink;
	g_autofree char *view = for_people && !options->summary && !options->compare ? node_view_list(columns)
				: for_people && options->summary == SUMMARY_PERF && !options->compare
					? view_list(PERF_SUMMARY_VIEW_COLUMNS, columns)
				: for_people && (options->summary == SUMMARY_PATH || options->summary == SUMMARY_NAME) &&
						!options->compare
					? view_list(NAME_SUMMARY_VIEW_COLUMNS, columns)
				: for_people && options->summary == SUMMARY_STEP && !options->compare
					? view_list(STEP_SUMMARY_VIEW_COLUMNS, columns)
				: options->summary == SUMMARY_CRITICAL && options->what_if && !options->compare
					? view_list(CRITICAL_SUMMARY_WHAT_IF_COLUMNS, columns) /* measured beside predicted */
					: NULL;
	return catalogue_pick(catalogue, view ? view : columns, defaults, options->columns, error) &&
	       sort_pick(catalogue, options->sort_list, options->sort, error);
}

const struct view_options columns_view_options = { .name = "columns", .entries = columns_entries, .check = check };
/* Settled once the output's form is (src/views/table/form_options.h): the columns too. */
const struct view_options sort_view_options = { .name = "sort", .entries = sort_entries, .settle = settle };
const struct view_options comm_view_options = { .name = "comm", .entries = comm_entries };
