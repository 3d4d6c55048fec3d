#include "output/chrome_trace.h"
#include <string.h>

void chrome_string(GString *out, const char *text, gsize len)
{
	static const char hex[] = "0123456789abcdef";
	g_string_append_c(out, '"');
	const char *plain = text;
	for (gsize i = 0; i < len; i++) {
		guchar c = (guchar)text[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		g_string_append_len(out, plain, text + i - plain);
		plain = text + i + 1;
		switch (c) {
		case '"': g_string_append(out, "\\\""); break;
		case '\\': g_string_append(out, "\\\\"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\t': g_string_append(out, "\\t"); break;
		case '\r': g_string_append(out, "\\r"); break;
		case '\b': g_string_append(out, "\\b"); break;
		case '\f': g_string_append(out, "\\f"); break;
		default:
			g_string_append(out, "\\u00");
			g_string_append_c(out, hex[c >> 4]);
			g_string_append_c(out, hex[c & 15]);
		}
	}
	g_string_append_len(out, plain, text + len - plain);
	g_string_append_c(out, '"');
}

void chrome_us(GString *out, gint64 ns)
{
	guint64 magnitude = ns < 0 ? (guint64)0 - (guint64)ns : (guint64)ns;
	g_string_append_printf(out, "%s%" G_GUINT64_FORMAT ".%03u", ns < 0 ? "-" : "", magnitude / 1000,
			       (unsigned)(magnitude % 1000));
}

void chrome_event_begin(GString *out, char ph, guint64 pid, guint64 tid, const char *name, gsize len)
{
	g_string_append_printf(out, "{\"ph\":\"%c\",\"pid\":%" G_GUINT64_FORMAT ",\"tid\":%" G_GUINT64_FORMAT ",\"name\":",
			       ph, pid, tid);
	chrome_string(out, name, len);
}

void chrome_member_us(GString *out, const char *key, gint64 ns)
{
	g_string_append_printf(out, ",\"%s\":", key);
	chrome_us(out, ns);
}

void chrome_event_end(GString *out)
{
	g_string_append_c(out, '}');
}

void chrome_slice(GString *out, guint64 pid, guint64 tid, const char *name, gint64 ts, gint64 dur,
		  const char *args, gsize args_len)
{
	chrome_event_begin(out, 'X', pid, tid, name, strlen(name));
	chrome_member_us(out, "ts", ts);
	chrome_member_us(out, "dur", dur);
	if (args) {
		g_string_append(out, ",\"args\":");
		g_string_append_len(out, args, (gssize)args_len);
	}
	chrome_event_end(out);
}

void chrome_counter(GString *out, guint64 pid, const char *name, gint64 ts, const char *key, const char *value)
{
	chrome_event_begin(out, 'C', pid, 0, name, strlen(name));
	chrome_member_us(out, "ts", ts);
	g_string_append(out, ",\"args\":{");
	chrome_string(out, key, strlen(key));
	g_string_append_c(out, ':');
	g_string_append(out, value);
	g_string_append(out, "}}");
}

void chrome_metadata(GString *out, guint64 pid, guint64 tid, const char *kind, const char *name)
{
	chrome_event_begin(out, 'M', pid, tid, kind, strlen(kind));
	gboolean number = strstr(kind, "sort_index") != NULL;
	g_string_append_printf(out, ",\"args\":{\"%s\":", number ? "sort_index" : "name");
	if (number)
		g_string_append(out, name);
	else
		chrome_string(out, name, strlen(name));
	g_string_append(out, "}}");
}

static void key(GString *args, const char *name)
{
	g_string_append_c(args, args->len ? ',' : '{');
	chrome_string(args, name, strlen(name));
	g_string_append_c(args, ':');
}

void chrome_args_string(GString *args, const char *name, const char *text, gsize len)
{
	key(args, name);
	chrome_string(args, text, len);
}

void chrome_args_raw(GString *args, const char *name, const char *json, gsize len)
{
	key(args, name);
	g_string_append_len(args, json, (gssize)len);
}

void chrome_args_int(GString *args, const char *name, gint64 value)
{
	key(args, name);
	g_string_append_printf(args, "%" G_GINT64_FORMAT, value);
}

void chrome_args_end(GString *args)
{
	g_string_append_c(args, args->len ? '}' : '{');
	if (args->len == 1)
		g_string_append_c(args, '}');
}
