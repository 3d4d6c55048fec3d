#include "cli/fail_on.h"
#include <stdio.h>
#include <string.h>
#include "cli/run.h"
#include "output/output_names.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/findings/findings.h"
#include "views/findings/findings_job.h"
#include "views/ranks/rank_reduce.h"
#include "views/gate/gate_fail_on.h"
#include "cli/gate_report.h"

enum { EXIT_DONE = 0, EXIT_INPUT = 1, EXIT_FINDINGS = 3 };

struct fail_on {
	struct rank_reduce *reduce;
};

struct fail_on *fail_on_new(void)
{
	struct fail_on *fail_on = g_new0(struct fail_on, 1);
	fail_on->reduce = rank_reduce_new();
	return fail_on;
}

void fail_on_free(struct fail_on *fail_on)
{
	if (!fail_on)
		return;
	rank_reduce_free(fail_on->reduce);
	g_free(fail_on);
}

void fail_on_collected(struct fail_on *fail_on, struct job *job)
{
	struct rank_record *record = job->collected.fail_on_record;
	if (!record)
		return;
	record->rank = rank_number(job->collected.rank, job->position);
	rank_reduce_add(fail_on->reduce, record);
	g_clear_pointer(&job->collected.fail_on_record, rank_record_free); /* folded in */
}

gboolean fail_on_ranks_distinct(FILE *err, const char *const *names, const gint64 *ranks, guint count, const char *view,
			     const char *consequence)
{
	g_autoptr(GHashTable) first = g_hash_table_new(g_int64_hash, g_int64_equal);
	gboolean distinct = TRUE;
	for (guint i = 0; i < count; i++) {
		if (!names[i])
			continue;
		const char *before = g_hash_table_lookup(first, &ranks[i]);
		if (before) {
			fprintf(err, "profile_parser: %s: %s and %s have the same rank, %" G_GINT64_FORMAT ": %s\n", view,
				before, names[i], ranks[i], consequence);
			distinct = FALSE;
		} else {
			g_hash_table_insert(first, (gpointer)&ranks[i], (gpointer)names[i]);
		}
	}
	return distinct;
}

gboolean fail_on_job_findings(FILE *err, GPtrArray *jobs, struct rank_reduce *reduce, const char *view, const char *consequence,
			   GString *warnings, GPtrArray *job_findings)
{
	g_autofree const char **names = g_new0(const char *, jobs->len + 1);
	g_autofree gint64 *ranks = g_new0(gint64, jobs->len + 1);
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < jobs->len; i++) { /* SPEC 20.1: two traces of one rank are an error */
		const struct job *job = jobs->pdata[i];
		if (job->error)
			continue;
		char *name = g_strcmp0(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		g_ptr_array_add(owned, name);
		names[i] = name;
		ranks[i] = rank_number(job->collected.rank, job->position);
	}
	if (!fail_on_ranks_distinct(err, names, ranks, jobs->len, view, consequence))
		return FALSE;
	rank_reduce_keep_waits(reduce); /* before the instances are settled */
	g_autoptr(GError) error = NULL;
	if (!rank_reduce_finish(reduce, warnings, &error)) {
		fprintf(err, "profile_parser: %s: %s: %s\n", view, consequence, error->message);
		return FALSE;
	}
	GArray *waits = (GArray *)rank_reduce_waits(reduce);
	findings_sort_waits(waits);
	gint64 span_sum = 0;
	guint spans = 0;
	for (guint i = 0; i < jobs->len; i++) { /* exposed-communication less the waiting (SPEC 22) */
		struct job *job = jobs->pdata[i];
		if (job->error || !job->collected.findings)
			continue;
		findings_exposed_less_waits(job->collected.findings, ranks[i], job->collected.findings_exposed, waits,
					    job->collected.findings_first, job->collected.findings_span);
		span_sum += job->collected.findings_span, spans++;
	}
	struct rank_job figures;
	rank_reduce_job(reduce, &figures);
	findings_job(&figures, span_sum, spans, job_findings);
	findings_sort(job_findings);
	return TRUE;
}

void fail_on_print_job_findings(FILE *err, const GPtrArray *job_findings)
{
	for (guint i = 0; i < job_findings->len; i++) {
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
		fprintf(err, "%s: %s; to do: %s\n", line->str, f->evidence, f->advice);
	}
}

int fail_on_finish(const struct options *options, GPtrArray *jobs, struct fail_on *fail_on, int status)
{
	if (!options->fail_on)
		return status;
	g_autofree char *head = g_strdup_printf("--fail-on %s", finding_severity_name(options->fail_on));
	g_autoptr(Gate) gate = gate_new(head); /* its reason and JUnit file (SPEC 27) */
	g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		char *src = strcmp(job->src, "-") == 0 ? g_strdup("standard input") : output_shown(job->src);
		g_ptr_array_add(shown, src);
		gate_property(gate, "trace", src);
	}
	if (!fail_on) { /* one trace, or traces alone: each one's findings, as its report's finding lines say */
		for (guint i = 0; i < jobs->len; i++) {
			const struct job *job = jobs->pdata[i];
			if (!job->error)
				gate_fail_on_add(gate, job->fired, jobs->len > 1 ? shown->pdata[i] : NULL);
		}
	} else { /* several traces: each one's findings, the job's exposed-communication less its waits, and the job's */
		g_autoptr(GPtrArray) job_findings = g_ptr_array_new_with_free_func(finding_free);
		g_autoptr(GString) warnings = g_string_new(NULL);
		if (!fail_on_job_findings(options_err(options), jobs, fail_on->reduce, "--fail-on",
					  "the job rules cannot be worked out (give the traces of one job, or run the gate "
					  "on each trace)", warnings, job_findings))
			return EXIT_INPUT;
		for (guint i = 0; i < jobs->len; i++) {
			const struct job *job = jobs->pdata[i];
			if (job->error || !job->collected.findings)
				continue;
			g_autoptr(GArray) fired = gate_fired_of(job->collected.findings, options->fail_on);
			gate_fail_on_add(gate, fired, shown->pdata[i]);
		}
		g_autoptr(GArray) fired = gate_fired_of(job_findings, options->fail_on);
		gate_fail_on_add(gate, fired, "the job");
		if (!options->quiet)
			fail_on_print_job_findings(options_err(options), job_findings);
	}
	gate_fail_on_finish(gate, options->fail_on);
	return gate_report_finish(options, gate, status);
}
