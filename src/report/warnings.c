#include "report/warnings.h"
#include "analysis/graphs.h"
#include "report/perf_report.h"
#include "views/perf/perf_options.h"
#include <stdarg.h>
#include <string.h>
#include "views/flame/flame.h"
#include "input/roles.h"
#include "util/timefmt.h"
#include "util/percent.h"
#include "analysis/uses.h"
#include "util/visible.h"
#include "report/memory_report.h"

#define COVERAGE_WARNING 90 /* percent */
#define LISTED_NAMES 8

static void warn(FILE *out, const struct run_summary *run, const char *format, ...) G_GNUC_PRINTF(3, 4);

static void warn(FILE *out, const struct run_summary *run, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	g_autofree char *text = g_strdup_vprintf(format, args);
	va_end(args);
	visible_warning(out, run->src, text); /* names and categories of the trace, shown safely; - is "standard input" */
}

static const char *plural(guint64 n)
{
	return n == 1 ? "" : "s";
}

/* The memory columns are empty when the trace has no [memory] events: the
 * node rows', the step summary's and the memory summary's (SPEC 10.1, 21). */
static void warn_memory(FILE *out, const struct run_summary *run)
{
	enum summary_mode mode = run->options->summary;
	gboolean asked = (columns_flags(run->options->columns) & (NODE_MEMORY | NODE_MEMORY_PEAK)) &&
			 (!mode || mode == SUMMARY_STEP);
	if ((asked || mode == SUMMARY_MEMORY) && run->attribution->memory_count == 0)
		warn(out, run, "no [memory] events (%s): the memory columns are empty",
		     trace_legacy(run->trace) ? PERF_LEGACY_TEXT : "recorded without profile_memory=True?");
}

/* For g_ptr_array_sort, which passes pointers to the elements. */
static int compare_strings(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of NAMES (a --opaque or --exclude file) that no node has. */
static void warn_unmatched(FILE *out, const struct run_summary *run, GHashTable *names, const char *option)
{
	if (!names || !g_hash_table_size(names))
		return;
	g_autoptr(GHashTable) matched = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint i = 0; i < run->forest->count; i++) {
		const char *name = run->forest->events[i].name->text;
		if (g_hash_table_contains(names, name))
			g_hash_table_add(matched, (gpointer)name);
	}
	guint unmatched = g_hash_table_size(names) - g_hash_table_size(matched);
	if (!unmatched)
		return;
	g_autoptr(GPtrArray) sorted = g_ptr_array_new();
	GHashTableIter iter;
	gpointer name;
	g_hash_table_iter_init(&iter, names);
	while (g_hash_table_iter_next(&iter, &name, NULL))
		if (!g_hash_table_contains(matched, name))
			g_ptr_array_add(sorted, name);
	g_ptr_array_sort(sorted, compare_strings);
	g_autoptr(GString) list = g_string_new(NULL);
	for (guint i = 0; i < MIN(sorted->len, LISTED_NAMES); i++)
		g_string_append_printf(list, "%s'%s'", i ? ", " : "", (const char *)g_ptr_array_index(sorted, i));
	if (sorted->len > LISTED_NAMES)
		g_string_append_printf(list, " and %u more", sorted->len - LISTED_NAMES);
	warn(out, run, "%u name%s of %s match%s no monitored event: %s", unmatched, plural(unmatched), option,
	     unmatched == 1 ? "es" : "", list->str);
}

static void count_row(guint node, guint depth, const GString *path, gpointer data)
{
	(void)node, (void)depth, (void)path;
	++*(guint64 *)data;
}

static guint64 rows_of(const struct forest *forest, const struct selection *selection)
{
	guint64 rows = 0;
	select_visit(forest, selection, count_row, &rows);
	return rows;
}

/* Whether a monitored event has a non-empty Input Dims. */
static gboolean any_shapes(const struct forest *f)
{
	for (guint i = 0; i < f->count; i++)
		if (f->events[i].extra && !f->events[i].extra->shapes_empty)
			return TRUE;
	return FALSE;
}

