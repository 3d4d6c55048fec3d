/* Critical device: the device events' part of the critical graph
 * (src/attribution/critical_graph.h): their instants and the launch,
 * duration, stream, replay, sync and wait edges. */
#ifndef PP_CRITICAL_DEVICE_H
#define PP_CRITICAL_DEVICE_H

#include "attribution/critical_build.h"

/* The device events' nodes (after the host's: it reads launch_start,
 * launch_end and outermost) and their edges; fills b->device_start. */
void critical_device_build(struct critical_build *b);

#endif
