/* Rank groups: the numbered collective events of SPEC 20.1 (those with no
 * Comms Id nor Seq), per (step, group key), and each rank's count of them.
 * The n-th event of a (step, key) on every rank is one instance; where the
 * ranks' counts differ, the instances numbered at or past the smallest
 * count are not matched, and a warning names the ranks with more (at most
 * RANK_GROUP_WARNINGS lines, by step, then key, then rank; then how many
 * more). A table of GBytes (in step, step, key) -> struct rank_group: one
 * entry per (step, key), one count per rank that has it. */
#ifndef PP_RANK_GROUPS_H
#define PP_RANK_GROUPS_H

#include "views/ranks/rank_record.h"

#define RANK_GROUP_WARNINGS 10

struct rank_count {
	gint64 rank;
	guint64 count;
};

/* A (step, group key) and each rank's count of it. */
struct rank_group {
	char *key;
	gsize key_len;
	gboolean in_step;
	guint64 step;
	GArray *counts; /* struct rank_count */
	guint serial;   /* the add that last counted in it */
	guint64 least;  /* the smallest count (after rank_groups_warnings) */
};

/* A new table of groups. */
GHashTable *rank_groups_new(void);
/* The group of EVENT in GROUPS, made when new, with RANK's count in it
 * (SERIAL: the add under way, one per rank's record); ID a scratch string. */
struct rank_group *rank_groups_count(GHashTable *groups, const struct rank_event *event, gint64 rank, guint serial,
				     GString *id);
/* Sets each group's least count, and appends the warnings of those whose ranks' counts differ. */
void rank_groups_warnings(GHashTable *groups, GString *warnings);

#endif
