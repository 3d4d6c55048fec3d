/* Rank map: a rank's record (src/views/ranks/rank_record.h) as JSON Lines, the
 * map step of --summary rank (SPEC 20.2, 13.3), and read back by --merge.
 *
 * The first line is the rank's: {"summary": "rank", "rank": R or null (the
 * file's place in --merge's list), "options" (what shaped the record, as
 * src/cli/shape.h writes them), "steps", "step total(ns)", "step numbers"
 * (the distinct N, ascending), "step starts(ns)" (per number, the earliest
 * start of its ProfilerStep#N; a map without it still reads, the starts
 * unknown), "device busy(ns)", "compute(ns)",
 * "communication(ns)", "exposed communication(ns)", "host wait(ns)",
 * "idle(ns)", "devices" and "world size" (text or null), "events" and
 * "exposed" (how many lines of each follow), "left out" (events of a
 * repeated id), "repeated" (the first such id, text or null) and "comms id 0"
 * (events whose Comms Id was 0, no id)}; then one
 * line per communication event: {"comms id"}, or {"group", "seq"}, or
 * {"step" (N or null), "collective" and "group", or "name", "number"}, a
 * group with its "group ranks" when known, each with its "lane" (its
 * device's key) and "start" and "end"; then one line per exposed interval
 * of the bars (src/views/ranks/rank_bars.h): {"lane", "exposed": [start, end]}.
 * Times are whole ns, as JSON integers, so nothing is rounded either way;
 * texts are JSON strings (a NUL as \u0000 in a name only). A file is read
 * a line at a time (plain or gzip; a UTF-8 BOM and blank lines skipped).
 *
 * A map is read as strictly as a trace: any line that is not one of these,
 * or a record no trace makes, is an error naming its line, and the file
 * then adds nothing: an instance twice (a Comms Id, a (group, Seq) or a
 * (step, key, number) again, naming the line that had it first), a number
 * out of turn (each (step, key) numbered 0, 1, 2 ... in order), a step not
 * among the step numbers, an id that is not one (src/views/collectives/collective_args.h),
 * figures that do not hold together (compute or exposed communication
 * above the busy time, host wait above the idle time), exposed intervals
 * out of order, overlapping or adding up past the exposed communication,
 * and times whose differences or sums would not fit in 63 bits (the
 * events spanning 2^63 ns or more, their durations adding up past it, the
 * busy and idle times too). A map without "options" is one written before
 * they were recorded (and the lanes and exposed intervals with them): it
 * is refused, to be made again. One pass; memory: the record, and one
 * entry per instance for the duplicates. */
#ifndef PP_RANK_MAP_H
#define PP_RANK_MAP_H

#include "output/output.h"
#include "views/ranks/rank_record.h"

/* Whether PATH's first line is a rank map's. */
gboolean rank_map_is(const char *path);
/* The record of the map PATH, its rank POSITION when it records none; NULL, ERROR set, when it is no map. */
struct rank_record *rank_map_read(const char *path, gint64 position, GError **error);

#endif
