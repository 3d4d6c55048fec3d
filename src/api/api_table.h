/* The library's tables (profile_parser.h: pp_table): the records a run
 * wrote through the cells sink (src/sinks/sink_cells.h) read back, each
 * column with its name and type, each cell with its text (the CSV's field,
 * unquoted) and, for numbers, its value. */
#ifndef PP_API_TABLE_H
#define PP_API_TABLE_H

#include "api/api_error.h"
#include "sinks/sink_cells.h"

struct pp_table {
	struct cells cells;
};

/* The table of the records DATA (LEN bytes); NULL when they hold none. */
struct pp_table *api_table_read(const char *data, gsize len);

#endif
