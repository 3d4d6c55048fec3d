#include "util/literal_members.h"
#include <string.h>

static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* Past the string that starts at P (its quote, ' or "), or NULL when it does not end. */
static const char *string_end(const char *p)
{
	char quote = *p++;
	for (; *p && *p != quote; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : NULL;
}

/* The end of the value that starts at P: where a ',' or a closing bracket
 * outside strings and brackets is; NULL when the text ends first. */
static const char *value_end(const char *p)
{
	int depth = 0;
	for (;;) {
		switch (*p) {
		case '\0':
			return NULL;
		case '\'':
		case '"':
			if (!(p = string_end(p)))
				return NULL;
			continue;
		case '[': case '{': case '(':
			depth++;
			break;
		case ']': case '}': case ')':
			if (depth-- == 0)
				return p;
			break;
		case ',':
			if (depth == 0)
				return p;
			break;
		}
		p++;
	}
}

/* The index in NAMES (COUNT of them) of the key [START, END) (between its quotes), or -1. */
static int field_of(const char *start, const char *end, const char *const *names, guint count)
{
	gsize len = (gsize)(end - start);
	for (guint f = 0; f < count; f++)
		if (strlen(names[f]) == len && memcmp(start, names[f], len) == 0)
			return (int)f;
	return -1;
}

gboolean literal_members(const char *literal, const char *const *names, guint count, struct literal_span *spans)
{
	memset(spans, 0, count * sizeof *spans);
	if (!literal)
		return FALSE;
	const char *p = skip_space(literal);
	if (*p++ != '{')
		return FALSE;
	p = skip_space(p);
	if (*p == '}')
		return TRUE;
	for (;;) {
		if (*p != '\'' && *p != '"')
			return FALSE;
		const char *key_end = string_end(p);
		if (!key_end)
			return FALSE;
		int field = field_of(p + 1, key_end - 1, names, count);
		p = skip_space(key_end);
		if (*p++ != ':')
			return FALSE;
		p = skip_space(p);
		const char *end = value_end(p);
		if (!end || end == p)
			return FALSE;
		if (field >= 0) {
			const char *last = end;
			while (last > p && (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\n' || last[-1] == '\r'))
				last--;
			spans[field] = (struct literal_span){ p, last };
		}
		p = skip_space(end);
		if (*p == '}')
			return TRUE;
		if (*p++ != ',')
			return FALSE;
		p = skip_space(p);
	}
}
