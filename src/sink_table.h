/* The table sink (SPEC 12): a plain-text table for a terminal, `--format
 * table`. Its pieces that do not need a sink are here for the tests.
 *
 * A table needs every column's width before its first line, so the writer
 * shows it every row's typed values first (sink_measure: src/write.c reads
 * the rows twice, and never holds their text). Measuring keeps, per column,
 * the widest integer part and the most decimals of its numbers, or its
 * widest text. At the header the widths are decided: a column is as wide as
 * its widest value and the longest word of its header; when the table is
 * wider than the terminal, the name column (the one whose header is "name")
 * shrinks to fit, never below 12 characters (the table then exceeds the
 * width); when there is room to spare, headers that would wrap get it, left
 * to right. Headers wrap at spaces into lines (bottom-aligned), then a rule
 * of '-'. Numbers are right-aligned, each column with the same decimals
 * (durations padded with zeros to the column's most decimals, percentages
 * with one); text is left-aligned, control characters shown as spaces; a
 * name that does not fit is shortened in the middle with U+2026. Widths
 * count characters, not bytes (a wide character counts as one). */
#ifndef PP_SINK_TABLE_H
#define PP_SINK_TABLE_H

#include "sink.h"

#define TABLE_NAME_MIN 12       /* the name column never shrinks below this */
#define TABLE_GAP 2             /* spaces between columns */

/* The number of characters of LEN bytes of valid UTF-8. */
guint table_text_width(const char *text, gsize len);
/* Appends TEXT (LEN bytes of valid UTF-8) in at most WIDTH characters: when
 * it is longer, its middle is replaced by one "…", never inside a character. */
void table_shorten(GString *out, const char *text, gsize len, guint width);
/* Appends LEN bytes of TEXT as a cell shows them: valid UTF-8 (invalid bytes
 * become U+FFFD), control characters (newlines, tabs, NUL) as spaces. */
void table_append_text(GString *out, const char *text, gsize len);
/* Appends NS nanoseconds as milliseconds with exactly DECIMALS (<= 6)
 * decimals, or microseconds (TIMESTAMP, DECIMALS <= 3; none: no point).
 * DECIMALS must be at least the value's own (no digit is dropped). */
void table_append_fixed(GString *out, gint64 ns, gboolean timestamp, guint decimals);

#endif
