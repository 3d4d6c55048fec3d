/* Key trie: the keys of the summaries' groups held as a trie, so that a
 * key costs memory in its own frame, not in its whole text (issue 33: a
 * 100,000-deep chain held 100,000 paths of up to 100,000 names each).
 *
 * A key is a sequence of frames; its text is the frames joined by "$$"
 * (a name: one frame). A node is (its parent's node, its own frame), found
 * through a hash table of those two: the parent by address, the frame by
 * its bytes, interned once per trie. The text is written only when asked
 * for (key_trie_text: a row written), from the node up to its root.
 *
 * key_node_compare orders two nodes of a trie as their texts' bytes
 * would order, without writing them: it finds their lowest common
 * ancestor in O(log depth) by skew-binary jump pointers (one a node: a
 * node's ancestor at any depth in O(log depth) steps), then compares the
 * bytes that follow it, frame by frame with the "$$" between; that
 * comparison ends within the first differing frames, a few bytes past
 * them, or (only through runs of empty frames) further down, each frame
 * reached in O(log depth). A node and its descendant, the common case of
 * a chain's ties, cost O(log depth). Nodes of different tries compare as
 * their texts too (no common ancestor). */
#ifndef PP_KEY_TRIE_H
#define PP_KEY_TRIE_H

#include <glib.h>

struct key_trie;

/* 40 bytes a node (issue 33: a 100,000-deep chain has 100,000 keys), in
 * blocks of the trie's, its frame's bytes held once per trie. */
struct key_node {
	const struct key_node *parent; /* NULL: a first frame */
	const struct key_node *jump;   /* an ancestor further up, or NULL (key_node_compare's climbs) */
	GBytes *frame;  /* interned in the trie; NUL bytes count */
	guint depth;    /* frames from the root, 1 at a root */
	guint index;    /* its place in the trie (key_trie_node) */
	gpointer value; /* the owner's (a group, a row), or NULL */
};

struct key_trie *key_trie_new(void);
void key_trie_free(struct key_trie *trie);

/* The node of FRAME (LEN bytes) under PARENT (a node of TRIE, or NULL for a
 * first frame), made when new. */
struct key_node *key_trie_add(struct key_trie *trie, const struct key_node *parent, const char *frame, gsize len);
/* The nodes of TRIE that hold the keys of FROM's nodes, by FROM's index
 * (g_free it): made there, with their ancestors, when MAKE; else found,
 * NULL where TRIE lacks the key. One lookup a node of FROM. */
struct key_node **key_trie_map(struct key_trie *trie, const struct key_trie *from, gboolean make);
/* How many nodes TRIE holds; the one of INDEX (less than that), in the
 * order they were made (a parent before its children). */
guint key_trie_count(const struct key_trie *trie);
struct key_node *key_trie_node(const struct key_trie *trie, guint index);

/* NODE's text (its frames from its root joined by "$$") and its length:
 * in the calling thread's buffer, valid until its next call there. */
const char *key_node_text(const struct key_node *node, gsize *len);

/* The byte order of A's and B's texts (memcmp, then the shorter first). */
int key_node_compare(const struct key_node *a, const struct key_node *b);

#endif
