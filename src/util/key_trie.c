#include "util/key_trie.h"
#include <string.h>

enum { NODES_BLOCK = 1024 };

struct key_trie {
	GHashTable *frames; /* GBytes -> itself: each distinct frame once */
	GHashTable *nodes;  /* struct key_node * -> itself, by (parent, frame) */
	guint count;        /* nodes made */
	GPtrArray *blocks;  /* their memory, NODES_BLOCK a block (not one allocation each): node I at I / NODES_BLOCK */
};

/* The frame's bytes (NULL may stand for an empty frame's) and length. */
static const char *frame_of(const struct key_node *node, gsize *len)
{
	return g_bytes_get_data(node->frame, len);
}

/* Frames are interned: a node is told by the addresses of its parent and frame. */
static guint node_hash(gconstpointer p)
{
	const struct key_node *n = p;
	return g_direct_hash(n->parent) * 31u + g_direct_hash(n->frame);
}

static gboolean node_equal(gconstpointer x, gconstpointer y)
{
	const struct key_node *a = x, *b = y;
	return a->parent == b->parent && a->frame == b->frame;
}

struct key_trie *key_trie_new(void)
{
	struct key_trie *trie = g_new0(struct key_trie, 1);
	trie->frames = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	trie->nodes = g_hash_table_new(node_hash, node_equal);
	trie->blocks = g_ptr_array_new_with_free_func(g_free);
	return trie;
}

void key_trie_free(struct key_trie *trie)
{
	if (!trie)
		return;
	g_hash_table_destroy(trie->nodes);
	g_hash_table_destroy(trie->frames);
	g_ptr_array_free(trie->blocks, TRUE);
	g_free(trie);
}

/* The node of (PARENT, FRAME), made when MAKE; NULL when absent. */
static struct key_node *lookup(struct key_trie *trie, const struct key_node *parent, const char *frame, gsize len,
			       gboolean make)
{
	g_autoptr(GBytes) probe = g_bytes_new_static(frame, len);
	GBytes *interned = g_hash_table_lookup(trie->frames, probe);
	if (!interned) {
		if (!make)
			return NULL;
		interned = g_bytes_new(frame, len);
		g_hash_table_add(trie->frames, interned);
	}
	struct key_node key = { .parent = parent, .frame = interned };
	struct key_node *node = g_hash_table_lookup(trie->nodes, &key);
	if (node || !make)
		return node;
	guint at = trie->count % NODES_BLOCK;
	if (!at)
		g_ptr_array_add(trie->blocks, g_new(struct key_node, NODES_BLOCK));
	node = (struct key_node *)trie->blocks->pdata[trie->blocks->len - 1] + at;
	*node = key;
	node->depth = parent ? parent->depth + 1 : 1;
	/* skew-binary jumps (Myers 1983): a jump's depth depends on the depth only; O(log depth) to any ancestor */
	const struct key_node *pj = parent ? parent->jump : NULL;
	node->jump = pj && pj->jump && parent->depth - pj->depth == pj->depth - pj->jump->depth ? pj->jump : parent;
	node->index = trie->count++;
	g_hash_table_add(trie->nodes, node);
	return node;
}

struct key_node *key_trie_add(struct key_trie *trie, const struct key_node *parent, const char *frame, gsize len)
{
	return lookup(trie, parent, frame, len, TRUE);
}

struct key_node **key_trie_map(struct key_trie *trie, const struct key_trie *from, gboolean make)
{
	struct key_node **map = g_new0(struct key_node *, from->count + 1);
	for (guint i = 0; i < from->count; i++) {
		const struct key_node *node = key_trie_node(from, i);
		const struct key_node *parent = node->parent ? map[node->parent->index] : NULL;
		gsize len;
		const char *frame = frame_of(node, &len);
		if (!node->parent || parent) /* a parent comes first: NULL there is a key TRIE lacks */
			map[i] = lookup(trie, parent, frame, len, make);
	}
	return map;
}

guint key_trie_count(const struct key_trie *trie)
{
	return trie->count;
}

struct key_node *key_trie_node(const struct key_trie *trie, guint index)
{
	return (struct key_node *)trie->blocks->pdata[index / NODES_BLOCK] + index % NODES_BLOCK;
}

static void text_free(gpointer text)
{
	g_string_free(text, TRUE);
}

const char *key_node_text(const struct key_node *node, gsize *len)
{
	static GPrivate buffer = G_PRIVATE_INIT(text_free);
	GString *text = g_private_get(&buffer);
	if (!text)
		g_private_set(&buffer, text = g_string_new(NULL));
	gsize total = 0;
	for (const struct key_node *n = node; n; n = n->parent)
		total += g_bytes_get_size(n->frame) + (n->parent ? 2 : 0);
	g_string_set_size(text, total);
	gsize end = total;
	for (const struct key_node *n = node; n; n = n->parent) { /* from the last frame back */
		gsize frame_len;
		const char *frame = frame_of(n, &frame_len);
		end -= frame_len;
		if (frame_len) /* an empty frame's bytes may be NULL */
			memcpy(text->str + end, frame, frame_len);
		if (n->parent) {
			end -= 2;
			memcpy(text->str + end, "$$", 2);
		}
	}
	*len = total;
	return text->str;
}

/* NODE's ancestor-or-self at DEPTH (at most NODE's): O(log depth) by the jumps. */
static const struct key_node *at_depth(const struct key_node *node, guint depth)
{
	while (node->depth > depth)
		node = node->jump && node->jump->depth >= depth ? node->jump : node->parent;
	return node;
}

/* The bytes of KEY's text past depth TOP, one at a time: its frames from
 * depth TOP + 1 on, each after "$$" when TOP > 0 (after the first when 0). */
struct cursor {
	const struct key_node *key, *frame; /* FRAME: the one at hand, or NULL past the end */
	gsize offset;
	int separator; /* '$' still to give before FRAME's bytes */
};

static void cursor_init(struct cursor *c, const struct key_node *key, guint top)
{
	c->key = key;
	c->frame = key->depth > top ? at_depth(key, top + 1) : NULL;
	c->offset = 0;
	c->separator = c->frame && top ? 2 : 0;
}

/* The next byte (0-255), or -1 at the end. */
static int next_byte(struct cursor *c)
{
	while (c->frame) {
		if (c->separator) {
			c->separator--;
			return '$';
		}
		gsize len;
		const char *frame = frame_of(c->frame, &len);
		if (c->offset < len)
			return (unsigned char)frame[c->offset++];
		c->frame = c->frame == c->key ? NULL : at_depth(c->key, c->frame->depth + 1);
		c->offset = 0;
		c->separator = 2;
	}
	return -1;
}

int key_node_compare(const struct key_node *a, const struct key_node *b)
{
	if (a == b)
		return 0;
	/* the lowest common ancestor, by the jumps: at one depth, two nodes' jumps are at one depth too */
	const struct key_node *x = at_depth(a, MIN(a->depth, b->depth)), *y = at_depth(b, MIN(a->depth, b->depth));
	while (x != y) {
		gboolean jump = x->jump != y->jump;
		x = jump ? x->jump : x->parent;
		y = jump ? y->jump : y->parent;
	}
	/* the texts are the same up to it; then the bytes below it decide */
	guint top = x ? x->depth : 0;
	struct cursor ca, cb;
	cursor_init(&ca, a, top);
	cursor_init(&cb, b, top);
	int u, v;
	do {
		u = next_byte(&ca);
		v = next_byte(&cb);
	} while (u == v && u >= 0);
	return (u > v) - (u < v);
}
