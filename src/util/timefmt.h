/* Exact times: integer nanoseconds from the decimal text of a JSON number of
 * microseconds, and back to the decimal text of the CSV (whole numbers too).
 * Written backwards into a small buffer, two digits at a time from a table
 * of the pairs 00 to 99 (the fraction's, all its places, then its trailing
 * zeros dropped), then copied to the front: no printf. */
#ifndef PP_TIMEFMT_H
#define PP_TIMEFMT_H

#include <glib.h>

/* Parses TEXT (a JSON number, optionally with surrounding blanks) as
 * microseconds into nanoseconds, rounding half away from zero past the
 * nanosecond. FALSE when it is not a number or does not fit in 64 bits. */
gboolean time_parse_us(const char *text, gsize len, gint64 *ns);
/* The same for TEXT in milliseconds (the durations this program writes). */
gboolean time_parse_ms(const char *text, gsize len, gint64 *ns);
/* The same, but FALSE, *FINER set, when TEXT has a part finer than the
 * nanosecond (no rounding: what this program writes is whole ns). */
gboolean time_parse_ms_whole(const char *text, gsize len, gint64 *ns, gboolean *finer);

/* The most bytes the three below write: a sign, 20 digits, a point. */
#define TIME_TEXT_MAX 24

/* The text of ns / 10^6 (as time_append_ms) into BUF, returning its length:
 * BUF has room for TIME_TEXT_MAX bytes, all of which may be written (those
 * past the length are not part of the text; no NUL is added). */
gsize time_format_ms(char *buf, gint64 ns);
/* The text of ns / 10^3 (as time_append_us) into BUF; returns its length. */
gsize time_format_us(char *buf, gint64 ns);
/* The decimal text of N ("-12") into BUF; returns its length. */
gsize int_format(char *buf, gint64 n);

/* ns / 10^6 as a plain decimal with at least one fractional digit: 0.0, 0.104. */
void time_append_ms(GString *out, gint64 ns);
/* ns / 10^3 as a plain decimal without trailing zeros or point: 1695835542515301. */
void time_append_us(GString *out, gint64 ns);

#endif