/* Which of the depth bounds and filters, lifted alone, would let rows through. */
static void warn_no_rows(FILE *out, const struct run_summary *run)
{
	const struct selection *s = run->selection;
	const struct forest *f = run->forest;
	if (run->rows || !f->count || run->options->summary == SUMMARY_STEP || run->options->summary == SUMMARY_KERNEL ||
	    run->options->summary == SUMMARY_COLLECTIVE || run->options->summary == SUMMARY_TIMELINE ||
	    run->options->summary == SUMMARY_IDLE || run->options->summary == SUMMARY_MEMORY ||
	    run->options->summary == SUMMARY_RANK || run->options->summary == SUMMARY_CRITICAL ||
	    run->options->summary == SUMMARY_FINDINGS || run->options->summary == SUMMARY_GAPS) /* no finding is an answer, not rows removed */
		return;
	if (run->options->summary == SUMMARY_PERF && run->perf) { /* no op modelled: perf_report_warn says why */
		guint counted = 0;
		for (guint i = 0; i < G_N_ELEMENTS(run->perf->counted); i++)
			counted += run->perf->counted[i];
		if (!counted)
			return;
	}
	if (flame_format(run->options->format)) { /* the bounds and filters do not apply */
		warn(out, run, "no stack written: the trace's %u monitored event%s have no %s", f->count, plural(f->count),
		     flame_weight_text(run->options->weight));
		return;
	}
	g_autoptr(GString) culprits = g_string_new(NULL);
	struct selection lifted = *s;
	lifted.min_depth = lifted.max_depth = -1;
	if (rows_of(f, &lifted)) {
		if (s->min_depth > (int)f->deepest)
			g_string_append_printf(culprits, "; --min_depth %d, deeper than the deepest level (%u)", s->min_depth,
					       f->deepest);
		else
			g_string_append(culprits, "; the depth bounds (--min_depth, --max_depth)");
	}
	lifted = *s;
	lifted.exclude = NULL;
	if (s->exclude && rows_of(f, &lifted))
		g_string_append(culprits, "; --exclude");
	lifted = *s;
	lifted.opaque = NULL;
	if (s->opaque && rows_of(f, &lifted))
		g_string_append(culprits, "; --opaque");
	lifted = *s;
	lifted.skip_empty_shapes = FALSE;
	if (s->skip_empty_shapes && rows_of(f, &lifted))
		g_string_append_printf(culprits, any_shapes(f) ? "; --skip-empty-shapes"
							       : "; --skip-empty-shapes: no monitored event has Input Dims (%s)",
				       trace_legacy(run->trace) ? PERF_LEGACY_TEXT : "recorded without record_shapes=True?");
	lifted = *s;
	lifted.leaves = FALSE;
	if (s->leaves && rows_of(f, &lifted))
		g_string_append(culprits, "; --leaves");
	lifted = *s;
	lifted.step.given = FALSE;
	if (s->step.given && rows_of(f, &lifted))
		g_string_append(culprits, "; --step");
	warn(out, run, "no row written, although the trace has %u monitored event%s: removed by %s", f->count,
	     plural(f->count), culprits->len ? culprits->str + 2 : "the depth bounds and filters together");
}

/* Whether LIST (categories as given) holds CANONICAL, whatever its spelling. */
static gboolean lists_category(char **list, const char *canonical)
{
	for (char **c = list; c && *c; c++)
		if (strcmp(category_canonical(*c), canonical) == 0)
			return TRUE;
	return FALSE;
}

