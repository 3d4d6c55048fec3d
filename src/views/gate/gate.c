#include "views/gate/gate.h"
#include <stdlib.h>
#include <string.h>
#include "output/output_names.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/gate/gate_options.h"
#include "views/gate/mann_whitney.h"

/* The fewest samples a side for the test. */
#define GATE_TEST_MIN 3

static void check_free(gpointer data)
{
	struct gate_check *check = data;
	g_free(check->name);
	g_free(check->found);
	g_free(check->reason);
	g_free(check);
}

struct gate *gate_new(const char *option)
{
	struct gate *gate = g_new0(struct gate, 1);
	gate->option = g_strdup(option);
	gate->checks = g_ptr_array_new_with_free_func(check_free);
	gate->properties = g_ptr_array_new_with_free_func(g_free);
	gate->fail_status = 3;
	return gate;
}

void gate_free(struct gate *gate)
{
	if (!gate)
		return;
	g_free(gate->option);
	g_ptr_array_unref(gate->checks);
	g_ptr_array_unref(gate->properties);
	if (gate->fired)
		g_array_unref(gate->fired);
	g_free(gate);
}

void gate_property(struct gate *gate, const char *name, const char *value)
{
	g_ptr_array_add(gate->properties, g_strdup(name));
	g_ptr_array_add(gate->properties, g_strdup(value));
}

void gate_add(struct gate *gate, const char *kind, const char *name, enum gate_outcome outcome, char *found,
	      char *reason)
{
	struct gate_check *check = g_new0(struct gate_check, 1);
	check->kind = kind;
	check->name = g_strdup(name);
	check->outcome = outcome;
	check->found = found;
	check->reason = reason;
	g_ptr_array_add(gate->checks, check);
}

gboolean gate_failed(const struct gate *gate)
{
	for (guint i = 0; i < gate->checks->len; i++)
		if (((const struct gate_check *)gate->checks->pdata[i])->outcome == GATE_FAILED)
			return TRUE;
	return FALSE;
}

char *gate_reason(const struct gate *gate)
{
	GString *line = NULL;
	for (guint i = 0; i < gate->checks->len; i++) {
		const struct gate_check *check = gate->checks->pdata[i];
		if (check->outcome != GATE_FAILED)
			continue;
		if (!line)
			line = g_string_append(g_string_new(gate->option), ": ");
		else
			g_string_append(line, "; ");
		g_string_append(line, check->reason);
	}
	return line ? g_string_free(line, FALSE) : NULL;
}

static int compare_values(const void *a, const void *b)
{
	gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
	return (x > y) - (x < y);
}

gint64 gate_median2(gint64 *values, guint n)
{
	qsort(values, n, sizeof *values, compare_values);
	return values[(n - 1) / 2] + values[n / 2];
}

void gate_change_append(GString *out, unsigned __int128 new, unsigned __int128 base)
{
	if (base == 0) {
		g_string_append(out, new ? "from 0" : "+0.0%");
		return;
	}
	/* |new - base| / base in tenths of a percent, half away from zero (figures below 2^115) */
	unsigned __int128 magnitude = new >= base ? new - base : base - new;
	unsigned __int128 tenths = (magnitude * 2000 + base) / (base * 2);
	g_string_append_c(out, new < base ? '-' : '+');
	percent_append(out, (gint64)tenths);
	g_string_append_c(out, '%');
}

/* V2 (a figure doubled) in ms, the half ns rounded up. */
static void append_ms2(GString *out, gint64 v2)
{
	time_append_ms(out, mean_half_up(v2, 2));
	g_string_append(out, " ms");
}

static void append_p(GString *out, const struct mann_whitney *test)
{
	if (mann_whitney_p_tiny(test)) {
		g_string_append(out, "p < 0.001");
		return;
	}
	gint64 p = mann_whitney_p_thousandths(test);
	g_string_append_printf(out, "p = %" G_GINT64_FORMAT ".%03" G_GINT64_FORMAT, p / 1000, p % 1000);
}

/* NUM / DEN (DEN a power of 10, NUM < DEN) as a decimal: 0.05. */
static char *alpha_text(guint64 num, guint64 den)
{
	GString *text = g_string_new("0.");
	for (guint64 place = den / 10; place; place /= 10) {
		if (!num) /* the trailing zeros dropped */
			break;
		g_string_append_c(text, (char)('0' + num / place));
		num %= place;
	}
	return g_string_free(text, FALSE);
}

/* The samples of SIDE's collected (busy, or host) of the traces, all in one
 * array; NULL when one of them has none. */
static GArray *samples_of(const struct collected *const *traces, guint count, gboolean host)
{
	GArray *all = g_array_new(FALSE, FALSE, sizeof(gint64));
	for (guint i = 0; i < count; i++) {
		const GArray *these = host ? traces[i]->gate_host : traces[i]->gate_busy;
		if (!these) {
			g_array_unref(all);
			return NULL;
		}
		g_array_append_vals(all, these->data, these->len);
	}
	return all;
}

