/* The cells sink: a table's typed cells for the library (SPEC 31), not a
 * format of --format. Each cell's text is the CSV sink's field without its
 * quotes (csv_append_value), so that a table read back from it equals the
 * CSV of the same run cell for cell, by construction; beside the text, the
 * cell's kind (empty, integer, decimal, text) and each column's declared
 * kind. The bytes it appends are records, not text:
 *   header: 'H', the width (4 bytes, native order), then per column its
 *           kind (1 byte), its name's length (4 bytes) and the name;
 *   row:    'R', then per cell its kind (1 byte), the text's length (4
 *           bytes) and the text.
 * cells_read parses them back (several tables one after the other: the
 * last header's). The flags are the CSV sink's (rows apart, not for people,
 * Python literals): a run through it is the run of --format csv. */
#ifndef PP_SINK_CELLS_H
#define PP_SINK_CELLS_H

#include "sinks/sink.h"

enum cell_type {
	CELL_EMPTY,
	CELL_INTEGER, /* counts, bytes, ids */
	CELL_DECIMAL, /* durations, timestamps, percentages, ratios: exact decimal text */
	CELL_TEXT,    /* names, literals, lists */
};

extern const struct sink_class cells_sink;

/* The kind a value of TYPE has (VALUE_EMPTY: CELL_EMPTY). */
enum cell_type cell_type_of(enum value_type type);

/* A table read back: COLUMNS names and kinds, ROWS x COLUMNS cells. */
struct cells {
	guint columns;
	guint64 rows;
	GPtrArray *names;  /* char * */
	GArray *kinds;     /* guint8: each column's kind (see cells_read) */
	GArray *cell_kind; /* guint8: each cell's, row-major */
	GArray *offsets;   /* gsize: each cell's text in TEXT, row-major */
	GString *text;     /* the cells' texts, each ended by a NUL ("" when empty): one buffer, not a string a cell */
};

/* The text of cell I (row-major). */
static inline const char *cells_text(const struct cells *cells, gsize i)
{
	return cells->text->str + g_array_index(cells->offsets, gsize, i);
}

/* The records of DATA (LEN bytes) as a table; a column whose cells are of
 * another kind than its declared one (a rank, a whole number or text) is
 * text. FALSE (an empty table) when DATA holds no header. */
gboolean cells_read(const char *data, gsize len, struct cells *cells);
void cells_clear(struct cells *cells);

#endif
