#include "views/gate/gate_options.h"
#include <glib/gstdio.h>
#include <string.h>

/* TEXT (LEN bytes): digits, at most three decimals after a point, an
 * optional '%': *PCT in thousandths of a percent. */
static gboolean parse_pct(const char *text, gsize len, gint64 *pct)
{
	if (len && text[len - 1] == '%')
		len--;
	guint64 whole = 0, thousandths = 0;
	gsize i = 0, digits = 0, decimals = 0;
	for (; i < len && g_ascii_isdigit(text[i]); i++, digits++)
		if ((whole = whole * 10 + (guint64)(text[i] - '0')) > 1000000000)
			return FALSE;
	if (i < len && text[i] == '.')
		for (i++; i < len && g_ascii_isdigit(text[i]); i++, decimals++)
			thousandths = thousandths * 10 + (guint64)(text[i] - '0');
	if (i != len || !digits || decimals > 3 || (text[digits] == '.' && !decimals))
		return FALSE;
	for (; decimals < 3; decimals++)
		thousandths *= 10;
	*pct = (gint64)(whole * 1000 + thousandths);
	return TRUE;
}

char *gate_pct_text(gint64 pct)
{
	GString *text = g_string_new(NULL);
	g_string_printf(text, "%" G_GINT64_FORMAT, pct / 1000);
	if (pct % 1000) {
		g_string_append_printf(text, ".%03" G_GINT64_FORMAT, pct % 1000);
		while (text->str[text->len - 1] == '0')
			g_string_truncate(text, text->len - 1);
	}
	return g_string_free(text, FALSE);
}

static void budget_clear(gpointer data)
{
	struct gate_budget *budget = data;
	g_free(budget->glob);
	g_pattern_spec_free(budget->pattern);
}

static gboolean regression_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	g_auto(GStrv) items = g_strsplit(value, ",", -1);
	if (!items[0])
		return options_usage(error, "--fail-on-regression wants PCT, total=PCT or NAME=PCT items, comma-separated");
	for (char **item = items; *item; item++) {
		const char *equals = strrchr(*item, '=');
		const char *pct_text = equals ? equals + 1 : *item;
		gint64 pct;
		if (!parse_pct(pct_text, strlen(pct_text), &pct)) {
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
				    "--fail-on-regression: '%s' is not a percentage: a number with at most three decimals, "
				    "such as 5 or 2.5 (items: PCT, total=PCT or NAME=PCT, comma-separated)",
				    pct_text);
			return FALSE;
		}
		if (equals == *item)
			return options_usage(error, "--fail-on-regression: NAME=PCT wants a NAME (a glob on the diff's keys)");
		g_autofree char *name = equals ? g_strndup(*item, (gsize)(equals - *item)) : NULL;
		if (!name || strcmp(name, "total") == 0) {
			options->fail_on_regression = pct;
			options->regression_total = TRUE;
			continue;
		}
		if (!options->budgets) {
			options->budgets = g_array_new(FALSE, FALSE, sizeof(struct gate_budget));
			g_array_set_clear_func(options->budgets, budget_clear);
		}
		struct gate_budget budget = { g_steal_pointer(&name), NULL, pct };
		budget.pattern = g_pattern_spec_new(budget.glob);
		g_array_append_val(options->budgets, budget);
	}
	options->fail_on_regression_given = TRUE;
	return TRUE;
}

/* A: "0." (or ".") and 1 to 9 digits, not all 0: DIGITS / 10^k. */
static gboolean alpha_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	const char *digits = g_str_has_prefix(value, "0.") ? value + 2 : value[0] == '.' ? value + 1 : NULL;
	gsize count = digits ? strlen(digits) : 0;
	guint64 num = 0, den = 1;
	for (gsize i = 0; i < count && g_ascii_isdigit(digits[i]); i++)
		num = num * 10 + (guint64)(digits[i] - '0'), den *= 10;
	if (!digits || !count || count > 9 || strspn(digits, "0123456789") != count || !num) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--gate-alpha wants a level between 0 and 1, such as 0.05 or 0.01 (at most 9 decimals), not '%s'",
			    value);
		return FALSE;
	}
	options->gate_alpha_num = num;
	options->gate_alpha_den = den;
	return TRUE;
}

