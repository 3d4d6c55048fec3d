#include "views/findings/findings_trace.h"
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

/* An interval of time, for the union of the launches. */
struct span_part {
	gint64 start, end;
};

static int by_start(gconstpointer x, gconstpointer y)
{
	const struct span_part *a = x, *b = y;
	return (a->start > b->start) - (a->start < b->start);
}

/* The non-nested launches with device work of OP's window [ts, ts+dur]
 * on its thread, from launch FROM on (those before were counted by an
 * earlier window of the thread): *COUNT of them, their intervals clipped
 * to [FIRST, LAST] appended to PARTS, and whether a device event of theirs
 * (or of the launches nested in them) is fused; returns the first launch
 * after the window. A nested launch whose outer launch starts before the
 * window (or was counted already) is left out with it. */
static guint window_launches(const struct attribution *a, const struct event *op, guint from, GHashTable *fused,
			     gint64 first, gint64 last, guint *count, GArray *parts, gboolean *any_fused)
{
	gboolean outer_in = FALSE, outer_work = FALSE;
	const struct event *outer = NULL;
	*count = 0, *any_fused = FALSE;
	for (guint l = MAX(first_launch(a, op->thread, op->ts), from);; l++) {
		gboolean end = l >= a->launch_count || a->launches[l].thread != op->thread ||
			       a->launches[l].ts > event_end(op);
		if (end || !a->nested[l]) { /* the outer launch at hand is done */
			if (outer_in && outer_work) {
				(*count)++;
				struct span_part part = { MAX(outer->ts, first), MIN(event_end(outer), last) };
				if (part.start < part.end)
					g_array_append_val(parts, part);
			}
			if (end)
				return l;
			outer_in = TRUE, outer_work = FALSE, outer = &a->launches[l];
		}
		if (!outer_in || (a->virtual_launch && a->virtual_launch[l]))
			continue;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
			outer_work = TRUE;
			*any_fused |= fused_name(fused, attribution_device(a, d)->name);
		}
	}
}

/* The length of the union of PARTS (sorted here). */
static gint64 union_length(GArray *parts)
{
	g_array_sort(parts, by_start);
	gint64 total = 0, start = 0, end = G_MININT64;
	for (guint i = 0; i < parts->len; i++) {
		const struct span_part *p = &g_array_index(parts, struct span_part, i);
		if (p->start > end) {
			total += end > start ? end - start : 0;
			start = p->start, end = p->end;
		} else {
			end = MAX(end, p->end);
		}
	}
	return total + (end > start ? end - start : 0);
}

void findings_unfused_optimizer(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct forest *f = in->forest;
	gsize prefix = strlen(FINDINGS_OPTIMIZER_PREFIX);
	g_autoptr(GHashTable) fused = g_hash_table_new(g_direct_hash, g_direct_equal);
	g_autoptr(GArray) parts = g_array_new(FALSE, FALSE, sizeof(struct span_part)), window = g_array_new(FALSE, FALSE, sizeof(struct span_part));
	guint windows = 0, steps = 0;
	guint64 launches = 0;
	guint thread = G_MAXUINT, next = 0; /* the first launch of THREAD no counted window has taken */
	const struct name *first_name = NULL;
	for (guint i = 0; i < f->count && in->last > in->first; i++) {
		const struct event *op = &f->events[i];
		if (op->name->len < prefix || memcmp(op->name->text, FINDINGS_OPTIMIZER_PREFIX, prefix) != 0)
			continue;
		if (f->replayed_by && f->replayed_by[i])
			continue;
		steps++;
		guint count;
		gboolean any_fused;
		g_array_set_size(window, 0);
		guint after = window_launches(in->attribution, op, op->thread == thread ? next : 0, fused, in->first,
					      in->last, &count, window, &any_fused);
		i = f->subtree_end[i] - 1; /* the windows nested in it: each launch once, in the outermost (issue 44) */
		if (count < FINDINGS_OPTIMIZER_LAUNCHES || any_fused)
			continue;
		windows++;
		launches += count;
		g_array_append_vals(parts, window->data, window->len);
		thread = op->thread, next = after;
		first_name = first_name ? first_name : op->name;
	}
	if (!windows)
		return;
	gint64 saving = union_length(parts); /* launches of two threads at once: their time once */
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
