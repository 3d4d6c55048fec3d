#include "cli/combine_rank.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/combine_table.h"
#include "cli/fail_on.h"
#include "page/page_ranks.h"
#include "cli/run.h"
#include "output/output.h"
#include "output/output_names.h"
#include "sinks/sink_html.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/collectives/collective_across.h"
#include "views/findings/findings.h"
#include "views/findings/findings_job.h"
#include "views/gate/gate_fail_on.h"
#include "cli/gate_report.h"
#include "views/findings/summary_findings.h"
#include "views/ranks/rank_map.h"
#include "views/ranks/rank_map_write.h"
#include "views/ranks/rank_reduce.h"
#include "views/table/shape_text.h"
#include "cli/shape.h"

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

/* The table of REDUCE (finished here) with its warnings and straggler line; TRUE when written. */
static gboolean write_rank_table(const struct options *options, struct rank_reduce *reduce, const char *view,
				 const char *facts_label, const char *count, const char *more_warnings, guint written_of,
				 const char *noun, const GPtrArray *columns, const GPtrArray *sort)
{
	g_autoptr(GString) warnings = g_string_new(NULL);
	g_autoptr(GError) error = NULL;
	if (!rank_reduce_finish(reduce, warnings, &error)) {
		fprintf(options_err(options), "profile_parser: %s: nothing written: %s\n", view, error->message);
		return FALSE;
	}
	g_autofree char *straggler = rank_reduce_straggler(reduce);
	if (!options->quiet) {
		fputs(warnings->str, options_err(options));
		if (straggler)
			fprintf(options_err(options), "profile_parser: %s", straggler);
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
	struct table_page page = { title, facts, all, bars, 0, NULL };
	gboolean written = combine_write_table(options, NULL, (GPtrArray *)rows, columns, sort, rank_order(collectives), &page);
	if (written && !options->quiet)
		fprintf(options_err(options), "profile_parser: %s: %u %s%s of %u %s%s written to %s\n", view, rows->len,
			collectives ? "key" : "rank", rows->len == 1 ? "" : "s", written_of, noun, written_of == 1 ? "" : "s",
			combine_shown(options->dst));
	return written;
}

/* --summary rank --format jsonl of one trace: its map. */
static int write_rank_map(const struct options *options, const struct job *job)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *extension = g_strconcat(options->format->extension, options->compress ? ".gz" : "", NULL);
	g_autofree char *path = output_path(options->dst, job->src, extension);
	struct rank_record *record = job->collected.record;
	if (record->too_long) { /* a sum over its devices: as a trace whose sums would be wrong, nothing written */
		g_autofree char *src = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		fprintf(options_err(options), "profile_parser: %s: %s add up past 2^63 ns (292 years): sums would be wrong\n", src,
			record->too_long);
		return EXIT_INPUT;
	}
	g_free(record->options);
	record->options = rank_map_shape(options);
	struct output out;
	gboolean ok = output_open(&out, path, options->compress, &error);
	if (ok && !rank_map_write(&out, job->collected.record, job->collected.rank)) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&out);
		ok = FALSE;
	}
	ok = ok && output_commit(&out, &error);
	if (!ok)
		fprintf(options_err(options), "profile_parser: %s: %s\n", combine_shown(path), error->message);
	else if (!options->quiet)
		fprintf(options_err(options), "profile_parser: --summary rank: the map of rank %" G_GINT64_FORMAT " written to %s\n",
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
	if (!fail_on_ranks_distinct(options_err(options), names, ranks, jobs->len, "--summary rank", "nothing written") || failed == jobs->len) {
		if (failed == jobs->len)
			fprintf(options_err(options), "profile_parser: --summary rank: nothing written, every trace failed:\n");
		combine_print_failures(options, jobs);
		return EXIT_INPUT;
	}
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	g_autofree char *more = combine_page_warnings(jobs, NULL);
	gboolean written = write_rank_table(options, reduce, options->summary == SUMMARY_RANK ? "--summary rank" : "--across-ranks", "Traces", traces, more, jobs->len - failed, "trace",
					   NULL, NULL);
	if (failed)
		fprintf(options_err(options), "profile_parser: --summary rank: %u failed:\n", failed);
	combine_print_failures(options, jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

int combine_findings(const struct options *options, GPtrArray *jobs, guint failed, struct rank_reduce *reduce)
{
	g_autoptr(GPtrArray) rows = g_ptr_array_new(), columns = g_ptr_array_new();
	g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) job_findings = g_ptr_array_new_with_free_func(finding_free);
	g_autoptr(GString) warnings = g_string_new(NULL);
	if (!fail_on_job_findings(options_err(options), jobs, reduce, "--summary findings", "nothing written", warnings, job_findings)) {
		combine_print_failures(options, jobs);
		return EXIT_INPUT;
	}
	gboolean fail = FALSE;
	g_autofree char *head = options->fail_on ? g_strdup_printf("--fail-on %s", finding_severity_name(options->fail_on)) : NULL;
	g_autoptr(Gate) gate = head ? gate_new(head) : NULL; /* the reason, -q or not, and --junit (SPEC 27) */
	g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		g_ptr_array_add(names, g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src));
		if (gate && !job->error)
			gate_property(gate, "trace", names->pdata[i]);
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
		fail |= findings_fail(job->collected.findings, options->fail_on);
		g_autoptr(GArray) fired = gate ? gate_fired_of(job->collected.findings, options->fail_on) : NULL;
		gate_fail_on_add(gate, fired, names->pdata[i]);
	}
	fail |= findings_fail(job_findings, options->fail_on);
	if (gate) {
		g_autoptr(GArray) fired = gate_fired_of(job_findings, options->fail_on);
		gate_fail_on_add(gate, fired, "the job");
	}
	if (!options->quiet) /* the job's, as the report's finding lines */
		fail_on_print_job_findings(options_err(options), job_findings);
	g_ptr_array_extend(rows, job_findings, NULL, NULL);
	findings_sort(rows);
	catalogue_pick(findings_summary_catalogue(), "rank", 0, columns, NULL); /* the rank first, once */
	for (guint i = 0; i < options->columns->len; i++)
		if (strcmp(((const struct column *)options->columns->pdata[i])->name, "rank") != 0)
			g_ptr_array_add(columns, options->columns->pdata[i]);
	g_autofree char *traces = g_strdup_printf("%u (%u failed)", jobs->len, failed);
	const char *facts[] = { "Traces", traces, NULL };
	g_autofree char *all = combine_page_warnings(jobs, warnings->str);
	struct table_page page = { "profile_parser: --summary findings", facts, all, NULL, 0, NULL };
	gboolean written = failed < jobs->len && combine_write_table(options, NULL, rows, columns, NULL, NULL, &page);
	if (written && (!options->quiet || failed))
		fprintf(options_err(options), "profile_parser: --summary findings: %u findings of %u trace%s written to %s%s\n", rows->len,
			jobs->len - failed, jobs->len - failed == 1 ? "" : "s", combine_shown(options->dst),
			failed ? "; some failed:" : "");
	else if (!written && failed == jobs->len)
		fprintf(options_err(options), "profile_parser: --summary findings: nothing written, every trace failed:\n");
	combine_print_failures(options, jobs);
	int status = failed || !written ? EXIT_INPUT : fail ? EXIT_FINDINGS : EXIT_DONE;
	if (gate) /* the reason, -q or not, and --junit (SPEC 27) */
		gate_fail_on_finish(gate, options->fail_on);
	return gate_report_finish(options, gate, status);
}

