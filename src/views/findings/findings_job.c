#include "views/findings/findings_job.h"
#include "views/findings/findings.h"
#include <stdlib.h>
#include <string.h>
#include "sinks/table.h"
#include "util/timefmt.h"

/* The straggler's advice (SPEC 26.6): the delay began before the step, or in it. */
#define ADVICE_STRAGGLER_BEFORE                                                                                    \
	"the straggler entered the steps late: the delay began before the step, in what ran between steps on that " \
	"rank (the previous step's tail, evaluation, checkpointing, logging, garbage collection, data loading "     \
	"outside the step): move it off the step's path or give every rank the same; --summary step and the page's " \
	"timeline show that rank between its steps"
#define ADVICE_STRAGGLER_IN                                                                                        \
	"the straggler entered the steps on time and fell behind in them: its in-step work (its host work between " \
	"launches, its data loading within the step, a larger share of the work) delays its collectives; balance " \
	"the ranks' work and look at that rank's steps"

/* Whether X · N · 10000 >= SUM · BP. */
static gboolean reaches(gint64 x, guint n, gint64 sum, guint bp)
{
	return x >= 0 && sum > 0 && (unsigned __int128)x * n * 10000u >= (unsigned __int128)sum * bp;
}

static void add(const char *id, GPtrArray *out, gint64 saving, gint64 span_sum, guint n, gint64 mean_span, char *evidence)
{
	const struct finding_rule *rule = finding_rule_find(id);
	struct findings_input in = { .first = 0, .last = mean_span };
	if (saving == FINDING_NO_SAVING) {
		finding_add_data(rule, &in, out, evidence);
		return;
	}
	finding_push(rule, &in, out, saving, FINDING_NO_DEVICE, evidence);
	struct finding *f = out->pdata[out->len - 1];
	f->severity = rule->base; /* from the exact thresholds, not the rounded mean span */
	if (rule->high && reaches(saving, n, span_sum, rule->high))
		f->severity = SEVERITY_HIGH;
}

void findings_job(const struct rank_job *job, gint64 span_sum, guint spans, GPtrArray *out)
{
	if (job->ranks < 2 || !spans || span_sum <= 0)
		return;
	gint64 mean_span = (span_sum + spans / 2) / spans;
	gint64 mean_wait = (job->waited + job->ranks / 2) / job->ranks;
	const struct finding_rule *wait = finding_rule_find("collective-wait"),
				  *straggler = finding_rule_find("straggler");
	if (job->matched && reaches(mean_wait, spans, span_sum, wait->fire)) {
		GString *text = g_string_new(NULL);
		g_string_append_printf(text, "the %u ranks waited ", job->ranks);
		time_append_ms(text, job->waited);
		g_string_append_printf(text, " ms in all at %" G_GUINT64_FORMAT " matched collective instance%s: ", job->matched,
				       job->matched == 1 ? "" : "s");
		time_append_ms(text, mean_wait);
		g_string_append(text, " ms a rank on average, of a mean analysed span of ");
		time_append_ms(text, mean_span);
		g_string_append(text, " ms; --summary rank says who waited and who was late");
		add("collective-wait", out, mean_wait, span_sum, spans, mean_span, g_string_free(text, FALSE));
	}
	if (job->first_delay > 0 && reaches(job->first_delay, spans, span_sum, straggler->fire)) {
		GString *text = g_string_new(NULL);
		g_string_append_printf(text, "rank %" G_GINT64_FORMAT " arrived last at %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
				       " collectives, ", job->first_rank, job->first_last_count, job->matched);
		time_append_ms(text, job->first_delay);
		g_string_append(text, " ms after the next rank in all");
		const struct rank_late *late = &job->first_late;
		if (late->known && job->first_collectives) { /* SPEC 26.6 */
			g_string_append(text, "; it entered the steps ");
			time_append_ms(text, rank_late_ns(late));
			g_string_append(text, " ms late (step start late, the median over the steps every rank has), against ");
			time_append_ms(text, mean_half_up(late->arrivals, (gint64)job->first_collectives));
			g_string_append(text, " ms late on average at its collectives");
		} else {
			g_string_append(text, "; step start late unknown (no step number on every rank)");
		}
		add("straggler", out, job->first_delay, span_sum, spans, mean_span, g_string_free(text, FALSE));
		if (late->known) /* else the rule's: neither said */
			finding_set_advice(out->pdata[out->len - 1],
					   g_strdup(rank_late_before_step(late, job->first_collectives) ? ADVICE_STRAGGLER_BEFORE
												       : ADVICE_STRAGGLER_IN));
	}
	if (job->clocks_disagree)
		add("clocks-disagree", out, FINDING_NO_SAVING, span_sum, spans, mean_span,
		    g_strdup_printf("in %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " collective instances a rank's event "
				    "ends before another rank's starts", job->disagree, job->matched));
}

