/* Page waiting: why the device waited (SPEC 19), on --format html's
 * per-node page. In the device timeline section, under its bars, each
 * device's gaps by length (--summary idle's classes, src/attribution/
 * idle_classes.h) as a small list of bars, host wait and other idle, each
 * class's share of the device's idle time marked; then a section with the
 * report's host wait line (src/attribution/waiting.h: how much of it the
 * launching thread spent outside monitored events, as a share too) above
 * the top ops by self device waiting, --summary name's rows (written by
 * src/cli/page.c, after the call tree). The figures are the attribution's and the views'; the
 * page only shows them. */
#ifndef PP_PAGE_WAITING_H
#define PP_PAGE_WAITING_H

#include "sinks/html_page.h"
#include "attribution/attribute.h"
#include "sinks/html_names.h"

#define PAGE_WAITING_TOP 20 /* rows of the top ops by self device waiting */
#define PAGE_WAITING_DEVICES 64 /* devices of the gap-length bars, as the device timeline's bars */

/* The gap-length bars of ATTRIBUTION's devices (at most PAGE_WAITING_DEVICES), appended to BODY. */
void page_waiting_classes(GString *body, const struct attribution *attribution);
/* The waiting section's opening, appended to BODY (a name cut and listed
 * in NAMES as the page does): FALSE (nothing appended) when no device
 * waited on the host. */
gboolean page_waiting_intro(GString *body, const struct forest *forest, const struct attribution *attribution,
			    struct html_names *names);

#endif
