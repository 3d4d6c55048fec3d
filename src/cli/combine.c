#include "cli/combine.h"
#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include "output/output.h"
#include "views/diff.h"
#include "views/merge.h"
#include "views/rank_map.h"
#include "views/rank_reduce.h"
#include "views/collective_across.h"
#include "cli/page_ranks.h"
#include "output/output_names.h"
#include "cli/page.h"
#include "cli/run.h"
#include "sinks/sink_html.h"
#include "views/summary_memory.h"

enum { EXIT_DONE = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* DST as messages show it (src/output/output.h); valid until the next call. */
static const char *shown(const char *dst)
{
	static char *escaped;
	g_free(escaped);
	escaped = output_shown(dst);
	return strcmp(dst, "-") == 0 ? "standard output" : escaped;
}

/* ROWS into -d, in the format of OPTIONS, with COLUMNS sorted by SORT (the
 * options' when NULL), else in their ORDER (their own: for a table to keep
 * those columns first); none when RANKS's counts wrapped. */
/* What the page of --format html says above a comparison's table (src/cli/page.h). */
struct table_page {
	const char *title;
	const char *const *facts; /* label, value pairs, NULL-terminated */
	const char *warnings;     /* standard error's lines */
	const char *bars;         /* a section above the table (the ranks' bars), or NULL */
};

static gboolean write_table(const struct options *options, const struct ranks *ranks, const GPtrArray *rows,
			    const GPtrArray *columns, const GPtrArray *sort, const GPtrArray *order,
			    const struct table_page *page)
{
	g_autoptr(GError) error = NULL;
	if (ranks && ranks_wrapped(ranks)) {
		fprintf(stderr, "profile_parser: %s: the counts of a key add up past 2^63 - 1: a count would be wrong\n",
			shown(options->dst));
		return FALSE;
	}
	struct output out;
	struct layout layout = {
		.meta = (const struct meta_column *)options->meta->data,
		.meta_count = options->meta->len,
		.picked = columns ? columns : options->columns,
	};
	struct write_config config = { .layout = &layout, .format = options->format,
				       .sort = sort ? sort : options->sort, .order = order, .top = options->top,
				       .quiet = options->quiet };
	gboolean ok = output_open(&out, options->dst, options->compress, &error);
	gboolean html = options->format == &html_sink;
	if (ok && !(html ? page_write_table(&out, page->title, page->facts, page->warnings, &config, rows, page->bars)
			 : write_rows(&out, &config, rows))) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&out);
		ok = FALSE;
	}
	ok = ok && output_commit(&out, &error);
	if (!ok)
		fprintf(stderr, "profile_parser: %s: %s\n", shown(options->dst), error->message);
	return ok;
}

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

static void print_failures(GPtrArray *jobs)
{
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error)
			fprintf(stderr, "  failed: %s\n", job->error);
	}
}

static const char *const diff_sides[2] = { "base", "new" };

#define WARNING_LINE "profile_parser: warning: "

/* SPEC 16: every warning of the run on the page of a comparison: each
 * trace's (the warning lines of its report) or its failure, in the order
 * of JOBS, then MORE's lines. */
static char *page_warnings(const GPtrArray *jobs, const char *more)
{
	GString *text = g_string_new(NULL);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error) {
			g_string_append_printf(text, "failed: %s\n", job->error);
			continue;
		}
		g_auto(GStrv) lines = g_strsplit(job->report->str, "\n", -1);
		for (char **line = lines; *line; line++)
			if (g_str_has_prefix(*line, WARNING_LINE))
				g_string_append_printf(text, "%s\n", *line);
	}
	g_string_append(text, more ? more : "");
	return g_string_free(text, FALSE);
}

