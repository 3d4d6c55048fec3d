/* Perf: how good the device time of each node was (SPEC 15.1) — the
 * counted ops of a forest and, for every node, the inclusive sums of their
 * flops, bytes and roofline times.
 *
 * Each monitored op with shapes is modelled once (src/views/perf_model.h).
 * Two passes over the forest's pre-order decide which are counted: a
 * reverse pass marks the nodes with a modelled descendant (of a compute
 * family, of any family), a forward pass the nodes under a counted op of a
 * compute family. Each modelled op's launches are walked once, for the
 * first device event (none: it ran on the host, not counted) and their
 * device time (the report's), kept in pre-order until the sums are made. A
 * counted op's device is that of that first device event; its roofline figures, from the peak of its precision
 * (src/views/peaks.h), in nanoseconds rounded half up: compute = flops /
 * peak FLOP/s, memory = bytes / peak bandwidth, roofline the larger (a
 * memory op: memory alone). Prefix sums over the pre-order (128 bits: no sum
 * of 64-bit figures can wrap) then give any node's inclusive figures in
 * O(1): its subtree is the range [i, subtree_end[i]). A node's roofline and
 * bound are unknown when a counted op under it lacks a peak it needs;
 * figures past 64 bits are refused (empty cells, a warning). Memory: 113
 * bytes a node (and 24 a modelled op while computing), only when a perf
 * column or --summary perf is asked for. */
#ifndef PP_PERF_H
#define PP_PERF_H

#include "attribution/attribute.h"
#include "views/peaks.h"
#include "views/perf_model.h"

typedef unsigned __int128 perf_sum; /* GCC and Clang on 64-bit targets */

struct perf {
	const struct forest *forest;
	guint8 *family;      /* per node: its enum perf_family when it is counted, else 0 */
	struct perf_model *model; /* per node: its model when counted */
	perf_sum *flops, *bytes, *roofline; /* prefix sums (roofline in ns), count + 1 each */
	perf_sum *compute, *memory; /* prefix sums of the counted ops' compute and memory times in fs (10^-6 ns), for bound */
	guint32 *unknown;    /* prefix counts of counted ops lacking a peak they need */
	guint32 *ops;        /* prefix counts of counted ops */
	/* the report (SPEC 15.1) */
	guint counted[PERF_MEMORY + 1];  /* counted ops per family */
	gint64 counted_time[PERF_MEMORY + 1]; /* their device time (inclusive, each op once) */
	guint not_modelled[PERF_OTHER + 1]; /* ops of the table not modelled, by reason */
	guint host_only;     /* modelled ops whose launches start no device event: not counted */
	gboolean shapes;     /* some op has Input Dims */
	GPtrArray *unknown_devices; /* char *: devices without the peaks they needed, each once, as warnings name them ("device 'NAME'", "device 1 (...)") */
	gboolean overflow;   /* a node's figure did not fit 64 bits */
};

/* The perf figures of FOREST's nodes, DEVICES the trace's deviceProperties,
 * PEAKS the table (NULL: none; every roofline unknown). */
struct perf *perf_compute(const struct forest *forest, const struct attribution *attribution, const GArray *devices,
			  const struct peaks *peaks);
void perf_free(struct perf *perf);

/* NODE's inclusive figures: FALSE when no counted op is under it. FLOPS and
 * BYTES are G_MAXUINT64 when past 64 bits (the caller shows them empty). */
gboolean perf_node(const struct perf *perf, guint node, guint64 *flops, guint64 *bytes);
/* NODE's roofline in ns and whether compute bounds it: FALSE when unknown
 * (no counted op, a peak missing, or past 64 bits). */
gboolean perf_node_roofline(const struct perf *perf, guint node, gint64 *roofline, gboolean *compute_bound);
/* The rate of FIGURE (flops or bytes) over BUSY ns in thousandths of tera
 * per second (= FIGURE / BUSY, half away from zero): -1 when BUSY is 0 or
 * the rate does not fit. */
gint64 perf_rate(guint64 figure, gint64 busy);
/* FIGURE / BUSY rounded half away from zero (a rate in thousandths of tera
 * per second when BUSY is in ns), for sums over many ranks: -1 when BUSY is
 * 0 or the ratio does not fit 63 bits. */
gint64 perf_ratio(perf_sum figure, perf_sum busy);

typedef struct perf Perf;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Perf, perf_free)

#endif
