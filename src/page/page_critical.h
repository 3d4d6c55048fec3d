/* Page critical: the steps' critical paths on the page of --summary
 * critical (SPEC 30, issue 50), one stacked bar per path kept, in the
 * paths' order (by step, then rank), all on one scale: the predicted path
 * (the measured one without --what-if) split by what held it: device work,
 * waiting for other ranks, launch delay, queueing and host work
 * (src/views/critical/summary_critical.h: struct critical_bar, the figures
 * the report's critical-path lines give), drawn by src/sinks/html_bars.h
 * with a mark at the path's length; under each bar its report line. At
 * most PAGE_CRITICAL_BARS bars, then a note saying how many paths there
 * are. The page works out no figure: each is the view's. */
#ifndef PP_PAGE_CRITICAL_H
#define PP_PAGE_CRITICAL_H

#include "views/critical/summary_critical.h"

#define PAGE_CRITICAL_BARS 64 /* bars of the paths, as the ranks' */

/* The section's HTML for ROWS's paths; g_free() it. NULL when there is none. */
char *page_critical_bars(const struct critical_rows *rows);

#endif
