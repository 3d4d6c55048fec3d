/* Rank map writing: the lines of a rank's record (src/views/ranks/rank_record.h)
 * as --summary rank --format jsonl of one trace writes them, the map step of
 * --summary rank (SPEC 20.2, 13.3); src/views/ranks/rank_map.h says what each line
 * holds and reads them back. json-c objects, one a line, each written as
 * it is made: the events' lines are never all in memory as text. */
#ifndef PP_RANK_MAP_WRITE_H
#define PP_RANK_MAP_WRITE_H

#include "output/output.h"
#include "views/ranks/rank_record.h"

/* RECORD's lines into OUT; RANK its rank (NULL: none recorded). */
gboolean rank_map_write(struct output *out, const struct rank_record *record, const char *rank);

#endif
