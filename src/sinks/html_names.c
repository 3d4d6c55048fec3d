#include "sinks/html_names.h"
#include <string.h>
#include "sinks/html_text.h"
#include "sinks/table_names.h"

struct html_names {
	GHashTable *index; /* full text -> its number in the list (1, 2, ...) */
	GPtrArray *list;   /* char *: the full texts, in order (owned) */
	gsize bytes;       /* of the texts listed */
	guint64 unlisted;  /* cells cut with no room left in the list */
};

struct html_names *html_names_new(void)
{
	struct html_names *names = g_new0(struct html_names, 1);
	names->list = g_ptr_array_new_with_free_func(g_free);
	names->index = g_hash_table_new(g_str_hash, g_str_equal);
	return names;
}

void html_names_free(struct html_names *names)
{
	if (!names)
		return;
	g_hash_table_destroy(names->index);
	g_ptr_array_free(names->list, TRUE);
	g_free(names);
}

guint html_names_count(const struct html_names *names)
{
	return names ? names->list->len : 0;
}

gboolean html_names_any(const struct html_names *names)
{
	return names && (names->list->len || names->unlisted);
}

/* Whether TEXT (LEN bytes) is longer than HTML_NAME_CHARS characters; *VALID:
 * TEXT made valid UTF-8 with no NUL (a copy, or NULL when TEXT is). */
static gboolean too_long(const char *text, gsize len, char **valid)
{
	*valid = NULL;
	if (len <= HTML_NAME_CHARS) /* a character is at least a byte */
		return FALSE;
	if (!g_utf8_validate_len(text, len, NULL) || memchr(text, '\0', len)) {
		*valid = g_utf8_make_valid(text, (gssize)len);
		len = strlen(*valid);
		text = *valid;
	}
	return table_text_width(text, len) > HTML_NAME_CHARS;
}

void html_names_cut(GString *out, const char *text, gsize len)
{
	char *valid;
	if (!too_long(text, len, &valid)) {
		g_autofree char *shown = g_utf8_make_valid(text, (gssize)len);
		g_string_append(out, shown);
		g_free(valid);
		return;
	}
	if (valid)
		text = valid, len = strlen(valid);
	table_shorten(out, text, len, HTML_NAME_CHARS, 0);
	g_free(valid);
}

/* The number of TEXT (valid, LEN bytes) in the list, added when new and
 * there is room; 0: not listed. */
static guint listed(struct html_names *names, const char *text, gsize len)
{
	g_autofree char *key = g_strndup(text, len);
	guint number = GPOINTER_TO_UINT(g_hash_table_lookup(names->index, key));
	if (number || names->bytes + len > HTML_NAMES_BUDGET)
		return number;
	names->bytes += len;
	g_ptr_array_add(names->list, g_steal_pointer(&key));
	number = names->list->len;
	g_hash_table_insert(names->index, names->list->pdata[number - 1], GUINT_TO_POINTER(number));
	return number;
}

/* The length of a share that ends TEXT (LEN bytes), " (12.5%)" as --summary
 * kernel's "launched by" has it after a name; 0: none. */
static gsize share_suffix(const char *text, gsize len)
{
	if (len < 5 || text[len - 1] != ')' || text[len - 2] != '%')
		return 0;
	gsize i = len - 2;
	while (i > 0 && (g_ascii_isdigit(text[i - 1]) || text[i - 1] == '.'))
		i--;
	return i >= 2 && i < len - 2 && text[i - 1] == '(' && text[i - 2] == ' ' ? len - (i - 2) : 0;
}

void html_names_append(struct html_names *names, GString *out, const char *text, gsize len)
{
	gsize share = share_suffix(text, len);
	char *valid;
	if (!too_long(text, len - share, &valid)) {
		html_append_text(out, text, len);
		return;
	}
	const char *suffix = text + len - share; /* ASCII: kept after the cut name, out of the list */
	len -= share;
	if (valid)
		text = valid, len = strlen(valid);
	g_autoptr(GString) cut = g_string_new(NULL);
	table_shorten(cut, text, len, HTML_NAME_CHARS, 0);
	guint number = names ? listed(names, text, len) : 0;
	if (number)
		g_string_append_printf(out, "<a class=\"cut\" href=\"#name-%u\">", number);
	else {
		if (names)
			names->unlisted++;
		g_string_append(out, "<span class=\"cut\">");
	}
	html_append_text(out, cut->str, cut->len);
	g_string_append(out, number ? "</a>" : "</span>");
	g_string_append_len(out, suffix, (gssize)share);
	g_free(valid);
}

void html_names_append_shown(struct html_names *names, GString *out, const char *text, gsize len, const char *shown,
			     gsize shown_len)
{
	char *valid;
	if (!too_long(text, len, &valid)) {
		html_append_text(out, text, len);
		g_free(valid);
		return;
	}
	if (valid)
		text = valid, len = strlen(valid);
	g_autoptr(GString) cut = g_string_new(NULL), title = g_string_new(NULL);
	table_shorten(cut, shown, shown_len, HTML_NAME_CHARS, 0);
	table_shorten(title, text, len, HTML_NAME_CHARS, 0);
	guint number = names ? listed(names, text, len) : 0;
	if (number)
		g_string_append_printf(out, "<a class=\"cut\" href=\"#name-%u\" title=\"", number);
	else {
		if (names)
			names->unlisted++;
		g_string_append(out, "<span class=\"cut\" title=\"");
	}
	html_append_text(out, title->str, title->len);
	g_string_append(out, "\">");
	html_append_text(out, cut->str, cut->len);
	g_string_append(out, number ? "</a>" : "</span>");
	g_free(valid);
}

void html_names_append_list(const struct html_names *names, GString *out)
{
	if (!html_names_any(names))
		return;
	g_string_append_printf(out, "<p class=\"note\">Names and lists longer than %u characters are cut where the page "
				    "shows them, keeping their end after \xe2\x80\xa6 (a list shows its kernels' short names); a cut "
				    "name or list links to its full text, here, once.",
			       HTML_NAME_CHARS);
	if (names->unlisted)
		g_string_append_printf(out, " %" G_GUINT64_FORMAT " cut name%s found no room in this list (it holds at "
					    "most %u bytes): --format csv gives every name whole.", names->unlisted,
				       names->unlisted == 1 ? "" : "s", HTML_NAMES_BUDGET);
	g_string_append(out, "</p>\n<ol class=\"names\">\n");
	for (guint i = 0; i < names->list->len; i++) {
		g_string_append_printf(out, "<li id=\"name-%u\">", i + 1);
		html_append(out, names->list->pdata[i]);
		g_string_append(out, "</li>\n");
	}
	g_string_append(out, "</ol>\n");
}
