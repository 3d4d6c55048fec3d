/* Page charts: the device timeline and the steps of --format html's
 * per-node page (SPEC 16), each a section of stacked bars
 * (src/sinks/html_bars.h), added after the header, before the call tree.
 *
 * The device timeline: one bar per device (at most PAGE_DEVICES, the page
 * says how many more), of the timeline the report prints
 * (src/attribution/timeline.h, SPEC 11.3 and 15.3): each class's busy time
 * (the union of its events), host wait and other idle, a mark at the span;
 * under it the report's own lines (src/report/report.h), and in its tooltip
 * the same with how much longer than the busy time the class parts add up
 * to, the classes having run at once. One sweep over the device events.
 * Above the bars, each device's chart over time (SPEC 18.2): the bins of
 * --summary timeline (src/attribution/timeline_bins.h) drawn by
 * src/sinks/html_timeline.h. Under the bars, each device's gaps by length
 * (src/page/page_waiting.h).
 *
 * The steps, when the trace has ProfilerStep#N (in the --step range): one
 * bar per step in step order (the first PAGE_STEPS, the page says how
 * many more), of --summary step's rows (src/views/summaries/summary_step.h, SPEC 11.2
 * and 15.3): device time by class (durations), host wait and other idle of
 * the step's window, a mark at the window (the host duration); its
 * figures under it and in its tooltip. The bars of a section share one
 * scale, said in words. */
#ifndef PP_PAGE_CHARTS_H
#define PP_PAGE_CHARTS_H

#include "attribution/timeline.h"
#include "sinks/html_page.h"
#include "views/table/write.h"

#define PAGE_DEVICES 64 /* bars of the device timeline */
#define PAGE_STEPS 50   /* bars of the steps */
#define PAGE_CHARTS 16  /* charts over time of the device timeline */
#define PAGE_BINS 2000  /* bins of a chart, at most (SPEC 18.2: 4,000) */
#define PAGE_CHART_BINS 8000 /* bins of all the charts, at most */

/* The device timeline section, of the run's TIMELINE, with each device's
 * chart over time (SPEC 18.2: src/sinks/html_timeline.h) above its bars:
 * at most PAGE_CHARTS devices, PAGE_BINS bins each (fewer when more than
 * four devices: PAGE_CHART_BINS bins in all, a tooltip each). */
void page_charts_timeline(HtmlPage *page, const struct timeline *timeline, const struct forest *forest,
			  const struct attribution *attribution, const struct write_config *config);
/* The steps section, when CONFIG's selection has steps in its range. */
void page_charts_steps(HtmlPage *page, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config);

#endif