/* Whether PATHS (2) name the same file (-, standard input, is no file). */
static gboolean same_file(const char *base, const char *new)
{
	GStatBuf a, b;
	return strcmp(base, "-") != 0 && strcmp(new, "-") != 0 && g_stat(base, &a) == 0 && g_stat(new, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* SPEC 13.1: the reports of the base and the new trace, in that order
 * whichever ended first (each labelled: src/cli/report.c), the warnings of
 * the pair, and the table with its columns per step when both traces have
 * steps. */
static int finish_diff(const struct options *options, GPtrArray *jobs, guint failed)
{
	for (guint i = 0; i < 2; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error)
			fprintf(stderr, "profile_parser: %s: %s\n", diff_sides[i], job->error);
		else if (!options->quiet)
			fputs(job->report->str, stderr);
	}
	if (failed) {
		fprintf(stderr, "profile_parser: --diff: nothing written, %s failed\n",
			failed == 2 ? "both traces"
			: ((struct job *)jobs->pdata[0])->error ? "the base trace" : "the new trace");
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
		fputs(warnings->str, stderr);
	gboolean by_step = base->steps && new->steps;
	g_autoptr(GPtrArray) rows = diff_rows(base, new);
	g_autoptr(GPtrArray) columns = diff_columns(options->columns, by_step);
	g_autoptr(GPtrArray) sort = diff_columns(options->sort, by_step);
	g_autoptr(GPtrArray) order_named = g_ptr_array_new();
	catalogue_pick(diff_catalogue(), DIFF_ORDER, 0, order_named, NULL);
	g_autoptr(GPtrArray) order = diff_columns(order_named, by_step); /* as the rows write them */
	g_autofree char *base_src = output_shown(base_job->src), *new_src = output_shown(new_job->src);
	const char *facts[] = { "Base", base_src, "New", new_src, "Figures", by_step ? "per step" : "totals", NULL };
	g_autofree char *all = page_warnings(jobs, warnings->str);
	struct table_page page = { "profile_parser: --diff", facts, all, NULL };
	if (!write_table(options, NULL, rows, columns, sort, order, &page))
		return EXIT_INPUT;
	if (!options->quiet) {
		fprintf(stderr, "profile_parser: --diff: %u key%s written to %s", rows->len, rows->len == 1 ? "" : "s",
			shown(options->dst));
		if (by_step)
			fprintf(stderr, "; every figure is per step, counts too (base: %u step%s, new: %u step%s)\n",
				base->steps, base->steps == 1 ? "" : "s", new->steps, new->steps == 1 ? "" : "s");
		else
			fprintf(stderr, "; figures are totals (%s)\n",
				base->steps   ? "the new trace has no ProfilerStep#N"
				: new->steps ? "the base trace has no ProfilerStep#N"
					     : "neither trace has a ProfilerStep#N");
	}
	return EXIT_DONE;
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
		fputs(ranks_warnings(ranks), stderr);
	GPtrArray *rows = ranks_rows(ranks);
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	const char *facts[] = { "Traces", traces, NULL };
	g_autoptr(GString) more = g_string_new(ranks_warnings(ranks));
	g_autofree char *bars = NULL, *straggler = NULL, *devices = NULL, *world = NULL;
	const char *page_facts[] = { "Traces", traces, "Devices", NULL, "World size", NULL, NULL };
	if (ranks_reduce(ranks)) { /* the page (SPEC 20.5): the straggler line first, a bar per rank */
		g_autoptr(GString) lines = g_string_new(NULL);
		rank_reduce_finish(ranks_reduce(ranks), lines);
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
	g_autofree char *all = page_warnings(jobs, more->str);
	struct table_page page = { "profile_parser: --across-ranks", bars ? page_facts : facts, all, bars };
	gboolean written = failed < jobs->len && write_table(options, ranks, rows, NULL, NULL, ranks_order(), &page);
	if (written && (!options->quiet || failed))
		fprintf(stderr, "profile_parser: --across-ranks: %u keys of %u trace%s written to %s", rows->len,
			jobs->len - failed, jobs->len - failed == 1 ? "" : "s", shown(options->dst));
	if (written && failed)
		fprintf(stderr, "; %u failed:\n", failed);
	else if (written && !options->quiet)
		fputc('\n', stderr);
	else if (!written && failed == jobs->len)
		fprintf(stderr, "profile_parser: --across-ranks: nothing written, every trace failed:\n");
	print_failures(jobs);
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
	g_autofree char *all = page_warnings(jobs, NULL);
	struct table_page page = { "profile_parser: --summary memory", facts, all, NULL };
	gboolean written = failed < jobs->len && write_table(options, NULL, rows, columns, NULL, NULL, &page);
	if (written && (!options->quiet || failed))
		fprintf(stderr, "profile_parser: --summary memory: %u memory devices of %u trace%s written to %s%s\n",
			rows->len, jobs->len - failed, jobs->len - failed == 1 ? "" : "s", shown(options->dst),
			failed ? "; some failed:" : "");
	else if (!written && failed == jobs->len)
		fprintf(stderr, "profile_parser: --summary memory: nothing written, every trace failed:\n");
	print_failures(jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

void combine_collected_rank(struct job *job, gpointer data)
{
	struct rank_reduce *reduce = data;
	struct rank_record *record = job->collected.record;
	record->rank = rank_number(job->collected.rank, job->position);
	rank_reduce_add(reduce, record);
	g_clear_pointer(&job->collected.record, rank_record_free); /* folded in: the events of all ranks are never held */
}

/* The columns of the rank summary's order (COLLECTIVES: the collectives across ranks'), for the run. */
static const GPtrArray *rank_order(gboolean collectives)
{
	static GPtrArray *orders[2];
	if (g_once_init_enter(&orders[collectives])) {
		GPtrArray *picked = g_ptr_array_new();
		catalogue_pick(collectives ? collective_across_catalogue() : rank_summary_catalogue(),
			       collectives ? KERNEL_SUMMARY_ORDER : RANK_SUMMARY_ORDER, 0, picked, NULL);
		g_once_init_leave(&orders[collectives], picked);
	}
	return orders[collectives];
}

/* SPEC 20.1: two sources (NAMES, in list order, with RANKS) of one rank are an error naming both. */
static gboolean ranks_distinct(const char *const *names, const gint64 *ranks, guint count, const char *view)
{
	g_autoptr(GHashTable) first = g_hash_table_new(g_int64_hash, g_int64_equal);
	gboolean distinct = TRUE;
	for (guint i = 0; i < count; i++) {
		if (!names[i])
			continue;
		const char *before = g_hash_table_lookup(first, &ranks[i]);
		if (before) {
			fprintf(stderr, "profile_parser: %s: %s and %s have the same rank, %" G_GINT64_FORMAT ": nothing written\n",
				view, before, names[i], ranks[i]);
			distinct = FALSE;
		} else {
			g_hash_table_insert(first, (gpointer)&ranks[i], (gpointer)names[i]);
		}
	}
	return distinct;
}

/* The table of REDUCE (finished here) with its warnings and straggler line; TRUE when written. */
static gboolean write_rank_table(const struct options *options, struct rank_reduce *reduce, const char *view,
				 const char *facts_label, const char *count, const char *more_warnings, guint written_of,
				 const char *noun, const GPtrArray *columns, const GPtrArray *sort)
{
	g_autoptr(GString) warnings = g_string_new(NULL);
	rank_reduce_finish(reduce, warnings);
	g_autofree char *straggler = rank_reduce_straggler(reduce);
	if (!options->quiet) {
		fputs(warnings->str, stderr);
		if (straggler)
			fprintf(stderr, "profile_parser: %s", straggler);
	}
	gboolean collectives = options->summary == SUMMARY_COLLECTIVE; /* --summary collective --across-ranks */
	const GPtrArray *rows = collectives ? rank_reduce_collectives(reduce) : rank_reduce_rows(reduce);
	g_autofree char *instances = g_strdup_printf("%" G_GUINT64_FORMAT, rank_reduce_instances(reduce));
	g_autofree char *devices = rank_reduce_hardware(reduce, FALSE), *world = rank_reduce_hardware(reduce, TRUE);
	const char *facts[] = { facts_label, count, "Collective instances", instances, "Devices", devices ? devices : "(not recorded)",
				"World size", world ? world : "(not recorded)", straggler ? "Straggler" : NULL, straggler, NULL };
	g_autofree char *all = g_strconcat(straggler ? straggler : "", more_warnings ? more_warnings : "", warnings->str, NULL);
	g_autofree char *title = g_strdup_printf("profile_parser: %s", view);
	g_autofree char *bars = options->format == &html_sink ? page_rank_bars(rank_reduce_rows(reduce), straggler) : NULL;
	struct table_page page = { title, facts, all, bars };
	gboolean written = write_table(options, NULL, (GPtrArray *)rows, columns, sort, rank_order(collectives), &page);
	if (written && !options->quiet)
		fprintf(stderr, "profile_parser: %s: %u %s of %u %s%s written to %s\n", view, rows->len,
			collectives ? "keys" : "ranks", written_of, noun, written_of == 1 ? "" : "s", shown(options->dst));
	return written;
}

/* --summary rank --format jsonl of one trace: its map. */
static int write_rank_map(const struct options *options, const struct job *job)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *extension = g_strconcat(options->format->extension, options->compress ? ".gz" : "", NULL);
	g_autofree char *path = output_path(options->dst, job->src, extension);
	struct output out;
	gboolean ok = output_open(&out, path, options->compress, &error);
	if (ok && !rank_map_write(&out, job->collected.record, job->collected.rank)) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&out);
		ok = FALSE;
	}
	ok = ok && output_commit(&out, &error);
	if (!ok)
		fprintf(stderr, "profile_parser: %s: %s\n", shown(path), error->message);
	else if (!options->quiet)
		fprintf(stderr, "profile_parser: --summary rank: the map of rank %" G_GINT64_FORMAT " written to %s\n",
			rank_number(job->collected.rank, 0), shown(path));
	return ok ? EXIT_DONE : EXIT_INPUT;
}

int combine_finish_rank(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce)
{
	if (!reduce) /* the map of one trace */
		return failed ? EXIT_INPUT : write_rank_map(options, jobs->pdata[0]);
	g_autofree const char **names = g_new0(const char *, jobs->len + 1);
	g_autofree gint64 *ranks = g_new0(gint64, jobs->len + 1);
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error)
			continue;
		char *src = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		g_ptr_array_add(owned, src);
		names[i] = src;
		ranks[i] = rank_number(job->collected.rank, job->position);
	}
	if (!ranks_distinct(names, ranks, jobs->len, "--summary rank") || failed == jobs->len) {
		if (failed == jobs->len)
			fprintf(stderr, "profile_parser: --summary rank: nothing written, every trace failed:\n");
		print_failures(jobs);
		return EXIT_INPUT;
	}
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	g_autofree char *more = page_warnings(jobs, NULL);
	gboolean written = write_rank_table(options, reduce, options->summary == SUMMARY_RANK ? "--summary rank" : "--across-ranks", "Traces", traces, more, jobs->len - failed, "trace",
					   NULL, NULL);
	if (failed)
		fprintf(stderr, "profile_parser: --summary rank: %u failed:\n", failed);
	print_failures(jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

/* --merge of rank maps (SPEC 20.2): what --summary rank over their traces writes. */
static int merge_rank_maps(const struct options *options, GPtrArray *files)
{
	/* without --summary rank, the columns were picked from --across-ranks's catalogue: the rank summary's own then */
	gboolean own = options->summary != SUMMARY_RANK;
	if (own && (options->columns_list || options->sort_list)) {
		fprintf(stderr, "profile_parser: --merge: rank maps: give --summary rank with --columns or --sort\n");
		return EXIT_USAGE;
	}
	g_autoptr(GPtrArray) columns = g_ptr_array_new(), sort = g_ptr_array_new();
	catalogue_pick(rank_summary_catalogue(), NULL, COLUMN_DEFAULT, columns, NULL);
	struct rank_reduce *reduce = rank_reduce_new();
	g_autofree const char **names = g_new0(const char *, files->len + 1);
	g_autofree gint64 *ranks = g_new0(gint64, files->len + 1);
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	guint failed = 0;
	for (guint i = 0; i < files->len; i++) {
		g_autoptr(GError) error = NULL;
		char *file = output_shown(files->pdata[i]);
		g_ptr_array_add(owned, file);
		g_autoptr(RankRecord) record = rank_map_read(files->pdata[i], i, &error);
		if (!record) {
			fprintf(stderr, "profile_parser: %s: %s\n", file, error->message);
			failed++;
			continue;
		}
		names[i] = file;
		ranks[i] = record->rank;
		rank_reduce_add(reduce, record);
	}
	gboolean written = FALSE;
	if (ranks_distinct(names, ranks, files->len, "--merge") && failed < files->len) {
		g_autofree char *summaries = g_strdup_printf("%u (%u failed)", files->len, failed);
		written = write_rank_table(options, reduce, "--merge", "Summaries", summaries, NULL, files->len - failed, "map",
					   own ? columns : NULL, own ? sort : NULL);
	} else if (failed == files->len) {
		fprintf(stderr, "profile_parser: --merge: nothing written, every map failed\n");
	}
	rank_reduce_free(reduce);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

int combine_merge(const struct options *options)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(GString) notes = g_string_new(NULL);
	g_autoptr(GPtrArray) files = merge_list(options->merge, notes, &error);
	if (!files) {
		fprintf(stderr, "profile_parser: %s\n", error->message);
		return EXIT_INPUT;
	}
	if (!options->quiet)
		fputs(notes->str, stderr);
	if (options->summary == SUMMARY_RANK || rank_map_is(files->pdata[0]))
		return merge_rank_maps(options, files);
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
		fprintf(stderr, "profile_parser: %s: %s\n", file, error->message);
	}
	merger_free(merger);
	if (!mixed && !options->quiet)
		fputs(ranks_warnings(ranks), stderr);
	GPtrArray *rows = ranks_rows(ranks);
	g_autofree char *summaries = g_strdup_printf("%u (%u failed)", files->len, failed);
	const char *facts[] = { "Summaries", summaries, NULL };
	struct table_page page = { "profile_parser: --merge", facts, mixed ? NULL : ranks_warnings(ranks), NULL };
	gboolean written = !mixed && failed < files->len && write_table(options, ranks, rows, NULL, NULL, ranks_order(), &page);
	if (written && (!options->quiet || failed))
		fprintf(stderr, "profile_parser: --merge: %u keys of %u summar%s written to %s%s\n", rows->len,
			files->len - failed, files->len - failed == 1 ? "y" : "ies", shown(options->dst),
			failed ? "; some failed (above)" : "");
	ranks_free(ranks);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}
