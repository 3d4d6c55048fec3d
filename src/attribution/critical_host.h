/* Critical host: the launching threads' part of the critical graph
 * (src/attribution/critical_graph.h): their events' instants, the host
 * edges along each thread and the handoff edges between threads. */
#ifndef PP_CRITICAL_HOST_H
#define PP_CRITICAL_HOST_H

#include "attribution/critical_build.h"

/* The launching threads' nodes and host and handoff edges; fills
 * b->launch_start, launch_end, outermost and step_end. */
void critical_host_build(struct critical_build *b);

#endif