/* Host categories the trace has and -mc lacks, that may hold the launches. */
static void wider_categories(const struct run_summary *run, GString *out)
{
	static const char *const wider[] = { "cpu_op", "user_annotation" };
	char **given = run->categories->monitor;
	g_autoptr(GString) list = g_string_new(NULL);
	for (char **c = given; c && *c; c++) /* those of -mc that match something */
		if (g_hash_table_contains(run->trace->categories, category_canonical(*c)))
			g_string_append_printf(list, "%s%s", list->len ? "," : "", *c);
	gboolean added = FALSE;
	for (gsize i = 0; i < G_N_ELEMENTS(wider); i++) {
		if (lists_category(given, wider[i]) ||
		    !g_hash_table_contains(run->trace->categories, wider[i]))
			continue;
		g_string_append_printf(list, "%s%s", list->len ? "," : "", wider[i]);
		added = TRUE;
	}
	if (added)
		g_string_append_printf(out, "; a wider -mc (-mc %s) may cover more", list->str);
}

static void warn_coverage(FILE *out, const struct run_summary *run)
{
	const struct coverage *c = &run->coverage;
	if (!c->events || !c->total)
		return;
	if ((unsigned __int128)c->monitored * 100 >= (unsigned __int128)c->total * COVERAGE_WARNING)
		return; /* exact: 90% of the device time or more is claimed */
	g_autofree char *list = run->categories && run->categories->monitor ? g_strjoinv(",", run->categories->monitor) : NULL;
	g_autoptr(GString) text = g_string_new(NULL); /* SPEC 28: a coverage figure names its categories */
	g_string_append_printf(text, "monitored events %s%s%sclaim ", list ? "(-mc " : "", list ? list : "", list ? ") " : "");
	percent_append(text, tenths_of_percent(c->monitored, c->total)); /* 18.5, never the locale's 18,5 */
	g_string_append(text, "% of the device time (");
	time_append_ms(text, c->monitored);
	g_string_append(text, " of ");
	time_append_ms(text, c->total);
	g_string_append(text, " ms)");
	if (c->outside) {
		g_string_append(text, "; ");
		time_append_ms(text, c->outside);
		g_string_append_printf(text, " ms come from %u launch%s outside any monitored event", c->outside_launches,
				       c->outside_launches == 1 ? "" : "es");
	}
	if (c->total - c->monitored - c->outside) {
		g_string_append(text, "; ");
		time_append_ms(text, c->total - c->monitored - c->outside);
		g_string_append(text, " ms from device events no launch claimed (their launches are not in the trace, "
				      "or not of the -hc categories)");
	}
	if (c->outside)
		wider_categories(run, text);
	warn(out, run, "%s", text->str);
}

static int by_count(gconstpointer x, gconstpointer y, gpointer data)
{
	guint64 a = *(guint64 *)g_hash_table_lookup(data, *(char *const *)x);
	guint64 b = *(guint64 *)g_hash_table_lookup(data, *(char *const *)y);
	return a != b ? (a > b ? -1 : 1) : strcmp(*(char *const *)x, *(char *const *)y);
}

/* "cpu_op (1234), cuda_runtime (56), ...": the trace's categories, most
 * frequent first; at most LISTED_NAMES. */
static void append_categories(GString *text, GHashTable *categories)
{
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	GHashTableIter iter;
	gpointer name;
	g_hash_table_iter_init(&iter, categories);
	while (g_hash_table_iter_next(&iter, &name, NULL))
		g_ptr_array_add(names, name);
	g_ptr_array_sort_with_data(names, by_count, categories);
	for (guint i = 0; i < MIN(names->len, LISTED_NAMES); i++)
		g_string_append_printf(text, "%s%s (%" G_GUINT64_FORMAT ")", i ? ", " : "", (char *)names->pdata[i],
				       *(guint64 *)g_hash_table_lookup(categories, names->pdata[i]));
	if (names->len > LISTED_NAMES)
		g_string_append_printf(text, " and %u more", names->len - LISTED_NAMES);
}

