/* The findings summary (SPEC 22): one row per finding of the run
 * (src/views/findings/findings.h), in the findings' order: finding, kind,
 * severity, saving(ms), saving % (tenths of a percent of the analysed
 * span, half away from zero), device, evidence, advice; with several
 * traces (the rank column asked for), rank first. The rows are the
 * findings the run worked out once (write_config.findings), for this
 * view, the report, the page and --fail-on alike. write_summary calls it. */
#ifndef PP_SUMMARY_FINDINGS_H
#define PP_SUMMARY_FINDINGS_H

#include "views/table/write.h"

const struct catalogue *findings_summary_catalogue(void);
/* Writes CONFIG's findings (none when NULL); *ROWS is how many. */
gboolean write_findings_summary(struct output *out, const struct write_config *config, guint64 *rows);

#endif
