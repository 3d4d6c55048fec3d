/* Tables: cells by row and column, row-major; numbers parsed from their
 * exact text when asked for (g_ascii_*: no locale). */
#include "api/api_table.h"
#include <math.h>

struct pp_table *api_table_read(const char *data, gsize len)
{
	struct pp_table *table = g_new0(struct pp_table, 1);
	if (!cells_read(data, len, &table->cells)) {
		pp_table_free(table);
		return NULL;
	}
	return table;
}

void pp_table_free(pp_table *table)
{
	if (!table)
		return;
	cells_clear(&table->cells);
	g_free(table);
}

size_t pp_table_columns(const pp_table *table)
{
	return table ? table->cells.columns : 0;
}

const char *pp_table_column_name(const pp_table *table, size_t column)
{
	return table && column < table->cells.columns ? table->cells.names->pdata[column] : NULL;
}

pp_type pp_table_column_type(const pp_table *table, size_t column)
{
	if (!table || column >= table->cells.columns)
		return PP_TYPE_TEXT;
	switch (g_array_index(table->cells.kinds, guint8, column)) {
	case CELL_INTEGER: return PP_TYPE_INTEGER;
	case CELL_DECIMAL: return PP_TYPE_DECIMAL;
	default: return PP_TYPE_TEXT;
	}
}

size_t pp_table_rows(const pp_table *table)
{
	return table ? (size_t)table->cells.rows : 0;
}

/* The index of a cell, or -1 outside the table. */
static gint64 cell(const pp_table *table, size_t row, size_t column)
{
	if (!table || row >= table->cells.rows || column >= table->cells.columns)
		return -1;
	return (gint64)(row * table->cells.columns + column);
}

int pp_table_is_empty(const pp_table *table, size_t row, size_t column)
{
	gint64 i = cell(table, row, column);
	return i < 0 || g_array_index(table->cells.cell_kind, guint8, i) == CELL_EMPTY;
}

const char *pp_table_text(const pp_table *table, size_t row, size_t column)
{
	gint64 i = cell(table, row, column);
	return i < 0 ? "" : cells_text(&table->cells, (gsize)i);
}

int64_t pp_table_integer(const pp_table *table, size_t row, size_t column)
{
	if (pp_table_is_empty(table, row, column))
		return 0;
	const char *text = pp_table_text(table, row, column);
	char *end;
	gint64 value = g_ascii_strtoll(text, &end, 10);
	return *text && !*end ? value : 0;
}

double pp_table_double(const pp_table *table, size_t row, size_t column)
{
	if (pp_table_is_empty(table, row, column))
		return NAN;
	gint64 i = cell(table, row, column);
	guint8 kind = g_array_index(table->cells.cell_kind, guint8, i);
	const char *text = pp_table_text(table, row, column);
	char *end;
	double value = g_ascii_strtod(text, &end);
	return (kind == CELL_INTEGER || kind == CELL_DECIMAL) && *text && !*end ? value : NAN;
}
