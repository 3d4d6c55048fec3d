/* Perf columns: flops, bytes, TFLOP/s, TB/s, roofline(ms), roofline % and
 * bound of a node's row (SPEC 15.1), read from the row's struct perf and
 * busy time; getters of the node catalogue (src/views/columns.c). */
#ifndef PP_PERF_COLUMNS_H
#define PP_PERF_COLUMNS_H

#include "views/columns.h"

void perf_column_flops(const void *r, struct value *v);
void perf_column_bytes_moved(const void *r, struct value *v);
void perf_column_tflops(const void *r, struct value *v);
void perf_column_tbytes(const void *r, struct value *v);
void perf_column_roofline(const void *r, struct value *v);
void perf_column_roofline_share(const void *r, struct value *v);
void perf_column_bound(const void *r, struct value *v);

#endif
