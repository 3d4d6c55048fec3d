/* Sort: --sort LIST and --top N, for any table's rows (SPEC 12): per-node
 * rows and every summary alike. The keys are columns of the table's
 * catalogue, any of them (written or not) but the list columns. Rows are
 * ordered by the first key, then the next: numbers descending, text
 * ascending in byte order, empty values (a memory column without [memory]
 * events, a row that joined no ET node) last; ties keep the usual order
 * (tree pre-order, a summary's own order). --top N keeps the first N.
 *
 * A sorter is given the rows in the usual order; it keeps of each its id,
 * its position and its key values (numbers as such, text copied into a
 * string chunk), never its formatted text. The position is the last key,
 * so the order is total and any sort gives the one answer (GLib's sorts
 * need not be stable). With --top N and keys, the rows held are cut back
 * to the best N whenever they reach 2N (and at least 4096): memory O(N),
 * time O(rows log N). With --top N and no key, the first N are taken. */
#ifndef PP_SORT_H
#define PP_SORT_H

#include "sinks/table.h"

/* Appends to KEYS (const struct column *) the columns of LIST, names
 * separated by commas, matched in CATALOGUE without regard to case; NULL
 * LIST: none. An unknown name, a list column or an empty LIST is an error. */
gboolean sort_pick(const struct catalogue *catalogue, const char *list, GPtrArray *keys, GError **error);
/* --top's N: a whole number >= 1. */
gboolean sort_parse_top(const char *text, guint *top, GError **error);

struct sorter;

/* A sorter by KEYS (none: the usual order), keeping TOP rows (0: all). */
struct sorter *sorter_new(const GPtrArray *keys, guint top);
/* Adds the row ROW (its keys read by their getters) under ID, next in the
 * usual order. FALSE when no later row can be kept (TOP rows without keys). */
gboolean sorter_add(struct sorter *sorter, guint64 id, const void *row);
/* The ids (guint64) in order, at most TOP; frees the sorter. */
GArray *sorter_finish(struct sorter *sorter);

#endif
