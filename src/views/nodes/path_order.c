#include "views/nodes/path_order.h"
#include "attribution/sums.h"

/* What the summary's order reads of a path (summary.c's compare_groups). */
struct order_key {
	gint64 device_total, host_total;
};

struct order {
	const struct forest *forest;
	struct sums *sums; /* the device time only */
	struct key_trie *trie;
	const struct path_walk *walk;
	GArray *keys; /* struct order_key, by key index */
};

/* A node's figures into its path's; the path's key marked as one (its value: any non-NULL pointer). */
static void visit(guint node, guint depth, const GString *path, gpointer data)
{
	(void)depth;
	(void)path;
	struct order *o = data;
	struct key_node *key = o->walk->key;
	if (key->index >= o->keys->len)
		g_array_set_size(o->keys, key->index + 1);
	struct order_key *k = &g_array_index(o->keys, struct order_key, key->index);
	key->value = o;
	k->device_total += sums_inclusive(o->sums, FIGURE_DEVICE_TIME, node);
	k->host_total += o->forest->events[node].dur;
}

static int compare(gconstpointer x, gconstpointer y, gpointer data)
{
	const struct order *o = data;
	guint i = *(const guint *)x, j = *(const guint *)y;
	const struct order_key *a = &g_array_index(o->keys, struct order_key, i),
			       *b = &g_array_index(o->keys, struct order_key, j);
	if (a->device_total != b->device_total)
		return a->device_total > b->device_total ? -1 : 1;
	if (a->host_total != b->host_total)
		return a->host_total > b->host_total ? -1 : 1;
	return key_node_compare(key_trie_node(o->trie, i), key_trie_node(o->trie, j));
}

/* Sorts LIST and keeps its first TOP. */
static void cut(struct order *o, GArray *list, guint top)
{
	g_array_sort_with_data(list, compare, o);
	if (list->len > top)
		g_array_set_size(list, top);
}

GArray *path_order_first(const struct forest *forest, const struct attribution *attribution,
			 const struct selection *selection, struct key_trie *trie, gboolean normalize, guint top)
{
	struct order o = { forest, sums_new(forest, attribution, FIGURE_BIT(FIGURE_DEVICE_TIME), NULL, FALSE), trie,
			   NULL, g_array_new(FALSE, TRUE, sizeof(struct order_key)) };
	struct path_walk walk;
	path_walk_init_keys(&walk, forest, trie, normalize);
	o.walk = &walk;
	for (guint root = forest->first_root; root != FOREST_END; root = forest_next_root(forest, root))
		select_visit_tree(root, forest, selection, &walk, visit, &o);
	path_walk_clear(&walk);
	sums_free(o.sums);
	GArray *first = g_array_new(FALSE, FALSE, sizeof(guint));
	guint64 cut_at = MAX((guint64)top * 2, 4096);
	for (guint i = 0; i < key_trie_count(trie); i++) {
		struct key_node *key = key_trie_node(trie, i);
		if (!key->value) /* a prefix of paths only */
			continue;
		key->value = NULL;
		g_array_append_val(first, i);
		if (first->len >= cut_at)
			cut(&o, first, top);
	}
	cut(&o, first, top);
	g_array_free(o.keys, TRUE);
	return first;
}
