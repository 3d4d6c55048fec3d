/* Ranks' perf figures (SPEC 15.1 across ranks, SPEC 13.2): per key, the
 * sums over the ranks that have it of the flops, bytes, busy and roofline
 * times, and the bound seen on each rank, kept only when a perf column is
 * asked for; the cells of the across-ranks perf columns. */
#ifndef PP_RANKS_PERF_H
#define PP_RANKS_PERF_H

#include "views/summaries/summary.h"

/* One rank's perf figures of a key; -1: none (an empty cell). */
struct rank_perf {
	gboolean ops;          /* the rank has counted ops under the key */
	gint64 busy;           /* device busy total, ns (0 when not known) */
	gint64 flops, bytes;   /* -1 without counted ops, or past 63 bits */
	gint64 roofline;       /* ns; -1 without counted ops, or a peak unknown */
	int bound;             /* 1 compute, 0 memory, -1 unknown */
};

/* A key's sums over its ranks. */
struct ranks_perf {
	perf_sum flops, bytes, roofline, busy;
	guint ops;                      /* ranks with counted ops */
	guint flops_missing, bytes_missing, roofline_missing, bound_missing; /* of those, ranks without the figure */
	guint compute, memory;          /* ranks whose bound is compute, memory */
};

/* The figures of a group of one rank's summary (struct group, with perf and busy). */
struct rank_perf rank_perf_of_group(const struct group *group);
void ranks_perf_add(struct ranks_perf *sums, const struct rank_perf *one);

/* The cells: the sums (flops, bytes, busy, roofline) and the rates over
 * the summed busy time; each empty when no rank has counted ops under the
 * key, or when a rank with some lacks the figure. bound: compute or memory
 * when every rank with counted ops says so, mixed when they differ. */
void ranks_perf_flops(const struct ranks_perf *sums, struct value *v);
void ranks_perf_bytes(const struct ranks_perf *sums, struct value *v);
void ranks_perf_busy(const struct ranks_perf *sums, struct value *v);
void ranks_perf_tflops(const struct ranks_perf *sums, struct value *v);
void ranks_perf_tbytes(const struct ranks_perf *sums, struct value *v);
void ranks_perf_roofline(const struct ranks_perf *sums, struct value *v);
void ranks_perf_roofline_share(const struct ranks_perf *sums, struct value *v);
void ranks_perf_bound(const struct ranks_perf *sums, struct value *v);

#endif
