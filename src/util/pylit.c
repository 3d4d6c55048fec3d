#include "util/pylit.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/printbuf.h>
#include "util/fault.h"
#include "util/json_digits.h"

#define REPLACEMENT_CHARACTER 0xFFFD

/* The next character of S, or -1 (consuming one byte) when it is not valid UTF-8. */
static gunichar next_char(const char **s, const char *end)
{
	if (**s == 0) { /* a valid character, which g_utf8_get_char_validated refuses */
		(*s)++;
		return 0;
	}
	gunichar c = g_utf8_get_char_validated(*s, end - *s);
	if (c == (gunichar)-1 || c == (gunichar)-2) {
		(*s)++;
		return (gunichar)-1;
	}
	*s = g_utf8_next_char(*s);
	return c;
}

gsize pylit_append_utf8(GString *out, const char *s, gsize len)
{
	const char *end = s + len;
	gsize replaced = 0;
	while (s < end) {
		const char *start = s;
		gunichar c = next_char(&s, end);
		if (c == (gunichar)-1) {
			g_string_append_unichar(out, REPLACEMENT_CHARACTER);
			replaced++;
		} else {
			g_string_append_len(out, start, s - start);
		}
	}
	return replaced;
}


gsize pylit_utf8_replaced(const char *s, gsize len)
{
	const char *end = s + len;
	gsize replaced = 0;
	while (s < end)
		if ((guchar)*s < 0x80)
			s++;
		else if (next_char(&s, end) == (gunichar)-1)
			replaced++;
	return replaced;
}

gboolean pylit_utf8_valid(const char *s, gsize len)
{
	return pylit_utf8_replaced(s, len) == 0;
}

/* Python's str.isprintable(), from the Unicode category as GLib knows it. */
static gboolean python_printable(gunichar c)
{
	if (c == ' ')
		return TRUE;
	switch (g_unichar_type(c)) {
	case G_UNICODE_CONTROL:
	case G_UNICODE_FORMAT:
	case G_UNICODE_SURROGATE:
	case G_UNICODE_PRIVATE_USE:
	case G_UNICODE_UNASSIGNED:
	case G_UNICODE_LINE_SEPARATOR:
	case G_UNICODE_PARAGRAPH_SEPARATOR:
	case G_UNICODE_SPACE_SEPARATOR:
		return FALSE;
	default:
		return TRUE;
	}
}

static void append_escaped_char(GString *out, gunichar c)
{
	if (c < 0x100)
		g_string_append_printf(out, "\\x%02x", c);
	else if (c < 0x10000)
		g_string_append_printf(out, "\\u%04x", c);
	else
		g_string_append_printf(out, "\\U%08x", c);
}

static void append_repr_char(GString *out, gunichar c, const char *bytes, gsize len, char quote)
{
	switch (c) {
	case '\\': g_string_append(out, "\\\\"); return;
	case '\n': g_string_append(out, "\\n"); return;
	case '\r': g_string_append(out, "\\r"); return;
	case '\t': g_string_append(out, "\\t"); return;
	}
	if (c == (gunichar)quote) {
		g_string_append_c(out, '\\');
		g_string_append_c(out, quote);
	} else if (c >= 0x20 && c < 0x7f) {
		g_string_append_c(out, (char)c);
	} else if (c < 0x80 || !python_printable(c)) {
		append_escaped_char(out, c);
	} else {
		g_string_append_len(out, bytes, len);
	}
}

gsize pylit_append_string(GString *out, const char *s, gsize len)
{
	const char *end = s + len;
	gboolean has_single = memchr(s, '\'', len) != NULL;
	gboolean has_double = memchr(s, '"', len) != NULL;
	char quote = has_single && !has_double ? '"' : '\'';
	gsize replaced = 0;
	g_string_append_c(out, quote);
	while (s < end) {
		const char *start = s;
		while (s < end && (guchar)*s >= 0x20 && (guchar)*s < 0x7f && *s != '\\' && *s != quote)
			s++;
		g_string_append_len(out, start, s - start);
		if (s == end)
			break;
		start = s;
		gunichar c = next_char(&s, end);
		if (c == (gunichar)-1) {
			g_string_append_unichar(out, REPLACEMENT_CHARACTER);
			replaced++;
			continue;
		}
		append_repr_char(out, c, start, s - start, quote);
	}
	g_string_append_c(out, quote);
	return replaced;
}

