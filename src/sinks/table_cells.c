#include "sinks/table_cells.h"
#include <string.h>

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026, one character */
#define UNDER_INDENT 2 /* before a label */
#define UNDER_LEAST 20 /* characters of text a line, however narrow the table */

void table_append_bytes(GString *out, gint64 bytes)
{
	static const char *const units[] = { "KiB", "MiB", "GiB" };
	guint64 magnitude = bytes < 0 ? -(guint64)bytes : (guint64)bytes;
	if (bytes < 0)
		g_string_append_c(out, '-');
	if (magnitude < 1024) {
		g_string_append_printf(out, "%" G_GUINT64_FORMAT " B", magnitude);
		return;
	}
	guint u = 0;
	guint64 hundredths;
	for (;; u++) { /* magnitude · 100 / 1024^(u+1), half away from zero: (200 m + scale) / (2 scale) */
		unsigned __int128 scale = (unsigned __int128)1 << (10 * (u + 1));
		hundredths = (guint64)(((unsigned __int128)magnitude * 200 + scale) / (2 * scale));
		if (hundredths < 1024 * 100 || u + 1 == G_N_ELEMENTS(units))
			break;
	}
	g_string_append_printf(out, "%" G_GUINT64_FORMAT ".%02u %s", hundredths / 100, (guint)(hundredths % 100), units[u]);
}

/* The first byte of the last K characters of TEXT (LEN bytes of valid UTF-8). */
static const char *last_chars(const char *text, gsize len, guint k)
{
	const char *p = text + len;
	for (; k && p > text; k--)
		do
			p--;
		while (p > text && ((guchar)*p & 0xc0) == 0x80);
	return p;
}

void table_append_path_end(GString *out, const char *text, gsize len, guint width)
{
	if (!width)
		return;
	const char *end = text + len, *tail = last_chars(text, len, width - 1);
	const char *boundary = g_strstr_len(tail, end - tail, "$$");
	const char *from = tail; /* a frame boundary when that leaves out at most a third of the room */
	if (boundary && (guint)g_utf8_strlen(tail, boundary - tail) * 3 <= width)
		from = boundary;
	g_string_append(out, ELLIPSIS);
	g_string_append_len(out, from, end - from);
	for (guint shown = 1 + (guint)g_utf8_strlen(from, end - from); shown < width; shown++)
		g_string_append_c(out, ' ');
}

/* Ends the line of LINE (its text) and starts the next one, indented by INDENT. */
static void flush(GString *out, GString *line, guint indent)
{
	g_string_append_len(out, line->str, (gssize)line->len);
	g_string_append_c(out, '\n');
	g_string_truncate(line, 0);
	for (guint i = 0; i < indent; i++)
		g_string_append_c(line, ' ');
}

void table_append_under(GString *out, const char *label, guint label_width, const char *text, gsize len, guint width)
{
	guint indent = UNDER_INDENT + label_width + 2; /* "  LABEL: " */
	guint room = MAX(width > indent ? width - indent : 0, UNDER_LEAST);
	g_autoptr(GString) line = g_string_new(NULL);
	g_string_append_printf(line, "%*s%s:%*s", UNDER_INDENT, "", label, (int)(label_width - strlen(label) + 1), "");
	guint used = 0; /* characters of text on the line */
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *space = memchr(p, ' ', (gsize)(end - p));
		const char *word_end = space ? space : end;
		guint chars = (guint)g_utf8_strlen(p, word_end - p);
		if (!chars) {
			p = word_end + 1;
			continue;
		}
		if (used && used + 1 + chars > room) {
			flush(out, line, indent);
			used = 0;
		}
		while (chars > room) { /* a word longer than a line: in pieces */
			if (used) {
				flush(out, line, indent);
				used = 0;
			}
			const char *cut = g_utf8_offset_to_pointer(p, room);
			g_string_append_len(line, p, cut - p);
			flush(out, line, indent);
			chars -= room;
			p = cut;
		}
		if (used)
			g_string_append_c(line, ' ');
		g_string_append_len(line, p, word_end - p);
		used += (used ? 1 : 0) + chars;
		p = word_end + 1;
	}
	g_string_append_len(out, line->str, (gssize)line->len);
	g_string_append_c(out, '\n');
}
