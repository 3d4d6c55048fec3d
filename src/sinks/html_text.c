#include "sinks/html_text.h"
#include <string.h>

#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD */

/* Calls EACH for every character of TEXT: its code point, or -1 for
 * an invalid byte. */
typedef void (*each_char)(GString *out, gunichar c, const char *bytes, gsize len);

static void scan(GString *out, const char *text, gsize len, each_char each)
{
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *valid_end;
		g_utf8_validate_len(p, (gsize)(end - p), &valid_end);
		while (p < valid_end) {
			const char *next = g_utf8_next_char(p);
			each(out, g_utf8_get_char(p), p, (gsize)(next - p));
			p = next;
		}
		if (p < end) { /* an invalid byte: one U+FFFD, as g_utf8_make_valid */
			each(out, (gunichar)-1, NULL, 0);
			p++;
		}
	}
}

static gboolean unwanted(gunichar c)
{
	return c == (gunichar)-1 || (c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f) || c == 0xfffe ||
	       c == 0xffff;
}

static void html_char(GString *out, gunichar c, const char *bytes, gsize len)
{
	switch (c) {
	case '&': g_string_append(out, "&amp;"); break;
	case '<': g_string_append(out, "&lt;"); break;
	case '>': g_string_append(out, "&gt;"); break;
	case '"': g_string_append(out, "&quot;"); break;
	case '\'': g_string_append(out, "&#39;"); break;
	default:
		if (unwanted(c))
			g_string_append(out, REPLACEMENT);
		else
			g_string_append_len(out, bytes, (gssize)len);
	}
}

void html_append_text(GString *out, const char *text, gsize len)
{
	scan(out, text, len, html_char);
}

void html_append(GString *out, const char *text)
{
	if (text)
		html_append_text(out, text, strlen(text));
}

static void json_char(GString *out, gunichar c, const char *bytes, gsize len)
{
	if (c == (gunichar)-1)
		g_string_append(out, "\\ufffd");
	else if (c == '"' || c == '\\')
		g_string_append_printf(out, "\\%c", (char)c);
	else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029)
		g_string_append_printf(out, "\\u%04x", c);
	else
		g_string_append_len(out, bytes, (gssize)len);
}

void html_append_json_string(GString *out, const char *text, gsize len)
{
	g_string_append_c(out, '"');
	scan(out, text, len, json_char);
	g_string_append_c(out, '"');
}
