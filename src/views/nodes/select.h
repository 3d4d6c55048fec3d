/* Select: which nodes get rows — the depth bounds, and the filters of
 * dataset export (SPEC 8.1) — visited in row order with their paths.
 * A path is the names from the root joined by "$$", as the per-node rows
 * write it; or, for the path summaries, a key (path_walk.trie): the
 * same text, except that a name that could make two paths one text is
 * escaped (path_key_append), so that distinct paths stay distinct, held
 * as a node of a trie (src/util/key_trie.h), never as one text a node. */
#ifndef PP_SELECT_H
#define PP_SELECT_H

#include "model/build.h"
#include "attribution/steps.h"
#include "util/key_trie.h"

struct selection {
	int min_depth; /* -1: no bound */
	int max_depth;
	gboolean leaves;            /* only nodes of which no child could be written */
	GHashTable *opaque;         /* names whose nodes' descendants are never written; NULL: none */
	GHashTable *exclude;        /* names whose nodes get no row; NULL: none */
	gboolean skip_empty_shapes; /* no row without a non-empty Input Dims */
	const struct steps *steps;  /* the trace's steps, or NULL when not read */
	struct step_range step;     /* --step: only nodes of those steps */
};

/* Called for each node that gets a row, in row order, with its depth and
 * its path (the names from its root, joined by "$$"). */
typedef void (*row_visitor)(guint node, guint depth, const GString *path, gpointer data);

/* What visiting needs besides the forest: the path under way. */
struct path_walk {
	GString *path;
	gboolean normalize; /* with a trie: ProfilerStep#N frames as ProfilerStep#* */
	gsize *path_end; /* where the name at depth d ends in path */
	guint *open_end; /* the subtree end of the node at depth d on the path */
	/* with a trie: the path is not written; each node visited,
	 * written or not, has its key made there (its frame under its
	 * parent's, the parent's found up from the last key made), key the
	 * one of the node visited: memory in the distinct paths, not in their
	 * texts, nor in the depth (issue 33) */
	struct key_trie *trie;
	struct key_node *key;
	GString *frame;
};

void path_walk_init(struct path_walk *walk, const struct forest *forest);
/* A walk that makes each node's key in TRIE (NORMALIZE: as path_walk.normalize), no path. */
void path_walk_init_keys(struct path_walk *walk, const struct forest *forest, struct key_trie *trie,
			 gboolean normalize);
void path_walk_clear(struct path_walk *walk);

/* The rows of the subtree of ROOT, a root of FOREST. */
void select_visit_tree(guint root, const struct forest *forest, const struct selection *selection,
		       struct path_walk *walk, row_visitor visit, gpointer data);
/* The rows of the whole forest. */
void select_visit(const struct forest *forest, const struct selection *selection, row_visitor visit,
		  gpointer data);
/* Appends NAME (LEN bytes) to PATH as a frame of a key (the caller puts
 * "$$" between frames). A name that starts with '$', or holds "$$" or
 * "\$", is escaped: each '\' doubled, each '$' written "\$" (a$$b is
 * a\$\$b); any other name is appended as it is, or with NORMALIZE as
 * ProfilerStep#* when it is ProfilerStep#N. A frame so written holds no
 * "$$" and starts with no '$', so "$$" splits a key in one way only (a run
 * of 2m '$' is m separators, of 2m + 1 a frame's last '$' and m
 * separators), and an escaped frame is told from a name kept as it is by
 * its "\$": distinct paths are distinct keys. */
void path_key_append(GString *path, const char *name, gsize len, gboolean normalize);

#endif
