#include "unit.h"
#include "util/spool.h"

static GString *piece_of(struct spool *spool, const char *text)
{
	GString *piece = spool_piece(spool);
	CU_ASSERT_EQUAL(piece->len, 0);
	g_string_append(piece, text);
	return piece;
}

/* One thread: pieces come out in the order put; the bytes count until given back. */
static void test_order_and_bytes(void)
{
	struct spool *spool = spool_new(100);
	CU_ASSERT_TRUE(spool_put(spool, piece_of(spool, "abc")));
	CU_ASSERT_TRUE(spool_put(spool, piece_of(spool, "de")));
	CU_ASSERT_EQUAL(spool_waiting(spool), 5);
	GString *first = spool_take(spool);
	ASSERT_STR(first->str, "abc");
	CU_ASSERT_EQUAL(spool_waiting(spool), 5); /* being written: still counted */
	spool_give_back(spool, first);
	CU_ASSERT_EQUAL(spool_waiting(spool), 2);
	GString *again = spool_piece(spool); /* the one given back, emptied */
	CU_ASSERT_PTR_EQUAL(again, first);
	CU_ASSERT_EQUAL(again->len, 0);
	g_string_free(again, TRUE);
	spool_close(spool);
	GString *second = spool_take(spool);
	ASSERT_STR(second->str, "de");
	spool_give_back(spool, second);
	CU_ASSERT_PTR_NULL(spool_take(spool)); /* closed, all taken */
	CU_ASSERT_EQUAL(spool_waiting(spool), 0);
	spool_free(spool);
}

/* A piece over the limit passes when nothing else is outstanding. */
static void test_large_piece_alone(void)
{
	struct spool *spool = spool_new(4);
	CU_ASSERT_TRUE(spool_put(spool, piece_of(spool, "0123456789")));
	CU_ASSERT_EQUAL(spool_waiting(spool), 10);
	spool_close(spool);
	GString *piece = spool_take(spool);
	CU_ASSERT_EQUAL(piece->len, 10);
	spool_give_back(spool, piece);
	CU_ASSERT_PTR_NULL(spool_take(spool));
	spool_free(spool);
}

#define PIECES 200
#define LIMIT 25

struct maker {
	struct spool *spool;
	int put;         /* pieces put before a put failed */
	gboolean failed; /* a put failed */
};

/* Puts PIECES pieces "000," "001," ... (4 bytes each), until one fails. */
static gpointer make(gpointer data)
{
	struct maker *m = data;
	for (int i = 0; i < PIECES && !m->failed; i++) {
		char text[8];
		g_snprintf(text, sizeof text, "%03d,", i);
		if (spool_put(m->spool, piece_of(m->spool, text)))
			m->put++;
		else
			m->failed = TRUE;
	}
	spool_close(m->spool);
	return NULL;
}

/* Two threads: every piece, in order; never more than LIMIT bytes outstanding
 * (4-byte pieces: at most 6 of them, 24 bytes). */
static void test_threads_bounded(void)
{
	struct maker m = { spool_new(LIMIT), 0, FALSE };
	GThread *thread = g_thread_new("maker", make, &m);
	GString *all = g_string_new(NULL);
	gsize most = 0;
	GString *piece;
	while ((piece = spool_take(m.spool))) {
		most = MAX(most, spool_waiting(m.spool));
		g_string_append_len(all, piece->str, piece->len);
		spool_give_back(m.spool, piece);
	}
	g_thread_join(thread);
	CU_ASSERT_EQUAL(m.put, PIECES);
	CU_ASSERT_FALSE(m.failed);
	CU_ASSERT_EQUAL(all->len, 4 * PIECES);
	CU_ASSERT_TRUE(g_str_has_prefix(all->str, "000,001,002,"));
	CU_ASSERT_TRUE(g_str_has_suffix(all->str, "198,199,"));
	for (int i = 0; i < PIECES; i++) {
		char text[8];
		g_snprintf(text, sizeof text, "%03d,", i);
		CU_ASSERT_EQUAL(memcmp(all->str + 4 * i, text, 4), 0);
	}
	CU_ASSERT_TRUE(most >= 4 && most <= 24);
	g_string_free(all, TRUE);
	spool_free(m.spool);
}

/* The writer gives up after 3 pieces: the maker, waiting for room or not, stops. */
static void test_cancel(void)
{
	struct maker m = { spool_new(LIMIT), 0, FALSE };
	GThread *thread = g_thread_new("maker", make, &m);
	for (int i = 0; i < 3; i++) {
		GString *piece = spool_take(m.spool);
		CU_ASSERT_PTR_NOT_NULL_FATAL(piece);
		spool_give_back(m.spool, piece);
	}
	spool_cancel(m.spool);
	g_thread_join(thread);
	CU_ASSERT_TRUE(m.failed);
	CU_ASSERT_TRUE(m.put >= 3 && m.put < PIECES);
	spool_free(m.spool); /* frees the pieces left waiting */
}

UNIT_MAIN("spool", UNIT_TEST(test_order_and_bytes), UNIT_TEST(test_large_piece_alone),
	  UNIT_TEST(test_threads_bounded), UNIT_TEST(test_cancel))
