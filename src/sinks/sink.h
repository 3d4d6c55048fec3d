/* Sinks: the formats. A sink renders the typed values of any table's rows
 * (src/sinks/table.h) as text, appended to a buffer; where the text goes is
 * src/output/output.c's business. Rows may be rendered in another thread than the
 * header, but one row at a time, in order. */
#ifndef PP_SINK_H
#define PP_SINK_H

#include "sinks/table.h"

struct sink;

struct sink_class {
	const char *format;    /* as --format names it */
	const char *extension; /* of the files it writes (-d DIR/: DIR/STEM.EXTENSION) */
	gboolean json_values;  /* it wants args, shapes and types kept as JSON text, not Python literals */
	void (*header)(struct sink *sink, GString *out);
	void (*row)(struct sink *sink, const struct value *values, GString *out);
	/* Optional: a sink that sizes its columns to its rows (table) is shown
	 * every row's values before the header: the rows are read twice. */
	void (*measure)(struct sink *sink, const struct value *values);
	void (*clear)(struct sink *sink); /* optional: frees sink->state */
	/* Optional: after the last row (a format that closes what its header opened: html). */
	void (*footer)(struct sink *sink, GString *out);
	gboolean tree; /* per-node rows in tree order show their name column as an indented tree */
	/* Meant for people to read (table, svg), not for programs: the categories
	 * not given are chosen by what the trace holds (src/analysis/categories.h). */
	gboolean for_people;
	/* A row's text depends on its values alone (no state shared across
	 * rows but a cache): rows may be formatted apart, by several threads,
	 * each with a sink of its own, and joined in order (csv, jsonl). */
	gboolean rows_apart;
};

struct sink {
	const struct sink_class *klass;
	const struct layout *layout;
	GString *scratch; /* the sink's own, for the row under way */
	guint width;      /* the terminal's width, for a sink that fits it (output_columns) */
	const GPtrArray *sort; /* the columns the rows are ordered by (const struct column *): --sort's, else
				* the view's own order; the first kept when columns must go */
	gboolean quiet;   /* -q: the sink says nothing on standard error */
	gpointer context; /* the format's own, from whoever writes: html, the page's names
			   * (src/sinks/html_names.h), or NULL */
	gpointer state;   /* the sink's own */
};

void sink_init(struct sink *sink, const struct sink_class *klass, const struct layout *layout);
void sink_clear(struct sink *sink);
void sink_header(struct sink *sink, GString *out);
/* Appends what follows the last row (most formats: nothing). */
void sink_footer(struct sink *sink, GString *out);
/* Renders ROW's values under the sink's layout. */
void sink_row(struct sink *sink, const void *row, GString *out);
/* Whether the sink must see every row (sink_measure) before the header. */
gboolean sink_measures(const struct sink *sink);
void sink_measure(struct sink *sink, const void *row);

#endif
