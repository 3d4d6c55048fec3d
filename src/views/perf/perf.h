/* Perf: how good the device time of each node was (SPEC 15.1) — the
 * counted ops of a forest and, for every node, the inclusive sums of their
 * flops, bytes and roofline times.
 *
 * Each monitored op with shapes is modelled once (src/views/perf/perf_model.h).
 * Two passes over the forest's pre-order decide which are counted: a
 * reverse pass marks the nodes with a modelled descendant (of a compute
 * family, of any family), a forward pass the nodes under a counted op of a
 * compute family. Each modelled op's launches are walked once, for the
 * first device event (none: it ran on the host, not counted) and their
 * device time (the report's), kept in pre-order until the sums are made. A
 * counted op's device is that of that first device event; its roofline figures, from the peak of its precision
 * (src/views/perf/peaks.h), in nanoseconds rounded half up: compute = flops /
 * peak FLOP/s, memory = bytes / peak bandwidth, roofline the larger (a
 * memory op: memory alone). A copy op (aten::copy_, aten::_to_copy) one of
 * whose launches' device events is a copy with the host (a memcpy named
 * HtoD, DtoH, HostToDevice or DeviceToHost, any ASCII case; those events
 * are walked for copy ops only) is judged against the host link instead
 * (SPEC 26.4): memory = the model's link bytes (its smaller side) / the
 * host link peak, never HBM's; without a host link figure it lacks a peak
 * (its own warning when the device has a row; a device of no row has the
 * one warning of its peaks). Prefix sums over the counted ops in pre-order
 * (128 bits: no sum of 64-bit figures can wrap), and per node the number of
 * counted ops before it, then give any node's inclusive figures in O(1):
 * its subtree [i, subtree_end[i]) holds the counted ops [before[i],
 * before[subtree_end[i]]). A node's roofline and bound are unknown when a
 * counted op under it lacks a peak it needs; figures past 63 bits are
 * refused (empty cells, a warning), and so are the rates, roofline and
 * bound made from them. Memory, only when a perf column or
 * --summary perf is asked for: 4 bytes a node (2 more while computing),
 * about 130 a counted op. */
#ifndef PP_PERF_H
#define PP_PERF_H

#include "attribution/attribute.h"
#include "views/perf/peaks.h"
#include "views/perf/perf_model.h"

typedef unsigned __int128 perf_sum; /* GCC and Clang on 64-bit targets */

struct perf {
	const struct forest *forest;
	guint32 *before;     /* per node, count + 1: the counted ops before it in pre-order */
	guint32 *node_of;    /* per counted op: its node */
	struct perf_model *model; /* per counted op: its model */
	perf_sum *flops, *bytes, *roofline; /* prefix sums over the counted ops (roofline in ns), one more than they */
	perf_sum *compute, *memory; /* prefix sums of their compute and memory times in fs (10^-6 ns), for bound */
	guint32 *unknown;    /* prefix counts of the counted ops lacking a peak they need */
	gint32 *device_of;   /* per counted op: the device number of its first device event, or -1 (none) */
	/* the report (SPEC 15.1) */
	guint counted[PERF_MEMORY + 1];  /* counted ops per family */
	gint64 counted_time[PERF_MEMORY + 1]; /* their device time (inclusive, each op once) */
	guint not_modelled[PERF_OTHER + 1]; /* ops of the table not modelled, by reason */
	guint host_only;     /* modelled ops whose launches start no device event: not counted */
	gboolean shapes;     /* some op has Input Dims */
	GPtrArray *unknown_devices; /* char *: devices without the peaks they needed, each once, as warnings name them ("device 'NAME'", "device 1 (...)") */
	GPtrArray *unknown_links;   /* char *: devices of the table whose copies with the host found no host link peak, named so */
	gboolean overflow;   /* a node's figure did not fit 64 bits */
};

/* The perf figures of FOREST's nodes, DEVICES the trace's deviceProperties,
 * PEAKS the table (NULL: none; every roofline unknown). */
struct perf *perf_compute(const struct forest *forest, const struct attribution *attribution, const GArray *devices,
			  const struct peaks *peaks);
void perf_free(struct perf *perf);

/* The row of PEAKS for device number DEVICE, named as the counted ops'
 * devices are (DEVICES the trace's deviceProperties); NULL when unknown
 * (peaks_figure then gives only the overrides). O(devices). */
const struct peak_row *perf_device_peaks(const GArray *devices, const struct peaks *peaks, guint16 device);

/* The sums of the counted ops of a set of nodes: add_range adds those of
 * the nodes [FIRST, END) of the pre-order (a subtree: [i, subtree_end[i])). */
struct perf_sums {
	perf_sum flops, bytes, roofline, compute, memory;
	guint64 ops, unknown;
};
void perf_add_range(const struct perf *perf, guint first, guint end, struct perf_sums *sums);
/* The index of NODE among the counted ops, or -1 when it is not one. */
static inline gint64 perf_op_of(const struct perf *perf, guint node)
{
	return perf->before[node + 1] != perf->before[node] ? (gint64)perf->before[node] : -1;
}

/* NODE's inclusive figures, exact: FALSE when no counted op is under it
 * (past 63 bits, the caller's cells are empty: perf_value_sum). */
gboolean perf_node(const struct perf *perf, guint node, perf_sum *flops, perf_sum *bytes);
/* NODE's roofline in ns and whether compute bounds it: FALSE when unknown
 * (no counted op, a peak missing, or the roofline, flops or bytes past 63
 * bits: what is made from a figure that cannot be written is empty too). */
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
