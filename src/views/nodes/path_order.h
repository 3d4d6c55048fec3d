/* Path order: the first TOP paths of a path summary in its order (SPEC 11:
 * device total, host total, both descending, then the key's bytes), without
 * their groups (issue 33: a 100,000-deep chain has 100,000 paths, of which
 * --top 5 writes 5).
 *
 * One walk of the nodes a selection keeps makes each path's key in a trie
 * (src/views/nodes/select.h) and sums the two figures the order reads, as a
 * path's group sums them (every node of a path is outermost in it: its
 * device time inclusive, its host duration): 16 bytes a key, by the key's
 * index. The paths are then picked in O(paths log TOP): the candidates are
 * sorted and cut back to TOP whenever they reach twice as many (at least
 * 4096), and once at the end; ties in both figures go by key_node_compare,
 * the byte order of the keys' texts, so that the pick is the summary's
 * own order, exactly. */
#ifndef PP_PATH_ORDER_H
#define PP_PATH_ORDER_H

#include "views/nodes/select.h"
#include "attribution/attribute.h"
#include "util/key_trie.h"

/* The indexes in TRIE (guint) of the first TOP paths of the nodes that
 * SELECTION keeps, in the summary's order; their keys made in TRIE (its
 * nodes' values are left as they were: NULL). NORMALIZE: path_walk.normalize. */
GArray *path_order_first(const struct forest *forest, const struct attribution *attribution,
			 const struct selection *selection, struct key_trie *trie, gboolean normalize, guint top);

#endif
