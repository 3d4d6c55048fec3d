/* Rank reduce: the collective instances across ranks (SPEC 20.1) and the
 * rows of --summary rank (SPEC 20.2), from the ranks' records
 * (src/views/ranks/rank_record.h), added one rank at a time (as traces end, or as
 * --merge reads their maps): a record's events are folded in and can be
 * freed at once.
 *
 * Held: per instance its key and one (rank, start, end, collective row,
 * device, lane) per rank that has it, 40 bytes; per (step, group key) one
 * (rank, count) per rank that has it; per rank its row; per step number
 * the first rank with it; with the bars kept (the page), each rank's
 * exposed intervals (src/views/ranks/rank_bars.h), 32 bytes each. So memory is
 * O(instances x ranks) integers, never the ranks' events, and every step
 * is linear in what it holds (the bars' intervals sorted once): nothing is
 * quadratic in the ranks.
 *
 * At the end: an instance numbered at or beyond the smallest count of its
 * (step, group key) among the ranks that have it is not matched, nor one
 * that one rank only has. For a matched instance: the last arrival A (the
 * latest start), the last rank (the lowest rank starting at A), the skew
 * (A less the earliest start), each rank's wait min(A, end) - start and
 * transfer end - max(A, start) (0 when negative), and the delay the last
 * rank caused: A less the latest start of the other ranks (0 on a tie).
 * The instances where a rank's event ends before another's starts say
 * the clocks disagree. Each rank's step start late and its lateness at its
 * collectives are src/views/ranks/rank_steps.h's. The result does not depend on
 * the order the ranks come in.
 *
 * Exact in 63 bits, or an error: the events of all ranks must lie within
 * 2^63 - 1 ns of each other (so that every difference above fits), and the
 * waits, transfers and skews of all instances must add up within it (so
 * that no sum of them, a rank's, a row's or the job's, wraps). */
#ifndef PP_RANK_REDUCE_H
#define PP_RANK_REDUCE_H

#include "views/ranks/rank_record.h"
#include "views/ranks/rank_columns.h"

struct rank_reduce;

struct rank_reduce *rank_reduce_new(void);
void rank_reduce_free(struct rank_reduce *reduce);
/* Keeps what the page's bars need (src/views/ranks/rank_bars.h): before the first add. */
void rank_reduce_keep_bars(struct rank_reduce *reduce);
/* Folds RECORD (its rank set) in. */
void rank_reduce_add(struct rank_reduce *reduce, const struct rank_record *record);
/* Works the instances out: after the last rank. The warnings of SPEC 20.1
 * (one line each: the clocks, no shared step, then at most 10 count
 * warnings by step and key, then how many more, then at most 10 lines of
 * ranks with events left out for a repeated id, by rank, then how many
 * more) into WARNINGS. FALSE, ERROR set, when a figure would not fit in
 * 63 bits (above): nothing of the reduce may then be written. */
gboolean rank_reduce_finish(struct rank_reduce *reduce, GString *warnings, GError **error);
/* The rows (struct rank_total *, owned by REDUCE), sorted by delay caused
 * (descending), then rank. */
const GPtrArray *rank_reduce_rows(const struct rank_reduce *reduce);
/* With records that kept their collective rows: the rows of --summary
 * collective --across-ranks (src/views/collectives/collective_across.h), sorted, owned
 * by REDUCE; after rank_reduce_finish. */
GPtrArray *rank_reduce_collectives(struct rank_reduce *reduce);
/* The report's straggler line ("straggler: rank R arrived last at ...\n"), or NULL. */
char *rank_reduce_straggler(const struct rank_reduce *reduce);
/* The ranks' distinct device names (WORLD_SIZES: world sizes), "; "-joined in byte order, or NULL. */
char *rank_reduce_hardware(const struct rank_reduce *reduce, gboolean world_sizes);
/* What the job rules of the findings read (SPEC 22), after
 * rank_reduce_finish: the ranks, the sum of their waits, the first row
 * (the straggler's, when its delay is above 0) and whether the clocks
 * disagree (20.1's warning). */
struct rank_job {
	guint ranks;
	guint64 matched, disagree;
	gboolean clocks_disagree;
	gint64 waited;               /* every rank's wait over every instance */
	gint64 first_rank, first_delay;
	guint64 first_last_count;
	struct rank_late first_late; /* the first row's step start late and lateness at collectives (SPEC 26.6) */
	guint64 first_collectives;   /* its matched instances */
};
void rank_reduce_job(const struct rank_reduce *reduce, struct rank_job *job);
/* The wait parts of the matched events, [start, end) = [a_r, min(A, e_r))
 * on the rank's device (SPEC 22's exposed-communication with several
 * traces): kept from rank_reduce_keep_waits on, in no order. */
struct rank_wait {
	gint64 rank;
	gint device;
	gint64 start, end;
};
void rank_reduce_keep_waits(struct rank_reduce *reduce);
const GArray *rank_reduce_waits(const struct rank_reduce *reduce);
/* The matched instances' events (the critical path across ranks, SPEC
 * 30), kept from the first call on (before rank_reduce_finish, which fills
 * it): a GArray * of struct rank_arrival per matched instance, in no order. */
struct rank_arrival {
	gint64 rank;
	guint32 position; /* the event's place in its rank's trace */
};
const GPtrArray *rank_reduce_keep_instances(struct rank_reduce *reduce);
/* How many instances were matched. */
guint64 rank_reduce_instances(const struct rank_reduce *reduce);

typedef struct rank_reduce RankReduce;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RankReduce, rank_reduce_free)


#endif
