#include "views/nodes/select.h"
#include "input/roles.h"

static gboolean within(int depth, const struct selection *s)
{
	return (s->min_depth < 0 || depth >= s->min_depth) && (s->max_depth < 0 || depth <= s->max_depth);
}

static gboolean named_in(GHashTable *names, const struct event *event)
{
	return names && g_hash_table_contains(names, event->name->text);
}

/* Whether node I gets a row, by the filters of dataset export. */
static gboolean written(guint i, guint depth, gboolean opaque, const struct forest *f, const struct selection *s)
{
	const struct event *event = &f->events[i];
	if (!within(depth, s) || named_in(s->exclude, event))
		return FALSE;
	if (s->skip_empty_shapes && (!event->extra || event->extra->shapes_empty))
		return FALSE;
	const struct event *at = forest_step_event(f, i); /* a grafted node's step is its op's */
	if (s->step.given && !steps_kept(s->steps, &s->step, steps_find(s->steps, at->thread, at->ts)))
		return FALSE;
	/* a leaf: no child of it could be written */
	return !s->leaves || opaque || f->subtree_end[i] == i + 1 ||
	       (s->max_depth >= 0 && depth == (guint)s->max_depth);
}

/* WALK over FOREST; without PATHS, no path is written (a walk of keys). */
static void walk_init(struct path_walk *walk, const struct forest *forest, gboolean paths)
{
	walk->path = g_string_new(NULL);
	walk->normalize = FALSE;
	walk->path_end = paths ? g_new0(gsize, forest->deepest + 1) : NULL;
	walk->open_end = g_new0(guint, forest->deepest + 1);
	walk->trie = NULL;
	walk->key = NULL;
	walk->frame = g_string_new(NULL);
}

void path_walk_init(struct path_walk *walk, const struct forest *forest)
{
	walk_init(walk, forest, TRUE);
}

void path_walk_init_keys(struct path_walk *walk, const struct forest *forest, struct key_trie *trie,
			 gboolean normalize)
{
	walk_init(walk, forest, FALSE);
	walk->trie = trie;
	walk->normalize = normalize;
}

void path_walk_clear(struct path_walk *walk)
{
	g_string_free(walk->path, TRUE);
	g_free(walk->path_end);
	g_free(walk->open_end);
	g_string_free(walk->frame, TRUE);
}

/* Pre-order over one root's subtree, which is the index range
 * [root, subtree_end[root]); a node's depth is the count of the nodes
 * before it whose subtrees are still open. */
void select_visit_tree(guint root, const struct forest *f, const struct selection *s, struct path_walk *walk,
		       row_visitor visit, gpointer data)
{
	GString *path = walk->path;
	guint depth = 0;
	for (guint i = root; i < f->subtree_end[root];) {
		while (depth && walk->open_end[depth] <= i)
			depth--;
		walk->open_end[++depth] = f->subtree_end[i];
		if (s->max_depth >= 0 && depth > (guint)s->max_depth) {
			i = f->subtree_end[i];
			continue;
		}
		const struct event *event = &f->events[i];
		if (walk->trie) {
			g_string_truncate(walk->frame, 0);
			path_key_append(walk->frame, event->name->text, event->name->len, walk->normalize);
			/* the parent's key: the last key made, or its ancestor (amortized O(1): each climb undoes a descent) */
			const struct key_node *parent = walk->key;
			while (parent && parent->depth >= depth)
				parent = parent->parent;
			walk->key = key_trie_add(walk->trie, parent, walk->frame->str, walk->frame->len);
		} else {
			g_string_truncate(path, depth > 1 ? walk->path_end[depth - 1] : 0);
			if (depth > 1)
				g_string_append(path, "$$");
			g_string_append_len(path, event->name->text, event->name->len);
			walk->path_end[depth] = path->len;
		}
		gboolean opaque = named_in(s->opaque, event);
		if (written(i, depth, opaque, f, s))
			visit(i, depth, path, data);
		i = opaque ? f->subtree_end[i] : i + 1; /* an opaque node's descendants are never written */
	}
}

static gboolean holds(const char *text, gsize len, const char *two)
{
	for (gsize i = 0; i + 1 < len; i++)
		if (text[i] == two[0] && text[i + 1] == two[1])
			return TRUE;
	return FALSE;
}

void path_key_append(GString *path, const char *name, gsize len, gboolean normalize)
{
	guint64 number;
	if (normalize && step_number(name, len, &number))
		g_string_append(path, STEP_PREFIX "*");
	else if (!(len && name[0] == '$') && !holds(name, len, "$$") && !holds(name, len, "\\$"))
		g_string_append_len(path, name, (gssize)len);
	else
		for (gsize i = 0; i < len; i++) {
			if (name[i] == '\\' || name[i] == '$')
				g_string_append_c(path, '\\');
			g_string_append_c(path, name[i]);
		}
}

void select_visit(const struct forest *forest, const struct selection *selection, row_visitor visit,
		  gpointer data)
{
	struct path_walk walk;
	path_walk_init(&walk, forest);
	for (guint root = forest->first_root; root != FOREST_END; root = forest_next_root(forest, root))
		select_visit_tree(root, forest, selection, &walk, visit, data);
	path_walk_clear(&walk);
}
