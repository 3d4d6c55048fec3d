/* The columns of the path and name summaries (SPEC 8.5): one entry each in
 * one table, each a getter of a group's figures (struct group,
 * src/views/summaries/summary.h), summed once per group by summary.c's walk; the perf
 * columns read the group's outermost nodes' perf sums (group_perf). */
#ifndef PP_SUMMARY_COLUMNS_H
#define PP_SUMMARY_COLUMNS_H

#include "sinks/table.h"

/* The catalogue of --summary path and name. */
const struct catalogue *name_summary_catalogue(void);

#endif
