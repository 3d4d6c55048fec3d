/* The perf summary (SPEC 15.1): one row per op name and shapes over the
 * counted ops; write_summary calls it. */
#ifndef PP_SUMMARY_PERF_H
#define PP_SUMMARY_PERF_H

#include "views/perf/perf.h"
#include "views/table/write.h"

/* The order of its rows, for a table to keep first. */
#define PERF_SUMMARY_ORDER "device busy total(ms)"
/* Its default columns in --format table and html, for a terminal's width:
 * the rates and the roofline before the figures a reader rarely needs. */
#define PERF_SUMMARY_VIEW_COLUMNS \
	"name,precision,Input Dims,count,device busy total(ms),TFLOP/s,TB/s,roofline %,bound"

/* A row: the counted ops of one name and shapes. */
struct perf_row {
	const struct event *op; /* the first op of the row */
	const struct perf_model *model;
	guint64 count;
	gint64 busy;        /* the sum of the ops' busy times */
	perf_sum roofline;  /* the ops' rooflines summed, ns */
	perf_sum compute, memory; /* their compute and memory times summed, fs (bound) */
	gboolean unknown;   /* an op lacks a peak */
	GString *key;
};

const struct catalogue *perf_summary_catalogue(void);
/* The rows of the counted ops of PERF (NULL: none) that SELECTION keeps
 * (NULL: every one), BUSY each node's busy time, in the summary's order:
 * struct perf_row *, freed with the array. */
GPtrArray *perf_rows(const struct forest *forest, const struct perf *perf, const gint64 *busy,
		     const struct selection *selection);
/* CONFIG's perf holds the figures (NULL: no row). */
gboolean write_perf_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			    const struct write_config *config, guint64 *rows);

#endif
