/* Perf cells: the values of the columns flops, bytes, TFLOP/s, TB/s,
 * roofline(ms), roofline % and bound of a node (SPEC 15.1), from its perf
 * figures and busy time; the node catalogue (src/views/nodes/columns.c) calls
 * them, and the summaries share the setters. PERF may be NULL (every cell
 * empty). */
#ifndef PP_PERF_COLUMNS_H
#define PP_PERF_COLUMNS_H

#include "sinks/table.h"
#include "views/perf/perf.h"

/* V is NUMBER (>= 0) as TYPE, or empty when NUMBER is negative (unknown). */
void perf_value(struct value *v, enum value_type type, gint64 number);
/* N, or -1 when it does not fit 63 bits (an empty cell, never a wrapped one). */
gint64 perf_fit(perf_sum n);
/* V is the flops or bytes figure N when KNOWN, else empty; past 63 bits it
 * is empty in every format but JSON Lines, which writes its digits
 * (value_past_63): so a reduce (--merge) tells a figure that no cell can
 * hold from none. */
void perf_value_sum(struct value *v, gboolean known, perf_sum n);
/* V is "compute" (COMPUTE) or "memory" when KNOWN, else empty. */
void perf_value_bound(struct value *v, gboolean known, gboolean compute);

void perf_cell_flops(const struct perf *perf, guint node, struct value *v);
void perf_cell_bytes(const struct perf *perf, guint node, struct value *v);
/* flops or bytes over BUSY ns: thousandths of tera per second */
void perf_cell_rate(const struct perf *perf, guint node, gint64 busy, gboolean of_flops, struct value *v);
void perf_cell_roofline(const struct perf *perf, guint node, struct value *v);
void perf_cell_roofline_share(const struct perf *perf, guint node, gint64 busy, struct value *v);
void perf_cell_bound(const struct perf *perf, guint node, struct value *v);

#endif
