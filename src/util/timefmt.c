#include "util/timefmt.h"
#include <string.h>

#define NS_PER_US_DIGITS 3

static gboolean is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Value = sign * digits * 10^exponent, digits being the significant decimal
 * digits of the text without the point. */
struct decimal {
	gboolean negative;
	const char *digits[2]; /* the integer and fraction runs */
	gsize digits_len[2];
	gint64 exponent; /* applied to the concatenated runs */
};

static gboolean scan_digits(const char **p, const char *end, const char **start, gsize *len)
{
	*start = *p;
	while (*p < end && g_ascii_isdigit(**p))
		(*p)++;
	*len = (gsize)(*p - *start);
	return *len > 0;
}

static gboolean scan_exponent(const char **p, const char *end, gint64 *exponent)
{
	gboolean negative = FALSE;
	if (*p < end && (**p == '+' || **p == '-'))
		negative = *(*p)++ == '-';
	if (*p >= end || !g_ascii_isdigit(**p))
		return FALSE;
	gint64 value = 0;
	for (; *p < end && g_ascii_isdigit(**p); (*p)++)
		if (value < 1000000) /* beyond any 64-bit range already */
			value = value * 10 + (**p - '0');
	*exponent = negative ? -value : value;
	return TRUE;
}

static gboolean scan_decimal(const char *p, const char *end, struct decimal *d)
{
	memset(d, 0, sizeof *d);
	if (p < end && *p == '-') {
		d->negative = TRUE;
		p++;
	}
	gboolean has_int = scan_digits(&p, end, &d->digits[0], &d->digits_len[0]);
	if (p < end && *p == '.') {
		p++;
		if (!scan_digits(&p, end, &d->digits[1], &d->digits_len[1]))
			return FALSE;
	}
	if (!has_int && !d->digits_len[1])
		return FALSE;
	gint64 exponent = 0;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (!scan_exponent(&p, end, &exponent))
			return FALSE;
	}
	d->exponent = exponent - (gint64)d->digits_len[1];
	return p == end;
}

static int digit_at(const struct decimal *d, gsize i)
{
	if (i < d->digits_len[0])
		return d->digits[0][i] - '0';
	return d->digits[1][i - d->digits_len[0]] - '0';
}

/* digits * 10^(exponent + 3), rounded half away from zero, into a magnitude;
 * *FINER whether a digit it dropped past the nanosecond is not 0. */
static gboolean decimal_to_ns(const struct decimal *d, guint64 *magnitude, gboolean *finer)
{
	gsize count = d->digits_len[0] + d->digits_len[1];
	gint64 shift = d->exponent + NS_PER_US_DIGITS; /* power of ten of the last digit */
	guint64 value = 0;
	gsize kept = count;
	if (shift < 0)
		kept = (gint64)count + shift > 0 ? (gsize)((gint64)count + shift) : 0;
	for (gsize i = 0; i < kept; i++) {
		int digit = digit_at(d, i);
		if (value > (G_MAXUINT64 - digit) / 10)
			return FALSE;
		value = value * 10 + digit;
	}
	if (shift > 0) {
		for (gint64 i = 0; i < shift && value; i++) {
			if (value > G_MAXUINT64 / 10)
				return FALSE;
			value *= 10;
		}
	} else if (kept < count && digit_at(d, kept) >= 5) {
		if (value == G_MAXUINT64)
			return FALSE;
		value++;
	}
	*finer = FALSE;
	for (gsize i = kept; i < count && !*finer; i++)
		*finer = digit_at(d, i) != 0;
	*magnitude = value;
	return TRUE;
}

static gboolean parse_scaled(const char *text, gsize len, gint64 scale_digits, gint64 *ns, gboolean *finer);

gboolean time_parse_us(const char *text, gsize len, gint64 *ns)
{
	gboolean finer;
	return parse_scaled(text, len, 0, ns, &finer);
}

gboolean time_parse_ms(const char *text, gsize len, gint64 *ns)
{
	gboolean finer;
	return parse_scaled(text, len, 3, ns, &finer);
}

gboolean time_parse_ms_whole(const char *text, gsize len, gint64 *ns, gboolean *finer)
{
	*finer = FALSE;
	return parse_scaled(text, len, 3, ns, finer) && !*finer;
}

/* TEXT times 10^SCALE_DIGITS, as microseconds, into nanoseconds; *FINER
 * whether it had a part finer than the nanosecond (rounded). */
