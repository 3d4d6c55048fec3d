/* Performance models of ops (SPEC 15.1): the flops and bytes of one op, from
 * its name and the Input Dims, Input type and Concrete Inputs of its args,
 * by the table of families (gemm, attention, convolution, memory) and
 * their formulas. Pure: no forest, no trace; the counted-op rule and the
 * columns are the callers'. Exact integer arithmetic: every product and
 * sum is checked, and one that would pass 2^64 - 1 makes the op not
 * modelled (PERF_OTHER), never a wrapped figure. The literals are parsed
 * by src/views/perf/perf_shapes.c, the convolutions modelled by
 * src/views/perf/perf_conv.c. */
#ifndef PP_PERF_MODEL_H
#define PP_PERF_MODEL_H

#include <glib.h>
#include "views/perf/perf_shapes.h" /* enum perf_family, perf_precision, perf_reason; struct perf_model */

/* The family of an op named NAME (LEN bytes), from the table alone;
 * PERF_FAMILY_NONE when it is not in it. */
enum perf_family perf_family_of(const char *name, gsize len);

/* The model of an op: its name (LEN bytes), and its Input Dims, Input type
 * and Concrete Inputs literals (NULL when absent), as Python literals or as
 * JSON text (struct event_extra keeps the one or the other). PERF_MODELLED
 * fills OUT; any other reason leaves it all zero (family PERF_FAMILY_NONE):
 * PERF_NOT_IN_TABLE, the name is not in the table; PERF_NO_SHAPES, Input
 * Dims or Input type is absent or an empty list; PERF_UNKNOWN_TYPE, a tensor
 * input the formulas read has a type without a size; PERF_OTHER, anything
 * else (a malformed literal, an input that is not a tensor where the table
 * needs one, wrong ranks, shapes that do not agree, negative dims, missing
 * or malformed Concrete Inputs where the table reads them, a figure past
 * 2^64 - 1). */
enum perf_reason perf_model_op(const char *name, gsize len, const char *input_dims, const char *input_type,
			       const char *concrete_inputs, struct perf_model *out);

/* "gemm", "attention", "convolution", "memory"; NULL for PERF_FAMILY_NONE. */
const char *perf_family_name(enum perf_family family);
/* "fp64", "fp32", "16-bit", "fp8", "int8"; NULL for PERF_PRECISION_NONE. */
const char *perf_precision_name(enum perf_precision precision);
/* "no shapes", "unknown type", "other"; NULL for PERF_MODELLED and PERF_NOT_IN_TABLE. */
const char *perf_reason_name(enum perf_reason reason);

#endif
