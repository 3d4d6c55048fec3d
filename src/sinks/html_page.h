/* HTML page: the one self-contained file of --format html (SPEC 16). A
 * page is put together in memory, then written whole: the sections are
 * known before the table of contents that links them is written, and what
 * a page shows is bounded by the rows it shows (the callers bound them),
 * never by the trace.
 *
 * It is: <!DOCTYPE html>; a head with a Content-Security-Policy meta that
 * allows nothing from outside the file (images only as data: URLs, inline
 * style and script only) and the inline style (system fonts, tabular
 * figures, numbers right-aligned, a light and a dark scheme by
 * prefers-color-scheme, the device-event classes in the colours of the SVG
 * flame graph, src/sinks/flame_svg.c); a header (title, facts as a <dl>,
 * and every warning of the run as a list); the lead sections (what a
 * reader must see first); a table of contents linking them, the warnings
 * and each section; the sections in the order added; the long names cut
 * where shown, each whole once (src/sinks/html_names.h); then the
 * inline script, which only adds to what reads without it: sorting a
 * table.data by a click on a column header (numbers numerically, largest
 * first, text alphabetically; empty cells last either way; a second click
 * reverses) and a box filtering its rows by the text of its key column. Every
 * text handed in is escaped here (src/sinks/html_text.h); a section's body
 * is markup its maker escaped. */
#ifndef PP_HTML_PAGE_H
#define PP_HTML_PAGE_H

#include <glib.h>
#include "output/output.h"

struct html_page;

/* A page titled TITLE (any bytes). */
struct html_page *html_page_new(const char *title);
void html_page_free(struct html_page *page);
/* A fact of the header: LABEL (plain ASCII of the program) and VALUE (any bytes). */
void html_page_fact(struct html_page *page, const char *label, const char *value);
/* The same for a VALUE from the trace: cut when long, its full text in the
 * page's list of long names. */
void html_page_fact_cut(struct html_page *page, const char *label, const char *value);
/* One fact of LABEL listing COUNT VALUES (from the trace, each cut when
 * long as html_page_fact_cut cuts it) on one line, joined by ", ", then
 * "and MORE more" when MORE is not 0 (SPEC 28: the header's versions). */
void html_page_fact_list(struct html_page *page, const char *label, const char *const *values, guint count,
			 guint64 more);
/* The fact that ends a capped list of facts of LABEL: "and MORE more",
 * then ": WHERE" when given (where to find them). */
void html_page_facts_more(struct html_page *page, const char *label, guint64 more, const char *where);
/* The page's list of long names (src/sinks/html_names.h), for the sections
 * to cut their names into; written after the last section. */
struct html_names *html_page_names(struct html_page *page);
/* The warnings of the run: TEXT's lines as standard error has them, each
 * one warning ("profile_parser: warning: " left out), or other notes; a
 * line over 2,000 characters keeps its first and last 1,000 around a "…". */
void html_page_warnings(struct html_page *page, const char *text);
/* A new section with ID (an HTML id: [a-z0-9-]) and TITLE (plain ASCII),
 * after those added before; its body, for the caller to fill with markup. */
GString *html_page_section(struct html_page *page, const char *id, const char *title);
/* A section written right after the header, before the table of contents
 * and the warnings (the contents link it first); otherwise as above. */
GString *html_page_lead(struct html_page *page, const char *id, const char *title);
/* CSS and JavaScript that a section needs, added to the page's one inline
 * style and script (after its own); constant text of the program. */
void html_page_style(struct html_page *page, const char *css);
void html_page_script(struct html_page *page, const char *js);
/* Appends a paragraph saying TEXT (any bytes), of class CLASS (or NULL). */
void html_paragraph(GString *body, const char *class, const char *text);
/* Writes the page to OUT; FALSE when writing fails. */
gboolean html_page_write(const struct html_page *page, struct output *out);

typedef struct html_page HtmlPage;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HtmlPage, html_page_free)

#endif
