/* Table names: the name column of a table (SPEC 12) shortened to its width
 * so that distinct names stay distinct.
 *
 * A name that does not fit keeps its end, where C++ and module names
 * differ (the leaf of a path, a kernel's template arguments and
 * parameters), and loses its start, replaced by one U+2026: "…oftmax".
 * A tree's indentation stays in front. The cells that may be shortened
 * (longer than TABLE_NAME_MIN characters, or holding a U+2026) are noted
 * once each while the table is measured; when the width is decided, each
 * gets its form: its end, or, when two cells would then look alike (or
 * like a cell shown whole), every cell of that group keeps the same
 * number of its first characters too, "start…end", the fewest that tell
 * them apart from each other and from every form already given, the forms
 * given in the order the cells first came; a start leaves at least a
 * third of the room to the end. Cells whose starts are alike as far as
 * that goes show a window where they differ and their end ("…ow…end");
 * cells that this does not tell apart either (they differ in places too
 * far apart) end in "~N", N counted from 1 in that order. The table thus
 * holds the text of these cells, once each, until it is written.
 *
 * Deciding reads each cell about once, whatever the width: a cell's end
 * and start are read only as far as they are shown; the start that tells
 * a group apart is one more than the most characters that neighbours
 * share once the group's starts are sorted; the forms already given are
 * ruled out for every length of the start at once, by hashes of the
 * cell's first and last characters (a form is made and compared only when
 * its hash is one of theirs); the window comes from the group sorted
 * whole. */
#ifndef PP_TABLE_NAMES_H
#define PP_TABLE_NAMES_H

#include <glib.h>

#define TABLE_NAME_MIN 12 /* a name column never shrinks below this */

/* The number of characters of LEN bytes of valid UTF-8. */
guint table_text_width(const char *text, gsize len);
/* Appends TEXT (LEN bytes of valid UTF-8) in at most WIDTH characters: when
 * it is longer, its first HEAD characters (HEAD < WIDTH), one "…" and its
 * last WIDTH - 1 - HEAD, never inside a character. */
void table_shorten(GString *out, const char *text, gsize len, guint width, guint head);

struct table_names;

struct table_names *table_names_new(void);
void table_names_free(struct table_names *names);
/* Notes a cell of the column (LEN bytes of valid UTF-8, as shown). */
void table_names_add(struct table_names *names, const char *cell, gsize len);
/* Gives every cell noted its form at WIDTH characters. With FOLD (a column
 * of device events' names, SPEC 23), a cell too long shows its short name
 * (src/util/short_name.h) when that is no other cell's: whole when it fits,
 * else shortened like a cell. */
void table_names_decide(struct table_names *names, guint width, gboolean fold);
/* Appends CELL as the column shows it: whole when it fits the width
 * decided, else its form (exactly that wide). */
void table_names_append(const struct table_names *names, GString *out, const char *cell, gsize len);

#endif
