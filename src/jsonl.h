/* JSON Lines: one JSON object per row, written with json-c. Durations and
 * timestamps are JSON numbers with the exact decimal text of the CSV; args,
 * shapes and types are JSON values (kept as JSON text by the reader); list
 * columns are arrays of objects. */
#ifndef PP_JSONL_H
#define PP_JSONL_H

#include <json-c/json.h>
#include "write.h"

/* ns as milliseconds, and as microseconds: numbers printed exactly. */
json_object *jsonl_ms(gint64 ns);
json_object *jsonl_us(gint64 ns);
/* The JSON value of TEXT (as the reader kept it); NULL, a JSON null, for NULL. */
json_object *jsonl_value(const char *text);
/* Appends OBJECT as one line, and releases it. */
void jsonl_append(GString *line, json_object *object);

/* Appends the row of NODE: its path, and the columns and meta of CONFIG;
 * LAUNCHES are its inclusive launches, FACTS their sums and its join. */
void jsonl_append_row(GString *line, guint node, const GString *path, const struct forest *forest,
		      const struct attribution *attribution, const struct write_config *config,
		      const GArray *launches, const struct row_facts *facts);

#endif