/* The shortest significant digits that read back to VALUE (finite, non-zero),
 * and the power of ten of the first of them. */
static int shortest_digits(double value, char digits[20], int *exponent)
{
	char text[G_ASCII_DTOSTR_BUF_SIZE];
	for (int precision = 1; precision <= 17; precision++) {
		char format[8];
		g_snprintf(format, sizeof format, "%%.%de", precision - 1);
		g_ascii_formatd(text, sizeof text, format, value); /* with '.', whatever the locale */
		if (g_ascii_strtod(text, NULL) == value)
			break;
	}
	int n = 0;
	const char *p = text;
	if (*p == '-')
		p++;
	for (; *p && *p != 'e'; p++)
		if (g_ascii_isdigit(*p))
			digits[n++] = *p;
	while (n > 1 && digits[n - 1] == '0')
		n--;
	*exponent = atoi(p + 1);
	return n;
}

/* Python's float_repr_style 'short': fixed notation for 1e-4 <= |x| < 1e16. */
static void append_digits_python(GString *out, const char *digits, int n, int exponent)
{
	int point = exponent + 1; /* digits before the decimal point */
	if (point > -4 && point <= 16) {
		if (point <= 0) {
			g_string_append(out, "0.");
			for (int i = point; i < 0; i++)
				g_string_append_c(out, '0');
			g_string_append_len(out, digits, n);
		} else if (point >= n) {
			g_string_append_len(out, digits, n);
			for (int i = n; i < point; i++)
				g_string_append_c(out, '0');
			g_string_append(out, ".0");
		} else {
			g_string_append_len(out, digits, point);
			g_string_append_c(out, '.');
			g_string_append_len(out, digits + point, n - point);
		}
		return;
	}
	g_string_append_c(out, digits[0]);
	if (n > 1) {
		g_string_append_c(out, '.');
		g_string_append_len(out, digits + 1, n - 1);
	}
	g_string_append_printf(out, "e%c%02d", exponent < 0 ? '-' : '+', abs(exponent));
}

void pylit_append_double(GString *out, double value)
{
	if (isnan(value)) {
		g_string_append(out, "nan");
		return;
	}
	if (signbit(value))
		g_string_append_c(out, '-');
	value = fabs(value);
	if (isinf(value)) {
		g_string_append(out, "inf");
	} else if (value == 0) {
		g_string_append(out, "0.0");
	} else {
		char digits[20];
		int exponent;
		int n = shortest_digits(value, digits, &exponent);
		append_digits_python(out, digits, n, exponent);
	}
}

static void append_decimal(GString *out, guint64 magnitude, gboolean negative)
{
	char text[24];
	int n = sizeof text;
	do {
		text[--n] = (char)('0' + magnitude % 10);
		magnitude /= 10;
	} while (magnitude);
	if (negative)
		text[--n] = '-';
	g_string_append_len(out, text + n, sizeof text - n);
}

static void append_int(GString *out, json_object *value)
{
	const char *digits = json_digits(value); /* past 64 bits: as written */
	if (digits) {
		g_string_append(out, digits);
		return;
	}
	gint64 i = json_object_get_int64(value);
	if (i == G_MAXINT64) /* json-c keeps integers above INT64_MAX as uint64 */
		append_decimal(out, json_object_get_uint64(value), FALSE);
	else
		append_decimal(out, i < 0 ? 0 - (guint64)i : (guint64)i, i < 0);
}

/* The significant digits of the JSON number TEXT, when there are at most 15
 * of them and its double is normal: those are then also the shortest digits
 * that read back to that double (DBL_DIG), and no conversion is needed. */
