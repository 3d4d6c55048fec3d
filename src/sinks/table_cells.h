/* Table cells that a table writes its own way (SPEC 28): bytes with their
 * unit, a path cut so that its innermost frames show, and a long text
 * wrapped under its row (src/sinks/sink_table.h says when each is used).
 *
 * Bytes: below 1024, "1023 B"; else in KiB, MiB or GiB (powers of 1024)
 * with two decimals, half away from zero from the exact quotient, the unit
 * the smallest whose rounded figure stays below 1024: 1024 is "1.00 KiB",
 * 1048575 (1023.999 KiB) "1.00 MiB", past 1024 GiB still GiB; a negative
 * figure is its magnitude's with a '-'. Integers only (128 bits for the
 * product).
 *
 * A path ("a$$b$$c") that does not fit keeps its end after a "…": its
 * last characters, from the first frame boundary ("$$") among them when
 * that leaves out at most a third of the room, so that whole frames show
 * ("…$$b$$c").
 *
 * A text under its row: "  LABEL: " then the text's words in lines of at
 * most the width, each further line indented under the first word (a word
 * longer than a line is cut into pieces); control characters shown as in
 * any cell. Linear in the text. */
#ifndef PP_TABLE_CELLS_H
#define PP_TABLE_CELLS_H

#include <glib.h>

/* Appends BYTES as a table shows it: "1023 B", "1.00 KiB", "-2.50 GiB". */
void table_append_bytes(GString *out, gint64 bytes);
/* Appends the path TEXT (LEN bytes of valid UTF-8, CHARS characters, more
 * than WIDTH) in exactly WIDTH characters: "…" and its end. */
void table_append_path_end(GString *out, const char *text, gsize len, guint width);
/* Appends the lines of TEXT (LEN bytes, NUL allowed) under a row: its
 * LABEL padded to LABEL_WIDTH characters, lines of at most WIDTH characters
 * (at least 20 characters of text each, however narrow). */
void table_append_under(GString *out, const char *label, guint label_width, const char *text, gsize len, guint width);

#endif
