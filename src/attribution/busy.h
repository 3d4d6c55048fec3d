/* Busy: how long the device was busy for each node — the length of the union
 * of the [ts, ts + dur) intervals of the device events of its inclusive
 * launches, overlaps counted once (so never more than its device duration).
 *
 * All nodes at once, bottom-up, with no walk of any subtree per node: each
 * node's set of disjoint intervals is its own launches' device intervals
 * merged with its children's sets. Nodes are visited in reverse pre-order
 * (children come after their parent, so a node's children are all done when
 * it is reached), without recursion: forests are 100,000 deep. A set is a
 * GTree keyed by start; an insertion merges the overlapping (and adjacent)
 * neighbours and keeps the union's length up to date. A finished node's set
 * goes into its parent's, the smaller into the larger (small-to-large), and
 * is freed: an interval moves O(log n) times at O(log n) each, O(n log² n)
 * in all, and only the sets of the nodes still open are held. */
#ifndef PP_BUSY_H
#define PP_BUSY_H

#include "attribution/attribute.h"

/* Per forest node, the busy time in nanoseconds; g_free it. */
gint64 *busy_compute(const struct attribution *attribution, const struct forest *forest);

#endif
