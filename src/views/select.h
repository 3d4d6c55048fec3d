/* Select: which nodes get rows — the depth bounds, and the filters of
 * dataset export (SPEC 8.1) — visited in row order with their paths. */
#ifndef PP_SELECT_H
#define PP_SELECT_H

#include "model/build.h"
#include "attribution/steps.h"

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
	gsize *path_end; /* where the name at depth d ends in path */
	guint *open_end; /* the subtree end of the node at depth d on the path */
};

void path_walk_init(struct path_walk *walk, const struct forest *forest);
void path_walk_clear(struct path_walk *walk);

/* The rows of the subtree of ROOT, a root of FOREST. */
void select_visit_tree(guint root, const struct forest *forest, const struct selection *selection,
		       struct path_walk *walk, row_visitor visit, gpointer data);
/* The rows of the whole forest. */
void select_visit(const struct forest *forest, const struct selection *selection, row_visitor visit,
		  gpointer data);

#endif
