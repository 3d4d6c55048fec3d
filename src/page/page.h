/* Page: what --format html writes for a run (SPEC 16), put together from
 * the views and written through src/sinks/html_page.h.
 *
 * One trace: page_build makes the page while the run writes (its header's
 * facts: the trace, its devices from deviceProperties, distributedInfo's
 * rank and world size, the versions the trace records on one line, the
 * view; then the view's sections; at most PAGE_FACTS devices and
 * PAGE_FACTS versions, then how many more), each view written into memory through the HTML sink;
 * page_finish adds every warning of the run (the report's warnings, as
 * src/report/warnings.c words them, -q or not, and the note on the categories
 * chosen) and writes it. A summary view (--summary any) is the header and
 * its table. The per-node view is the header, what the analysis found
 * (src/page/page_findings.h, before the contents), the device timeline and
 * the steps as bars (src/page/page_charts.h), the call tree
 * (src/views/nodes/page_tree.h), where the host was while the devices waited
 * (src/page/page_waiting.h: the host wait by cause and the top ops of each,
 * when a device waited), then the top PAGE_TOP rows by name (--summary
 * name), kernels (--summary kernel), modelled ops (--summary perf, when
 * the run worked out the perf figures) and collectives (--summary
 * collective), each only when it has rows; then, added by page_finish once
 * the run's figures are known, graph-capture matching with --graph-capture
 * (src/page/page_capture.h) and the flame graph (src/page/page_flame.h).
 * The tree has the perf columns (PAGE_PERF_COLUMNS) when the trace has
 * Input Dims: the run works the perf figures out for the page
 * (perf_for_page, src/views/perf/perf_options.h). */
#ifndef PP_PAGE_H
#define PP_PAGE_H

#include "report/warnings.h"
#include "sinks/html_page.h"
#include "views/table/write.h"

#define PAGE_TOP 100 /* rows of each top table of the per-node page */
#define PAGE_FACTS 20 /* devices, and versions, the header lists; then "and N more" */
/* The perf columns the tree adds when the trace has Input Dims (SPEC 16, 15.1). */
#define PAGE_PERF_COLUMNS "flops,TFLOP/s,TB/s,roofline %,bound"

/* The page of one trace's run, its sections written; *ROWS: the rows (or
 * tree nodes) shown; *OK FALSE when memory could not be written to. SRC:
 * the trace as messages show it; TIMELINE the run's device timeline (for
 * the per-node page; NULL for a summary's); CAUSES the host wait by cause
 * (SPEC 26.8, the run's, as the report has it; NULL: no waiting section). */
HtmlPage *page_build(const struct trace *trace, const char *src, const struct forest *forest,
		     const struct attribution *attribution, const struct write_config *config,
		     const struct options *options, const struct timeline *timeline, const struct causes_summary *causes,
		     guint64 *rows, gboolean *ok);
/* Adds RUN's warnings and notes to PAGE and writes it to OUT. */
gboolean page_finish(HtmlPage *page, const struct run_summary *run, struct output *out);
/* The page of a comparison: TITLE, FACTS (NULL-terminated label, value
 * pairs), WARNINGS (standard error's lines) and ROWS as CONFIG writes them. */
/* BARS: the HTML of a section drawn above the table, or NULL: titled
 * BARS_TITLE ("Critical paths"), or NULL: "Ranks" (SPEC 20.5). */
gboolean page_write_table(struct output *out, const char *title, const char *const *facts, const char *warnings,
			  const struct write_config *config, const GPtrArray *rows, const char *bars,
			  const char *bars_title);

#endif
