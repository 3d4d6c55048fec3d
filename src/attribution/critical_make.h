/* Critical make: the critical graph of a trace (src/attribution/critical_graph.h),
 * its host part (critical_host.h), then its device part (critical_device.h),
 * then its steps: each step's path ends at the end of its last device
 * event, the one whose launch is in the step (SPEC 19.4: that of its
 * process holding the launch's ts) that ends last (the first of those in
 * (ts, position) order); a step without one ends at the end of its own
 * event, when that is a host event of a launching thread, else it has no
 * path. Steps are kept in (number, ts) order. A trace without steps has
 * one path over its analysed span (SPEC Part IV): from its first launch or
 * device event (their earliest ts) to the end of its last device event. */
#ifndef PP_CRITICAL_MAKE_H
#define PP_CRITICAL_MAKE_H

#include "attribution/critical_graph.h"

/* The graph of TRACE (its forest of cpu_op and user_annotation events, its
 * attribution, its steps or NULL, its cuda_sync events). */
struct critical_graph *critical_make_graph(const struct trace *trace, const struct forest *forest,
					   const struct attribution *attribution, const struct steps *steps,
					   const struct critical_config *config);

#endif
