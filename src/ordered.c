#include "ordered.h"
#include <stdlib.h>

#define MAX_THREADS 16

struct ticket {
	guint64 seq;
	gpointer item;
};

struct ordered_pool {
	GThreadPool *threads;
	GFunc work;
	gpointer user_data;
	GDestroyNotify free_item;
	GAsyncQueue *done;  /* struct ticket *, in the order work finished */
	GHashTable *early;  /* seq -> struct ticket *, done before their turn */
	guint64 next_seq, taken_seq;
};

static void run_ticket(gpointer data, gpointer user_data)
{
	struct ticket *ticket = data;
	struct ordered_pool *pool = user_data;
	pool->work(ticket->item, pool->user_data);
	g_async_queue_push(pool->done, ticket);
}

struct ordered_pool *ordered_pool_new(GFunc work, gpointer user_data, guint threads, GDestroyNotify free_item)
{
	struct ordered_pool *pool = g_new0(struct ordered_pool, 1);
	pool->work = work;
	pool->user_data = user_data;
	pool->free_item = free_item;
	pool->done = g_async_queue_new();
	pool->early = g_hash_table_new(g_direct_hash, g_direct_equal);
	pool->threads = g_thread_pool_new(run_ticket, pool, (int)MAX(threads, 1), FALSE, NULL);
	return pool;
}

void ordered_pool_push(struct ordered_pool *pool, gpointer item)
{
	struct ticket *ticket = g_new(struct ticket, 1);
	ticket->seq = pool->next_seq++;
	ticket->item = item;
	g_thread_pool_push(pool->threads, ticket, NULL);
}

guint ordered_pool_in_flight(const struct ordered_pool *pool)
{
	return (guint)(pool->next_seq - pool->taken_seq);
}

gpointer ordered_pool_next(struct ordered_pool *pool, gboolean wait)
{
	while (ordered_pool_in_flight(pool)) {
		gpointer key = GSIZE_TO_POINTER(pool->taken_seq);
		struct ticket *ticket = g_hash_table_lookup(pool->early, key);
		if (ticket) {
			g_hash_table_remove(pool->early, key);
			pool->taken_seq++;
			gpointer item = ticket->item;
			g_free(ticket);
			return item;
		}
		ticket = wait ? g_async_queue_pop(pool->done) : g_async_queue_try_pop(pool->done);
		if (!ticket)
			return NULL;
		g_hash_table_insert(pool->early, GSIZE_TO_POINTER(ticket->seq), ticket);
	}
	return NULL;
}

void ordered_pool_free(struct ordered_pool *pool)
{
	if (!pool)
		return;
	g_thread_pool_free(pool->threads, FALSE, TRUE);
	gpointer item;
	while ((item = ordered_pool_next(pool, TRUE)))
		if (pool->free_item)
			pool->free_item(item);
	g_async_queue_unref(pool->done);
	g_hash_table_destroy(pool->early);
	g_free(pool);
}

guint ordered_pool_threads(guint requested)
{
	guint threads = requested ? requested : g_get_num_processors();
	const char *override = g_getenv("PROFILE_PARSER_THREADS");
	if (override && atoi(override) > 0)
		threads = (guint)atoi(override);
	return CLAMP(threads, 1, MAX_THREADS);
}
