#include "util/json_digits.h"
#include <stdlib.h>
#include <string.h>
#include "util/fault.h"

#define LONG_RUN 19 /* fewer digits always fit: 10^18 < 2^63 */

const char *json_digits(json_object *value)
{
	return json_object_is_type(value, json_type_int) ? json_object_get_userdata(value) : NULL;
}

gboolean json_digits_past_64(const char *text, gsize len)
{
	gboolean negative = len > 0 && *text == '-';
	const char *digits = text + negative;
	gsize n = len - negative;
	if (n == 0)
		return FALSE;
	for (gsize i = 0; i < n; i++)
		if (!g_ascii_isdigit(digits[i]))
			return FALSE;
	while (n > 1 && *digits == '0')
		digits++, n--;
	const char *limit = negative ? "9223372036854775808" : "18446744073709551615";
	gsize limit_len = strlen(limit);
	return n > limit_len || (n == limit_len && memcmp(digits, limit, n) > 0);
}

gboolean json_digits_any(const char *text, gsize len)
{
	for (gsize i = 0; i < len;) {
		if (!g_ascii_isdigit(text[i])) {
			i++;
			continue;
		}
		gsize start = i;
		while (i < len && g_ascii_isdigit(text[i]))
			i++;
		if (i - start < LONG_RUN)
			continue;
		if (start > 0 && text[start - 1] == '-')
			start--;
		if (json_digits_past_64(text + start, i - start))
			return TRUE;
	}
	return FALSE;
}

static void keep(json_object *value, const char *digits, gsize len)
{
	char *copy = strndup(digits, len);
	if (!copy)
		fault_out_of_memory();
	json_object_set_serializer(value, json_object_userdata_to_json_string, copy, json_object_free_userdata);
}

json_object *json_digits_new(const char *digits, gsize len)
{
	json_object *value = FAULT_CHECK(*digits == '-' ? json_object_new_int64(G_MININT64)
							: json_object_new_uint64(G_MAXUINT64));
	keep(value, digits, len);
	return value;
}

/* The text being walked (json-c read it: it is JSON), and a key's room. */
struct walk {
	const char *p, *end;
	GString *key;
};

static void blanks(struct walk *w)
{
	while (w->p < w->end && (*w->p == ' ' || *w->p == '\t' || *w->p == '\n' || *w->p == '\r'))
		w->p++;
}

/* Past the string at W->p (its quote). */
static void skip_string(struct walk *w)
{
	char quote = *w->p++;
	while (w->p < w->end && *w->p != quote)
		w->p += *w->p == '\\' && w->p + 1 < w->end ? 2 : 1;
	if (w->p < w->end)
		w->p++;
}

/* The key at W->p as json-c keeps it (a C string: up to a NUL), into W->key. */
static void read_key(struct walk *w)
{
	const char *start = w->p;
	skip_string(w);
	g_string_truncate(w->key, 0);
	if (!memchr(start, '\\', w->p - start)) {
		g_string_append_len(w->key, start + 1, w->p - start - 2);
		return;
	}
	json_tokener *tokener = FAULT_CHECK(json_tokener_new());
	json_object *decoded = json_tokener_parse_ex(tokener, start, (int)(w->p - start));
	json_tokener_free(tokener);
	if (decoded)
		g_string_append(w->key, json_object_get_string(decoded));
	json_object_put(decoded);
}

static void walk_value(struct walk *w, json_object *value);

static void walk_object(struct walk *w, json_object *value)
{
	w->p++;
	for (;;) {
		blanks(w);
		if (w->p >= w->end || *w->p == '}')
			break;
		if (*w->p == ',') {
			w->p++;
			continue;
		}
		if (*w->p != '"' && *w->p != '\'') { /* (json-c refuses it) */
			walk_value(w, NULL);
			continue;
		}
		read_key(w);
		json_object *member = NULL;
		if (json_object_is_type(value, json_type_object))
			json_object_object_get_ex(value, w->key->str, &member);
		blanks(w);
		if (w->p < w->end && *w->p == ':')
			w->p++;
		walk_value(w, member);
	}
	if (w->p < w->end)
		w->p++;
}

static void walk_array(struct walk *w, json_object *value)
{
	size_t index = 0;
	size_t count = json_object_is_type(value, json_type_array) ? json_object_array_length(value) : 0;
	w->p++;
	for (;;) {
		blanks(w);
		if (w->p >= w->end || *w->p == ']')
			break;
		if (*w->p == ',') {
			w->p++;
			continue;
		}
		walk_value(w, index < count ? json_object_array_get_idx(value, index) : NULL);
		index++;
	}
	if (w->p < w->end)
		w->p++;
}

static void walk_number(struct walk *w, json_object *value)
{
	const char *start = w->p;
	gboolean integer = TRUE;
	for (; w->p < w->end && (g_ascii_isdigit(*w->p) || (*w->p && strchr("+-.eE", *w->p))); w->p++)
		if (*w->p == '.' || *w->p == 'e' || *w->p == 'E')
			integer = FALSE;
	for (; w->p < w->end && g_ascii_isalpha(*w->p); w->p++) /* -Infinity */
		integer = FALSE;
	if (!json_object_is_type(value, json_type_int))
		return;
	if (integer && json_digits_past_64(start, w->p - start))
		keep(value, start, w->p - start);
	else if (json_digits(value)) /* kept from an earlier duplicate key */
		json_object_set_serializer(value, NULL, NULL, NULL);
}

/* Depth is bounded by the tokener that read the text. */
static void walk_value(struct walk *w, json_object *value)
{
	blanks(w);
	if (w->p >= w->end)
		return;
	switch (*w->p) {
	case '{':
		walk_object(w, value);
		break;
	case '[':
		walk_array(w, value);
		break;
	case '"':
	case '\'':
		skip_string(w);
		break;
	default:
		if (*w->p == '-' || g_ascii_isdigit(*w->p)) {
			walk_number(w, value);
			break;
		}
		do /* true, false, null, NaN, Infinity */
			w->p++;
		while (w->p < w->end && g_ascii_isalpha(*w->p));
	}
}

void json_digits_keep(json_object *value, const char *text, gsize len)
{
	if (!json_digits_any(text, len))
		return;
	struct walk w = { text, text + len, g_string_new(NULL) };
	walk_value(&w, value);
	g_string_free(w.key, TRUE);
}
