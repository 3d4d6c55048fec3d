/* Visible: text as a terminal is shown it. Names from a trace reach the
 * terminal in a table's cells, in folded stacks and in messages; characters
 * that would act on the terminal instead of showing are replaced, here for
 * all of them:
 * - C1 controls (U+0080 to U+009F, CSI among them) and the bidirectional
 *   embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069)
 *   become "\u" and four lowercase hexadecimal digits ("\u202e"), always;
 * - C0 controls and DEL as the caller asks: a space (a folded frame: a row
 *   stays one line) or an escape (messages and a table's cells: \n, \r, \t
 *   or \xNN, so that a name cannot forge a line, and a tab is no space).
 * The text is scanned byte by byte: the characters replaced are recognized
 * by their UTF-8 bytes (C2 80-9F, E2 80 AA-AE, E2 81 A6-A9), so text that is
 * not valid UTF-8 (a path) is copied as it is around them. CSV and JSON
 * Lines do not come here: they keep the bytes as the trace has them. */
#ifndef PP_VISIBLE_H
#define PP_VISIBLE_H

#include <glib.h>
#include <stdio.h>

enum visible_controls {
	VISIBLE_SPACE,  /* C0 controls and DEL become a space */
	VISIBLE_ESCAPE, /* \n, \r, \t, else \xNN */
};

/* Whether visible_append would change any byte of TEXT (LEN bytes). */
gboolean visible_changes(const char *text, gsize len);
/* Appends LEN bytes of TEXT with the replacements above. */
void visible_append(GString *out, const char *text, gsize len, enum visible_controls controls);
/* Writes the warning "profile_parser: warning: SUBJECT: TEXT" (SUBJECT NULL:
 * "profile_parser: warning: TEXT") and a newline to OUT, TEXT shown as
 * messages show it (VISIBLE_ESCAPE); SUBJECT as given (a path the caller
 * has shown, an option). */
void visible_warning(FILE *out, const char *subject, const char *text);

#endif
