#include "input/fastlit.h"
#include "util/pylit.h"
#include <string.h>

/* A string from its opening quote, without escapes or NUL (json-c ends the data at one). */
gboolean fastlit_string(struct fp *s, struct raw *r)
{
	const char *start = ++s->p;
	for (const char *p = start; p < s->end; p++) {
		if (*p == '"') {
			r->kind = K_STRING;
			r->text = start;
			r->len = (gsize)(p - start);
			s->p = p + 1;
			return TRUE;
		}
		if (*p == '\\' || !*p)
			return FALSE;
	}
	return FALSE;
}

static inline gboolean digit(const char *p, const char *end)
{
	return p < end && g_ascii_isdigit(*p);
}

/* A number as json-c's strict grammar has it, declined where json-c would read
 * it otherwise than plainly: "-0", "1.", long tokens. An integer of 19 digits
 * or more is K_LONG: its literal is its digits, as json-c's (uint64, or its
 * digits kept past 64 bits), but it is no K_INT that fastlit_int() reads. */
gboolean fastlit_number(struct fp *s, struct raw *r)
{
	const char *p = s->p, *end = s->end, *start = p;
	gboolean negative = *p == '-';
	p += negative;
	if (!digit(p, end))
		return FALSE;
	const char *first = p;
	if (*p == '0' && digit(p + 1, end))
		return FALSE;
	while (digit(p, end))
		p++;
	gboolean is_double = FALSE;
	if (p < end && *p == '.') {
		is_double = TRUE;
		if (!digit(++p, end))
			return FALSE;
		while (digit(p, end))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		is_double = TRUE;
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (!digit(p, end))
			return FALSE;
		const char *exponent = p;
		while (digit(p, end))
			p++;
		if (p - exponent > 2) /* past 10^99: left to json-c */
			return FALSE;
	}
	if (p - start > FASTLIT_NUMBER)
		return FALSE;
	if (!is_double && negative && *first == '0')
		return FALSE;
	r->kind = is_double ? K_DOUBLE : p - first > 18 ? K_LONG : K_INT;
	r->text = start;
	r->len = (gsize)(p - start);
	s->p = p;
	return TRUE;
}

/* An integer token's value (at most 18 digits: it fits). */
gint64 fastlit_int(const struct raw *r)
{
	const char *p = r->text, *end = r->text + r->len;
	gboolean negative = *p == '-';
	gint64 value = 0;
	for (p += negative; p < end; p++)
		value = value * 10 + (*p - '0');
	return negative ? -value : value;
}

static gboolean word(struct fp *s, const char *w, gsize n)
{
	if ((gsize)(s->end - s->p) < n || memcmp(s->p, w, n) != 0)
		return FALSE;
	s->p += n;
	return TRUE;
}


/* A number's literal: an integer as written (json-c prints its int64 so),
 * a double as pylit reads json-c's text of it. */
static void lit_number(struct fp *s, const struct raw *r)
{
	if (r->kind == K_INT || r->kind == K_LONG) {
		g_string_append_len(s->out, r->text, r->len);
		return;
	}
	char text[FASTLIT_NUMBER + 1];
	memcpy(text, r->text, r->len);
	text[r->len] = 0;
	pylit_append_double_text(s->out, text);
}

/* After a value in a container: ',' (TRUE, *more) or CLOSE (TRUE, !*more). */
static gboolean next_in(struct fp *s, char close, gboolean *more)
{
	fastlit_blanks(s);
	if (fastlit_at(s, ',')) {
		s->p++;
		*more = TRUE;
		return TRUE;
	}
	*more = FALSE;
	if (!fastlit_at(s, close))
		return FALSE;
	s->p++;
	return TRUE;
}

static gboolean lit_array(struct fp *s, int depth)
{
	s->p++;
	g_string_append_c(s->out, '[');
	fastlit_blanks(s);
	gboolean more = !fastlit_at(s, ']');
	if (!more)
		s->p++;
	for (gboolean first = TRUE; more; first = FALSE) {
		if (!first)
			g_string_append_len(s->out, ", ", 2);
		struct raw r;
		if (!fastlit_value(s, depth + 1, &r) || !next_in(s, ']', &more))
			return FALSE;
	}
	g_string_append_c(s->out, ']');
	return TRUE;
}

static gboolean object(struct fp *s, int depth, member_fn on_member, void *data, gboolean literal);
static gboolean raw_array(struct fp *s, int depth);

/* A value read as fastlit_value reads it (the same values accepted and
 * declined, *VALUE alike, S->replaced counted alike) without writing its
 * literal: S->out as it was. */
