#include "input/skim.h"
#include "input/roles.h"
#include <string.h>

struct skimmer {
	const char *p, *end;
	const char *what; /* the error, once there is one */
};

/* A string member seen at the event's top level: its raw bytes, and whether
 * they hold escapes (then the event is left to json-c). */
struct member_text {
	gboolean present, is_string, escaped;
	const char *text;
	gsize len;
};

static gboolean failed(struct skimmer *s, const char *what)
{
	s->what = s->p < s->end && !*s->p ? "a raw NUL byte" : what; /* as src/input/batch.c says it of json-c's */
	return FALSE;
}

static void skip_blanks(struct skimmer *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
		s->p++;
}

static gboolean is_hex(char c)
{
	return g_ascii_isxdigit(c);
}

/* From the opening quote; raw control characters are accepted, as json-c
 * does, but for NUL, which json-c takes for the end of the data. */
static gboolean skim_string(struct skimmer *s, struct member_text *seen)
{
	const char *start = ++s->p;
	gboolean escaped = FALSE;
	for (;;) {
		while (s->p < s->end && *s->p != '"' && *s->p != '\\' && *s->p)
			s->p++;
		if (s->p >= s->end || !*s->p)
			return failed(s, "unterminated string");
		if (*s->p == '"')
			break;
		escaped = TRUE;
		if (++s->p >= s->end)
			return failed(s, "unterminated string");
		if (*s->p == 'u') {
			if (s->end - s->p < 5 || !is_hex(s->p[1]) || !is_hex(s->p[2]) || !is_hex(s->p[3]) || !is_hex(s->p[4]))
				return failed(s, "invalid string sequence");
			s->p += 5;
		} else if (strchr("\"\\/bfnrt", *s->p) && *s->p) {
			s->p++;
		} else {
			return failed(s, "invalid string sequence");
		}
	}
	if (seen) {
		seen->is_string = TRUE;
		seen->escaped = escaped;
		seen->text = start;
		seen->len = (gsize)(s->p - start);
	}
	s->p++;
	return TRUE;
}

static gboolean skim_word(struct skimmer *s, const char *word)
{
	gsize n = strlen(word);
	if ((gsize)(s->end - s->p) < n || memcmp(s->p, word, n) != 0)
		return failed(s, "unexpected character");
	s->p += n;
	return TRUE;
}

static gboolean skim_digits(struct skimmer *s)
{
	const char *start = s->p;
	while (s->p < s->end && g_ascii_isdigit(*s->p))
		s->p++;
	return s->p > start;
}

/* json-c's strict numbers: no leading zero unless after a minus, "1." allowed. */
static gboolean skim_number(struct skimmer *s)
{
	gboolean negative = *s->p == '-';
	if (negative && ++s->p < s->end && *s->p == 'I')
		return skim_word(s, "Infinity");
	const char *first = s->p;
	if (!skim_digits(s))
		return failed(s, "number expected");
	if (!negative && *first == '0' && s->p - first > 1)
		return failed(s, "number expected");
	if (s->p < s->end && *s->p == '.') {
		s->p++;
		skim_digits(s);
	}
	if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
		s->p++;
		if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
			s->p++;
		if (!skim_digits(s))
			return failed(s, "number expected");
	}
	return TRUE;
}

static gboolean skim_scalar(struct skimmer *s, struct member_text *seen)
{
	switch (*s->p) {
	case '"':
		return skim_string(s, seen);
	case 't':
		return skim_word(s, "true");
	case 'f':
		return skim_word(s, "false");
	case 'n':
		return skim_word(s, "null");
	case 'N':
		return skim_word(s, "NaN");
	case 'I':
		return skim_word(s, "Infinity");
	default:
		if (*s->p == '-' || g_ascii_isdigit(*s->p))
			return skim_number(s);
		return failed(s, "unexpected character");
	}
}

/* The whole value, containers followed with an explicit stack; the string
 * values of the top-level keys "ph" and "cat" are kept. */
static enum skim_verdict judge(const struct member_text *ph, const struct member_text *cat, GHashTable *roles);

/* Whether what was seen so far already makes the event needed: then json-c,
 * which parses it anyway, checks the rest (and a later duplicate key). */
static gboolean surely_needed(const struct member_text *ph, const struct member_text *cat, GHashTable *roles)
{
	if (!ph->is_string)
		return FALSE;
	if (!cat->present && !ph->escaped && (event_roles(roles, ph->text, ph->len, CATEGORY_UNREAD) & EVENT_UNDECIDED))
		return FALSE; /* the category, which decides, may come later */
	return judge(ph, cat, roles) == SKIM_NEEDED;
}

