/* Roofline families (SPEC 26.4): which kind of op a --summary perf row is,
 * for far-from-roofline's advice that fits the op. An op's family, the
 * first that applies:
 * - host copy: a copy the perf model judged against the host link
 *   (struct perf_model's host_link: aten::copy_ or aten::_to_copy whose
 *   device events copy to or from the host, src/views/perf/perf.h);
 * - unfused attention: aten::_softmax or aten::softmax whose in0's last two
 *   dims are equal and >= 1024 (S x S scores); aten::bmm (A = in0, B = in1)
 *   or aten::baddbmm (A = in1, B = in2), A [b, M, K] and B [b, K, N], that
 *   produces such a matrix (M = N >= 1024) or consumes one (M = K >= 1024,
 *   or K = N >= 1024);
 * - fused attention: a name (less "aten::") starting with
 *   _flash_attention_, _efficient_attention_, _scaled_dot_product_ or
 *   _cudnn_attention, or a model of the attention family; its head dim is
 *   the last dim of in0 (Q), its dtype in0's Input type;
 * - unaligned gemm: a model of the gemm family (mm, addmm, bmm, baddbmm,
 *   _scaled_mm: A and B as their formulas read them) with M, N or K not a
 *   multiple of 16 bytes' worth of its precision's elements: 8 in 16-bit,
 *   4 in fp32 (and tf32, which is read as fp32), 16 in fp8 and int8, 2 in
 *   fp64 (16-byte alignment, what cuBLAS and hipBLASLt need for their
 *   fastest kernels); a gemm of no precision is never unaligned;
 * - gemm: the other gemm-family models;
 * - convolution: a model of the convolution family;
 * - elementwise and normalization: every other op.
 * Pure (no forest): the literals are parsed once, by
 * src/views/perf/perf_shapes.h; O(dims). */
#ifndef PP_PERF_FAMILY_H
#define PP_PERF_FAMILY_H

#include "views/perf/perf_shapes.h"

enum roofline_family {
	ROOFLINE_UNFUSED_ATTENTION,
	ROOFLINE_FUSED_ATTENTION,
	ROOFLINE_UNALIGNED_GEMM,
	ROOFLINE_GEMM,
	ROOFLINE_CONVOLUTION,
	ROOFLINE_HOST_COPY,
	ROOFLINE_ELEMENTWISE,
	ROOFLINE_FAMILIES
};

/* Which dims of an unaligned gemm are off their multiple. */
enum { ROOFLINE_OFF_M = 1, ROOFLINE_OFF_N = 2, ROOFLINE_OFF_K = 4 };

struct roofline_class {
	enum roofline_family family;
	guint64 m, n, k;   /* UNALIGNED_GEMM and GEMM: the dims (GEMM: when read) */
	guint off;         /* UNALIGNED_GEMM: ROOFLINE_OFF_ bits */
	guint multiple;    /* UNALIGNED_GEMM: the multiple (8, 4, 16, 2) */
	guint64 scores;    /* UNFUSED_ATTENTION: S, the side of the S x S matrix */
	guint64 head_dim;  /* FUSED_ATTENTION: Q's last dim, or 0 unknown */
	char *dtype;       /* FUSED_ATTENTION: Q's Input type, or NULL unknown (owned) */
};

/* The family of an op named NAME (LEN bytes) with the literals INPUT_DIMS
 * and INPUT_TYPE (NULL when absent) and the perf model MODEL (NULL: none)
 * into OUT; clear OUT after it. */
void roofline_classify(const char *name, gsize len, const char *input_dims, const char *input_type,
		       const struct perf_model *model, struct roofline_class *out);
void roofline_class_clear(struct roofline_class *c);

/* "unfused attention", "fused attention", "unaligned gemm", "gemm",
 * "convolution", "copy between host and device", "elementwise and
 * normalization". */
const char *roofline_family_name(enum roofline_family family);
/* What to change, in PyTorch terms, for the ops of FAMILY far from their
 * roofline, starting with its name. */
const char *roofline_family_advice(enum roofline_family family);
/* What the evidence says of one op of C's family after its figures, or ""
 * (", head dim 64, c10::BFloat16"; ", M 1000, N 50257, K 768: N off a
 * multiple of 8"; ", S x S scores with S 2048"). Newly allocated. */
char *roofline_class_detail(const struct roofline_class *c);

#endif