static gboolean raw_value(struct fp *s, int depth, struct raw *value)
{
	fastlit_blanks(s);
	if (s->p >= s->end || depth > FASTLIT_DEPTH)
		return FALSE;
	value->kind = K_OTHER;
	switch (*s->p) {
	case '"':
		if (!fastlit_string(s, value))
			return FALSE;
		s->replaced += pylit_utf8_replaced(value->text, value->len);
		return TRUE;
	case '{':
		return object(s, depth, NULL, NULL, FALSE);
	case '[':
		return raw_array(s, depth);
	case 't':
		return word(s, "true", 4);
	case 'f':
		return word(s, "false", 5);
	case 'n':
		value->kind = K_NULL;
		return word(s, "null", 4);
	default:
		return fastlit_number(s, value);
	}
}

/* lit_array's array, without its literal. */
static gboolean raw_array(struct fp *s, int depth)
{
	s->p++;
	fastlit_blanks(s);
	gboolean more = !fastlit_at(s, ']');
	if (!more)
		s->p++;
	while (more) {
		struct raw r;
		if (!raw_value(s, depth + 1, &r) || !next_in(s, ']', &more))
			return FALSE;
	}
	return TRUE;
}

/* An object; ON_MEMBER (when not NULL) hears of each of its members.
 * Duplicate keys are declined. LITERAL: its literal written to S->out;
 * without, the same objects accepted and declined and the same invalid
 * UTF-8 counted, nothing written. */
static gboolean object(struct fp *s, int depth, member_fn on_member, void *data, gboolean literal)
{
	struct raw keys[FASTLIT_KEYS];
	guint count = 0;
	s->p++;
	if (literal)
		g_string_append_c(s->out, '{');
	fastlit_blanks(s);
	gboolean more = !fastlit_at(s, '}');
	if (!more)
		s->p++;
	while (more) {
		if (count && literal)
			g_string_append_len(s->out, ", ", 2);
		fastlit_blanks(s);
		struct raw *key = &keys[count];
		if (count == FASTLIT_KEYS || !fastlit_at(s, '"') || !fastlit_string(s, key))
			return FALSE;
		for (guint i = 0; i < count; i++)
			if (keys[i].len == key->len && memcmp(keys[i].text, key->text, key->len) == 0)
				return FALSE; /* json-c keeps the last value where the first was */
		count++;
		if (literal) {
			s->replaced += pylit_append_string(s->out, key->text, key->len);
			g_string_append_len(s->out, ": ", 2);
		} else {
			s->replaced += pylit_utf8_replaced(key->text, key->len);
		}
		fastlit_blanks(s);
		if (!fastlit_at(s, ':'))
			return FALSE;
		s->p++;
		gsize start = s->out->len, replaced = s->replaced;
		struct raw value = { .kind = K_OTHER };
		if (!(literal ? fastlit_value(s, depth + 1, &value) : raw_value(s, depth + 1, &value)))
			return FALSE;
		/* without a literal, what replacing the cut one counted is no longer "before" */
		if (on_member && !on_member(data, key, &value, start, literal ? replaced : s->replaced, s))
			return FALSE;
		if (!next_in(s, '}', &more))
			return FALSE;
	}
	if (literal)
		g_string_append_c(s->out, '}');
	return TRUE;
}

gboolean fastlit_object(struct fp *s, int depth, member_fn on_member, void *data)
{
	return object(s, depth, on_member, data, TRUE);
}

gboolean fastlit_object_raw(struct fp *s, int depth, member_fn on_member, void *data)
{
	return object(s, depth, on_member, data, FALSE);
}

/* A value and its literal; *R says what it was (its bytes for a scalar). */
gboolean fastlit_value(struct fp *s, int depth, struct raw *r)
{
	fastlit_blanks(s);
	if (s->p >= s->end || depth > FASTLIT_DEPTH)
		return FALSE;
	r->kind = K_OTHER;
	switch (*s->p) {
	case '"':
		if (!fastlit_string(s, r))
			return FALSE;
		s->replaced += pylit_append_string(s->out, r->text, r->len);
		return TRUE;
	case '{':
		return fastlit_object(s, depth, NULL, NULL);
	case '[':
		return lit_array(s, depth);
	case 't':
		g_string_append_len(s->out, "True", 4);
		return word(s, "true", 4);
	case 'f':
		g_string_append_len(s->out, "False", 5);
		return word(s, "false", 5);
	case 'n':
		r->kind = K_NULL;
		g_string_append_len(s->out, "None", 4);
		return word(s, "null", 4);
	default:
		if (!fastlit_number(s, r))
			return FALSE;
		lit_number(s, r);
		return TRUE;
	}
}

