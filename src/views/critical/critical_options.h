/* The options of the critical path (SPEC 30), group "critical":
 * --what-if 'GLOB=FACTOR', repeatable, with --summary critical: the host
 * ops and launches (their self time, and that of the events inside them
 * that match no rule of their own) and the device events (their duration)
 * whose names match GLOB (fnmatch(3): * ? [...]; the whole name) take
 * FACTOR times their measured time, and the path is worked out again. The
 * first rule that matches a name is its. FACTOR is a decimal number from 0
 * to 1000000 with at most 9 decimals, kept as a fraction (digits over a
 * power of ten): the scaled time is exact, rounded half up to the ns. The
 * text split at the last '='; at most 1000 rules. With --what-if,
 * --summary critical's default columns add measured(ms). */
#ifndef PP_CRITICAL_OPTIONS_H
#define PP_CRITICAL_OPTIONS_H

#include "attribution/critical_graph.h"
#include "views/table/settings.h"

extern const struct view_options critical_view_options;

/* OPTIONS' --what-if rules as the graph takes them (struct critical_factor,
 * pointing into OPTIONS): a new array, or NULL when none is given. */
GArray *critical_factors(const struct options *options);

#endif