/* A step metric's check, WHAT, of NEW's samples against BASE's (sorted here). */
static void metric(struct gate *gate, const struct options *options, const char *what, GArray *new, GArray *base)
{
	g_autofree char *pct = gate_pct_text(options->fail_on_regression);
	gint64 new2 = gate_median2((gint64 *)new->data, new->len), base2 = gate_median2((gint64 *)base->data, base->len);
	gboolean over = (unsigned __int128)new2 * 100000 >
			(unsigned __int128)base2 * (unsigned __int128)(100000 + options->fail_on_regression);
	gboolean tested = new->len >= GATE_TEST_MIN && base->len >= GATE_TEST_MIN;
	struct mann_whitney test = { 0 };
	if (tested)
		mann_whitney_greater((const gint64 *)new->data, new->len, (const gint64 *)base->data, base->len, &test);
	gboolean significant = tested && mann_whitney_rejects(&test, options->gate_alpha_num, options->gate_alpha_den);
	gboolean failed = over && (!tested || significant);
	g_autoptr(GString) change = g_string_new(NULL), found = g_string_new("median ");
	gate_change_append(change, (unsigned __int128)new2, (unsigned __int128)base2);
	append_ms2(found, new2);
	g_string_append_printf(found, " of %u sample%s against ", new->len, new->len == 1 ? "" : "s");
	append_ms2(found, base2);
	g_string_append_printf(found, " of %u (%s; more than %s%% fails", base->len, change->str, pct);
	g_autofree char *alpha = alpha_text(options->gate_alpha_num, options->gate_alpha_den);
	if (tested) {
		g_string_append_printf(found, "); one-sided Mann-Whitney U = %" G_GINT64_FORMAT "%s, ", test.u2 / 2,
				       test.u2 % 2 ? ".5" : "");
		append_p(found, &test);
		g_string_append_printf(found, " (%s), alpha %s: ", test.exact ? "exact" : "normal approximation", alpha);
		g_string_append(found, significant ? "larger" : "not told from noise");
	} else {
		g_string_append_printf(found, "); fewer than %d samples on a side: no test, noise not told from change",
				       GATE_TEST_MIN);
	}
	char *reason = NULL;
	if (failed) {
		GString *text = g_string_new(NULL);
		g_string_printf(text, "%s ", what);
		append_ms2(text, new2);
		g_string_append(text, " against ");
		append_ms2(text, base2);
		g_string_append_printf(text, " (%s", change->str);
		if (tested) {
			g_string_append(text, ", ");
			append_p(text, &test);
			g_string_append_c(text, ')');
		} else {
			g_string_append_printf(text, "; %u sample%s against %u: too few to tell noise from change)", new->len,
					       new->len == 1 ? "" : "s", base->len);
		}
		reason = g_string_free(text, FALSE);
	}
	gate_add(gate, "fail-on-regression", what, failed ? GATE_FAILED : GATE_PASSED, g_strdup(found->str), reason);
}

void gate_metrics(struct gate *gate, const struct options *options, const struct collected *new,
		  const struct collected *const *bases, guint count)
{
	static const char *const what[] = { "device busy per step", "host time per step" };
	for (guint host = 0; host <= 1; host++) {
		g_autoptr(GArray) new_samples = samples_of(&new, 1, host);
		g_autoptr(GArray) base_samples = samples_of(bases, count, host);
		if (new_samples && base_samples && new_samples->len && base_samples->len)
			metric(gate, options, what[host], new_samples, base_samples);
		else
			gate_add(gate, "fail-on-regression", what[host], GATE_SKIPPED,
				 g_strdup(new_samples ? "a base trace has no ProfilerStep#N: no host time per step"
						      : "the new trace has no ProfilerStep#N: no host time per step"),
				 NULL);
	}
}

/* "FILE: DEVICES, world size N" of a trace, for the hardware check. */
static void append_hardware(GString *out, const char *src, const struct collected *c)
{
	g_autofree char *devices = c->devices ? output_shown(c->devices) : g_strdup("devices not recorded");
	g_autofree char *world = c->world_size ? output_shown(c->world_size) : g_strdup("not recorded");
	g_string_append_printf(out, "%s: %s, world size %s", src, devices, world);
}

static gboolean differ(const char *a, const char *b)
{
	return a && b && strcmp(a, b) != 0;
}

gboolean gate_hardware(struct gate *gate, const struct options *options, const char *new_src,
		       const struct collected *new, const char *const *base_srcs, const struct collected *const *bases,
		       guint count)
{
	guint unlike = count;
	gboolean devices = FALSE, world = FALSE;
	for (guint i = 0; i < count; i++) {
		gboolean d = differ(bases[i]->devices, new->devices), w = differ(bases[i]->world_size, new->world_size);
		if ((d || w) && unlike == count)
			unlike = i; /* the first base trace that differs is named */
		devices |= d, world |= w;
	}
	g_autoptr(GString) found = g_string_new("base ");
	append_hardware(found, base_srcs[unlike == count ? 0 : unlike], bases[unlike == count ? 0 : unlike]);
	g_string_append(found, "; new ");
	append_hardware(found, new_src, new);
	if (unlike == count) {
		gate_add(gate, "hardware", "comparable hardware", GATE_PASSED, g_strdup(found->str), NULL);
		return TRUE;
	}
	const char *what = devices && world ? "devices and world sizes" : devices ? "devices" : "world sizes";
	if (options->allow_different_hardware) {
		gate_add(gate, "hardware", "comparable hardware", GATE_PASSED,
			 g_strdup_printf("%s: different %s, compared all the same (--allow-different-hardware)",
					 found->str, what),
			 NULL);
		return TRUE;
	}
	GString *reason = g_string_new("not comparable: the base trace (");
	append_hardware(reason, base_srcs[unlike], bases[unlike]);
	g_string_append(reason, ") and the new trace (");
	append_hardware(reason, new_src, new);
	g_string_append_printf(reason, ") come from different %s; --allow-different-hardware compares them all the same",
			       what);
	gate_add(gate, "hardware", "comparable hardware", GATE_FAILED,
		 g_strdup_printf("%s: different %s", found->str, what), g_string_free(reason, FALSE));
	gate->fail_status = 1;
	return FALSE;
}
