#include "views/table/shape_text.h"
#include <string.h>
#include "output/output_names.h"

/* One option of a text: its name and its value (NULL: a flag), as written. */
struct option_text {
	char *name, *value;
};

static void option_clear(gpointer data)
{
	struct option_text *o = data;
	g_free(o->name);
	g_free(o->value);
}

/* The next word of *P into WORD (quotes removed); *OPTION: it starts with an unquoted '-'. FALSE at the end. */
static gboolean next_word(const char **p, GString *word, gboolean *option)
{
	while (**p == ' ')
		(*p)++;
	if (!**p)
		return FALSE;
	g_string_truncate(word, 0);
	*option = **p == '-';
	while (**p && **p != ' ') {
		if (**p == '\'') { /* a quoted part: up to the next quote */
			const char *end = strchr(*p + 1, '\'');
			if (!end)
				end = *p + strlen(*p);
			g_string_append_len(word, *p + 1, end - *p - 1);
			*p = *end ? end + 1 : end;
		} else if (**p == '\\' && (*p)[1]) {
			g_string_append_c(word, (*p)[1]);
			*p += 2;
		} else {
			g_string_append_c(word, *(*p)++);
		}
	}
	return TRUE;
}

/* TEXT's options (struct option_text), in order. */
static GArray *split(const char *text)
{
	GArray *options = g_array_new(FALSE, TRUE, sizeof(struct option_text));
	g_array_set_clear_func(options, option_clear);
	g_autoptr(GString) word = g_string_new(NULL);
	gboolean option;
	for (const char *p = text ? text : ""; next_word(&p, word, &option);) {
		if (option || !options->len) {
			struct option_text o = { g_strdup(word->str), NULL };
			g_array_append_val(options, o);
			continue;
		}
		struct option_text *last = &g_array_index(options, struct option_text, options->len - 1);
		char *value = last->value ? g_strconcat(last->value, " ", word->str, NULL) : g_strdup(word->str);
		g_free(last->value);
		last->value = value;
	}
	return options;
}

static const struct option_text *find(const GArray *options, const char *name)
{
	for (guint i = 0; i < options->len; i++)
		if (strcmp(g_array_index(options, struct option_text, i).name, name) == 0)
			return &g_array_index(options, struct option_text, i);
	return NULL;
}

static char *shown(const struct option_text *o)
{
	return o->value ? g_strdup_printf("%s %s", o->name, o->value) : g_strdup(o->name);
}

/* The clause of an option of FIRST's (of FIRST_FILE) that SECOND (of SECOND_FILE) lacks or gives another value. */
static char *differs(const GArray *first, const char *first_file, const GArray *second, const char *second_file)
{
	for (guint i = 0; i < first->len; i++) {
		const struct option_text *a = &g_array_index(first, struct option_text, i), *b = find(second, a->name);
		if (b && g_strcmp0(a->value, b->value) == 0)
			continue;
		g_autofree char *x = shown(a), *y = b ? shown(b) : NULL;
		if (!b)
			return g_strdup_printf("%s has %s, %s has not", first_file, x, second_file);
		return g_strdup_printf("%s has %s, %s %s", first_file, x, second_file, y);
	}
	return NULL;
}

char *shape_difference(const char *a, const char *a_file, const char *b, const char *b_file)
{
	if (g_strcmp0(a, b) == 0)
		return NULL;
	if (!a || !b)
		return g_strdup_printf("%s records no options", a ? b_file : a_file);
	g_autoptr(GArray) x = split(a), y = split(b);
	char *clause = differs(x, a_file, y, b_file);
	if (!clause)
		clause = differs(y, b_file, x, a_file);
	return clause ? clause : g_strdup_printf("%s and %s write their options otherwise", a_file, b_file);
}

char *summary_shape_shown(const char *view, const char *options)
{
	if (!view && !options)
		return g_strdup("no view or options recorded (an older summary, or --columns without them)");
	g_autofree char *v = output_shown(view ? view : "?");
	g_autofree char *o = output_shown(options ? options : "");
	return g_strdup_printf("--summary %s%s%s", v, *o ? " " : "", o);
}

char *summary_shape_differs(const char *a_view, const char *a, const char *a_name, const char *b_view, const char *b,
			    const char *b_name)
{
	if (g_strcmp0(a_view, b_view) != 0 && a_view && b_view) {
		g_autofree char *x = output_shown(a_view), *y = output_shown(b_view);
		return g_strdup_printf("%s is of --summary %s, %s of --summary %s", a_name, x, b_name, y);
	}
	if (g_strcmp0(a_view, b_view) != 0)
		return g_strdup_printf("%s records no view", a_view ? b_name : a_name);
	g_autofree char *x = a ? output_shown(a) : NULL, *y = b ? output_shown(b) : NULL;
	return shape_difference(x, a_name, y, b_name);
}