static int by_rank_device_start(const void *x, const void *y)
{
	const struct rank_wait *a = x, *b = y;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->device != b->device)
		return a->device < b->device ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

void findings_sort_waits(GArray *waits)
{
	if (waits && waits->len > 1)
		qsort(waits->data, waits->len, sizeof(struct rank_wait), by_rank_device_start);
}

/* |W ∩ E| for W the union of the N waits W (sorted by start) clipped to
 * [FIRST, LAST), E the device's intervals (sorted, disjoint). */
static gint64 overlap(const struct rank_wait *w, guint n, const struct findings_interval *e, guint m, gint64 first,
		      gint64 last)
{
	gint64 sum = 0;
	guint j = 0;
	for (guint i = 0; i < n;) {
		gint64 s = MAX(w[i].start, first), t = w[i].end;
		for (i++; i < n && w[i].start <= t; i++) /* the union's run */
			t = MAX(t, w[i].end);
		t = MIN(t, last);
		if (t <= s)
			continue;
		while (j < m && e[j].end <= s)
			j++;
		for (guint q = j; q < m && e[q].start < t; q++)
			sum += MIN(t, e[q].end) - MAX(s, e[q].start);
	}
	return sum;
}

void findings_exposed_less_waits(GPtrArray *findings, gint64 rank, const GArray *exposed, const GArray *waits,
				 gint64 first, gint64 span)
{
	if (!exposed || !waits)
		return;
	const struct rank_wait *all = (const struct rank_wait *)waits->data;
	const struct findings_interval *e = (const struct findings_interval *)exposed->data;
	for (guint i = 0; i < findings->len;) {
		struct finding *f = findings->pdata[i];
		if (strcmp(f->rule->id, "exposed-communication") != 0) {
			i++;
			continue;
		}
		guint low = 0, high = waits->len; /* the first wait of (rank, device) */
		while (low < high) {
			guint mid = low + (high - low) / 2;
			if (all[mid].rank < rank || (all[mid].rank == rank && all[mid].device < f->device))
				low = mid + 1;
			else
				high = mid;
		}
		guint end = low;
		while (end < waits->len && all[end].rank == rank && all[end].device == f->device)
			end++;
		guint from = 0, to = exposed->len; /* the device's intervals */
		while (from < exposed->len && e[from].device < f->device)
			from++;
		for (to = from; to < exposed->len && e[to].device == f->device;)
			to++;
		gint64 waiting = overlap(all + low, end - low, e + from, to - from, first, first + span);
		if (!waiting) {
			i++;
			continue;
		}
		gint64 left = f->saving - waiting;
		if (!finding_reaches(left, span, f->rule->fire)) {
			g_ptr_array_remove_index(findings, i); /* frees it */
			continue;
		}
		f->saving = left;
		f->severity = f->rule->base;
		if (f->rule->high && finding_reaches(left, span, f->rule->high))
			f->severity = SEVERITY_HIGH;
		GString *text = g_string_new(f->evidence);
		g_string_append(text, "; less ");
		time_append_ms(text, waiting);
		g_string_append(text, " ms of it waiting for later ranks at matched collectives: ");
		time_append_ms(text, left);
		g_string_append(text, " ms (");
		percent_append(text, tenths_of_percent(left, span));
		g_string_append(text, "% of the analysed span)");
		g_free(f->evidence);
		f->evidence = g_string_free(text, FALSE);
		i++;
	}
}
