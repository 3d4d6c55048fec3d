/* Page findings: "What the analysis found", the lead section of the
 * per-node page (SPEC 16, 22): the run's findings (src/views/findings/findings.h,
 * worked out once by the run: the same as --summary findings); first, an
 * incomplete trace (issue 45, item 8: before every figure it distorts);
 * the performance findings ranked, each with its id, severity, saving (ms and
 * share of the analysed span), device, evidence and advice, and a bar of
 * its saving (an inline SVG, the span's width being the whole); then the
 * data findings apart, under "About this trace". When no performance
 * finding fired, a line says so (or that the trace has no device events to
 * judge). Whatever the tree shows (modules or ops), the findings read the
 * trace's cpu_op events as --summary perf -mc cpu_op would. */
#ifndef PP_PAGE_FINDINGS_H
#define PP_PAGE_FINDINGS_H

#include "report/warnings.h"
#include "sinks/html_page.h"

/* Adds the section of RUN to PAGE, before its table of contents. */
void page_findings_add(HtmlPage *page, const struct run_summary *run);

#endif
