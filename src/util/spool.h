/* A spool: pieces of text handed from one thread that makes them to one
 * that writes them, in order, with at most about LIMIT bytes between
 * them, so that output of any size passes through little memory. The maker
 * waits while the pieces handed on and not yet given back (waiting, or
 * being written) would hold more than LIMIT bytes with its own, unless there
 * are none (a piece alone may be larger: a row is never split); the writer
 * waits while none is waiting. Pieces written are given back and made again, so that
 * the same few buffers carry the whole output. */
#ifndef PP_SPOOL_H
#define PP_SPOOL_H

#include <glib.h>

struct spool;

struct spool *spool_new(gsize limit);
/* Frees SPOOL and the pieces left in it, once the maker has stopped. */
void spool_free(struct spool *spool);

/* The maker's: an empty piece to fill (one given back, or a new one). */
GString *spool_piece(struct spool *spool);
/* Hands PIECE (taken) to the writer, waiting for room first. FALSE when
 * the writer has cancelled: the piece is dropped, nothing more is wanted. */
gboolean spool_put(struct spool *spool, GString *piece);
/* No more pieces will come. */
void spool_close(struct spool *spool);

/* The writer's: the next piece, waiting for it; NULL once the maker has
 * closed and every piece was taken. */
GString *spool_take(struct spool *spool);
/* A piece taken, written: to be filled again. */
void spool_give_back(struct spool *spool, GString *piece);
/* No more pieces are wanted (writing failed): the maker's puts fail. */
void spool_cancel(struct spool *spool);

/* Bytes handed on and not given back, now (for tests). */
gsize spool_waiting(struct spool *spool);

#endif