static gboolean parse_scaled(const char *text, gsize len, gint64 scale_digits, gint64 *ns, gboolean *finer)
{
	const char *p = text, *end = text + len;
	while (p < end && is_blank(*p))
		p++;
	while (end > p && is_blank(end[-1]))
		end--;
	struct decimal d;
	guint64 magnitude;
	if (!scan_decimal(p, end, &d))
		return FALSE;
	d.exponent += scale_digits;
	if (!decimal_to_ns(&d, &magnitude, finer))
		return FALSE;
	if (d.negative) {
		if (magnitude > (guint64)G_MAXINT64 + 1)
			return FALSE;
		*ns = (gint64)(0 - magnitude);
	} else {
		if (magnitude > (guint64)G_MAXINT64)
			return FALSE;
		*ns = (gint64)magnitude;
	}
	return TRUE;
}

/* Two decimal digits a pair, "00" to "99": half the divisions of one at a time. */
static const char pairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
			       "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
			       "8081828384858687888990919293949596979899";

/* The digits of V written backwards from END (one digit for 0); returns where they start. */
static char *digits_before(char *end, guint64 v)
{
	while (v >= 100) {
		guint pair = (guint)(v % 100) * 2;
		v /= 100;
		*--end = pairs[pair + 1];
		*--end = pairs[pair];
	}
	if (v >= 10) {
		*--end = pairs[v * 2 + 1];
		*--end = pairs[v * 2];
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

/* A number's text is written backwards, ending at the middle of a buffer
 * twice TIME_TEXT_MAX long, then TIME_TEXT_MAX bytes from its start are
 * copied to BUF: a copy of a constant size, a few moves (the bytes past its
 * end are BUF's room, overwritten by whatever follows). Returns its length. */
#define SCRATCH (2 * TIME_TEXT_MAX)
static gsize moved(char *buf, const char *text, const char *end)
{
	memcpy(buf, text, TIME_TEXT_MAX);
	return (gsize)(end - text);
}

gsize int_format(char *buf, gint64 n)
{
	char text[SCRATCH];
	char *end = text + TIME_TEXT_MAX;
	char *start = digits_before(end, n < 0 ? 0 - (guint64)n : (guint64)n);
	if (n < 0)
		*--start = '-';
	return moved(buf, start, end);
}

/* ns / 10^places with its fraction's trailing zeros removed, keeping at
 * least min_fraction digits (and no point when that is 0 and nothing is left).
 * Always inlined: SCALE a constant, its division is a multiplication. */
G_ALWAYS_INLINE static inline gsize format_scaled(char *buf, gint64 ns, int places, guint64 scale, int min_fraction)
{
	char text[SCRATCH];
	char *end = text + TIME_TEXT_MAX, *start = end;
	guint64 magnitude = ns < 0 ? 0 - (guint64)ns : (guint64)ns;
	guint64 whole = magnitude / scale;
	guint fraction = (guint)(magnitude % scale);
	int left = places; /* all PLACES digits, two at a time */
	for (; left >= 2; left -= 2) {
		guint pair = fraction % 100 * 2;
		fraction /= 100;
		*--start = pairs[pair + 1];
		*--start = pairs[pair];
	}
	if (left)
		*--start = (char)('0' + fraction);
	int kept = places;
	while (kept > min_fraction && end[-1] == '0')
		end--, kept--;
	if (kept)
		*--start = '.';
	else
		end = start;
	start = digits_before(start, whole);
	if (ns < 0)
		*--start = '-';
	return moved(buf, start, end);
}

gsize time_format_ms(char *buf, gint64 ns)
{
	if (ns == 0) { /* the most common figure of many tables (an idle class of a bin) */
		memcpy(buf, "0.0", 3);
		return 3;
	}
	return format_scaled(buf, ns, 6, 1000000, 1);
}

gsize time_format_us(char *buf, gint64 ns)
{
	return format_scaled(buf, ns, 3, 1000, 0);
}

void time_append_ms(GString *out, gint64 ns)
{
	char text[TIME_TEXT_MAX];
	g_string_append_len(out, text, (gssize)time_format_ms(text, ns));
}

void time_append_us(GString *out, gint64 ns)
{
	char text[TIME_TEXT_MAX];
	g_string_append_len(out, text, (gssize)time_format_us(text, ns));
}
