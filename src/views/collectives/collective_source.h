/* Collective source: where a communication event's SPEC 15.2 figures come
 * from. Its own args (src/views/collectives/collective_args.h) when they hold a
 * Collective name; else those of the nearest node named record_param_comms
 * on the chain of the node that owns its launch (that node included). The
 * nearest such node is remembered for every node a walk up a chain passes,
 * so that the walks together visit each node once, and each such node's
 * args are read once: linear in the forest and the events. */
#ifndef PP_COLLECTIVE_SOURCE_H
#define PP_COLLECTIVE_SOURCE_H

#include "model/build.h"
#include "views/collectives/collective_args.h"

struct collective_source;

struct collective_source *collective_source_new(const struct forest *forest);
void collective_source_free(struct collective_source *source);
/* The args of the record_param_comms op on OWNER's chain (OWNER a node, or
 * NO_OWNER), or NULL when none holds a Collective name. Owned by SOURCE. */
const struct collective_args *collective_source_recorded(struct collective_source *source, guint owner);

#endif
