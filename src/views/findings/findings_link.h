/* Communication on one rank (SPEC 26.5): on a trace analysed alone, what
 * exposed-communication adds to its evidence and advice: the bus bandwidth
 * of the device's collectives against its interconnect peak.
 *
 * A device's collectives are its device events of the communication class
 * (11.1, --comm-pattern), over the whole trace (15.2 reads the whole trace:
 * a bandwidth is per event, never clipped), with their 15.2 figures (own
 * args, else the nearest record_param_comms op's: src/views/collectives/collective_source.h),
 * grouped as --summary collective's rows are, per device; the rows whose
 * bandwidths 15.2 leaves empty (no collective, barrier, unknown dtype,
 * group size or sizes) are left out. Weighted by time, their bus bandwidth
 * is Σ busbw_row · total_row / Σ total_row = B / T, B = Σ S · count · factor
 * (the bus bytes, factor = num / den as 15.2's) and T = Σ total: one exact
 * fraction (a common denominator, the lcm of the rows' den, 128-bit and
 * checked: a sum past 128 bits leaves the bandwidth unsaid, never wrong).
 * Written in GB/s (bytes per ns) with three decimals, half up; the share of
 * the device's interconnect peak P (MB/s, src/views/perf/peaks.h) is
 * 1000 · B / (T · P), in tenths of a percent half up, and "below 25%" is
 * 4000 · B < T · P, exact. Below 25%, the advice starts with "the
 * collectives ran at X% of the link: they may be waiting for other ranks;
 * analyse all ranks' traces together (--summary rank)", then the rule's.
 * Without an interconnect figure the evidence gives the bandwidth alone and
 * says the peak is unknown; without a collective of known bandwidth, says
 * so. One pass over the device events, only when a device's finding fired:
 * O(E) time, O(rows) memory. */
#ifndef PP_FINDINGS_LINK_H
#define PP_FINDINGS_LINK_H

#include "views/findings/finding.h"

/* Completes the exposed-communication findings OUT[FIRST..] (of IN, a trace
 * analysed alone): their evidence, and their advice below 25% of the link. */
void findings_link_exposed(const struct findings_input *in, GPtrArray *out, guint first);

/* The bus bandwidth B / T (B = NUM / DEN bytes, T ns) in thousandths of
 * GB/s, half up, and its share of PEAK (MB/s) in tenths of a percent, half
 * up (-1 when PEAK is 0), and whether it is below 25% of PEAK; FALSE when
 * T or DEN is 0 or a product passes 128 bits. */
gboolean findings_link_share(unsigned __int128 num, guint64 den, gint64 time, guint64 peak, gint64 *thousandths,
			     gint64 *tenths, gboolean *below);

#endif
