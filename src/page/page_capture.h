/* Page capture: the graph-capture matching section of the per-node page
 * (SPEC 16), when --graph-capture was given: the figures of the report's
 * "graph launches:" and "graph capture:" lines (SPEC 14.4, struct
 * graft_stats) as a small table, a row per figure with its count and, where
 * it has one, its device time; the warnings say why launches were left. */
#ifndef PP_PAGE_CAPTURE_H
#define PP_PAGE_CAPTURE_H

#include "attribution/graft.h"
#include "sinks/html_page.h"

/* Adds the section of STATS to PAGE. */
void page_capture_add(HtmlPage *page, const struct graft_stats *stats);

#endif
