#include "cli/argv.h"
#include <string.h>

/* The reference tool's multi-letter short options, which GOption cannot declare. */
static const struct {
	const char *short_form;
	const char *long_form;
} multi_letter[] = {
	{ "-mc", "--monitor_cat" },
	{ "-hc", "--host_cat" },
	{ "-dc", "--device_cat" },
};

/* Option names compare with '-' and '_' taken as the same character. */
static gboolean same_option_name(const char *a, gsize a_len, const char *b)
{
	if (strlen(b) != a_len)
		return FALSE;
	for (gsize i = 0; i < a_len; i++) {
		char x = a[i] == '_' ? '-' : a[i], y = b[i] == '_' ? '-' : b[i];
		if (x != y)
			return FALSE;
	}
	return TRUE;
}

static char *canonical_long_option(const char *arg, const GArray *entries)
{
	const char *name = arg + 2, *eq = strchr(name, '=');
	gsize len = eq ? (gsize)(eq - name) : strlen(name);
	for (guint i = 0; i <= entries->len; i++) {
		const char *long_name = i < entries->len ? g_array_index(entries, GOptionEntry, i).long_name : "help";
		if (same_option_name(name, len, long_name))
			return g_strconcat("--", long_name, eq ? eq : "", NULL);
	}
	return g_strdup(arg);
}

static char *canonical_argument(const char *arg, const GArray *entries)
{
	for (gsize i = 0; i < G_N_ELEMENTS(multi_letter); i++) {
		gsize n = strlen(multi_letter[i].short_form);
		if (strncmp(arg, multi_letter[i].short_form, n) == 0 && (arg[n] == 0 || arg[n] == '='))
			return g_strconcat(multi_letter[i].long_form, arg + n, NULL);
	}
	if (g_str_has_prefix(arg, "--") && arg[2])
		return canonical_long_option(arg, entries);
	return g_strdup(arg);
}

gboolean option_takes_value(const char *arg, const GArray *entries)
{
	if (arg[0] != '-')
		return FALSE;
	for (guint i = 0; i < entries->len; i++) {
		const GOptionEntry *entry = &g_array_index(entries, GOptionEntry, i);
		if (entry->arg == G_OPTION_ARG_NONE || (entry->flags & G_OPTION_FLAG_NO_ARG))
			continue;
		if (arg[1] == '-' ? strcmp(arg + 2, entry->long_name) == 0
				  : entry->short_name && arg[1] == entry->short_name && !arg[2])
			return TRUE;
	}
	return FALSE;
}

/* Rewrites ARGV into the spellings GOption was told of; values that follow an
 * option taking one are left as they are, so a file named -mc stays a file. */
char **canonical_argv(int argc, char **argv, const GArray *entries)
{
	char **out = g_new0(char *, argc + 1);
	gboolean value_next = FALSE, options_ended = FALSE;
	for (int i = 0; i < argc; i++) {
		if (i == 0 || value_next || options_ended) {
			out[i] = g_strdup(argv[i]);
			value_next = FALSE;
			continue;
		}
		if (strcmp(argv[i], "--") == 0)
			options_ended = TRUE;
		out[i] = canonical_argument(argv[i], entries);
		value_next = option_takes_value(out[i], entries);
	}
	return out;
}

/* One line of GOption's help; a long option of MULTI_LETTER gets its short
 * form in the option column ("  -mc, --monitor_cat=LIST"), the description
 * staying in its column where it fits. */
void help_line_append(GString *out, const char *line)
{
	for (gsize i = 0; i < G_N_ELEMENTS(multi_letter); i++) {
		g_autofree char *start = g_strconcat("  ", multi_letter[i].long_form, "=", NULL);
		if (!g_str_has_prefix(line, start))
			continue;
		gsize option_end = 2 + strcspn(line + 2, " "), column = option_end + strspn(line + option_end, " ");
		gsize head_start = out->len;
		g_string_append_printf(out, "  %s, %.*s", multi_letter[i].short_form, (int)(option_end - 2), line + 2);
		gsize head = out->len - head_start;
		g_string_append_printf(out, "%*s%s\n", (int)(head + 2 <= column ? column - head : 2), "", line + column);
		return;
	}
	g_string_append_printf(out, "%s\n", line);
}

/* GOption's help text, the multi-letter short options shown as options. */