/* --merge of rank maps (SPEC 20.2): what --summary rank over their traces
 * writes. Every map must record the options of the first one read: a mix
 * writes nothing, naming both files and the option. */
int combine_merge_rank_maps(const struct options *options, GPtrArray *files)
{
	/* without --summary rank, the columns were picked from --across-ranks's catalogue: the rank summary's own then */
	gboolean own = options->summary != SUMMARY_RANK;
	if (own && (options->columns_list || options->sort_list)) {
		fprintf(options_err(options), "profile_parser: --merge: rank maps: give --summary rank with --columns or --sort\n");
		return EXIT_USAGE;
	}
	g_autoptr(GPtrArray) columns = g_ptr_array_new(), sort = g_ptr_array_new();
	catalogue_pick(rank_summary_catalogue(), NULL, COLUMN_DEFAULT, columns, NULL);
	struct rank_reduce *reduce = rank_reduce_new();
	if (options->format == &html_sink) /* the page's bars (SPEC 28) */
		rank_reduce_keep_bars(reduce);
	g_autofree const char **names = g_new0(const char *, files->len + 1);
	g_autofree gint64 *ranks = g_new0(gint64, files->len + 1);
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	guint failed = 0;
	gboolean mixed = FALSE;
	g_autofree char *first_options = NULL;
	const char *first_file = NULL;
	for (guint i = 0; i < files->len && !mixed; i++) {
		g_autoptr(GError) error = NULL;
		char *file = output_shown(files->pdata[i]);
		g_ptr_array_add(owned, file);
		g_autoptr(RankRecord) record = rank_map_read(files->pdata[i], i, &error);
		if (!record) {
			fprintf(options_err(options), "profile_parser: %s: %s\n", file, error->message);
			failed++;
			continue;
		}
		g_autofree char *why = first_file ? summary_shape_differs("rank", first_options, first_file, "rank",
									  record->options, file)
						  : NULL;
		if (why) {
			g_autofree char *a = summary_shape_shown("rank", first_options),
					*b = summary_shape_shown("rank", record->options);
			fprintf(options_err(options), "profile_parser: --merge: nothing written: rank maps of different options cannot be "
					"merged: %s: %s; %s: %s: %s\n", first_file, a, file, b, why);
			mixed = TRUE;
			break;
		}
		if (!first_file) {
			first_file = file;
			first_options = g_strdup(record->options);
		}
		names[i] = file;
		ranks[i] = record->rank;
		rank_reduce_add(reduce, record);
	}
	gboolean written = FALSE;
	if (!mixed && fail_on_ranks_distinct(options_err(options), names, ranks, files->len, "--merge", "nothing written") && failed < files->len) {
		g_autofree char *summaries = g_strdup_printf("%u (%u failed)", files->len, failed);
		written = write_rank_table(options, reduce, "--merge", "Summaries", summaries, NULL, files->len - failed, "map",
					   own ? columns : NULL, own ? sort : NULL);
	} else if (!mixed && failed == files->len) {
		fprintf(options_err(options), "profile_parser: --merge: nothing written, every map failed\n");
	}
	rank_reduce_free(reduce);
	return failed || mixed || !written ? EXIT_INPUT : EXIT_DONE;
}
