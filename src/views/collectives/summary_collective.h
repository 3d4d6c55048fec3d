/* The collective summary (SPEC 15.2): one row per distinct (collective,
 * process group, group size, dtype, in elements, out elements) over the
 * device events of the communication class (SPEC 11.1), with the message
 * bytes, the times, and nccl-tests' algbw and busbw (src/views/collectives/collective.h).
 *
 * One pass over the launches' device events, as the kernel summary's (with
 * --step, those of the launches in the steps kept; else every device event,
 * claimed or not). An event's figures come from its own args
 * (src/views/collectives/collective_args.h); when they have no Collective name, from
 * those of the nearest record_param_comms node on the chain of the node
 * that owns its launch (the node itself included), src/views/collectives/collective_source.h:
 * linear in the forest and the events. Events with neither are one row per
 * device event name, that name in collective, the other cells empty.
 *
 * The run works the summary out before writing it (run.c), so that the
 * report can say how many events it took and why bandwidths are empty. */
#ifndef PP_SUMMARY_COLLECTIVE_H
#define PP_SUMMARY_COLLECTIVE_H

#include "views/table/write.h"
#include "views/collectives/collective_args.h"

/* Why a row's bandwidths are empty (the first that applies). */
enum collective_why {
	WHY_NONE,
	WHY_NO_ARGS,     /* no Collective name in its args nor in a record_param_comms op's */
	WHY_FAMILY,      /* barrier or an unknown collective */
	WHY_DTYPE_TYPE,  /* dtype missing or not a string */
	WHY_DTYPE,       /* an unknown dtype */
	WHY_SIZE,        /* the elements read missing, negative or not a whole number */
	WHY_GROUP,       /* group size missing, below 1 or not a whole number */
	WHY_TIME,        /* no time: total 0 */
	WHY_RANGE,       /* out of range: a product past 128 bits, or a bandwidth past 63 bits */
	WHY_COUNT
};

/* One row: its key's cells (or the device event name, NAMED) and its figures. */
struct collective_row {
	struct collective_args args;
	GString *key;
	guint64 count;
	gint64 total, min, max;
	gint64 bytes;        /* message bytes S; -1: unknown or past 63 bits */
	gint64 algbw, busbw; /* thousandths of GB/s; -1: empty */
	enum collective_why why;
	gboolean named; /* no collective known: the device event's name in collective (SPEC 15.2) */
	/* with why WHY_NONE: the elements S counts, the dtype's bytes and the busbw factor NUM / DEN */
	guint64 elements, num, den;
	guint dtype_bytes;
};

/* ARGS' cells as a row's key into KEY (NAMED: ARGS hold a device event's name only). */
void collective_row_key(GString *key, const struct collective_args *args, gboolean named);
/* The args of a row named by EVENT's name, into NAMED (cleared by the caller). */
const struct collective_args *collective_named_args(struct collective_args *named, const struct event *event);
struct collective_row *collective_row_new(const struct collective_args *args, gboolean named, const GString *key);
void collective_row_add(struct collective_row *row, gint64 dur);
/* ROW's message bytes and bandwidths from its count and total, and why they are empty. */
void collective_row_finish(struct collective_row *row);
void collective_row_free(gpointer row);
/* The order of the summary (GPtrArray's compare of struct collective_row *). */
int collective_row_compare(gconstpointer x, gconstpointer y);

struct collectives {
	GPtrArray *rows;   /* struct collective_row *, in the summary's order, owned */
	guint64 events;    /* device events of the communication class taken */
	guint64 own;       /* of those, with a Collective name in their own args */
	guint64 recorded;  /* with one from a record_param_comms op */
	guint64 empty[WHY_COUNT]; /* events in rows whose bandwidths are empty, by reason */
};

/* The summary of the device events SELECTION keeps (its steps and --step
 * range), COMMUNICATION the --comm-pattern or NULL. */
struct collectives *collectives_compute(const struct forest *forest, const struct attribution *attribution,
					const struct selection *selection, const GRegex *communication);
void collectives_free(struct collectives *collectives);
typedef struct collectives Collectives;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Collectives, collectives_free)

const struct catalogue *collective_summary_catalogue(void);
/* Writes CONFIG->collectives' rows; *ROWS is how many. */
gboolean write_collective_summary(struct output *out, const struct write_config *config, guint64 *rows);

/* The report's line: "  collectives:   N communication events, ...\n". */
char *collectives_report_text(const struct collectives *collectives);

#endif
