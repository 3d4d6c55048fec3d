/* The table sink (SPEC 12): a plain-text table for a terminal, `--format
 * table`. Its pieces that do not need a sink are here for the tests.
 *
 * A table needs every column's width before its first line, so the writer
 * shows it every row's typed values first (sink_measure: src/views/table/write.c reads
 * the rows twice). Measuring keeps, per column, the widest integer part and
 * the most decimals of its numbers, or its widest text, and the name
 * column's cells that may be shortened (src/sinks/table_names.h). At the header
 * the table is fitted to the width, never wider when it can be helped: a
 * column is as wide as its widest value and the longest word of its header;
 * the name column (the one whose header is "name") is given the room it
 * needs up to TABLE_NAME_ROOM characters first, and a literal column (args,
 * Input Dims, Input Type...) or a list column (kernels, kernel infos,
 * kernel ts, cuda_runtime, cuda launch ts: SPEC 28) counts as at most
 * TABLE_LITERAL_ROOM wide (or its header's longest word); then the other columns, in
 * their rank (the columns the rows are ordered by, in that order: the
 * --sort keys, else the view's own order, sink->sort; then the others left
 * to right), are kept while they fit, the others left out (said once on
 * standard error, but with -q); the name widens into what is left, as far
 * as it needs, then the literal columns, left to right, as far as they
 * need. The essential columns (COLUMN_ESSENTIAL, ranked first) are kept
 * while they fit beside TABLE_NAME_YIELD characters of the name, which
 * gives way to them (SPEC 28); COLUMN_SECONDARY columns rank after all
 * others (left out first); COLUMN_UNDER columns are no column at all:
 * their text is wrapped under each row, a blank line between rows
 * (src/sinks/table_cells.h). A COLUMN_PATH_END column is a literal that,
 * cut, keeps its innermost frames (an essential one with a name's room);
 * a COLUMN_DISTINCT literal is shortened as names are, so that its cells
 * stay apart. Bytes show their unit (B, KiB, MiB, GiB), the header
 * without "(bytes)"; a literal column whose values are all numbers is
 * right-aligned. When not even one column fits beside the name's room, the
 * first in rank is kept all the same and the name gets what is left, down
 * to TABLE_NAME_MIN characters (only then is the table wider than the
 * width). A name that does not fit keeps its end (table_names.h); a
 * literal that does not fit keeps its start and, after one U+2026, its last
 * third; a list that does not fit shows its device events' short names
 * (src/util/short_name.h), whole when that fits, else cut so (the other
 * formats write both whole). A line is thus never wider than the width
 * because of a literal or a list. Room to
 * spare goes to headers that would wrap, left to right. Headers wrap at
 * spaces into lines (bottom-aligned), then a rule of '-'. Numbers are
 * right-aligned, each column with the same decimals (durations padded with
 * zeros to the column's most decimals, percentages with one); text is
 * left-aligned, control characters, C1 and bidirectional controls escaped
 * as messages escape them (src/util/visible.h: a tab is \t, not a space). Widths count characters, not bytes (a
 * wide character counts as one). */
#ifndef PP_SINK_TABLE_H
#define PP_SINK_TABLE_H

#include "sinks/sink.h"

#include "sinks/table_names.h"

extern const struct sink_class table_sink;

#define TABLE_NAME_ROOM 40 /* the name column's room, before any other column's */
#define TABLE_NAME_YIELD 14 /* the name's room beside the essential columns: it gives way to them down to this */
#define TABLE_LITERAL_ROOM 24 /* a literal column's room (args, Input Dims...), before the columns after it */
#define TABLE_GAP 2        /* spaces between columns */

/* Appends LEN bytes of TEXT as a cell shows them: valid UTF-8 (invalid bytes
 * become U+FFFD), control characters as messages show them ("\n", "\t",
 * "\x00"), C1 and bidirectional controls as "\u202e" (src/util/visible.h). */
void table_append_text(GString *out, const char *text, gsize len);
/* Appends NS nanoseconds as milliseconds with exactly DECIMALS (<= 6)
 * decimals, or microseconds (TIMESTAMP, DECIMALS <= 3; none: no point).
 * DECIMALS must be at least the value's own (no digit is dropped). */
void table_append_fixed(GString *out, gint64 ns, gboolean timestamp, guint decimals);
/* The decimals NS needs in ms (at least one) or in µs (TIMESTAMP: maybe none). */
guint table_decimals(gint64 ns, gboolean timestamp);

#endif
