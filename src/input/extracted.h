/* Extracted: what a run of events became in one of the reader's workers
 * (src/input/extract.h): the compact events by role, their threads, the B
 * and E events waiting to be paired, Execution Trace nodes, memory events,
 * the categories seen and the counts of what was skipped; made, emptied
 * for the next run and freed here, merged into the trace by the reader. */
#ifndef PP_EXTRACTED_H
#define PP_EXTRACTED_H

#include <json-c/json.h>
#include "input/roles.h"
#include "model/trace.h"

enum { OUT_MONITORED, OUT_LAUNCH, OUT_DEVICE, OUT_STEP, OUT_HOST, OUT_ROLES };

/* A B or E event, matched in document order by the reader. */
struct pending_event {
	json_object *event;
	gint64 index;
	guint32 thread; /* in the batch's pending_threads */
	char phase;
};

/* What a run of events became. */
struct extracted {
	GArray *events[OUT_ROLES]; /* struct event (OUT_HOST: struct host_event); .thread indexes threads */
	struct threads *threads;   /* of the events, merged into trace.threads later */
	struct threads *pending_threads; /* of the B and E events, numbered after those */
	GArray *begin_end;         /* struct pending_event, in document order */
	GArray *et_nodes;          /* struct et_node */
	GArray *memory;            /* struct memory_event; .thread indexes threads */
	GArray *syncs;             /* struct sync_event */
	struct category_counts categories; /* of the X and B events parsed */
	struct read_stats stats;
};

struct extracted *extracted_new(void);
/* Empties OUT for another run of events. */
void extracted_clear(struct extracted *out);
void extracted_free(struct extracted *out);

void read_stats_note_skip(struct read_stats *stats, gint64 index, enum skip_reason reason);

#endif
