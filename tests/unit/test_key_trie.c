/* The key trie (src/util/key_trie.h): a node's text is its frames joined
 * by "$$"; key_node_compare orders nodes as memcmp orders their texts
 * (the shorter first), checked on every pair of a trie whose frames share
 * prefixes, end in '$', are empty or hold NUL bytes, which are the cases
 * where a frame-by-frame order and the byte order part (a key and its
 * child of an empty frame: "" < "$$"); key_trie_map finds
 * a trie's keys in another. */
#include "util/key_trie.h"
#include <string.h>
#include "unit.h"

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static int text_order(const struct key_node *a, const struct key_node *b)
{
	gsize la, lb;
	const char *ta = key_node_text(a, &la);
	g_autofree char *copy = g_memdup2(ta, la + 1);
	const char *tb = key_node_text(b, &lb);
	int order = memcmp(copy, tb, MIN(la, lb));
	return sign(order ? order : (la > lb) - (la < lb));
}

/* The frames of the test (as path_key_append writes them: none starts with
 * '$' or holds "$$"; the name summary's single frames may, as "$$x"). */
static const char *const frames[] = { "", "a", "a$", "ab", "a!", "b", "\\$", "a$b", "x\0y", "x" };
static const gsize frame_lens[] = { 0, 1, 2, 2, 2, 1, 2, 3, 3, 1 };

static void test_text(void)
{
	struct key_trie *trie = key_trie_new();
	struct key_node *a = key_trie_add(trie, NULL, "a", 1);
	struct key_node *b = key_trie_add(trie, a, "b$", 2);
	struct key_node *c = key_trie_add(trie, b, "", 0);
	gsize len;
	const char *text = key_node_text(c, &len);
	CU_ASSERT_EQUAL(len, 7);
	CU_ASSERT_EQUAL(memcmp(text, "a$$b$$$", 7), 0);
	CU_ASSERT_PTR_EQUAL(key_trie_add(trie, a, "b$", 2), b); /* found, not made again */
	CU_ASSERT_EQUAL(key_trie_count(trie), 3);
	CU_ASSERT_EQUAL(c->depth, 3);
	key_trie_free(trie);
}

static void test_order(void)
{
	struct key_trie *trie = key_trie_new();
	/* every path of up to 3 frames over the frames above: 10 + 100 + 1000 nodes */
	GPtrArray *level = g_ptr_array_new();
	g_ptr_array_add(level, NULL);
	for (int depth = 0; depth < 3; depth++) {
		GPtrArray *next = g_ptr_array_new();
		for (guint i = 0; i < level->len; i++)
			for (guint f = 0; f < G_N_ELEMENTS(frames); f++)
				g_ptr_array_add(next, key_trie_add(trie, level->pdata[i], frames[f], frame_lens[f]));
		g_ptr_array_free(level, TRUE);
		level = next;
	}
	g_ptr_array_free(level, TRUE);
	CU_ASSERT_EQUAL(key_trie_count(trie), 1110);
	guint wrong = 0;
	for (guint i = 0; i < key_trie_count(trie); i++)
		for (guint j = 0; j < key_trie_count(trie); j++)
			wrong += sign(key_node_compare(key_trie_node(trie, i), key_trie_node(trie, j))) !=
				 text_order(key_trie_node(trie, i), key_trie_node(trie, j));
	CU_ASSERT_EQUAL(wrong, 0);
	/* a chain of empty frames against one of "a$" and empty frames: the order is the texts' lengths' */
	struct key_node *x = key_trie_add(trie, NULL, "a", 1), *y = key_trie_add(trie, NULL, "a$", 2);
	for (int k = 0; k < 40; k++) {
		x = key_trie_add(trie, x, "", 0);
		if (k % 2)
			y = key_trie_add(trie, y, "", 0);
		CU_ASSERT_EQUAL(sign(key_node_compare(x, y)), text_order(x, y));
		CU_ASSERT_EQUAL(sign(key_node_compare(y, x)), text_order(y, x));
	}
	key_trie_free(trie);
}

/* Deep keys (the jumps at work): a random tree 300 deep over the same
 * frames, random pairs against their texts' order. */
static void test_deep(void)
{
	struct key_trie *trie = key_trie_new();
	GRand *rand = g_rand_new_with_seed(33);
	GPtrArray *made = g_ptr_array_new();
	struct key_node *chain = NULL;
	for (int i = 0; i < 3000; i++) {
		/* mostly down the chain, sometimes a branch off a node made before */
		const struct key_node *parent = chain;
		if (!(i % 10) || !chain)
			parent = made->len ? made->pdata[g_rand_int_range(rand, 0, (gint32)made->len)] : NULL;
		guint f = (guint)g_rand_int_range(rand, 0, G_N_ELEMENTS(frames));
		struct key_node *node = key_trie_add(trie, parent, frames[f], frame_lens[f]);
		g_ptr_array_add(made, node);
		if (node->depth <= 300 && i % 10)
			chain = node;
	}
	guint wrong = 0;
	for (int k = 0; k < 20000; k++) {
		const struct key_node *a = made->pdata[g_rand_int_range(rand, 0, (gint32)made->len)];
		const struct key_node *b = made->pdata[g_rand_int_range(rand, 0, (gint32)made->len)];
		wrong += sign(key_node_compare(a, b)) != text_order(a, b);
	}
	CU_ASSERT_EQUAL(wrong, 0);
	g_ptr_array_free(made, TRUE);
	g_rand_free(rand);
	key_trie_free(trie);
}

static void test_map(void)
{
	struct key_trie *from = key_trie_new(), *to = key_trie_new();
	struct key_node *a = key_trie_add(from, NULL, "a", 1);
	struct key_node *ab = key_trie_add(from, a, "b", 1);
	struct key_node *in_to = key_trie_add(to, key_trie_add(to, NULL, "a", 1), "b", 1);
	struct key_node *c = key_trie_add(from, NULL, "c", 1);
	g_autofree struct key_node **found = key_trie_map(to, from, FALSE);
	CU_ASSERT_PTR_EQUAL(found[ab->index], in_to);
	CU_ASSERT_PTR_NULL(found[c->index]);
	CU_ASSERT_EQUAL(key_trie_count(to), 2);
	g_autofree struct key_node **made = key_trie_map(to, from, TRUE);
	CU_ASSERT_PTR_EQUAL(made[ab->index], in_to);
	CU_ASSERT_PTR_NOT_NULL(made[c->index]);
	CU_ASSERT_EQUAL(key_trie_count(to), 3);
	/* nodes of different tries order as their texts */
	CU_ASSERT_TRUE(key_node_compare(ab, made[c->index]) < 0);
	CU_ASSERT_TRUE(key_node_compare(made[c->index], ab) > 0);
	key_trie_free(from);
	key_trie_free(to);
}

UNIT_MAIN("key_trie", UNIT_TEST(test_text), UNIT_TEST(test_order), UNIT_TEST(test_deep), UNIT_TEST(test_map))
