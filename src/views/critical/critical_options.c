#include "views/critical/critical_options.h"
#include <string.h>

#define WHAT_IF_MAX 1000000u
#define WHAT_IF_DECIMALS 9
#define WHAT_IF_RULES 1000 /* a node's factor is 16 bits */

struct what_if {
	char *glob;
	guint64 numerator, denominator;
};

static void what_if_free(gpointer data)
{
	struct what_if *w = data;
	g_free(w->glob);
	g_free(w);
}

/* FACTOR: digits, optionally a point and 1 to WHAT_IF_DECIMALS digits, at most WHAT_IF_MAX. */
static gboolean parse_factor(const char *text, guint64 *numerator, guint64 *denominator)
{
	const char *point = strchr(text, '.');
	gsize whole_len = point ? (gsize)(point - text) : strlen(text), decimals = point ? strlen(point + 1) : 0;
	if (!whole_len || whole_len > 7 || strspn(text, "0123456789") != whole_len)
		return FALSE;
	if (point && (decimals < 1 || decimals > WHAT_IF_DECIMALS || strspn(point + 1, "0123456789") != decimals))
		return FALSE;
	guint64 whole = g_ascii_strtoull(text, NULL, 10), fraction = point ? g_ascii_strtoull(point + 1, NULL, 10) : 0;
	guint64 scale = 1;
	for (gsize i = 0; i < decimals; i++)
		scale *= 10;
	if (whole > WHAT_IF_MAX || (whole == WHAT_IF_MAX && fraction))
		return FALSE;
	*numerator = whole * scale + fraction;
	*denominator = scale;
	return TRUE;
}

static gboolean what_if_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	const char *equals = strrchr(value, '=');
	struct what_if w = { 0 };
	if (!equals || equals == value || !parse_factor(equals + 1, &w.numerator, &w.denominator)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--what-if wants GLOB=FACTOR (a name pattern, a number from 0 to %u with at most %d "
			    "decimals), not '%s'",
			    WHAT_IF_MAX, WHAT_IF_DECIMALS, value);
		return FALSE;
	}
	if (options->what_if && options->what_if->len >= WHAT_IF_RULES)
		return options_usage(error, "--what-if: at most 1000 rules");
	w.glob = g_strndup(value, (gsize)(equals - value));
	if (!options->what_if)
		options->what_if = g_ptr_array_new_with_free_func(what_if_free);
	g_ptr_array_add(options->what_if, g_memdup2(&w, sizeof w));
	return TRUE;
}

static void entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "what-if", 0, 0, G_OPTION_ARG_CALLBACK, what_if_option, "With --summary critical: host ops and device events named like GLOB take FACTOR times their time, and the critical path is worked out again (repeatable; the first rule matching a name is its)", "GLOB=FACTOR" },
	};
	(void)options;
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static gboolean check(struct options *options, GError **error)
{
	if (options->what_if && options->summary != SUMMARY_CRITICAL)
		return options_usage(error, "--what-if goes with --summary critical");
	return TRUE;
}

const struct view_options critical_view_options = { .name = "critical", .entries = entries, .check = check };

GArray *critical_factors(const struct options *options)
{
	if (!options->what_if)
		return NULL;
	GArray *factors = g_array_new(FALSE, FALSE, sizeof(struct critical_factor));
	for (guint i = 0; i < options->what_if->len; i++) {
		const struct what_if *w = options->what_if->pdata[i];
		struct critical_factor f = { w->glob, w->numerator, w->denominator };
		g_array_append_val(factors, f);
	}
	return factors;
}
