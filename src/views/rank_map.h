/* Rank map: a rank's record (src/views/rank_record.h) as JSON Lines, the
 * map step of --summary rank (SPEC 20.2, 13.3), and read back by --merge.
 *
 * The first line is the rank's: {"summary": "rank", "rank": R or null (the
 * file's place in --merge's list), "steps", "step total(ns)", "step numbers"
 * (the distinct N, ascending), "step starts(ns)" (per number, the earliest
 * start of its ProfilerStep#N; a map without it still reads, the starts
 * unknown), "device busy(ns)", "compute(ns)",
 * "communication(ns)", "exposed communication(ns)", "host wait(ns)",
 * "idle(ns)", "devices" and "world size" (text or null), "events"}; then one line per communication event: {"comms id"}, or
 * {"group", "seq"}, or {"step" (N or null), "collective" and "group", or
 * "name", "number"}, each with "start" and "end". Times are whole ns, as
 * JSON integers, so nothing is rounded either way; texts are JSON strings
 * (a NUL as \u0000). A file is read a line at a time (plain or gzip); a
 * line that is not one of these is an error naming it, and the file then
 * adds nothing. */
#ifndef PP_RANK_MAP_H
#define PP_RANK_MAP_H

#include "output/output.h"
#include "views/rank_record.h"

/* RECORD's lines into OUT; RANK its rank (NULL: none recorded). */
gboolean rank_map_write(struct output *out, const struct rank_record *record, const char *rank);
/* Whether PATH's first line is a rank map's. */
gboolean rank_map_is(const char *path);
/* The record of the map PATH, its rank POSITION when it records none; NULL, ERROR set, when it is no map. */
struct rank_record *rank_map_read(const char *path, gint64 position, GError **error);

#endif
