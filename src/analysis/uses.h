/* Uses: which options a view reads, so that the warnings speak only of
 * those (a view that ignores -mc is not told that -mc matches nothing).
 * -hc and -dc are read by every view that reads a trace; the rest:
 *
 *   view                       -mc  --max_depth  --min_depth  filters  --step
 *   per-node rows, path/name    x        x            x          x        x
 *   --summary step                                                        x
 *   --summary kernel            x                                         x
 *   --summary collective        x                                         x
 *   --summary rank              x
 *   folded, svg                 x        x
 *
 * (filters: --opaque, --exclude, --leaves, --skip-empty-shapes.) The kernel
 * summary reads -mc for its "launched by" column, the collective summary
 * for its record_param_comms ops; the step summary takes
 * every launch by time; the flame formats draw every node to --max_depth
 * (SPEC 11.2, 12). Comparisons are path and name summaries. */
#ifndef PP_USES_H
#define PP_USES_H

#include "views/table/settings.h"

enum option_use {
	USES_MONITOR = 1 << 0,   /* -mc, and what follows from it: coverage, nn.Module events */
	USES_MAX_DEPTH = 1 << 1,
	USES_MIN_DEPTH = 1 << 2,
	USES_FILTERS = 1 << 3,   /* --opaque, --exclude, --leaves, --skip-empty-shapes */
	USES_STEP = 1 << 4,      /* --step */
};

/* The enum option_use bits of the view OPTIONS ask for. */
guint options_uses(const struct options *options);

#endif
