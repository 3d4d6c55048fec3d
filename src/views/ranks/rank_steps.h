/* Step starts across ranks (SPEC 26.6): how late each rank entered the
 * steps, for --summary rank's step start late(ms) and the straggler's
 * advice.
 *
 * The ranks' records (src/views/ranks/rank_record.h) say, per step number, the
 * earliest start of its ProfilerStep#N on the rank. A step number is common
 * when every rank has it (a rank whose record has no starts, a map written
 * before them, leaves none common). Per common step, a rank's lateness is
 * its start less the earliest rank's start of it, the clocks as 20.1 takes
 * them (the timestamps as written); a rank's step start late is the median
 * of its lateness over the common steps: the middle one of an odd count,
 * the mean of the two middle ones of an even count, kept doubled (exact)
 * and written rounded half up to the ns; empty without common steps.
 *
 * The straggler's delay began before the step when its step start late is
 * at least half of its mean lateness at its collectives (its arrival less
 * the earliest arrival, 20.1, over its matched instances): 2 · median · n
 * >= Σ lateness, compared exactly (128 bits).
 *
 * Held: per step number one (rank, start) per rank that has it; at the
 * end, per rank its lateness over the common steps, sorted once: O(steps x
 * ranks) memory, O(steps x ranks x log steps) time. The result does not
 * depend on the order the ranks come in. */
#ifndef PP_RANK_STEPS_H
#define PP_RANK_STEPS_H

#include "sinks/table.h"
#include "views/ranks/rank_record.h"

/* A rank's lateness: at the steps' starts and at its collectives. */
struct rank_late {
	gboolean known;  /* common steps: MEDIAN2 holds */
	gint64 median2;  /* twice the median of its step start lateness (ns) */
	gint64 arrivals; /* over its matched instances, its arrival less the earliest arrival (ns), summed */
};

struct rank_steps;

struct rank_steps *rank_steps_new(void);
void rank_steps_free(struct rank_steps *steps);
/* Folds RECORD's step starts in (its rank set). */
void rank_steps_add(struct rank_steps *steps, const struct rank_record *record);
/* Works the medians out, RANKS the ranks added: after the last rank. NULL,
 * or what would not fit in 63 bits (steps started 2^62 ns or more apart:
 * twice a median must fit), and no median is known. */
const char *rank_steps_finish(struct rank_steps *steps, guint ranks);
/* RANK's step start late into LATE (known, median2; its arrivals untouched). */
void rank_steps_late(const struct rank_steps *steps, gint64 rank, struct rank_late *late);

/* step start late(ms): the median rounded half up to the ns, or empty. */
void rank_late_value(const struct rank_late *late, struct value *v);
/* The median rounded half up to the ns (LATE known). */
gint64 rank_late_ns(const struct rank_late *late);
/* Whether the delay began before the step: LATE known, INSTANCES > 0 and
 * the median at least half of the mean lateness at the collectives. */
gboolean rank_late_before_step(const struct rank_late *late, guint64 instances);

#endif