/* A category of OPTION's list that no event of the trace has. */
static void warn_category(FILE *out, const struct run_summary *run, const char *option, const char *category)
{
	GHashTable *categories = run->trace->categories;
	const char *canonical = category_canonical(category);
	if (g_hash_table_contains(categories, canonical))
		return;
	g_autoptr(GString) text = g_string_new(NULL);
	g_string_append_printf(text, "%s %s matches no event", option, category);
	GHashTableIter iter;
	gpointer name;
	g_hash_table_iter_init(&iter, categories);
	while (g_hash_table_iter_next(&iter, &name, NULL))
		if (g_ascii_strcasecmp(name, canonical) == 0)
			g_string_append_printf(text, " (categories are case-sensitive: %s?)", (char *)name);
	if (g_hash_table_size(categories)) {
		g_string_append(text, "; the trace's categories: ");
		append_categories(text, categories);
	} else {
		g_string_append(text, "; the trace has no event with a category");
	}
	warn(out, run, "%s", text->str);
}

/* The default -mc, python_function, keeps nn.Module events only. */
static void warn_modules(FILE *out, const struct run_summary *run)
{
	const guint64 *functions = g_hash_table_lookup(run->trace->categories, "python_function");
	if (run->options->all_python_functions || !functions || run->categories->monitor_chosen ||
	    !lists_category(run->categories->monitor, "python_function"))
		return;
	for (guint i = 0; i < run->forest->count; i++)
		if (strcmp(category_name(run->forest->events[i].category)->text, "python_function") == 0)
			return;
	warn(out, run,
	     "none of the %" G_GUINT64_FORMAT " python_function events is an nn.Module (recorded without "
	     "with_modules=True?): --all-python-functions keeps them all",
	     *functions);
}

/* Whether some category of LIST has events. */
static gboolean any_matches(char **list, GHashTable *categories)
{
	for (char **c = list; c && *c; c++)
		if (g_hash_table_contains(categories, category_canonical(*c)))
			return TRUE;
	return FALSE;
}

/* Whether the trace has a category that is neither a host category of
 * PyTorch's nor in a list: device work of other names. */
static gboolean unknown_categories(const struct run_summary *run)
{
	static const char *const host[] = { "cpu_op", "python_function", "user_annotation", "gpu_user_annotation",
					     "Trace", "cpu_instant_event" };
	const struct categories *c = run->categories;
	GHashTableIter iter;
	gpointer name;
	g_hash_table_iter_init(&iter, run->trace->categories);
	while (g_hash_table_iter_next(&iter, &name, NULL))
		if (!g_strv_contains((const char *const *)host, name) && !lists_category(c->monitor, name) &&
		    !lists_category(c->host, name) && !lists_category(c->device, name))
			return TRUE;
	return FALSE;
}

/* Devices whose launch and device categories are not CUDA's (SPEC 11.1). */
static const struct {
	const char *launch, *device, *what;
} accelerators[] = {
	{ "mtia_runtime", "mtia_ccp_events", "an MTIA trace" },
};

/* The default -hc and -dc matching nothing on a trace of an accelerator
 * of accelerators[]: the options to give, exactly. */
static gboolean warn_accelerator(FILE *out, const struct run_summary *run)
{
	const struct categories *c = run->categories;
	GHashTable *categories = run->trace->categories;
	gboolean no_launches = !c->host_given && !any_matches(c->host, categories);
	gboolean no_devices = !c->device_given && !any_matches(c->device, categories);
	for (gsize i = 0; i < G_N_ELEMENTS(accelerators); i++) {
		gboolean launch = no_launches && g_hash_table_contains(categories, accelerators[i].launch);
		gboolean device = no_devices && g_hash_table_contains(categories, accelerators[i].device);
		if (!launch && !device)
			continue;
		g_autofree char *hc = g_strjoinv(",", c->host), *dc = g_strjoinv(",", c->device);
		g_autoptr(GString) text = g_string_new("no event is of the default ");
		g_string_append(text, launch && device ? "launch and device categories (" : launch ? "launch categories ("
													: "device categories (");
		if (launch)
			g_string_append_printf(text, "-hc %s%s", hc, device ? " " : "");
		if (device)
			g_string_append_printf(text, "-dc %s", dc);
		g_string_append_printf(text, "): every device figure is 0; %s: give", accelerators[i].what);
		if (launch)
			g_string_append_printf(text, " -hc %s", accelerators[i].launch);
		if (device)
			g_string_append_printf(text, " -dc %s", accelerators[i].device);
		warn(out, run, "%s", text->str);
		return TRUE;
	}
	return FALSE;
}

