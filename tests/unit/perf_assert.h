/* Checks of the performance models (src/views/perf/perf_model.h), for
 * tests/unit/test_perf_model.c and tests/unit/test_perf_shapes.c. */
#ifndef PP_PERF_ASSERT_H
#define PP_PERF_ASSERT_H

#include "unit.h"
#include "views/perf/perf_model.h"
#include "views/perf/perf_shapes.h"

static inline enum perf_reason run(const char *name, const char *dims, const char *types, const char *concrete,
				   struct perf_model *m)
{
	return perf_model_op(name, strlen(name), dims, types, concrete, m);
}

/* The op is modelled with these figures. */
#define ASSERT_MODEL(name, dims, types, concrete, fam, prec, f, b)                                   \
	do {                                                                                        \
		struct perf_model m_;                                                               \
		CU_ASSERT_EQUAL_FATAL(run(name, dims, types, concrete, &m_), PERF_MODELLED);       \
		CU_ASSERT_EQUAL(m_.family, fam);                                                    \
		CU_ASSERT_EQUAL(m_.precision, prec);                                                \
		CU_ASSERT_EQUAL(m_.flops, (guint64)(f));                                            \
		CU_ASSERT_EQUAL(m_.bytes, (guint64)(b));                                            \
	} while (0)

/* The op is not modelled, for REASON, and OUT is left zero. */
#define ASSERT_REASON(name, dims, types, concrete, reason)                                           \
	do {                                                                                        \
		struct perf_model m_ = { PERF_GEMM, PERF_FP32, 7, 7 };                              \
		CU_ASSERT_EQUAL(run(name, dims, types, concrete, &m_), reason);                     \
		CU_ASSERT_EQUAL(m_.family, PERF_FAMILY_NONE);                                       \
		CU_ASSERT_EQUAL(m_.flops, 0);                                                       \
		CU_ASSERT_EQUAL(m_.bytes, 0);                                                       \
	} while (0)

#endif
