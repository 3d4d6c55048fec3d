/* The HTML sink (SPEC 16): a view's rows as one real <table>, readable
 * without JavaScript. The header opens the table and writes a <th> per
 * column; numeric columns (durations, counts, bytes, percentages, ratios)
 * are marked class "n" (right-aligned, sorted as numbers by the page's
 * script), and the first text column "k" (the one the page filters by);
 * every cell's text is what CSV writes (the same numbers, 5.1), escaped
 * (src/sinks/html_text.h), a long text or list cut (a list with its
 * kernels' short names) and kept whole once in the page's list of names
 * (the sink's context, src/sinks/html_names.h). At
 * most HTML_ROWS_MAX rows are shown, so that
 * a page is bounded by what it shows: the others are counted, and the
 * footer, which closes the table, says how many were left out, or that no
 * row came. The page around the table (head, header, script) is
 * src/sinks/html_page.h's: this sink writes only the table, so that the
 * page can hold several. */
#ifndef PP_SINK_HTML_H
#define PP_SINK_HTML_H

#include "sinks/sink.h"
#include "sinks/html_names.h"

#define HTML_ROWS_MAX 5000

extern const struct sink_class html_sink;

/* Whether a column of TYPE is a number (right-aligned, sorted numerically). */
gboolean html_numeric(enum value_type type);
/* Appends VALUE as a cell's text, escaped (SCRATCH: any buffer); a long
 * text or list is cut, its full text in NAMES (src/sinks/html_names.h). */
void html_append_value(GString *out, const struct value *value, GString *scratch, struct html_names *names);
/* SPEC 23: the decimals of a column: *DECIMALS raised to what VALUE needs
 * (durations and timestamps; others need none). */
void html_measure_decimals(const struct value *value, guint *decimals);
/* Appends VALUE as html_append_value does, a duration or timestamp with
 * DECIMALS decimals (its column's, from html_measure_decimals): the numbers
 * of a column alike. */
void html_append_aligned(GString *out, const struct value *value, guint decimals, GString *scratch,
			 struct html_names *names);

#endif
