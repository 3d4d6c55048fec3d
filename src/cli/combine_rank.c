#include "cli/combine_rank.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/combine_table.h"
#include "cli/page_ranks.h"
#include "cli/run.h"
#include "output/output.h"
#include "output/output_names.h"
#include "sinks/sink_html.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/collective_across.h"
#include "views/findings.h"
#include "views/findings_job.h"
#include "views/summary_findings.h"
#include "views/rank_map.h"
#include "views/rank_reduce.h"

enum { EXIT_DONE = 0, EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_FINDINGS = 3 };

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

gboolean combine_ranks_distinct(const char *const *names, const gint64 *ranks, guint count, const char *view)
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
	struct table_page page = { title, facts, all, bars, 0 };
	gboolean written = combine_write_table(options, NULL, (GPtrArray *)rows, columns, sort, rank_order(collectives), &page);
	if (written && !options->quiet)
		fprintf(stderr, "profile_parser: %s: %u %s of %u %s%s written to %s\n", view, rows->len,
			collectives ? "keys" : "ranks", written_of, noun, written_of == 1 ? "" : "s", combine_shown(options->dst));
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
		fprintf(stderr, "profile_parser: %s: %s\n", combine_shown(path), error->message);
	else if (!options->quiet)
		fprintf(stderr, "profile_parser: --summary rank: the map of rank %" G_GINT64_FORMAT " written to %s\n",
			rank_number(job->collected.rank, 0), combine_shown(path));
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
	if (!combine_ranks_distinct(names, ranks, jobs->len, "--summary rank") || failed == jobs->len) {
		if (failed == jobs->len)
			fprintf(stderr, "profile_parser: --summary rank: nothing written, every trace failed:\n");
		combine_print_failures(jobs);
		return EXIT_INPUT;
	}
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	g_autofree char *more = combine_page_warnings(jobs, NULL);
	gboolean written = write_rank_table(options, reduce, options->summary == SUMMARY_RANK ? "--summary rank" : "--across-ranks", "Traces", traces, more, jobs->len - failed, "trace",
					   NULL, NULL);
	if (failed)
		fprintf(stderr, "profile_parser: --summary rank: %u failed:\n", failed);
	combine_print_failures(jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

int combine_findings(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce)
{
	g_autoptr(GPtrArray) rows = g_ptr_array_new(), columns = g_ptr_array_new();
	g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) job_findings = g_ptr_array_new_with_free_func(finding_free);
	gint64 span_sum = 0;
	guint spans = 0;
	gboolean fail = FALSE;
	g_autofree const char **names = g_new0(const char *, jobs->len + 1);
	g_autofree gint64 *ranks = g_new0(gint64, jobs->len + 1);
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < jobs->len; i++) { /* SPEC 20.1: two traces of one rank are an error */
		const struct job *job = jobs->pdata[i];
		if (job->error)
			continue;
		names[i] = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		g_ptr_array_add(owned, (gpointer)names[i]);
		ranks[i] = rank_number(job->collected.rank, job->position);
	}
	if (!combine_ranks_distinct(names, ranks, jobs->len, "--summary findings")) {
		combine_print_failures(jobs);
		return EXIT_INPUT;
	}
	g_autoptr(GString) warnings = g_string_new(NULL);
	rank_reduce_keep_waits(reduce); /* before the instances are settled */
	rank_reduce_finish(reduce, warnings);
	GArray *waits = (GArray *)rank_reduce_waits(reduce);
	findings_sort_waits(waits);
	for (guint i = 0; i < jobs->len; i++) { /* exposed-communication less the waiting (SPEC 22) */
		struct job *job = jobs->pdata[i];
		if (!job->error && job->collected.findings)
			findings_exposed_less_waits(job->collected.findings, ranks[i], job->collected.findings_exposed, waits,
						    job->collected.findings_first, job->collected.findings_span);
	}
	for (guint i = 0; i < jobs->len; i++) {
		struct job *job = jobs->pdata[i];
		if (job->error || !job->collected.findings)
			continue;
		const char *rank = job->collected.rank;
		if (!rank) { /* as SPEC 13.2: its place in the list */
			g_ptr_array_add(positions, g_strdup_printf("%u", job->position));
			rank = positions->pdata[positions->len - 1];
		}
		for (guint r = 0; r < job->collected.findings->len; r++) {
			struct finding *f = job->collected.findings->pdata[r];
			f->rank = rank;
			g_ptr_array_add(rows, f);
		}
		span_sum += job->collected.findings_span, spans++;
		fail |= findings_fail(job->collected.findings, options->fail_on);
	}
	struct rank_job figures;
	rank_reduce_job(reduce, &figures);
	findings_job(&figures, span_sum, spans, job_findings);
	fail |= findings_fail(job_findings, options->fail_on);
	findings_sort(job_findings);
	for (guint i = 0; !options->quiet && i < job_findings->len; i++) { /* the job's, as the report's finding lines */
		const struct finding *f = job_findings->pdata[i];
		g_autoptr(GString) line = g_string_new(NULL);
		g_string_append_printf(line, "profile_parser: finding: %s (%s)", f->rule->id, finding_severity_name(f->severity));
		if (f->saving >= 0) {
			g_string_append(line, ": saves up to ");
			time_append_ms(line, f->saving);
			g_string_append(line, " ms (");
			percent_append(line, finding_share(f));
			g_string_append(line, "% of the ranks' mean analysed span)");
		}
		fprintf(stderr, "%s: %s; to do: %s\n", line->str, f->evidence, f->advice);
	}
	g_ptr_array_extend(rows, job_findings, NULL, NULL);
	findings_sort(rows);
	catalogue_pick(findings_summary_catalogue(), "rank", 0, columns, NULL); /* the rank first, once */
	for (guint i = 0; i < options->columns->len; i++)
		if (strcmp(((const struct column *)options->columns->pdata[i])->name, "rank") != 0)
			g_ptr_array_add(columns, options->columns->pdata[i]);
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	const char *facts[] = { "Traces", traces, NULL };
	g_autofree char *all = combine_page_warnings(jobs, warnings->str);
	struct table_page page = { "profile_parser: --summary findings", facts, all, NULL, 0 };
	gboolean written = failed < jobs->len && combine_write_table(options, NULL, rows, columns, NULL, NULL, &page);
	if (written && (!options->quiet || failed))
		fprintf(stderr, "profile_parser: --summary findings: %u findings of %u trace%s written to %s%s\n", rows->len,
			jobs->len - failed, jobs->len - failed == 1 ? "" : "s", combine_shown(options->dst),
			failed ? "; some failed:" : "");
	else if (!written && failed == jobs->len)
		fprintf(stderr, "profile_parser: --summary findings: nothing written, every trace failed:\n");
	combine_print_failures(jobs);
	if (failed || !written)
		return EXIT_INPUT;
	if (fail && !options->quiet)
		fprintf(stderr, "profile_parser: --fail-on %s: exit status 3\n", finding_severity_name(options->fail_on));
	return fail ? EXIT_FINDINGS : EXIT_DONE;
}

/* --merge of rank maps (SPEC 20.2): what --summary rank over their traces writes. */
int combine_merge_rank_maps(const struct options *options, GPtrArray *files)
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
	if (combine_ranks_distinct(names, ranks, files->len, "--merge") && failed < files->len) {
		g_autofree char *summaries = g_strdup_printf("%u (%u failed)", files->len, failed);
		written = write_rank_table(options, reduce, "--merge", "Summaries", summaries, NULL, files->len - failed, "map",
					   own ? columns : NULL, own ? sort : NULL);
	} else if (failed == files->len) {
		fprintf(stderr, "profile_parser: --merge: nothing written, every map failed\n");
	}
	rank_reduce_free(reduce);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}
