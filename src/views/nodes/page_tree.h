/* Page tree: the call tree of --format html's per-node page (SPEC 16), as
 * nested <details> (collapsible without a script), bounded.
 *
 * At most PAGE_TREE_NODES nodes are shown: those with the most device
 * time, then the most host time (inclusive, as the columns of those names
 * give them), ties to the earlier node. They are chosen in one pass over
 * the forest with a min-heap of that many entries, O(n log k); since a
 * node's inclusive device and host times are at least those of any
 * descendant, and an ancestor comes earlier, the nodes chosen hold their
 * ancestors already; a walk up from each adds any that were not (none is
 * expected), so that every node shown hangs from its root. --max_depth
 * bounds the depth considered; the other filters of the rows do not apply.
 * The columns are the layout's (the per-node view's: host, device, busy,
 * launch, device %...), each node's name first; its values are read by the
 * catalogue's getters and written as the HTML sink writes cells. The page
 * says how many nodes were left out. */
#ifndef PP_PAGE_TREE_H
#define PP_PAGE_TREE_H

#include "views/table/write.h"

#define PAGE_TREE_NODES 2000

/* Appends the tree of CONFIG's layout (its name column left out: each node's
 * own name comes first) of at most LIMIT nodes to BODY; returns the nodes shown. */
guint page_tree_append(GString *body, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, guint limit);

#endif
