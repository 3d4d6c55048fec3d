/* Collective: the rules of SPEC 15.2 for one collective's figures, with no
 * trace in sight — its family (from the collective name, without case and
 * without '_'), nccl-tests' bus bandwidth factor for that family and the
 * group size n, the bytes of a dtype, and the bandwidths in thousandths of
 * GB/s worked out from integers only.
 *
 * Families, the first that the squeezed name contains: "allreduce" (factor
 * 2(n-1)/n), "allgather", "reducescatter", "alltoall" ((n-1)/n), then
 * "broadcast", "reduce", "send", "recv", "gather", "scatter" (1); any other
 * name, "barrier" among them, has no factor (nccl-tests' doc/PERFORMANCE.md).
 * The message bytes S are out elements x dtype bytes for the all-gather
 * family, in elements x dtype bytes for the others.
 *
 * algbw = S·count / total and busbw = algbw·factor, bytes per ns (= GB/s),
 * are one quotient each of 128-bit products, rounded half up once: busbw is
 * worked out from the exact algbw, never from the rounded one. A product
 * that does not fit 128 bits is refused, never wrapped. */
#ifndef PP_COLLECTIVE_H
#define PP_COLLECTIVE_H

#include <glib.h>

enum collective_family {
	COLLECTIVE_UNKNOWN, /* barrier, and every name not below: no bandwidths */
	COLLECTIVE_ALLREDUCE,
	COLLECTIVE_ALLGATHER,
	COLLECTIVE_REDUCESCATTER,
	COLLECTIVE_ALLTOALL,
	COLLECTIVE_ONE, /* broadcast, reduce, send, recv, gather, scatter: factor 1 */
};

/* The family of the collective NAME (LEN bytes, NUL allowed). */
enum collective_family collective_family(const char *name, gsize len);
/* The factor of FAMILY (not COLLECTIVE_UNKNOWN) for N ranks (N >= 1), as
 * *NUM / *DEN: 2(N-1)/N, (N-1)/N or 1/1. */
void collective_factor(enum collective_family family, guint64 n, guint64 *num, guint64 *den);
/* The bytes of the PyTorch dtype TEXT: Float, Int 4; Double, Long 8; Half,
 * BFloat16, Short 2; Byte, Char, Bool, Float8_* 1 (spelled so); 0 for any
 * other. */
guint collective_dtype_bytes(const char *text);

/* 1000 · S · COUNT · NUM / (TOTAL · DEN), S = ELEMENTS · BYTES: a bandwidth
 * in thousandths of GB/s (bytes per ns, TOTAL in ns), rounded half up; -1
 * when TOTAL or DEN is 0, when a product does not fit 128 bits, or when the
 * result does not fit 63 bits. */
gint64 collective_bandwidth(guint64 elements, guint bytes, guint64 count, gint64 total, guint64 num, guint64 den);

#endif
