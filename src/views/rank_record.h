/* Rank record: what the views across ranks (SPEC 20) keep of one trace,
 * the same whether the trace was read here or its map (--summary rank
 * --format jsonl) is read by --merge: the rank's figures (steps, busy
 * time, the classes' unions, exposed communication, host wait) and one
 * record per device event of the communication class, saying which
 * collective instance it may be part of and when it started and ended.
 *
 * An event's instance (SPEC 20.1): its own args' Comms Id; else its own
 * args' (process group, Seq); else its number among the events of the same
 * (step, group key) of the trace, in (ts, position) order, the step being
 * that of its launch (none without one) and the group key (collective,
 * process group) when a Collective name is known (its own args, else a
 * record_param_comms op's: src/views/collective_source.h), else its name.
 * Of several events of one Comms Id, or one (group, Seq), the first in
 * (ts, position) order is kept.
 *
 * One pass over the device events in (ts, position) order: O(E) time, the
 * numbering's counters O(distinct (step, key)); the figures come from the
 * device timeline (src/attribution/timeline.h). */
#ifndef PP_RANK_RECORD_H
#define PP_RANK_RECORD_H

#include "attribution/attribute.h"
#include "attribution/steps.h"
#include "attribution/timeline.h"
#include "views/summary_collective.h"

enum rank_event_kind {
	RANK_EVENT_NUMBERED, /* by (step, group key, number) */
	RANK_EVENT_COMMS,    /* by Comms Id */
	RANK_EVENT_SEQ,      /* by (process group, Seq) */
};

/* A group key: 'c' collective NUL process group (a collective known), or 'n' the event's name. */
struct rank_event {
	enum rank_event_kind kind;
	gboolean in_step;
	guint64 step;   /* the N of ProfilerStep#N, when in_step */
	char *key;      /* NUMBERED: the group key (KEY_LEN bytes); SEQ: the process group (text) */
	gsize key_len;
	char *id;       /* COMMS: the Comms Id; SEQ: the Seq (as written) */
	guint64 number; /* NUMBERED: 0, 1, ... */
	gint64 start, end; /* ns */
	guint row;         /* its --summary collective row: an index into the record's rows (when kept) */
	gint device;       /* args.device, or -1 (the findings' exposed communication, SPEC 22) */
	guint32 position;  /* its place in the trace (the critical path across ranks, SPEC 30); 0 read from a map */
};

struct rank_record {
	gint64 rank;          /* set by the caller */
	gboolean by_position; /* the rank is the trace's place in the list */
	guint64 steps;        /* every step of the trace, of any process */
	gint64 step_total;    /* their host durations (ns) */
	GArray *step_numbers; /* guint64: the distinct step numbers, ascending */
	gint64 busy, compute, communication, exposed, host_wait, idle; /* ns, summed over devices */
	char *devices, *world_size; /* the trace's device names ("A, B") and distributedInfo.world_size, or NULL (set by the caller) */
	GArray *events;       /* struct rank_event */
	GPtrArray *rows;      /* struct collective_row * (SPEC 15.2, owned), for --summary collective --across-ranks; or NULL */
};

struct rank_record *rank_record_new(void);
void rank_record_free(struct rank_record *record);
/* Appends an event (KEY and ID copied). */
void rank_record_add(struct rank_record *record, const struct rank_event *event);
/* The record of a trace: its attribution, steps (NULL: none) and device
 * timeline; COMMUNICATION the --comm-pattern or NULL; with ROWS, its
 * collective summary's rows too, each event's row said. */
struct rank_record *rank_record_of(const struct forest *forest, const struct attribution *attribution,
				   const struct steps *steps, const struct timeline *timeline,
				   const GRegex *communication, gboolean rows);
/* The group key of a known collective (NAME, GROUP: NULL for none) or of an event's NAME (LEN bytes). */
void rank_key_collective(GString *key, const char *name, const char *group);
void rank_key_name(GString *key, const char *name, gsize len);
/* KEY as messages show it: "collective (process group G)", or the name. */
char *rank_key_shown(const char *key, gsize len);

typedef struct rank_record RankRecord;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RankRecord, rank_record_free)

#endif
