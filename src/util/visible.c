#include "util/visible.h"
#include <string.h>

/* The bytes of the hidden character at TEXT (LEN bytes left), C its code
 * point: 2 (a C1 control) or 3 (a bidirectional control); 0 for none. */
static guint hidden_at(const guchar *text, gsize len, gunichar *c)
{
	if (len >= 2 && text[0] == 0xc2 && text[1] >= 0x80 && text[1] <= 0x9f) {
		*c = text[1];
		return 2;
	}
	if (len >= 3 && text[0] == 0xe2 &&
	    ((text[1] == 0x80 && text[2] >= 0xaa && text[2] <= 0xae) ||
	     (text[1] == 0x81 && text[2] >= 0xa6 && text[2] <= 0xa9))) {
		*c = 0x2000 + ((gunichar)(text[1] & 0x3f) << 6) + (text[2] & 0x3f);
		return 3;
	}
	return 0;
}

static gboolean is_control(guchar c)
{
	return c < 0x20 || c == 0x7f;
}

gboolean visible_changes(const char *text, gsize len)
{
	const guchar *p = (const guchar *)text;
	gunichar c;
	for (gsize i = 0; i < len; i++)
		if (is_control(p[i]) || ((p[i] == 0xc2 || p[i] == 0xe2) && hidden_at(p + i, len - i, &c)))
			return TRUE;
	return FALSE;
}

void visible_append(GString *out, const char *text, gsize len, enum visible_controls controls)
{
	const guchar *p = (const guchar *)text;
	gsize plain = 0; /* the start of the bytes copied as they are */
	for (gsize i = 0; i < len;) {
		gunichar c;
		guint hidden = p[i] == 0xc2 || p[i] == 0xe2 ? hidden_at(p + i, len - i, &c) : 0;
		if (!hidden && !is_control(p[i])) {
			i++;
			continue;
		}
		g_string_append_len(out, text + plain, (gssize)(i - plain));
		if (hidden)
			g_string_append_printf(out, "\\u%04x", c);
		else if (controls == VISIBLE_SPACE)
			g_string_append_c(out, ' ');
		else if (p[i] == '\n')
			g_string_append(out, "\\n");
		else if (p[i] == '\r')
			g_string_append(out, "\\r");
		else if (p[i] == '\t')
			g_string_append(out, "\\t");
		else
			g_string_append_printf(out, "\\x%02x", p[i]);
		i += hidden ? hidden : 1;
		plain = i;
	}
	g_string_append_len(out, text + plain, (gssize)(len - plain));
}

void visible_warning(FILE *out, const char *subject, const char *text)
{
	g_autoptr(GString) shown = g_string_new(NULL);
	visible_append(shown, text, strlen(text), VISIBLE_ESCAPE);
	fprintf(out, "profile_parser: warning: %s%s%s\n", subject ? subject : "", subject ? ": " : "", shown->str);
}
