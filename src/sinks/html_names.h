/* HTML names: the long texts of a page (SPEC 16), cut where they are shown
 * and kept whole once, so that a page is bounded by the rows it shows, not
 * by the length of the trace's names.
 *
 * A text of at most HTML_NAME_CHARS characters is shown whole. A longer
 * one is shown as its last HTML_NAME_CHARS - 1 characters after one
 * U+2026, "…oftmax", as the table format cuts names (src/sinks/table_names.h:
 * the end is where C++ and module names differ), inside a link
 * (<a class="cut" href="#name-K">) to the K-th item of the page's one list
 * of full names, where each distinct text is written once, in the order
 * first shown. A share after a name, " (12.5%)" (--summary kernel's
 * "launched by"), stays out of the cut and of the list: the name's entry
 * serves. The list holds at most HTML_NAMES_BUDGET bytes of names: a
 * text that no longer fits is shown cut without a link, and the list says
 * how many such cells there were (--format csv gives every name whole).
 * A list column's cell is cut so too, its device events' short names
 * shown (html_names_append_shown).
 * So a page holds at most HTML_NAMES_BUDGET bytes of full names, plus a
 * bounded text per cell shown.
 *
 * Each text is read once when shown: its length, then (when cut) its last
 * characters; a hash table finds the texts already listed. Bytes that are
 * not valid UTF-8 are first made valid (src/sinks/html_text.h shows them
 * as U+FFFD). */
#ifndef PP_HTML_NAMES_H
#define PP_HTML_NAMES_H

#include <glib.h>

#define HTML_NAME_CHARS 200              /* the longest text shown whole */
#define HTML_NAMES_BUDGET (2 * 1024 * 1024) /* bytes of full names the list may hold */

struct html_names;

struct html_names *html_names_new(void);
void html_names_free(struct html_names *names);
/* Appends LEN bytes of TEXT (any bytes) escaped for HTML, cut as above when
 * longer than HTML_NAME_CHARS characters; NAMES NULL: cut with no link. */
void html_names_append(struct html_names *names, GString *out, const char *text, gsize len);
/* A list column's cell (SPEC 28): TEXT (LEN bytes, the whole list as CSV
 * has it) shown whole when at most HTML_NAME_CHARS characters; else SHOWN
 * (SHOWN_LEN bytes of valid UTF-8: the list with its device events' short
 * names), cut as above when it is longer too, inside a link to TEXT listed
 * whole (as a cut name is, within the list's budget), TEXT's cut form in
 * its title. */
void html_names_append_shown(struct html_names *names, GString *out, const char *text, gsize len, const char *shown,
			     gsize shown_len);
/* Appends the same cut form as plain text (not escaped, valid UTF-8), with
 * no link: for a tooltip or a label. */
void html_names_cut(GString *out, const char *text, gsize len);
/* How many texts the list holds. */
guint html_names_count(const struct html_names *names);
/* Whether any text was cut (listed or not): the list has something to say. */
gboolean html_names_any(const struct html_names *names);
/* Appends the list (an <ol class="names"> of the full texts, escaped, item
 * K with id "name-K") and its note; nothing when no text was cut. */
void html_names_append_list(const struct html_names *names, GString *out);

typedef struct html_names HtmlNames;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HtmlNames, html_names_free)

#endif
