#include "cli/combine.h"
#include "cli/combine_rank.h"
#include "cli/combine_table.h"
#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include "output/output.h"
#include "views/compare/diff.h"
#include "views/ranks/merge.h"
#include "views/ranks/rank_map.h"
#include "views/ranks/rank_reduce.h"
#include "views/collectives/collective_across.h"
#include "page/page_ranks.h"
#include "output/output_names.h"
#include "page/page.h"
#include "cli/run.h"
#include "sinks/sink_html.h"
#include "views/summaries/summary_memory.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "cli/gate_report.h"
#include "views/gate/gate_budget.h"
#include "views/gate/gate_options.h"

enum { EXIT_DONE = 0, EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_FINDINGS = 3 };

/* The columns of the ranks' order (RANKS_ORDER), for the run. */
static const GPtrArray *ranks_order(void)
{
	static GPtrArray *order;
	if (g_once_init_enter(&order)) {
		GPtrArray *picked = g_ptr_array_new();
		catalogue_pick(ranks_catalogue(), RANKS_ORDER, 0, picked, NULL);
		g_once_init_leave(&order, picked);
	}
	return order;
}

static const char *const diff_sides[2] = { "base", "new" };

/* Whether PATHS (2) name the same file (-, standard input, is no file). */
static gboolean same_file(const char *base, const char *new)
{
	GStatBuf a, b;
	return strcmp(base, "-") != 0 && strcmp(new, "-") != 0 && g_stat(base, &a) == 0 && g_stat(new, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* --fail-on-regression (SPEC 27): the gate of the new trace (JOBS' second)
 * against the base (the first) and --base's (the third on); the hardware
 * check first: FALSE, the gate failed, when they are not comparable. */
static gboolean gate_begin(const struct options *options, GPtrArray *jobs, struct gate *gate)
{
	guint count = jobs->len - 1; /* the base traces */
	g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func(g_free);
	g_autofree const struct collected **bases = g_new(const struct collected *, count);
	g_autofree const char **base_srcs = g_new(const char *, count);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		g_ptr_array_add(shown, strcmp(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src));
	}
	for (guint k = 0; k < count; k++) { /* base k: job 0, then jobs 2, 3... */
		guint i = k ? k + 1 : 0;
		bases[k] = &((const struct job *)jobs->pdata[i])->collected;
		base_srcs[k] = shown->pdata[i];
		gate_property(gate, k ? "--base" : "base", shown->pdata[i]);
	}
	gate_property(gate, "new", shown->pdata[1]);
	gate->report_checks = TRUE;
	const struct collected *new = &((const struct job *)jobs->pdata[1])->collected;
	if (!gate_hardware(gate, options, shown->pdata[1], new, base_srcs, bases, count))
		return FALSE;
	if (options->regression_total)
		gate_metrics(gate, options, new, bases, count);
	return TRUE;
}

/* SPEC 13.1: the reports of the base and the new trace, in that order
 * whichever ended first (each labelled: src/report/report.c), the warnings of
 * the pair, and the table with its columns per step when both traces have
 * steps. */
static int finish_diff(const struct options *options, GPtrArray *jobs, guint failed)
{
	for (guint k = 0; k < jobs->len; k++) {
		guint i = k == 0 ? 0 : k == jobs->len - 1 ? 1 : k + 1; /* base, --base's, new */
		const struct job *job = jobs->pdata[i];
		if (job->error)
			fprintf(options_err(options), "profile_parser: %s: %s\n", diff_sides[i == 1], job->error);
		else if (!options->quiet)
			fputs(job->report->str, options_err(options));
	}
	if (failed) {
		gboolean base_failed = ((struct job *)jobs->pdata[0])->error != NULL;
		gboolean new_failed = ((struct job *)jobs->pdata[1])->error != NULL;
		fprintf(options_err(options), "profile_parser: --diff: nothing written, %s failed\n",
			base_failed && new_failed ? "both traces"
			: base_failed		 ? "the base trace"
			: new_failed		 ? "the new trace"
						 : "a --base trace");
		return EXIT_INPUT;
	}
	const struct job *base_job = jobs->pdata[0], *new_job = jobs->pdata[1];
	const struct collected *base = &base_job->collected, *new = &new_job->collected;
	g_autoptr(GString) warnings = g_string_new(NULL); /* -q: for the page only */
	if (same_file(base_job->src, new_job->src)) {
		g_autofree char *file = output_shown(base_job->src);
		g_string_append_printf(warnings,
				       "profile_parser: warning: --diff: the base and the new trace are the same "
				       "file (%s): every key is the same\n",
				       file);
	}
	diff_warnings(warnings, base, new);
	if (!options->quiet)
		fputs(warnings->str, options_err(options));
	g_autofree char *pct = gate_pct_text(options->fail_on_regression);
	g_autofree char *head = options->regression_total ? g_strdup_printf("--fail-on-regression %s%%", pct)
							   : g_strdup("--fail-on-regression");
	g_autoptr(Gate) gate = options->fail_on_regression_given ? gate_new(head) : NULL;
	if (gate && !gate_begin(options, jobs, gate)) /* not comparable: nothing written */
		return gate_report_finish(options, gate, EXIT_DONE);
	gboolean by_step = base->steps && new->steps;
	g_autoptr(GPtrArray) rows = diff_rows(base, new);
	g_autoptr(GPtrArray) columns = diff_columns(options->columns, by_step);
	g_autoptr(GPtrArray) sort = diff_columns(options->sort, by_step);
	g_autoptr(GPtrArray) order_named = g_ptr_array_new();
	catalogue_pick(diff_catalogue(), DIFF_ORDER, 0, order_named, NULL);
	g_autoptr(GPtrArray) order = diff_columns(order_named, by_step); /* as the rows write them */
	g_autofree char *base_src = output_shown(base_job->src), *new_src = output_shown(new_job->src);
	const char *facts[] = { "Base", base_src, "New", new_src, "Figures", by_step ? "per step" : "totals", NULL };
	g_autofree char *all = combine_page_warnings(jobs, warnings->str);
	/* SPEC 23: (all steps), when there, is the first row whatever --sort and --top say */
	guint lead = rows->len && !diff_row_is_key(rows->pdata[0]);
	struct table_page page = { "profile_parser: --diff", facts, all, NULL, lead, NULL };
	if (!combine_write_table(options, NULL, rows, columns, sort, order, &page))
		return EXIT_INPUT;
	if (!options->quiet) {
		guint keys = rows->len - lead; /* (all steps) is no key */
		fprintf(options_err(options), "profile_parser: --diff: %u key%s written to %s", keys, keys == 1 ? "" : "s",
			combine_shown(options->dst));
		if (by_step)
			fprintf(options_err(options), "; every figure is per step, counts too (base: %u step%s, new: %u step%s)\n",
				base->steps, base->steps == 1 ? "" : "s", new->steps, new->steps == 1 ? "" : "s");
		else
			fprintf(options_err(options), "; figures are totals (%s)\n",
				base->steps   ? "the new trace has no ProfilerStep#N"
				: new->steps ? "the base trace has no ProfilerStep#N"
					     : "neither trace has a ProfilerStep#N");
	}
	if (gate)
		gate_budgets(gate, options, rows);
	return gate_report_finish(options, gate, EXIT_DONE);
}

void combine_collected(struct job *job, gpointer data)
{
	struct ranks *ranks = data;
	gint64 rank = rank_number(job->collected.rank, job->position);
	const struct groups *groups = job->collected.groups;
	g_autofree struct key_node **keys = ranks_keys_of(ranks, groups->trie); /* the paths' texts are never written */
	for (guint i = 0; i < groups->list->len; i++) {
		const struct group *g = groups->list->pdata[i];
		struct rank_perf perf = job->collected.perf ? rank_perf_of_group(g) : (struct rank_perf){ 0 };
		ranks_add(ranks, rank, keys[g->key->index], g->count, g->host_total, g->device_total,
			  job->collected.perf ? &perf : NULL);
	}
	/* in RANKS now: the groups of thousands of ranks are never all held; the rank is claimed at the end, in order */
	g_clear_pointer(&job->collected.groups, groups_free);
	if (job->collected.record && ranks_reduce(ranks)) { /* the page's bars (SPEC 20.5) */
		job->collected.record->rank = rank;
		rank_reduce_add(ranks_reduce(ranks), job->collected.record);
		g_clear_pointer(&job->collected.record, rank_record_free);
	}
}

static int finish_across(const struct options *options, GPtrArray *jobs, guint failed, struct ranks *ranks)
{
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		g_autofree char *src = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		if (!job->error)
			ranks_claim(ranks, rank_number(job->collected.rank, job->position), src,
				    rank_number(job->collected.rank, -1) < 0);
	}
	if (!options->quiet)
		fputs(ranks_warnings(ranks), options_err(options));
	GPtrArray *rows = ranks_rows(ranks);
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	const char *facts[] = { "Traces", traces, NULL };
	g_autoptr(GString) more = g_string_new(ranks_warnings(ranks));
	g_autofree char *bars = NULL, *straggler = NULL, *devices = NULL, *world = NULL;
	const char *page_facts[] = { "Traces", traces, "Devices", NULL, "World size", NULL, NULL };
	if (ranks_reduce(ranks)) { /* the page (SPEC 20.5): the straggler line first, a bar per rank */
		g_autoptr(GString) lines = g_string_new(NULL);
		g_autoptr(GError) error = NULL;
		if (!rank_reduce_finish(ranks_reduce(ranks), lines, &error)) {
			fprintf(options_err(options), "profile_parser: --across-ranks: nothing written: %s\n", error->message);
			combine_print_failures(options, jobs);
			return EXIT_INPUT;
		}
		straggler = rank_reduce_straggler(ranks_reduce(ranks));
		g_string_prepend(more, lines->str);
		if (straggler)
			g_string_prepend(more, straggler);
		bars = page_rank_bars(rank_reduce_rows(ranks_reduce(ranks)), straggler);
		devices = rank_reduce_hardware(ranks_reduce(ranks), FALSE);
		world = rank_reduce_hardware(ranks_reduce(ranks), TRUE);
		page_facts[3] = devices ? devices : "(not recorded)";
		page_facts[5] = world ? world : "(not recorded)";
	}
	g_autofree char *all = combine_page_warnings(jobs, more->str);
	struct table_page page = { "profile_parser: --across-ranks", bars ? page_facts : facts, all, bars, 0, NULL };
	gboolean written = failed < jobs->len && combine_write_table(options, ranks, rows, NULL, NULL, ranks_order(), &page);
	if (written && (!options->quiet || failed))
		fprintf(options_err(options), "profile_parser: --across-ranks: %u keys of %u trace%s written to %s", rows->len,
			jobs->len - failed, jobs->len - failed == 1 ? "" : "s", combine_shown(options->dst));
	if (written && failed)
		fprintf(options_err(options), "; %u failed:\n", failed);
	else if (written && !options->quiet)
		fputc('\n', options_err(options));
	else if (!written && failed == jobs->len)
		fprintf(options_err(options), "profile_parser: --across-ranks: nothing written, every trace failed:\n");
	combine_print_failures(options, jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

int combine_finish(const struct options *options, GPtrArray *jobs, guint failed, struct ranks *ranks)
{
	return options->compare == COMPARE_DIFF ? finish_diff(options, jobs, failed)
						: finish_across(options, jobs, failed, ranks);
}

int combine_memory(const struct options *options, GPtrArray *jobs, guint failed)
{
	g_autoptr(GPtrArray) rows = g_ptr_array_new(), columns = g_ptr_array_new();
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		for (guint r = 0; !job->error && job->collected.memory_rows && r < job->collected.memory_rows->len; r++)
			g_ptr_array_add(rows, job->collected.memory_rows->pdata[r]);
	}
	catalogue_pick(memory_summary_catalogue(), "rank", 0, columns, NULL); /* the rank first, once */
	for (guint i = 0; i < options->columns->len; i++)
		if (strcmp(((const struct column *)options->columns->pdata[i])->name, "rank") != 0)
			g_ptr_array_add(columns, options->columns->pdata[i]);
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	const char *facts[] = { "Traces", traces, NULL };
	g_autofree char *all = combine_page_warnings(jobs, NULL);
	struct table_page page = { "profile_parser: --summary memory", facts, all, NULL, 0, NULL };
	gboolean written = failed < jobs->len && combine_write_table(options, NULL, rows, columns, NULL, NULL, &page);
	if (written && (!options->quiet || failed))
		fprintf(options_err(options), "profile_parser: --summary memory: %u memory devices of %u trace%s written to %s%s\n",
			rows->len, jobs->len - failed, jobs->len - failed == 1 ? "" : "s", combine_shown(options->dst),
			failed ? "; some failed:" : "");
	else if (!written && failed == jobs->len)
		fprintf(options_err(options), "profile_parser: --summary memory: nothing written, every trace failed:\n");
	combine_print_failures(options, jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

int combine_merge(const struct options *options)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(GString) notes = g_string_new(NULL);
	g_autoptr(GPtrArray) files = merge_list(options->merge, notes, &error);
	if (!files) {
		fprintf(options_err(options), "profile_parser: %s\n", error->message);
		return EXIT_INPUT;
	}
	if (!options->quiet)
		fputs(notes->str, options_err(options));
	if (options->summary == SUMMARY_RANK || rank_map_is(files->pdata[0]))
		return combine_merge_rank_maps(options, files);
	struct ranks *ranks = ranks_new();
	struct merger *merger = merger_new(ranks, ranks_members(options->columns) | ranks_members(options->sort));
	guint failed = 0;
	gboolean mixed = FALSE;
	for (guint i = 0; i < files->len && !mixed; i++) {
		g_clear_error(&error);
		if (merge_file(merger, files->pdata[i], i, &error))
			continue;
		failed++;
		mixed = g_error_matches(error, MERGE_ERROR, MERGE_ERROR_MIX); /* the message names the files */
		g_autofree char *file = mixed ? g_strdup("--merge: nothing written") : output_shown(files->pdata[i]);
		fprintf(options_err(options), "profile_parser: %s: %s\n", file, error->message);
	}
	merger_free(merger);
	if (!mixed && !options->quiet)
		fputs(ranks_warnings(ranks), options_err(options));
	GPtrArray *rows = ranks_rows(ranks);
	g_autofree char *summaries = g_strdup_printf("%u (%u failed)", files->len, failed);
	const char *facts[] = { "Summaries", summaries, NULL };
	struct table_page page = { "profile_parser: --merge", facts, mixed ? NULL : ranks_warnings(ranks), NULL, 0, NULL };
	gboolean written = !mixed && failed < files->len && combine_write_table(options, ranks, rows, NULL, NULL, ranks_order(), &page);
	if (written && (!options->quiet || failed))
		fprintf(options_err(options), "profile_parser: --merge: %u keys of %u summar%s written to %s%s\n", rows->len,
			files->len - failed, files->len - failed == 1 ? "y" : "ies", combine_shown(options->dst),
			failed ? "; some failed (above)" : "");
	ranks_free(ranks);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}