static void entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "fail-on-regression", 0, 0, G_OPTION_ARG_CALLBACK, regression_option, "With --diff: exit with status 3 when NEW's median device busy or host time per step exceeds BASE's by more than PCT percent and a one-sided Mann-Whitney U test says so (total=PCT alike); NAME=PCT: when the device total per step of the diff's keys that the glob NAME matches does (repeatable; comma-separated)", "PCT|NAME=PCT,..." },
		{ "gate-alpha", 0, 0, G_OPTION_ARG_CALLBACK, alpha_option, "The level of --fail-on-regression's test [0.05]", "A" },
		{ "base", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->bases, "With --fail-on-regression: a trace of an earlier base run whose steps join BASE's samples (repeatable)", "FILE" },
		{ "allow-different-hardware", 0, 0, G_OPTION_ARG_NONE, &options->allow_different_hardware, "With --fail-on-regression: compare traces of different devices or world sizes all the same", NULL },
		{ "junit", 0, 0, G_OPTION_ARG_FILENAME, &options->junit, "With --fail-on or --fail-on-regression: write the gate's result as JUnit XML to FILE", "FILE" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

/* Whether the files A and B are one (the same device and inode); "-" is none. */
static gboolean same_file(const char *a, const char *b)
{
	GStatBuf x, y;
	return a && b && strcmp(a, "-") != 0 && strcmp(b, "-") != 0 && g_stat(a, &x) == 0 && g_stat(b, &y) == 0 &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* --junit FILE is none of the run's inputs, nor -d (an output that is an input is an error). */
static gboolean junit_apart(const struct options *options, GError **error)
{
	const char *other = same_file(options->junit, options->dst) ? options->dst : NULL;
	for (char **source = options->sources; !other && source && *source; source++)
		if (same_file(options->junit, *source))
			other = *source;
	for (char **base = options->bases; !other && base && *base; base++)
		if (same_file(options->junit, *base))
			other = *base;
	if (other)
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "the output --junit %s is %s %s (the same file): it would be replaced", options->junit,
			    other == options->dst ? "the output -d" : "the input", other);
	return !other;
}

static gboolean settle(struct options *options, GError **error)
{
	if (options->fail_on_regression_given && options->compare != COMPARE_DIFF)
		return options_usage(error, "--fail-on-regression goes with --diff");
	if (options->gate_alpha_den && !options->regression_total)
		return options_usage(error, "--gate-alpha goes with --fail-on-regression's step metrics (PCT or total=PCT)");
	if (options->bases && !options->regression_total)
		return options_usage(error, "--base goes with --fail-on-regression's step metrics (PCT or total=PCT): its "
					    "steps join the base's samples");
	for (char **base = options->bases; base && *base; base++)
		if (strcmp(*base, "-") == 0)
			return options_usage(error, "--base wants a file, not - (standard input)");
	if (options->allow_different_hardware && !options->fail_on_regression_given)
		return options_usage(error, "--allow-different-hardware goes with --fail-on-regression");
	if (options->junit && !options->fail_on_regression_given && !options->fail_on)
		return options_usage(error, "--junit writes the gate's result: it goes with --fail-on or --fail-on-regression");
	if (options->junit && strcmp(options->junit, "-") == 0 && options->dst && strcmp(options->dst, "-") == 0)
		return options_usage(error, "--junit - and -d - would both write to standard output");
	if (options->junit && !junit_apart(options, error))
		return FALSE;
	if (!options->gate_alpha_den)
		options->gate_alpha_num = 5, options->gate_alpha_den = 100;
	return TRUE;
}

const struct view_options gate_view_options = { .name = "gate", .entries = entries, .settle = settle };
