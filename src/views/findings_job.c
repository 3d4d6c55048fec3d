#include "views/findings_job.h"
#include "views/findings.h"
#include "util/timefmt.h"

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
		add("straggler", out, job->first_delay, span_sum, spans, mean_span, g_string_free(text, FALSE));
	}
	if (job->clocks_disagree)
		add("clocks-disagree", out, FINDING_NO_SAVING, span_sum, spans, mean_span,
		    g_strdup_printf("in %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " collective instances a rank's event "
				    "ends before another rank's starts", job->disagree, job->matched));
}
