/* The idle summary (SPEC 19.2): per device, one row per gap-length class
 * with gaps in it (src/attribution/idle_classes.h): how many gaps, their
 * idle time, host wait and other idle, and the idle time's share of the
 * device's span. A device's rows add up to its idle time in the report.
 * Devices by number, classes shortest first. write_summary calls it. */
#ifndef PP_SUMMARY_IDLE_H
#define PP_SUMMARY_IDLE_H

#include "views/table/write.h"

const struct catalogue *idle_summary_catalogue(void);
/* Writes the classes (CONFIG's --step range clipping the gaps); *ROWS is how many. */
gboolean write_idle_summary(struct output *out, const struct attribution *attribution,
			    const struct write_config *config, guint64 *rows);

#endif
