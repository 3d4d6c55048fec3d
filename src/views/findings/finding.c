#include "views/findings/finding.h"
#include <string.h>
#include "sinks/table.h" /* tenths_of_percent, rank_number */

gboolean finding_reaches(gint64 saving, gint64 span, guint bp)
{
	return span > 0 && saving >= 0 && (unsigned __int128)saving * 10000u >= (unsigned __int128)span * bp;
}

void finding_free(gpointer data)
{
	struct finding *f = data;
	g_free(f->evidence);
	g_free(f->advice_text);
	g_free(f->device_label);
	g_free(f);
}

void finding_set_advice(struct finding *f, char *text)
{
	if (!text)
		return;
	g_free(f->advice_text);
	f->advice_text = text;
	f->advice = text;
}

gint64 finding_thousandths_ms(gint64 ns)
{
	gint64 whole = ns / 1000, rest = ns % 1000;
	if (rest >= 500)
		whole++;
	else if (rest <= -500)
		whole--;
	return whole;
}

static struct finding *finding_new(const struct finding_rule *rule, const struct findings_input *in, char *evidence)
{
	struct finding *f = g_new0(struct finding, 1);
	f->rule = rule;
	f->severity = rule->base;
	f->saving = FINDING_NO_SAVING;
	f->span = in->last - in->first;
	f->device = FINDING_NO_DEVICE;
	f->rank = in->rank;
	f->evidence = evidence;
	f->advice = rule->advice;
	return f;
}

gboolean finding_add(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		     gint64 saving, gint64 device, char *evidence)
{
	if (!finding_reaches(saving, in->last - in->first, rule->fire)) {
		g_free(evidence);
		return FALSE;
	}
	finding_push(rule, in, out, saving, device, evidence);
	return TRUE;
}

void finding_push(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out, gint64 saving,
		  gint64 device, char *evidence)
{
	gint64 span = in->last - in->first;
	struct finding *f = finding_new(rule, in, evidence);
	/* an upper bound of the time fixing it could save: never more than the span (a sum over devices or
	 * instances may be; the thresholds below read the figure, and a figure past the span passes them all) */
	f->saving = span > 0 ? MIN(saving, span) : saving;
	f->device = device;
	if (rule->medium && finding_reaches(saving, span, rule->medium) && f->severity < SEVERITY_MEDIUM)
		f->severity = SEVERITY_MEDIUM;
	if (rule->high && finding_reaches(saving, span, rule->high))
		f->severity = SEVERITY_HIGH;
	g_ptr_array_add(out, f);
}

void finding_add_data(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		      char *evidence)
{
	g_ptr_array_add(out, finding_new(rule, in, evidence));
}

/* The analysed span (Part IV): the first step's start to the last step's
 * end, any step of any process; else the earliest ts to the latest end of
 * the launch and device events. Empty (0, 0) when there are none. */
void findings_span(struct findings_input *in)
{
	gint64 first = G_MAXINT64, last = G_MININT64;
	if (in->steps && in->steps->count) {
		for (guint i = 0; i < in->steps->count; i++) {
			const struct event *s = &in->steps->events[i];
			first = MIN(first, s->ts);
			last = MAX(last, event_end(s));
		}
	} else {
		const GArray *lists[] = { in->trace->launches, in->trace->device };
		for (guint l = 0; l < G_N_ELEMENTS(lists); l++)
			for (guint i = 0; i < lists[l]->len; i++) {
				const struct event *e = &g_array_index(lists[l], struct event, i);
				first = MIN(first, e->ts);
				last = MAX(last, event_end(e));
			}
	}
	in->first = first <= last ? first : 0;
	in->last = first <= last ? last : 0;
}

static int compare_ranks(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	gint64 x = rank_number(a, G_MAXINT64), y = rank_number(b, G_MAXINT64);
	if (x != y)
		return x < y ? -1 : 1;
	return strcmp(a, b);
}

static int compare_findings(gconstpointer x, gconstpointer y)
{
	const struct finding *a = *(struct finding *const *)x, *b = *(struct finding *const *)y;
	if (a->rule->kind != b->rule->kind)
		return a->rule->kind == FINDING_PERFORMANCE ? -1 : 1;
	if (a->rule->kind == FINDING_PERFORMANCE && a->saving != b->saving)
		return a->saving > b->saving ? -1 : 1; /* FINDING_NO_SAVING (-1) last */
	if (a->severity != b->severity)
		return a->severity > b->severity ? -1 : 1;
	int c = strcmp(a->rule->id, b->rule->id);
	if (c)
		return c;
	if (a->rule->kind == FINDING_PERFORMANCE && a->device != b->device)
		return a->device < b->device ? -1 : 1;
	return compare_ranks(a->rank, b->rank);
}

void finding_device_append(GString *out, const struct finding *f)
{
	if (f->device_label)
		g_string_append(out, f->device_label);
	else
		g_string_append_printf(out, "%" G_GINT64_FORMAT, f->device);
}

void findings_sort(GPtrArray *findings)
{
	g_ptr_array_sort(findings, compare_findings);
}

const char *finding_severity_name(enum finding_severity severity)
{
	static const char *const names[] = { NULL, "low", "medium", "high" };
	return names[severity];
}

enum finding_severity finding_severity_parse(const char *name)
{
	for (int s = SEVERITY_LOW; s <= SEVERITY_HIGH; s++)
		if (g_strcmp0(name, finding_severity_name(s)) == 0)
			return s;
	return SEVERITY_NONE;
}

const char *finding_kind_name(enum finding_kind kind)
{
	return kind == FINDING_PERFORMANCE ? "performance" : "data";
}

gint64 finding_share(const struct finding *f)
{
	return f->saving < 0 || f->span <= 0 ? -1 : tenths_of_percent(f->saving, f->span);
}
