/* Page findings: "What the analysis found", the lead section of the
 * per-node page (SPEC 16): the problems the run's figures show, each said
 * in words with the option that digs deeper, or that nothing stood out.
 * Each is a rule on exact integers:
 * - coverage: the device time under monitored events is under 90% of the
 *   trace's device time (SPEC 10.2: monitored · 10 < total · 9);
 * - graph launches not attributed: without --graph-capture, graph launches
 *   replayed device time (on the ops that called the replays, not those
 *   that captured the graphs); with it, graph launches or their events
 *   that matched no capture window (SPEC 14.4);
 * - a device mostly idle waiting for the host (SPEC 15.3): per device of
 *   the timeline, idle more than half its span (idle · 2 > span) and host
 *   wait more than half that idle time (host wait · 2 > idle); at most
 *   PAGE_FINDINGS_DEVICES devices named, the rest counted;
 * - ops far from the roofline, only when the run worked out the perf
 *   figures (SPEC 15.1): the counted ops grouped by name, a name's
 *   roofline % its rooflines' sum over its ops' busy sum; the
 *   PAGE_FINDINGS_OPS names with the most busy time whose roofline % is
 *   under 30% (roofline · 10 < busy · 3), those with an unknown roofline
 *   aside.
 * The figures come from the run (the coverage, the graph launches, counted
 * here when the report did not, -q or not), its device timeline (worked
 * out once by the run for the report and the page, -q or not:
 * src/attribution/timeline.h) and the perf figures' prefix sums with each
 * node's busy time. */
#ifndef PP_PAGE_FINDINGS_H
#define PP_PAGE_FINDINGS_H

#include "cli/warnings.h"
#include "sinks/html_page.h"

#define PAGE_FINDINGS_DEVICES 8
#define PAGE_FINDINGS_OPS 3

/* Adds the section of RUN to PAGE, before its table of contents. */
void page_findings_add(HtmlPage *page, const struct run_summary *run);

#endif