static gboolean skim_value(struct skimmer *s, struct member_text *ph, struct member_text *cat,
			   struct member_text *name, gboolean *object, GHashTable *roles, gboolean *needed)
{
	char stack[SKIM_DEPTH];
	int depth = 0;
	struct member_text *seen = NULL; /* where the next value goes, at depth 1 */
	skip_blanks(s);
	*object = s->p < s->end && *s->p == '{';
	for (;;) {
		/* a value */
		skip_blanks(s);
		if (s->p >= s->end)
			return failed(s, "unexpected end of data");
		if (*s->p == '{' || *s->p == '[') {
			if (depth == SKIM_DEPTH)
				return failed(s, "nesting too deep");
			stack[depth++] = *s->p++;
			seen = NULL;
			skip_blanks(s);
			if (s->p < s->end && *s->p == (stack[depth - 1] == '{' ? '}' : ']')) {
				s->p++;
				depth--;
			} else if (stack[depth - 1] == '[') {
				continue;
			} else {
				goto key;
			}
		} else {
			if (seen)
				memset(seen, 0, sizeof *seen), seen->present = TRUE;
			if (!skim_scalar(s, seen))
				return FALSE;
			if (seen && surely_needed(ph, cat, roles)) {
				*needed = TRUE;
				return TRUE;
			}
			seen = NULL;
		}
	after_value:
		skip_blanks(s);
		if (depth == 0)
			return s->p == s->end || failed(s, "unexpected character");
		if (s->p >= s->end)
			return failed(s, "unexpected end of data");
		if (*s->p == ',') {
			s->p++;
			if (stack[depth - 1] == '[')
				continue;
			goto key;
		}
		if (*s->p != (stack[depth - 1] == '{' ? '}' : ']'))
			return failed(s, stack[depth - 1] == '{' ? "object value separator ',' expected"
								 : "array value separator ',' expected");
		s->p++;
		depth--;
		goto after_value;
	key:
		skip_blanks(s);
		if (s->p >= s->end || *s->p != '"')
			return failed(s, "quoted object property name expected");
		struct member_text key = { 0 };
		if (!skim_string(s, &key))
			return FALSE;
		seen = NULL;
		if (depth == 1 && !key.escaped) {
			if (key.len == 2 && memcmp(key.text, "ph", 2) == 0)
				seen = ph;
			else if (key.len == 3 && memcmp(key.text, "cat", 3) == 0)
				seen = cat;
			else if (key.len == 4 && memcmp(key.text, "name", 4) == 0)
				seen = name;
		}
		if (seen) /* a later duplicate replaces the earlier, as in json-c */
			memset(seen, 0, sizeof *seen), seen->present = TRUE;
		skip_blanks(s);
		if (s->p >= s->end || *s->p != ':')
			return failed(s, "object property name separator ':' expected");
		s->p++;
	}
}

/* The category as event_roles() takes it: canonical, NULL when "cat" is no
 * string, CATEGORY_UNREAD when it is one the skimmer does not read. */
static const char *category_of(const struct member_text *cat, char *buffer, gsize size)
{
	if (!cat->is_string)
		return NULL;
	if (cat->escaped || cat->len >= size)
		return CATEGORY_UNREAD;
	memcpy(buffer, cat->text, cat->len);
	buffer[cat->len] = 0;
	return category_canonical(buffer);
}

/* The rule of src/input/roles.c; the category is read only where it decides. */
static enum skim_verdict judge(const struct member_text *ph, const struct member_text *cat, GHashTable *roles)
{
	if (!ph->is_string) /* missing or not a string: an event of no phase */
		return SKIM_IGNORED;
	if (ph->escaped)
		return SKIM_NEEDED;
	guint bits = event_roles(roles, ph->text, ph->len, CATEGORY_UNREAD);
	if (bits & EVENT_UNDECIDED) {
		char category[64];
		bits = event_roles(roles, ph->text, ph->len, category_of(cat, category, sizeof category));
	}
	return bits ? SKIM_NEEDED : SKIM_IGNORED;
}

/* Whether an X event may be a step (src/input/roles.h), as far as its raw bytes tell. */
static gboolean may_be_step(const struct member_text *ph, const struct member_text *cat,
			    const struct member_text *name)
{
	if (!ph->is_string || ph->escaped || ph->len != 1 || ph->text[0] != 'X' || !name->is_string)
		return FALSE;
	if (!name->escaped && !step_name_candidate(name->text, name->len))
		return FALSE;
	char category[64];
	const char *canonical = category_of(cat, category, sizeof category);
	return canonical == CATEGORY_UNREAD || step_category(canonical);
}

enum skim_verdict skim_event_counted(const char *text, gsize len, GHashTable *roles, gboolean steps,
				     gsize *error_pos, const char **error_what, struct category_counts *counts)
{
	struct skimmer s = { .p = text, .end = text + len };
	struct member_text ph = { 0 }, cat = { 0 }, name = { 0 };
	gboolean object, needed = FALSE;
	if (!skim_value(&s, &ph, &cat, &name, &object, roles, &needed)) {
		*error_pos = (gsize)(s.p - text);
		*error_what = s.what;
		return SKIM_INVALID;
	}
	if (needed)
		return SKIM_NEEDED;
	if (!object)
		return SKIM_NOT_OBJECT;
	enum skim_verdict verdict = judge(&ph, &cat, roles);
	if (verdict == SKIM_IGNORED && steps && may_be_step(&ph, &cat, &name))
		verdict = SKIM_NEEDED;
	/* an X event set aside here never reaches the extractor, which counts the others */
	if (verdict == SKIM_IGNORED && counts && ph.is_string && ph.len == 1 && ph.text[0] == 'X' && cat.is_string &&
	    !cat.escaped)
		category_counts_add(counts, cat.text, cat.len);
	return verdict;
}

enum skim_verdict skim_event(const char *text, gsize len, GHashTable *roles, gsize *error_pos,
			     const char **error_what)
{
	return skim_event_counted(text, len, roles, FALSE, error_pos, error_what, NULL);
}
