/* Page waiting: why the device waited (SPEC 19), on --format html's
 * per-node page. In the device timeline section, under its bars, each
 * device's gaps by length (--summary idle's classes, src/attribution/
 * idle_classes.h) as a small list of bars, host wait and other idle, each
 * class's share of the device's idle time marked; then a section (placed
 * by src/page/page.c, after the call tree) with the report's host wait line
 * by cause and a table of the causes, each with its share and its top ops
 * (src/attribution/causes.h: every category, whatever -mc says). The
 * figures are the run's; the page only shows them. */
#ifndef PP_PAGE_WAITING_H
#define PP_PAGE_WAITING_H

#include "sinks/html_page.h"
#include "attribution/attribute.h"
#include "attribution/causes.h"
#include "attribution/idle_classes.h"
#include "sinks/html_names.h"

#define PAGE_WAITING_OPS 5 /* ops named per cause */
#define PAGE_WAITING_DEVICES 64 /* devices of the gap-length bars, as the device timeline's bars */

/* The gap-length bars of the devices (at most PAGE_WAITING_DEVICES) of
 * CLASSES, the run's (src/analysis/results.h), appended to BODY; none
 * without them. */
void page_waiting_classes(GString *body, const struct idle_classes *classes);
/* The waiting section (SPEC 26.8), appended to BODY (names cut and listed
 * in NAMES as the page does): the report's host wait line by cause, and
 * per cause its share and its first PAGE_WAITING_OPS ops, from S (the
 * run's, worked out once for the report and the page); FALSE (nothing
 * appended) without S or when no device waited on the host. */
gboolean page_waiting_causes(GString *body, const struct causes_summary *s, struct html_names *names);

#endif
