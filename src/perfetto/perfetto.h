/* Perfetto: --format perfetto, the annotated trace (SPEC 29): the input
 * file read again as text (src/input/retrace.h) and copied event by event,
 * each device event of it with an added arg "profile_parser": {"path":
 * the path of the node its launch is attributed to (src/model/build.h's
 * forest_path: names joined by "$$"; a graph replay's grafted node through
 * src/attribution/graft.h), or null when none is, "class": its class
 * (SPEC 11.1)}, put first in its args object (an args member is added when
 * it has none; an event whose args is no object is left as it is); then,
 * before the event array closes, the tracks of src/perfetto/perfetto_tracks.h
 * under a pid no event of the input uses (the largest numeric pid seen
 * plus 1 when that stays below 2^31, else the least unused from 1; an
 * element's pid is the number after its first "pid" key of depth 1, found
 * by a look along it and at the bytes before it).
 *
 * The device events are found by their position in the event array
 * (struct event.index): their positions sorted once (radix), then walked
 * with the copy, so each element costs a look at its pid and, for a device
 * event, one splice of the path's text (made once per node). Memory: the
 * results, 9 bytes a device event and the copy's buffers; the trace's text
 * is never held. Reads the results model and writes through the output. */
#ifndef PP_PERFETTO_H
#define PP_PERFETTO_H

#include "analysis/results.h"
#include "output/output.h"
#include "views/table/write.h"

/* Writes R's annotated trace, its input SRC read again, to OUTPUT; CONFIG
 * the run's (its selection, --min-gap, --bins, causes, findings and
 * critical rows). *ADDED: the events added. FALSE, ERROR set, on failure. */
gboolean perfetto_write(struct output *output, struct results *r, const struct write_config *config, const char *src,
			guint64 *added, GError **error);

#endif
