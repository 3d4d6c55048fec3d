/* Graphs: the capture traces of --graph-capture read into capture windows,
 * and what the report and the warnings say of graph launches (SPEC 14.1,
 * 14.4). Each capture trace is read with the replay's options, built and
 * attributed, its windows kept and the rest freed before the next. */
#ifndef PP_GRAPHS_H
#define PP_GRAPHS_H

#include <stdio.h>
#include "attribution/graft.h"
#include "views/table/settings.h"

/* Share of the device time from which, without --graph-capture, replayed
 * graphs are worth a warning (percent). */
#define GRAPHS_WARNING_PERCENT 10

/* The capture windows of OPTIONS' --graph-capture files, read with the
 * replay's category lists (SPEC 14.1: the same options as the replay) when a
 * trace first needs them with those lists, kept for the other traces; NULL
 * when no --graph-capture is given. */
struct capture_cache;
struct capture_cache *graphs_cache_new(const struct options *options, guint threads);
void graphs_cache_free(struct capture_cache *cache);
/* The windows read with the lists MONITOR, HOST and DEVICE (a trace's, as
 * chosen), from THREADS workers at a time. A file that cannot be read, is
 * not a trace or has no window is a warning on OUT (unless -q) naming it
 * and why; the run goes on without it. Safe from several jobs at once. */
const struct capture *graphs_capture_for(struct capture_cache *cache, char **monitor, char **host, char **device,
					 FILE *out);

typedef struct capture_cache CaptureCache;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CaptureCache, graphs_cache_free)

/* The report's lines on graph launches (only when the trace has some). */
void graphs_report(FILE *out, const struct graft_stats *stats, gboolean capture_given, gint64 device_total);
/* The warnings of SPEC 14.4 for the trace SRC (as messages show it). */
void graphs_warn(FILE *out, const char *src, const struct graft_stats *stats, gboolean capture_given,
		 gint64 device_total);

#endif