static gboolean digits_of_text(const char *text, char digits[20], int *n, int *exponent)
{
	const char *p = text + (*text == '-');
	int count = 0, point = 0, leading = 1;
	for (; g_ascii_isdigit(*p) || *p == '.'; p++) {
		if (*p == '.') {
			leading = 0;
			continue;
		}
		point += leading;
		if (count == 0 && *p == '0') {
			point -= 1; /* a leading zero moves the point of the first significant digit */
			continue;
		}
		if (count == 17)
			return FALSE;
		digits[count++] = *p;
	}
	if (*p == 'e' || *p == 'E') {
		char *end;
		long e = strtol(p + 1, &end, 10);
		if (*end || e > 300 || e < -300)
			return FALSE;
		point += (int)e;
	} else if (*p) {
		return FALSE;
	}
	while (count > 0 && digits[count - 1] == '0')
		count--;
	if (count == 0 || count > 15 || point - 1 > 300 || point - 1 < -300)
		return FALSE;
	*n = count;
	*exponent = point - 1;
	return TRUE;
}

void pylit_append_double_text(GString *out, const char *text)
{
	char digits[20];
	int n, exponent;
	if (digits_of_text(text, digits, &n, &exponent)) {
		if (*text == '-')
			g_string_append_c(out, '-');
		append_digits_python(out, digits, n, exponent);
		return;
	}
	pylit_append_double(out, g_ascii_strtod(text, NULL));
}

static void append_double(GString *out, json_object *value)
{
	/* json-c keeps the text of parsed numbers; reading it again gives the
	 * double Python's json would make (json-c's own may differ in the last bit). */
	const char *text = json_object_get_userdata(value);
	if (text)
		pylit_append_double_text(out, text);
	else
		pylit_append_double(out, json_object_get_double(value));
}

static gsize append_object(GString *out, json_object *value)
{
	gsize replaced = 0;
	gboolean first = TRUE;
	g_string_append_c(out, '{');
	json_object_object_foreach(value, key, member) {
		if (!first)
			g_string_append(out, ", ");
		first = FALSE;
		replaced += pylit_append_string(out, key, strlen(key));
		g_string_append(out, ": ");
		replaced += pylit_append_json(out, member);
	}
	g_string_append_c(out, '}');
	return replaced;
}

static gsize append_array(GString *out, json_object *value)
{
	gsize replaced = 0;
	size_t count = json_object_array_length(value);
	g_string_append_c(out, '[');
	for (size_t i = 0; i < count; i++) {
		if (i)
			g_string_append(out, ", ");
		replaced += pylit_append_json(out, json_object_array_get_idx(value, i));
	}
	g_string_append_c(out, ']');
	return replaced;
}

gsize pylit_append_json(GString *out, json_object *value)
{
	switch (json_object_get_type(value)) {
	case json_type_null:
		g_string_append(out, "None");
		return 0;
	case json_type_boolean:
		g_string_append(out, json_object_get_boolean(value) ? "True" : "False");
		return 0;
	case json_type_int:
		append_int(out, value);
		return 0;
	case json_type_double:
		append_double(out, value);
		return 0;
	case json_type_string:
		return pylit_append_string(out, json_object_get_string(value),
					   json_object_get_string_len(value));
	case json_type_object:
		return append_object(out, value);
	case json_type_array:
		return append_array(out, value);
	}
	return 0;
}

static int write_null(json_object *value, struct printbuf *out, int level, int flags)
{
	(void)value, (void)level, (void)flags;
	return printbuf_memappend(out, "null", 4);
}

/* Depth is bounded by the reader's tokener (128 levels). */
static void null_non_finite(json_object *value)
{
	switch (json_object_get_type(value)) {
	case json_type_double:
		if (!isfinite(json_object_get_double(value)))
			json_object_set_serializer(value, write_null, NULL, NULL);
		break;
	case json_type_array:
		for (size_t i = 0, n = json_object_array_length(value); i < n; i++)
			null_non_finite(json_object_array_get_idx(value, i));
		break;
	case json_type_object: {
		json_object_object_foreach(value, key, member) {
			(void)key;
			null_non_finite(member);
		}
		break;
	}
	default:
		break;
	}
}

gsize pylit_append_json_text(GString *out, json_object *value)
{
	null_non_finite(value);
	const char *json = json_object_to_json_string_ext(value, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!json)
		fault_out_of_memory();
	return pylit_append_utf8(out, json, strlen(json));
}