/* The default -hc or -dc matching nothing, on a trace with device work:
 * every device figure would be a silent 0. */
static void warn_defaults(FILE *out, const struct run_summary *run)
{
	const struct categories *c = run->categories;
	GHashTable *categories = run->trace->categories;
	if (warn_accelerator(out, run))
		return;
	char **list = NULL;
	const char *option = NULL, *what = NULL;
	if (!c->host_given && !any_matches(c->host, categories) && unknown_categories(run))
		list = c->host, option = "-hc", what = "launch";
	else if (!c->device_given && any_matches(c->host, categories) && !any_matches(c->device, categories))
		list = c->device, option = "-dc", what = "device";
	if (!list)
		return;
	g_autofree char *names = g_strjoinv(",", list);
	g_autoptr(GString) text = g_string_new(NULL);
	g_string_append_printf(text, "no event is of the %s categories (%s %s): every device figure is 0 "
				     "(-hc and -dc name other categories); the trace's categories: ", what, option, names);
	append_categories(text, categories);
	warn(out, run, "%s", text->str);
}

/* The categories that match nothing, of the lists the view reads: -mc as
 * the trace chose it is warned about only when none of it matches. */
static void warn_categories(FILE *out, const struct run_summary *run)
{
	const struct categories *c = run->categories;
	if ((options_uses(run->options) & USES_MONITOR) &&
	    (!c->monitor_chosen || !any_matches(c->monitor, run->trace->categories)))
		for (char **m = c->monitor; *m; m++)
			warn_category(out, run, "-mc", *m);
	for (char **h = c->host; c->host_given && *h; h++)
		warn_category(out, run, "-hc", *h);
	for (char **d = c->device; c->device_given && *d; d++)
		warn_category(out, run, "-dc", *d);
	warn_defaults(out, run);
	if (options_uses(run->options) & USES_MONITOR)
		warn_modules(out, run);
}

/* What the reader set aside, and strings it mended. */
static void warn_reading(FILE *out, const struct run_summary *run)
{
	const struct read_stats *stats = &run->trace->stats;
	gint64 skipped = read_stats_skipped(stats);
	if (skipped)
		warn(out, run, "skipped %" G_GINT64_FORMAT " event%s; the first is event #%" G_GINT64_FORMAT " (%s)",
		     skipped, plural(skipped), stats->first_skipped_index, skip_reason_text(stats->first_skipped_reason));
	if (stats->invalid_utf8)
		warn(out, run, "%" G_GINT64_FORMAT " string%s held invalid UTF-8, replaced by U+FFFD", stats->invalid_utf8,
		     plural(stats->invalid_utf8));
}

/* Joins whose names mostly differ, or none at all: the two traces are of
 * different runs (a node's rf_id is only unique within its run). */
static void warn_join(FILE *out, const struct run_summary *run)
{
	if (!run->et || !run->rows || (run->joined && run->joined_other_name * 2 <= run->joined))
		return;
	if (trace_legacy(run->trace))
		warn(out, run, "the Execution Trace joins none of the %" G_GUINT64_FORMAT " rows: " PERF_LEGACY_TEXT,
		     run->rows);
	else if (run->joined)
		warn(out, run, "the Execution Trace does not overlap the trace (collected at different times?): %"
		     G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " joined rows name another operation",
		     run->joined_other_name, run->joined);
	else
		warn(out, run, "the Execution Trace does not overlap the trace (collected at different times?): none of "
		     "its %u nodes joins any of the %" G_GUINT64_FORMAT " rows", run->et->nodes->et_nodes->len, run->rows);
}

