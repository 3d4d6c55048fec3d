#include "util/spool.h"

#define SPARE_PIECES 4
#define SPARE_BYTES (1 << 18) /* a larger piece (a large row) is freed, not kept */

struct spool {
	GMutex lock;
	GCond changed;
	GQueue waiting; /* GString *, in the order put */
	gsize bytes;    /* held by the pieces waiting, and the one being written */
	gsize limit;
	gboolean closed, cancelled;
	GPtrArray *spare; /* GString *, given back */
};

static void piece_free(gpointer piece)
{
	g_string_free(piece, TRUE);
}

struct spool *spool_new(gsize limit)
{
	struct spool *s = g_new0(struct spool, 1);
	g_mutex_init(&s->lock);
	g_cond_init(&s->changed);
	g_queue_init(&s->waiting);
	s->limit = limit;
	s->spare = g_ptr_array_new_with_free_func(piece_free);
	return s;
}

void spool_free(struct spool *s)
{
	if (!s)
		return;
	g_queue_clear_full(&s->waiting, piece_free);
	g_ptr_array_free(s->spare, TRUE);
	g_cond_clear(&s->changed);
	g_mutex_clear(&s->lock);
	g_free(s);
}

GString *spool_piece(struct spool *s)
{
	g_mutex_lock(&s->lock);
	GString *piece = s->spare->len ? g_ptr_array_steal_index_fast(s->spare, s->spare->len - 1) : NULL;
	g_mutex_unlock(&s->lock);
	return piece ? piece : g_string_sized_new(1 << 16);
}

gboolean spool_put(struct spool *s, GString *piece)
{
	g_mutex_lock(&s->lock);
	while (!s->cancelled && s->bytes && s->bytes + piece->len > s->limit)
		g_cond_wait(&s->changed, &s->lock);
	gboolean wanted = !s->cancelled;
	if (wanted) {
		g_queue_push_tail(&s->waiting, piece);
		s->bytes += piece->len;
		g_cond_broadcast(&s->changed);
	}
	g_mutex_unlock(&s->lock);
	if (!wanted)
		piece_free(piece);
	return wanted;
}

void spool_close(struct spool *s)
{
	g_mutex_lock(&s->lock);
	s->closed = TRUE;
	g_cond_broadcast(&s->changed);
	g_mutex_unlock(&s->lock);
}

GString *spool_take(struct spool *s)
{
	g_mutex_lock(&s->lock);
	while (!s->closed && g_queue_is_empty(&s->waiting))
		g_cond_wait(&s->changed, &s->lock);
	GString *piece = g_queue_pop_head(&s->waiting);
	g_mutex_unlock(&s->lock);
	return piece;
}

void spool_give_back(struct spool *s, GString *piece)
{
	g_mutex_lock(&s->lock);
	s->bytes -= piece->len;
	g_cond_broadcast(&s->changed);
	g_string_truncate(piece, 0);
	gboolean kept = s->spare->len < SPARE_PIECES && piece->allocated_len <= SPARE_BYTES;
	if (kept)
		g_ptr_array_add(s->spare, piece);
	g_mutex_unlock(&s->lock);
	if (!kept)
		piece_free(piece);
}

void spool_cancel(struct spool *s)
{
	g_mutex_lock(&s->lock);
	s->cancelled = TRUE;
	g_cond_broadcast(&s->changed);
	g_mutex_unlock(&s->lock);
}

gsize spool_waiting(struct spool *s)
{
	g_mutex_lock(&s->lock);
	gsize bytes = s->bytes;
	g_mutex_unlock(&s->lock);
	return bytes;
}
