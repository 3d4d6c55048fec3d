/* A GThreadPool whose work items are taken back in the order they were
 * given, so that parallel stages produce what a sequential one would. */
#ifndef PP_ORDERED_H
#define PP_ORDERED_H

#include <glib.h>

struct ordered_pool;

/* WORK(item, user_data) runs on one of THREADS threads, started as work
 * comes; FREE_ITEM frees the items never taken back. A thread that cannot be
 * started leaves the work to those that could, or, when none could, to the
 * caller's thread, inside ordered_pool_push: the results are the same. */
struct ordered_pool *ordered_pool_new(GFunc work, gpointer user_data, guint threads, GDestroyNotify free_item);
void ordered_pool_push(struct ordered_pool *pool, gpointer item);
/* The next item in order once its work is done: waiting for it when WAIT,
 * else NULL if it is not done yet. NULL when no item is in flight. */
gpointer ordered_pool_next(struct ordered_pool *pool, gboolean wait);
/* Items given and not yet taken back. */
guint ordered_pool_in_flight(const struct ordered_pool *pool);
/* Threads started so far. */
guint ordered_pool_started(const struct ordered_pool *pool);
/* Waits for the work under way, then frees what was not taken back. */
void ordered_pool_free(struct ordered_pool *pool);

/* How many threads to use: REQUESTED, or one per processor when 0;
 * $PROFILE_PARSER_THREADS overrides both (for experiments and tests). */
guint ordered_pool_threads(guint requested);

#endif
