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

/* ns / 10^places with its fraction's trailing zeros removed, keeping at
 * least min_fraction digits (and no point when that is 0 and nothing is left). */
static void append_scaled(GString *out, gint64 ns, int places, guint64 scale, int min_fraction)
{
	char text[32];
	int end = sizeof text, start = end;
	guint64 magnitude = ns < 0 ? 0 - (guint64)ns : (guint64)ns;
	guint64 whole = magnitude / scale, fraction = magnitude % scale;
	int kept = places;
	while (kept > min_fraction && fraction % 10 == 0) {
		fraction /= 10;
		kept--;
	}
	for (int i = 0; i < kept; i++) {
		text[--start] = (char)('0' + fraction % 10);
		fraction /= 10;
	}
	if (kept)
		text[--start] = '.';
	do {
		text[--start] = (char)('0' + whole % 10);
		whole /= 10;
	} while (whole);
	if (ns < 0)
		text[--start] = '-';
	g_string_append_len(out, text + start, end - start);
}

void time_append_ms(GString *out, gint64 ns)
{
	append_scaled(out, ns, 6, 1000000, 1);
}

void time_append_us(GString *out, gint64 ns)
{
	append_scaled(out, ns, 3, 1000, 0);
}
