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
 * record_param_comms op's: src/views/collectives/collective_source.h), else its name.
 * A process group is its name with its Process Group Ranks when the args
 * give them (its own, else its record_param_comms op's when that op names
 * the same group: ranks [0, 1] and [2, 3] of a group "tp" are two groups); what
 * is an id is src/views/collectives/collective_args.h's. Of several events of one
 * Comms Id, or one (group, Seq), the first in (ts, position) order is
 * kept; the others are left out, counted (the reduce warns of them).
 *
 * The steps: their numbers, and per number the earliest start of its
 * ProfilerStep#N on the rank (SPEC 26.6), one sort of the steps.
 *
 * One pass over the device events in (ts, position) order: O(E) time, the
 * numbering's counters O(distinct (step, key)); the figures come from the
 * device timeline (src/attribution/timeline.h), the bars' exposed
 * intervals from src/views/ranks/rank_bars.h in the same pass. */
#ifndef PP_RANK_RECORD_H
#define PP_RANK_RECORD_H

#include "attribution/attribute.h"
#include "attribution/steps.h"
#include "attribution/timeline.h"
#include "views/ranks/rank_bars.h"
#include "views/collectives/summary_collective.h"

enum rank_event_kind {
	RANK_EVENT_NUMBERED, /* by (step, group key, number) */
	RANK_EVENT_COMMS,    /* by Comms Id */
	RANK_EVENT_SEQ,      /* by (process group, Seq) */
};

/* A process group: its name, then NUL and its ranks when known (a SEQ
 * event's key). A group key: 'c' collective NUL process group (a
 * collective known), or 'n' the event's name. */
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
	gint lane;         /* its device's key (src/views/ranks/rank_bars.h), or -1: none known */
	guint32 position;  /* its place in the trace (the critical path across ranks, SPEC 30); 0 read from a map */
};

struct rank_record {
	gint64 rank;          /* set by the caller */
	gboolean by_position; /* the rank is the trace's place in the list */
	guint64 steps;        /* every step of the trace, of any process */
	gint64 step_total;    /* their host durations (ns) */
	GArray *step_numbers; /* guint64: the distinct step numbers, ascending */
	GArray *step_starts;  /* gint64: per step number, the earliest start of its ProfilerStep#N (ns); empty: unknown (a map without them) */
	gint64 busy, compute, communication, exposed, host_wait, idle; /* ns, summed over devices */
	char *devices, *world_size; /* the trace's device names ("A, B") and distributedInfo.world_size, or NULL (set by the caller) */
	char *options;        /* the options that shaped it (src/cli/shape.h), or NULL (set by the caller, or a map's) */
	GArray *events;       /* struct rank_event */
	GPtrArray *rows;      /* struct collective_row * (SPEC 15.2, owned), for --summary collective --across-ranks; or NULL */
	GArray *exposed_parts; /* struct rank_interval: the bars' F (src/views/ranks/rank_bars.h), by lane then start */
	guint64 left_out;     /* communication events of an id an earlier one had: in no instance */
	char *repeated;       /* the first such id, as messages show it ("Comms Id 7"), or NULL */
	guint64 zero_ids;     /* communication events with a Comms Id of 0: no id (matched by Seq, else numbered) */
	const char *too_long; /* what adds up past 2^63 ns (a sum over devices), or NULL */
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
/* The group key of a known collective (NAME, GROUP: NULL for none, with
 * its RANKS or NULL) or of an event's NAME (LEN bytes). */
void rank_key_collective(GString *key, const char *name, const char *group, const char *ranks);
/* A process group (GROUP, with its RANKS or NULL) into KEY, as a SEQ event's key. */
void rank_key_group(GString *key, const char *group, const char *ranks);
/* A process group (KEY, LEN bytes, as rank_key_group makes it) as messages show it: "tp", "tp [0, 1]". */
char *rank_group_shown(const char *key, gsize len);
void rank_key_name(GString *key, const char *name, gsize len);
/* KEY as messages show it: "collective (process group G [RANKS])", or the name. */
char *rank_key_shown(const char *key, gsize len);

typedef struct rank_record RankRecord;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RankRecord, rank_record_free)

#endif
