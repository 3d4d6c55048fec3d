#include "views/findings_trace.h"
#include <string.h>
#include "sinks/table.h"
#include "util/timefmt.h"

/* Whether NAME contains WORD (lower case), ASCII case-insensitive. */
static gboolean has_word(const struct name *name, const char *word)
{
	gsize n = strlen(word);
	for (gsize i = 0; i + n <= name->len; i++)
		if (g_ascii_strncasecmp(name->text + i, word, n) == 0)
			return TRUE;
	return FALSE;
}

/* Whether device event names of NAME are multi_tensor or fused: each name
 * once (FUSED: name -> 1 + verdict). */
static gboolean fused_name(GHashTable *fused, const struct name *name)
{
	gpointer known = g_hash_table_lookup(fused, name);
	if (known)
		return GPOINTER_TO_UINT(known) - 1;
	gboolean verdict = has_word(name, "multi_tensor") || has_word(name, "fused");
	g_hash_table_insert(fused, (gpointer)name, GUINT_TO_POINTER(verdict + 1));
	return verdict;
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

/* The non-nested launches with device work of OP's window [ts, ts+dur]
 * on its thread: *COUNT of them, their durations *TIME, and whether a
 * device event of theirs (or of the launches nested in them) is fused.
 * A nested launch whose outer launch starts before the window is left out
 * with it. */
static void window_launches(const struct attribution *a, const struct event *op, GHashTable *fused, guint *count,
			    gint64 *time, gboolean *any_fused)
{
	gboolean outer_in = FALSE, outer_work = FALSE;
	gint64 outer_dur = 0;
	*count = 0, *time = 0, *any_fused = FALSE;
	for (guint l = first_launch(a, op->thread, op->ts);; l++) {
		gboolean end = l >= a->launch_count || a->launches[l].thread != op->thread ||
			       a->launches[l].ts > event_end(op);
		if (end || !a->nested[l]) { /* the outer launch at hand is done */
			if (outer_in && outer_work)
				(*count)++, *time += outer_dur;
			if (end)
				return;
			outer_in = TRUE, outer_work = FALSE, outer_dur = a->launches[l].dur;
		}
		if (!outer_in || (a->virtual_launch && a->virtual_launch[l]))
			continue;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
			outer_work = TRUE;
			*any_fused |= fused_name(fused, attribution_device(a, d)->name);
		}
	}
}

void findings_unfused_optimizer(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct forest *f = in->forest;
	gsize prefix = strlen(FINDINGS_OPTIMIZER_PREFIX);
	g_autoptr(GHashTable) fused = g_hash_table_new(g_direct_hash, g_direct_equal);
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
		guint count;
		gint64 time;
		gboolean any_fused;
		window_launches(in->attribution, op, fused, &count, &time, &any_fused);
		if (count < FINDINGS_OPTIMIZER_LAUNCHES || any_fused)
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
