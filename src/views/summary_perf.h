/* The perf summary (SPEC 15.1): one row per op name and shapes over the
 * counted ops; write_summary calls it. */
#ifndef PP_SUMMARY_PERF_H
#define PP_SUMMARY_PERF_H

#include "views/perf.h"
#include "views/write.h"

/* The order of its rows, for a table to keep first. */
#define PERF_SUMMARY_ORDER "device busy total(ms)"
/* Its default columns in --format table and html, for a terminal's width:
 * the rates and the roofline before the figures a reader rarely needs. */
#define PERF_SUMMARY_VIEW_COLUMNS \
	"name,precision,Input Dims,count,device busy total(ms),TFLOP/s,TB/s,roofline %,bound"

const struct catalogue *perf_summary_catalogue(void);
/* CONFIG's perf holds the figures (NULL: no row). */
gboolean write_perf_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			    const struct write_config *config, guint64 *rows);

#endif
