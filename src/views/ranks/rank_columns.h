/* Rank columns: the catalogue of --summary rank (SPEC 20.2), one getter per
 * column of a struct rank_total, each a figure of the row as the reduce left
 * it (the step mean rounded half up to the ns, empty without steps); and
 * the rows' texts: the straggler line, the warnings of ids repeated on a
 * rank, the devices and world sizes joined. Each is one pass over what it
 * is given (the warnings sort their ranks once). */
#ifndef PP_RANK_COLUMNS_H
#define PP_RANK_COLUMNS_H

#include "sinks/table.h"
#include "views/ranks/rank_steps.h"

/* A rank's row of --summary rank (made by src/views/ranks/rank_reduce.h). */
struct rank_total {
	gint64 rank;
	guint64 steps;
	gint64 step_total, busy, compute, communication, exposed, host_wait, idle;
	guint64 collectives, last_count;
	gint64 wait, transfer, delay;
	gint64 bar_wait;   /* the wait part of its bar (src/views/ranks/rank_bars.h) */
	guint64 left_out;  /* events left out for a repeated id */
	char *repeated;    /* the first such id, as messages show it, or NULL */
	guint64 zero_ids;  /* events with a Comms Id of 0, which is no id */
	struct rank_late late; /* step start late, and its lateness at its collectives (SPEC 26.6) */
};

const struct catalogue *rank_summary_catalogue(void);
/* The report's straggler line of FIRST, the first row ("straggler: rank R
 * arrived last at ...\n"), MATCHED instances and WAITED ns in all; NULL
 * unless its delay is above 0. */
char *rank_rows_straggler(const struct rank_total *first, guint64 matched, gint64 waited);
/* The warnings of the ranks of ROWS with events left out for a repeated id,
 * by rank: at most 10 lines, then one saying how many more. */
void rank_rows_repeat_warnings(const GPtrArray *rows, GString *warnings);
/* The texts of SET (its keys), "; "-joined in byte order, or NULL when empty. */
char *rank_texts_joined(GHashTable *set);
/* A row's parts of the page's stacked bar (SPEC 28, src/views/ranks/rank_bars.h), ns:
 * they add up to SPAN, with the bars kept. */
struct rank_bar {
	gint64 rank, span, compute, transfer, wait, other_busy, host_wait, other_idle;
};
void rank_reduce_bar(const void *row, struct rank_bar *bar);

/* The column rows are ordered by (for a table to keep it first). */
#define RANK_SUMMARY_ORDER "delay caused(ms)"

#endif
