#include "cli/combine_critical.h"
#include "page/page_critical.h"
#include "sinks/sink_html.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "attribution/critical.h"
#include "attribution/critical_join.h"
#include "cli/combine_rank.h"
#include "cli/combine_table.h"
#include "cli/fail_on.h"
#include "cli/run.h"
#include "output/output.h"
#include "output/output_names.h"
#include "views/ranks/rank_reduce.h"
#include "views/critical/summary_critical.h"

enum { EXIT_DONE = 0, EXIT_INPUT = 1 };

/* The instances of REDUCE as the join takes them: ranks by their graph's index (BY_RANK: rank -> index + 1). */
static GPtrArray *instances_of(const GPtrArray *kept, GHashTable *by_rank)
{
	GPtrArray *instances = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
	for (guint i = 0; kept && i < kept->len; i++) {
		const GArray *arrivals = kept->pdata[i];
		GArray *instance = g_array_new(FALSE, FALSE, sizeof(struct critical_arrival));
		for (guint k = 0; k < arrivals->len; k++) {
			const struct rank_arrival *a = &g_array_index(arrivals, struct rank_arrival, k);
			guint index = GPOINTER_TO_UINT(g_hash_table_lookup(by_rank, &a->rank));
			if (index)
				g_array_append_vals(instance, &(struct critical_arrival){ index - 1, a->position }, 1);
		}
		g_ptr_array_add(instances, instance);
	}
	return instances;
}

static const gint64 *sort_ranks;
static int compare_ranks(const void *x, const void *y)
{
	gint64 a = sort_ranks[*(const guint *)x], b = sort_ranks[*(const guint *)y];
	return (a > b) - (a < b);
}

int combine_critical(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce)
{
	g_autofree const char **names = g_new0(const char *, jobs->len + 1);
	g_autofree gint64 *ranks = g_new0(gint64, jobs->len + 1);
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) graphs = g_ptr_array_new(), texts = g_ptr_array_new();
	g_autoptr(GHashTable) by_rank = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint i = 0; i < jobs->len; i++) {
		struct job *job = jobs->pdata[i];
		if (job->error)
			continue;
		names[i] = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		g_ptr_array_add(owned, (gpointer)names[i]);
		ranks[i] = rank_number(job->collected.rank, job->position);
	}
	if (!fail_on_ranks_distinct(options_err(options), names, ranks, jobs->len, "--summary critical", "nothing written") || failed == jobs->len) {
		if (failed == jobs->len)
			fprintf(options_err(options), "profile_parser: --summary critical: nothing written, every trace failed:\n");
		combine_print_failures(options, jobs);
		return EXIT_INPUT;
	}
	g_autofree guint *by_number = g_new(guint, jobs->len + 1); /* the jobs by rank: the table's order */
	for (guint i = 0; i < jobs->len; i++)
		by_number[i] = i;
	sort_ranks = ranks;
	qsort(by_number, jobs->len, sizeof *by_number, compare_ranks);
	for (guint k = 0; k < jobs->len; k++) {
		guint i = by_number[k];
		struct job *job = jobs->pdata[i];
		if (job->error || !job->collected.critical)
			continue;
		g_hash_table_insert(by_rank, &ranks[i], GUINT_TO_POINTER(graphs->len + 1));
		g_ptr_array_add(graphs, g_steal_pointer(&job->collected.critical));
		char *text = job->collected.rank ? g_strdup(job->collected.rank) : g_strdup_printf("%u", job->position);
		g_ptr_array_add(owned, text);
		g_ptr_array_add(texts, text);
	}
	const GPtrArray *kept = rank_reduce_keep_instances(reduce); /* filled as the instances are settled */
	g_autoptr(GString) warnings = g_string_new(NULL);
	g_autoptr(GError) error = NULL;
	if (!rank_reduce_finish(reduce, warnings, &error)) {
		fprintf(options_err(options), "profile_parser: --summary critical: nothing written: %s\n", error->message);
		combine_print_failures(options, jobs);
		return EXIT_INPUT;
	}
	if (!options->quiet)
		fputs(warnings->str, options_err(options));
	g_autoptr(GPtrArray) instances = instances_of(kept, by_rank);
	g_autoptr(CriticalGraph) joined = critical_join((struct critical_graph **)graphs->pdata, graphs->len, instances);
	g_autoptr(CriticalResult) result = critical_solve(joined);
	g_autoptr(CriticalRows) rows = critical_rows_of(joined, result, &options->step, (char **)texts->pdata, texts->len,
							options->what_if != NULL);
	g_autoptr(GPtrArray) columns = g_ptr_array_new();
	catalogue_pick(critical_summary_catalogue(), "rank", 0, columns, NULL); /* the rank first, once */
	for (guint i = 0; i < options->columns->len; i++)
		if (strcmp(((const struct column *)options->columns->pdata[i])->name, "rank") != 0)
			g_ptr_array_add(columns, options->columns->pdata[i]);
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	g_autofree char *instance_count = g_strdup_printf("%" G_GUINT64_FORMAT, rank_reduce_instances(reduce));
	const char *facts[] = { "Traces", traces, "Collective instances", instance_count, NULL };
	g_autofree char *all = combine_page_warnings(jobs, warnings->str);
	g_autofree char *bars = options->format == &html_sink ? page_critical_bars(rows) : NULL; /* issue 50 */
	struct table_page page = { "profile_parser: --summary critical", facts, all, bars, rows->lead, "Critical paths" };
	gboolean written = combine_write_table(options, NULL, rows->rows, columns, NULL, NULL, &page);
	if (!options->quiet && rows->report->len) /* each rank's paths */
		fprintf(options_err(options), "profile_parser: --summary critical:\n%s", rows->report->str);
	if (written && (!options->quiet || failed))
		fprintf(options_err(options), "profile_parser: --summary critical: %u rows of %u trace%s written to %s%s\n", rows->rows->len,
			jobs->len - failed, jobs->len - failed == 1 ? "" : "s", combine_shown(options->dst),
			failed ? "; some failed:" : "");
	combine_print_failures(options, jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}
