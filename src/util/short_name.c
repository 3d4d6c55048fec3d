#include "util/short_name.h"
#include <string.h>

#define FOLDED_TEMPLATE "<\xe2\x80\xa6>"   /* "<…>" */
#define FOLDED_PARAMETERS "(\xe2\x80\xa6)" /* "(…)" */

static gboolean identifier(char c)
{
	return g_ascii_isalnum(c) || c == '_';
}

/* Whether TEXT[0..AT) ends in "operator" followed by operator characters
 * only (the '<' at AT is part of an operator's name). */
static gboolean in_operator(const char *text, gsize at)
{
	gsize i = at;
	while (i > 0 && strchr("<>=-!+*/%&|^~", text[i - 1]))
		i--;
	return i >= 8 && memcmp(text + i - 8, "operator", 8) == 0 && (i == 8 || !identifier(text[i - 9]));
}

/* Where the parameter list that ends TEXT (LEN bytes) begins: the '('
 * matching the last ')', right after a name (not after a space or a '('); LEN when none. */
static gsize parameters_start(const char *text, gsize start, gsize len)
{
	if (len <= start || text[len - 1] != ')')
		return len;
	guint depth = 0;
	for (gsize i = len; i-- > start;) {
		if (text[i] == ')')
			depth++;
		else if (text[i] == '(' && --depth == 0)
			return i > start && text[i - 1] != ' ' && text[i - 1] != '(' ? i : len;
	}
	return len;
}

/* Where the '>' matching the '<' at AT is, within [AT, END); END when none. */
static gsize template_end(const char *text, gsize at, gsize end)
{
	guint depth = 0;
	for (gsize i = at; i < end; i++) {
		if (text[i] == '<')
			depth++;
		else if (text[i] == '>' && !(i > at && text[i - 1] == '-') && --depth == 0)
			return i;
	}
	return end;
}

void short_name_append(GString *out, const char *text, gsize len)
{
	gsize start = 0;
	while (start < len && text[start] == ' ')
		start++;
	g_string_append_len(out, text, (gssize)start);
	if (len - start > 5 && memcmp(text + start, "void ", 5) == 0)
		start += 5;
	gsize params = parameters_start(text, start, len);
	for (gsize i = start; i < params;) {
		if (text[i] == '<' && i > start && identifier(text[i - 1]) && !in_operator(text, i)) {
			gsize end = template_end(text, i, params);
			if (end == params) { /* unbalanced: the rest as it is (each byte read once more at most) */
				g_string_append_len(out, text + i, (gssize)(params - i));
				break;
			}
			g_string_append(out, FOLDED_TEMPLATE);
			i = end + 1;
			continue;
		}
		g_string_append_c(out, text[i++]);
	}
	if (params < len)
		g_string_append(out, params + 2 == len ? "()" : FOLDED_PARAMETERS);
}

char *short_name(const char *text, gsize len)
{
	GString *out = g_string_sized_new(len);
	short_name_append(out, text, len);
	return g_string_free(out, FALSE);
}
