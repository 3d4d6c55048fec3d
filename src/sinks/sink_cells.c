#include "sinks/sink_cells.h"
#include <string.h>
#include "sinks/sink_csv.h"

enum cell_type cell_type_of(enum value_type type)
{
	switch (type) {
	case VALUE_EMPTY: return CELL_EMPTY;
	case VALUE_INTEGER:
	case VALUE_BYTES: return CELL_INTEGER;
	case VALUE_DURATION:
	case VALUE_TIMESTAMP:
	case VALUE_PERCENT:
	case VALUE_RATIO: return CELL_DECIMAL;
	case VALUE_TEXT:
	case VALUE_LITERAL:
	case VALUE_ENTRIES: break;
	}
	return CELL_TEXT;
}

static void put_length(GString *out, gsize len)
{
	guint32 n = (guint32)len;
	g_string_append_len(out, (const char *)&n, sizeof n);
}

static void put_text(GString *out, guint8 kind, const char *text, gsize len)
{
	g_string_append_c(out, (char)kind);
	put_length(out, len);
	g_string_append_len(out, text, (gssize)len);
}

static void cells_header(struct sink *sink, GString *out)
{
	guint width = layout_width(sink->layout);
	g_string_append_c(out, 'H');
	put_length(out, width);
	for (guint i = 0; i < width; i++) {
		const char *name = layout_name(sink->layout, i);
		guint meta = sink->layout->meta_count;
		enum value_type type =
			i < meta ? VALUE_TEXT : ((const struct column *)sink->layout->picked->pdata[i - meta])->type;
		put_text(out, (guint8)cell_type_of(type), name, strlen(name));
	}
}

static void cells_row(struct sink *sink, const struct value *values, GString *out)
{
	guint width = layout_width(sink->layout);
	g_string_append_c(out, 'R');
	for (guint i = 0; i < width; i++) {
		const struct value *value = &values[i];
		if (value->type == VALUE_TEXT || value->type == VALUE_LITERAL) {
			put_text(out, CELL_TEXT, value->text.text, value->text.len);
			continue;
		}
		g_string_truncate(sink->scratch, 0);
		csv_append_value(sink->scratch, value); /* the CSV's field, unquoted */
		put_text(out, (guint8)cell_type_of(value->type), sink->scratch->str, sink->scratch->len);
	}
}

const struct sink_class cells_sink = {
	.format = "csv", /* what a run through it is, for messages */
	.extension = ".csv",
	.header = cells_header,
	.row = cells_row,
	.rows_apart = TRUE,
};

/* The next length of DATA at *AT, or FALSE past its end. */
static gboolean get_length(const char *data, gsize len, gsize *at, gsize *n)
{
	guint32 v;
	if (len - *at < sizeof v)
		return FALSE;
	memcpy(&v, data + *at, sizeof v);
	*at += sizeof v;
	*n = v;
	return TRUE;
}

static gboolean get_text(const char *data, gsize len, gsize *at, guint8 *kind, char **text)
{
	gsize n;
	if (*at >= len)
		return FALSE;
	*kind = (guint8)data[(*at)++];
	if (!get_length(data, len, at, &n) || len - *at < n)
		return FALSE;
	*text = g_strndup(data + *at, n);
	*at += n;
	return TRUE;
}

gboolean cells_read(const char *data, gsize len, struct cells *cells)
{
	memset(cells, 0, sizeof *cells);
	cells->names = g_ptr_array_new_with_free_func(g_free);
	cells->kinds = g_array_new(FALSE, FALSE, 1);
	cells->cell_kind = g_array_new(FALSE, FALSE, 1);
	cells->offsets = g_array_new(FALSE, FALSE, sizeof(gsize));
	cells->text = g_string_new(NULL);
	gboolean header = FALSE;
	for (gsize at = 0; at < len;) {
		char record = data[at++];
		if (record == 'H') { /* a table again (a comparison's jobs): the last one's */
			gsize width;
			if (!get_length(data, len, &at, &width))
				return FALSE;
			g_ptr_array_set_size(cells->names, 0);
			g_array_set_size(cells->kinds, 0);
			g_array_set_size(cells->cell_kind, 0);
			g_array_set_size(cells->offsets, 0);
			g_string_truncate(cells->text, 0);
			cells->rows = 0;
			for (gsize i = 0; i < width; i++) {
				guint8 kind;
				char *name;
				if (!get_text(data, len, &at, &kind, &name))
					return FALSE;
				g_ptr_array_add(cells->names, name);
				g_array_append_val(cells->kinds, kind);
			}
			cells->columns = (guint)width;
			header = TRUE;
		} else if (record == 'R' && header) {
			for (guint i = 0; i < cells->columns; i++) {
				guint8 kind;
				gsize n, offset = cells->text->len;
				if (at >= len)
					return FALSE;
				kind = (guint8)data[at++];
				if (!get_length(data, len, &at, &n) || len - at < n)
					return FALSE;
				g_string_append_len(cells->text, data + at, (gssize)n);
				g_string_append_c(cells->text, '\0');
				at += n;
				g_array_append_val(cells->cell_kind, kind);
				g_array_append_val(cells->offsets, offset);
				guint8 *declared = &g_array_index(cells->kinds, guint8, i);
				if (kind != CELL_EMPTY && kind != *declared)
					*declared = CELL_TEXT; /* mixed: text */
			}
			cells->rows++;
		} else {
			return FALSE;
		}
	}
	for (guint i = 0; i < cells->columns; i++) { /* a column declared empty-typed: text */
		guint8 *declared = &g_array_index(cells->kinds, guint8, i);
		if (*declared == CELL_EMPTY)
			*declared = CELL_TEXT;
	}
	return header;
}

void cells_clear(struct cells *cells)
{
	if (cells->names)
		g_ptr_array_free(cells->names, TRUE);
	if (cells->kinds)
		g_array_free(cells->kinds, TRUE);
	if (cells->cell_kind)
		g_array_free(cells->cell_kind, TRUE);
	if (cells->offsets)
		g_array_free(cells->offsets, TRUE);
	if (cells->text)
		g_string_free(cells->text, TRUE);
	memset(cells, 0, sizeof *cells);
}
