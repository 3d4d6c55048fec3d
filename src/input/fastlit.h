/* Fastlit: JSON text read in one pass and written as the Python literal
 * src/util/pylit.c writes of json-c's value for it, without building that
 * value; the scanner of src/input/fastev.c.
 *
 * A recursive descent over json-c's strict grammar (the reader's: blanks are
 * space, tab, CR and LF; raw control characters are allowed in strings):
 * strings are copied through pylit_append_string(), integers as written
 * (json-c prints its int64 and uint64 so: no leading zeros, and "-0" is
 * declined; and those past 64 bits keep their digits, src/util/json_digits.h),
 * doubles through pylit_append_double_text() from their token, as pylit
 * reads json-c's kept text of them; objects and arrays as pylit joins them.
 * Whatever would need more than the bytes as they are is declined (FALSE),
 * so that the caller leaves the element to json-c: escapes in strings, NUL,
 * duplicate keys (json-c keeps the last value where the first was),
 * "1.", exponents of 3 digits or numbers of more than 40 bytes (range
 * errors), NaN and Infinity, nesting past FASTLIT_DEPTH, and anything json-c
 * refuses. What it accepts, json-c accepts and reads to the same literal. */
#ifndef PP_FASTLIT_H
#define PP_FASTLIT_H

#include <glib.h>

#define FASTLIT_DEPTH 32   /* deeper values are declined */
#define FASTLIT_KEYS 48    /* keys of one object checked for duplicates; more are declined */
#define FASTLIT_NUMBER 40  /* longer numbers are declined */

/* The scanner: P moves over the bytes up to END; literals go to OUT. */
struct fp {
	const char *p, *end;
	GString *out;
	gsize replaced; /* invalid UTF-8 bytes replaced in OUT so far */
};

/* K_INT: of at most 18 digits (it fits in 64 bits); K_LONG: an integer of more. */
enum fastlit_kind { K_NONE, K_STRING, K_INT, K_LONG, K_DOUBLE, K_NULL, K_OTHER, K_OBJECT /* (set by callers) */ };

/* A value read: its kind and, for a string or a number, its raw bytes
 * (a string's without its quotes). */
struct raw {
	enum fastlit_kind kind;
	const char *text;
	gsize len;
};

static inline gboolean fastlit_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static inline void fastlit_blanks(struct fp *s)
{
	while (s->p < s->end && fastlit_blank(*s->p))
		s->p++;
}

static inline gboolean fastlit_at(const struct fp *s, char c)
{
	return s->p < s->end && *s->p == c;
}

/* A string from its opening quote, into R (no literal written). */
gboolean fastlit_string(struct fp *s, struct raw *r);
/* A number at S->p, into R (no literal written). */
gboolean fastlit_number(struct fp *s, struct raw *r);
/* An integer token's value (of at most 18 digits, as fastlit_number takes them). */
gint64 fastlit_int(const struct raw *r);

/* An object member just read (KEY, VALUE), its value's literal from
 * LITERAL_START of S->out on, S->replaced being REPLACED_BEFORE before it;
 * FALSE declines. */
typedef gboolean (*member_fn)(void *data, const struct raw *key, const struct raw *value, gsize literal_start,
			      gsize replaced_before, struct fp *s);

/* The value at S->p (after blanks), its literal appended to S->out; *R says
 * what it was. DEPTH: the levels around it. FALSE: declined (S->out then
 * holds part of a literal, for the caller to cut). */
gboolean fastlit_value(struct fp *s, int depth, struct raw *r);
/* The object at S->p, as fastlit_value, ON_MEMBER (when not NULL) told of each member. */
gboolean fastlit_object(struct fp *s, int depth, member_fn on_member, void *data);
/* The same object read without writing its literal (S->out as it was), for
 * a caller that keeps none of it: the members ON_MEMBER hears have no
 * literal; S->replaced counts what writing it would have replaced. */
gboolean fastlit_object_raw(struct fp *s, int depth, member_fn on_member, void *data);

#endif
