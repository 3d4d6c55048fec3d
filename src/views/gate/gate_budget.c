#include "views/gate/gate_budget.h"
#include <math.h>
#include <string.h>
#include "sinks/table.h"
#include "util/timefmt.h"
#include "util/visible.h"
#include "views/compare/diff.h"
#include "views/gate/gate_options.h"

/* A key the glob matched: its figures. */
struct matched {
	const void *row;  /* its text is fetched again when written (key_node_text's buffer is one) */
	const char *key;
	gsize len;
	gint64 total[2]; /* base, new */
	guint steps[2];  /* 1 for totals */
	long double ratio; /* new per step over base per step (display only) */
};

static gboolean glob_matches(GPatternSpec *pattern, const char *key, gsize len)
{
	g_autofree char *text = g_strndup(key, len); /* a key may hold a NUL: its text up to it */
#if GLIB_CHECK_VERSION(2, 70, 0)
	return g_pattern_spec_match(pattern, strlen(text), text, NULL);
#else
	return g_pattern_match(pattern, (guint)strlen(text), text, NULL);
#endif
}

/* TOTAL / STEPS, half away from zero, as the diff writes it. */
static gint64 per_step(gint64 total, guint steps)
{
	return (gint64)(((guint64)total + steps / 2) / steps);
}

static gboolean over(const struct matched *m, gint64 pct)
{
	return (unsigned __int128)m->total[1] * m->steps[0] * 100000 >
	       (unsigned __int128)m->total[0] * m->steps[1] * (unsigned __int128)(100000 + pct);
}

/* "KEY device total per step 1.2 ms against 1 ms (+20.0%)" */
static void append_key(GString *out, const struct matched *m, gboolean by_step)
{
	const char *key;
	gsize len;
	gint64 total[2];
	guint steps[2];
	diff_row_device(m->row, &key, &len, total, steps);
	visible_append(out, key, len, VISIBLE_ESCAPE);
	g_string_append_printf(out, " device total%s ", by_step ? " per step" : "");
	time_append_ms(out, per_step(m->total[1], m->steps[1]));
	g_string_append(out, " ms against ");
	time_append_ms(out, per_step(m->total[0], m->steps[0]));
	g_string_append(out, " ms (");
	gate_change_append(out, (unsigned __int128)m->total[1] * m->steps[0], (unsigned __int128)m->total[0] * m->steps[1]);
	g_string_append_c(out, ')');
}

static void budget(struct gate *gate, const struct gate_budget *b, const GPtrArray *rows)
{
	g_autofree char *pct = gate_pct_text(b->pct);
	g_autofree char *name = g_strdup_printf("%s=%s%%", b->glob, pct);
	struct matched m, worst = { 0 }, largest = { 0 };
	guint matched = 0, exceeded = 0;
	gboolean by_step = FALSE;
	for (guint i = 0; i < rows->len; i++) {
		m.row = rows->pdata[i];
		if (!diff_row_device(m.row, &m.key, &m.len, m.total, m.steps) ||
		    !glob_matches(b->pattern, m.key, m.len))
			continue;
		by_step = m.steps[0] > 0;
		for (guint side = 0; side < 2; side++)
			m.steps[side] = MAX(m.steps[side], 1);
		m.ratio = m.total[0] ? ((long double)m.total[1] * m.steps[0]) / ((long double)m.total[0] * m.steps[1])
			  : m.total[1] ? (long double)HUGE_VAL : 1;
		if (!matched++ || m.ratio > largest.ratio)
			largest = m;
		if (over(&m, b->pct) && (!exceeded++ || m.ratio > worst.ratio))
			worst = m;
	}
	if (!matched) {
		gate_add(gate, "budget", name, GATE_SKIPPED, g_strdup("matches no key of the diff"), NULL);
		return;
	}
	GString *found = g_string_new(NULL);
	g_string_printf(found, "%u key%s matched, %u over the budget; %s ", matched, matched == 1 ? "" : "s", exceeded,
			exceeded ? "the most over:" : "the largest change:");
	append_key(found, exceeded ? &worst : &largest, by_step);
	if (!exceeded) {
		gate_add(gate, "budget", name, GATE_PASSED, g_string_free(found, FALSE), NULL);
		return;
	}
	GString *reason = g_string_new(NULL);
	g_string_printf(reason, "%s: ", name);
	append_key(reason, &worst, by_step);
	if (exceeded > 1)
		g_string_append_printf(reason, " and %u more key%s over it", exceeded - 1, exceeded == 2 ? "" : "s");
	gate_add(gate, "budget", name, GATE_FAILED, g_string_free(found, FALSE), g_string_free(reason, FALSE));
}

void gate_budgets(struct gate *gate, const struct options *options, const GPtrArray *rows)
{
	for (guint i = 0; options->budgets && i < options->budgets->len; i++)
		budget(gate, &g_array_index(options->budgets, struct gate_budget, i), rows);
}