/* Steps asked for (--step, --summary step) that the trace does not have. */
static void warn_steps(FILE *out, const struct run_summary *run)
{
	const struct steps *steps = run->selection->steps;
	const struct step_range *range = &run->selection->step;
	if (!steps || (!range->given && run->options->summary != SUMMARY_STEP))
		return;
	if (!(options_uses(run->options) & USES_STEP) && run->options->summary != SUMMARY_STEP)
		return; /* --step, which the view does not read */
	if (!steps->count) {
		warn(out, run, "%s: the trace has no ProfilerStep#N event (steps are marked by torch.profiler's "
		     "prof.step())", range->given ? "--step" : "--summary step");
		return;
	}
	if (!range->given || steps_in_range(steps, range))
		return;
	g_autofree char *wanted = range->first == range->last
					  ? g_strdup_printf("%" G_GUINT64_FORMAT, range->first)
					  : g_strdup_printf("%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT, range->first, range->last);
	guint64 low = steps->number[steps->order[0]], high = steps->number[steps->order[steps->count - 1]];
	if (steps->count == 1)
		warn(out, run, "--step %s matches no step: the trace has one step, numbered %" G_GUINT64_FORMAT, wanted, low);
	else if (low == high) /* several threads' steps of one number */
		warn(out, run, "--step %s matches no step: the trace's steps are all numbered %" G_GUINT64_FORMAT, wanted,
		     low);
	else
		warn(out, run, "--step %s matches no step: the trace's steps are numbered %" G_GUINT64_FORMAT " to %"
		     G_GUINT64_FORMAT, wanted, low, high);
}

/* Correlation ids are unique within a process: launches of several sharing
 * them come from traces merged into one, whose device events then go to
 * the first launch in sort order, of whichever process. */
static void warn_merged(FILE *out, const struct run_summary *run)
{
	guint shared = run->attribution->shared_ids;
	if (shared)
		warn(out, run, "%u launch%s carr%s the correlation id of a launch of another process (traces of several "
			       "processes merged?): device events go to the first launch of each id, of any process; "
			       "their attribution is unreliable", shared, shared == 1 ? "" : "es", shared == 1 ? "ies" : "y");
}

/* Only about the options the view reads (src/analysis/uses.h). */
void warnings_print(FILE *out, const struct run_summary *run)
{
	guint uses = options_uses(run->options);
	warn_reading(out, run);
	warn_categories(out, run);
	warn_memory(out, run);
	g_autoptr(GPtrArray) memory = /* memory events skipped (SPEC 21, 24); [OutOfMemory] instants */
		memory_report_warnings(&run->trace->stats, run->memory, run->attribution, run->forest, run->selection->steps);
	for (guint i = 0; i < memory->len; i++)
		warn(out, run, "%s", (const char *)memory->pdata[i]);
	if (uses & USES_FILTERS) {
		warn_unmatched(out, run, run->selection->opaque, "--opaque");
		warn_unmatched(out, run, run->selection->exclude, "--exclude");
	}
	warn_steps(out, run);
	warn_no_rows(out, run);
	warn_merged(out, run);
	if (uses & USES_MONITOR) /* how much of the device time the monitored events claim */
		warn_coverage(out, run);
	warn_join(out, run);
	if (run->perf && (perf_asked(run->options) || run->perf->shapes)) /* the page's own figures: when it has shapes */
		perf_report_warn(out, run->src, run->perf, run->options->peaks_file,
				 &(struct perf_trace){ trace_legacy(run->trace),
						       run->attribution->claimed + run->attribution->unclaimed,
						       perf_asked(run->options) });
	if (run->graft)
		graphs_warn(out, run->src, run->graft, run->options->graph_captures != NULL, run->coverage.total);
}
