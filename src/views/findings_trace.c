#include "views/findings_trace.h"
#include <string.h>
#include "sinks/table.h"
#include "util/timefmt.h"

enum { LAUNCH_WORK = 1, LAUNCH_FUSED = 2 };

/* Whether NAME contains WORD (lower case), ASCII case-insensitive. */
static gboolean has_word(const struct name *name, const char *word)
{
	gsize n = strlen(word);
	for (gsize i = 0; i + n <= name->len; i++)
		if (g_ascii_strncasecmp(name->text + i, word, n) == 0)
			return TRUE;
	return FALSE;
}

/* Per launch: LAUNCH_WORK and LAUNCH_FUSED of a non-nested launch, from
 * its device events and those of the launches nested in it. */
static guint8 *launch_flags(const struct attribution *a)
{
	guint8 *flags = g_new0(guint8, a->launch_count + 1);
	guint outer = NO_LAUNCH;
	for (guint l = 0; l < a->launch_count; l++) {
		if (a->virtual_launch && a->virtual_launch[l])
			continue;
		if (!a->nested[l] || outer == NO_LAUNCH || a->launches[outer].thread != a->launches[l].thread)
			outer = l;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
			const struct name *name = attribution_device(a, d)->name;
			flags[outer] |= LAUNCH_WORK;
			if (has_word(name, "multi_tensor") || has_word(name, "fused"))
				flags[outer] |= LAUNCH_FUSED;
		}
	}
	return flags;
}

/* The first launch of THREAD at or after TS (launches by thread, then ts). */
static guint first_launch(const struct attribution *a, guint thread, gint64 ts)
{
	guint lo = 0, hi = a->launch_count;
	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;
		const struct event *e = &a->launches[mid];
		if (e->thread < thread || (e->thread == thread && e->ts < ts))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void findings_unfused_optimizer(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct forest *f = in->forest;
	const struct attribution *a = in->attribution;
	gsize prefix = strlen(FINDINGS_OPTIMIZER_PREFIX);
	g_autofree guint8 *flags = NULL;
	gint64 saving = 0;
	guint windows = 0, steps = 0;
	guint64 launches = 0;
	const struct name *first_name = NULL;
	for (guint i = 0; i < f->count && in->last > in->first; i++) {
		const struct event *op = &f->events[i];
		if (op->name->len < prefix || memcmp(op->name->text, FINDINGS_OPTIMIZER_PREFIX, prefix) != 0)
			continue;
		if (f->replayed_by && f->replayed_by[i])
			continue;
		steps++;
		if (!flags)
			flags = launch_flags(a);
		guint count = 0;
		gboolean fused = FALSE;
		gint64 time = 0;
		for (guint l = first_launch(a, op->thread, op->ts);
		     l < a->launch_count && a->launches[l].thread == op->thread && a->launches[l].ts <= event_end(op); l++) {
			if (a->nested[l] || !(flags[l] & LAUNCH_WORK) || (a->virtual_launch && a->virtual_launch[l]))
				continue;
			count++;
			fused |= (flags[l] & LAUNCH_FUSED) != 0;
			time += a->launches[l].dur;
		}
		if (count < FINDINGS_OPTIMIZER_LAUNCHES || fused)
			continue;
		windows++;
		launches += count;
		saving += time;
		first_name = first_name ? first_name : op->name;
	}
	if (!windows)
		return;
	GString *text = g_string_new(NULL);
	g_string_append_printf(text, "%u of %u optimizer step%s (", windows, steps, steps == 1 ? "" : "s");
	g_string_append_len(text, first_name->text, (gssize)first_name->len);
	g_string_append_printf(text, "%s) launched %" G_GUINT64_FORMAT " kernels one at a time, %u or more a step and "
			       "none multi_tensor or fused; their launches took ",
			       windows > 1 ? ", ..." : "", launches, FINDINGS_OPTIMIZER_LAUNCHES);
	time_append_ms(text, saving);
	g_string_append(text, " ms on the host");
	finding_add(rule, in, out, saving, FINDING_NO_DEVICE, g_string_free(text, FALSE));
}

gboolean findings_graphs_fire(const struct findings_input *in)
{
	const struct graft_stats *s = in->graft;
	return s && !in->capture_given && s->replayed_time > 0 &&
	       s->replayed_time * 100 >= in->coverage->total * FINDINGS_GRAPHS_PERCENT;
}

static void append_ms(GString *text, gint64 ns)
{
	time_append_ms(text, ns);
	g_string_append(text, " ms");
}

void findings_low_coverage(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct coverage *c = in->coverage;
	if (!c->events || c->total <= 0 || c->monitored * 10 >= c->total * 9 || findings_graphs_fire(in))
		return;
	GString *text = g_string_new(NULL);
	append_ms(text, c->monitored);
	g_string_append(text, " of the ");
	append_ms(text, c->total);
	g_string_append(text, " of device time (");
	percent_append(text, tenths_of_percent(c->monitored, c->total));
	g_string_append(text, "%) is under cpu_op, user_annotation or python_function events; ");
	append_ms(text, c->outside);
	g_string_append_printf(text, " from %u launch%s outside any, the rest claimed by no launch", c->outside_launches,
			       c->outside_launches == 1 ? "" : "es");
	finding_add_data(rule, in, out, g_string_free(text, FALSE));
}

void findings_graphs_unattributed(const struct finding_rule *rule, const struct findings_input *in,
				  GPtrArray *out)
{
	if (!findings_graphs_fire(in))
		return;
	const struct graft_stats *s = in->graft;
	GString *text = g_string_new(NULL);
	g_string_append_printf(text, "%u graph launch%s replayed ", s->graph_launches, s->graph_launches == 1 ? "" : "es");
	append_ms(text, s->replayed_time);
	g_string_append(text, " (");
	percent_append(text, tenths_of_percent(s->replayed_time, in->coverage->total));
	g_string_append(text, "% of the device time) on the ops that called the replays, not those that captured them");
	finding_add_data(rule, in, out, g_string_free(text, FALSE));
}
