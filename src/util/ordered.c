#include "util/ordered.h"
#include <stdlib.h>
#include "util/fault.h"

#define MAX_THREADS 16

struct ticket {
	guint64 seq;
	gpointer item;
};

/* Pushed once per thread when the pool is freed: the thread ends. */
static struct ticket stop;

struct ordered_pool {
	GPtrArray *threads; /* GThread *, those started */
	guint wanted;       /* the most to start */
	GFunc work;
	gpointer user_data;
	const char *context; /* the creator's (src/util/fault.h) */
	GDestroyNotify free_item;
	GAsyncQueue *todo;  /* struct ticket *, in the order given */
	GAsyncQueue *done;  /* struct ticket *, in the order work finished */
	GHashTable *early;  /* seq -> struct ticket *, done before their turn */
	guint64 next_seq, taken_seq;
};

static void run_ticket(struct ordered_pool *pool, struct ticket *ticket)
{
	pool->work(ticket->item, pool->user_data);
	g_async_queue_push(pool->done, ticket);
}

static gpointer run_thread(gpointer data)
{
	struct ordered_pool *pool = data;
	fault_set_context(pool->context);
	struct ticket *ticket;
	while ((ticket = g_async_queue_pop(pool->todo)) != &stop)
		run_ticket(pool, ticket);
	return NULL;
}

struct ordered_pool *ordered_pool_new(GFunc work, gpointer user_data, guint threads, GDestroyNotify free_item)
{
	struct ordered_pool *pool = g_new0(struct ordered_pool, 1);
	pool->work = work;
	pool->context = fault_context();
	pool->user_data = user_data;
	pool->free_item = free_item;
	pool->wanted = MAX(threads, 1);
	pool->threads = g_ptr_array_new();
	pool->todo = g_async_queue_new();
	pool->done = g_async_queue_new();
	pool->early = g_hash_table_new(g_direct_hash, g_direct_equal);
	return pool;
}

/* Another thread when none is idle and the pool may grow. A thread that
 * cannot be started (no processes or no memory left) is not tried again:
 * the pool goes on with those it has, or with none, working in the
 * caller's thread. */
static void grow(struct ordered_pool *pool)
{
	if (pool->threads->len == pool->wanted || g_async_queue_length(pool->todo) < 0)
		return;
	GThread *thread = g_thread_try_new("ordered", run_thread, pool, NULL);
	if (thread)
		g_ptr_array_add(pool->threads, thread);
	else
		pool->wanted = pool->threads->len;
}

void ordered_pool_push(struct ordered_pool *pool, gpointer item)
{
	struct ticket *ticket = g_new(struct ticket, 1);
	ticket->seq = pool->next_seq++;
	ticket->item = item;
	grow(pool);
	if (pool->threads->len)
		g_async_queue_push(pool->todo, ticket);
	else
		run_ticket(pool, ticket);
}

guint ordered_pool_in_flight(const struct ordered_pool *pool)
{
	return (guint)(pool->next_seq - pool->taken_seq);
}

guint ordered_pool_started(const struct ordered_pool *pool)
{
	return pool->threads->len;
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
	for (guint i = 0; i < pool->threads->len; i++)
		g_async_queue_push(pool->todo, &stop);
	for (guint i = 0; i < pool->threads->len; i++)
		g_thread_join(pool->threads->pdata[i]); /* the work under way is done */
	g_ptr_array_free(pool->threads, TRUE);
	gpointer item;
	while ((item = ordered_pool_next(pool, TRUE)))
		if (pool->free_item)
			pool->free_item(item);
	g_async_queue_unref(pool->todo);
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
