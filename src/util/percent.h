/* Percent: the one rounding of every percentage an output writes (SPEC 28):
 * the report, the tables, CSV, JSON Lines, the page, the SVG flame graph's
 * titles and the findings' evidence all write theirs through here.
 *
 * A share PART / WHOLE is kept in tenths of a percent, worked out from the
 * exact quotient with integers only: the magnitudes |PART| * 1000 and
 * |WHOLE| as 128-bit integers (exact for every 64-bit PART and WHOLE, no
 * floating point), the quotient rounded half away from zero (up in
 * magnitude when twice the remainder is at least |WHOLE|), the sign that
 * of PART / WHOLE. So 1/8 is 12.5, 1/2000 (0.05 exactly) 0.1, 1/2001 0.0,
 * 19653/20000 (98.265) 98.3 and -1/2000 -0.1. It is written with one
 * decimal: 125 is "12.5", -1 is "-0.1", 0 is "0.0". Constant time. */
#ifndef PP_PERCENT_H
#define PP_PERCENT_H

#include <glib.h>

/* PART / WHOLE (WHOLE != 0, either sign) in tenths of a percent, rounded
 * half away from zero, into *TENTHS; FALSE (and *TENTHS untouched) when
 * WHOLE is 0 or the result does not fit 63 bits. */
gboolean percent_tenths(gint64 part, gint64 whole, gint64 *tenths);
/* A share: PART (>= 0) of WHOLE (> 0) in tenths of a percent, as above;
 * -1 when they are not such, or the share does not fit (an empty cell). */
gint64 tenths_of_percent(gint64 part, gint64 whole);
/* Appends TENTHS of a percent with one decimal: 123 is "12.3", -5 "-0.5". */
void percent_append(GString *out, gint64 tenths);
/* Appends the share PART of WHOLE with one decimal, as tenths_of_percent
 * rounds it; FALSE (nothing appended) when it has none. */
gboolean percent_append_share(GString *out, gint64 part, gint64 whole);

#endif
