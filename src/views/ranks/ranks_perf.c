/* Ranks' perf figures: each rank's figures of a key are added to the key's
 * sums in 128 bits (no sum of 64-bit figures over 2^32 ranks can wrap), and
 * how many ranks had counted ops, lacked a figure, or were bound by compute
 * or memory, is counted, so that a cell is exact or empty, never a sum that
 * silently skipped a rank. The rates divide the sums: flops / busy, as the
 * node and summary columns do for one rank (perf_ratio, half away from
 * zero). */
#include "views/ranks/ranks_perf.h"
#include "views/perf/perf_columns.h"

struct rank_perf rank_perf_of_group(const struct group *g)
{
	struct group_perf p = group_perf(g);
	return (struct rank_perf){
		.ops = p.ops, .busy = g->busy_total, .flops = p.flops, .bytes = p.bytes, .roofline = p.roofline, .bound = p.bound,
	};
}

void ranks_perf_add(struct ranks_perf *sums, const struct rank_perf *one)
{
	sums->busy += (perf_sum)one->busy;
	if (!one->ops)
		return;
	sums->ops++;
	if (one->flops >= 0)
		sums->flops += (perf_sum)one->flops;
	else
		sums->flops_missing++;
	if (one->bytes >= 0)
		sums->bytes += (perf_sum)one->bytes;
	else
		sums->bytes_missing++;
	if (one->roofline >= 0)
		sums->roofline += (perf_sum)one->roofline;
	else
		sums->roofline_missing++;
	if (one->bound < 0)
		sums->bound_missing++;
	else if (one->bound)
		sums->compute++;
	else
		sums->memory++;
}

/* SUM when every rank with counted ops gave its figure, as 63 bits; else -1. */
static gint64 whole(const struct ranks_perf *sums, perf_sum sum, guint missing)
{
	return sums->ops && !missing ? perf_fit(sum) : -1;
}

void ranks_perf_flops(const struct ranks_perf *sums, struct value *v)
{
	perf_value_sum(v, sums->ops && !sums->flops_missing, sums->flops);
}

void ranks_perf_bytes(const struct ranks_perf *sums, struct value *v)
{
	perf_value_sum(v, sums->ops && !sums->bytes_missing, sums->bytes);
}

void ranks_perf_busy(const struct ranks_perf *sums, struct value *v)
{
	perf_value(v, VALUE_DURATION, perf_fit(sums->busy));
}

static void rate(const struct ranks_perf *sums, perf_sum sum, guint missing, struct value *v)
{
	perf_value(v, VALUE_RATIO, sums->ops && !missing ? perf_ratio(sum, sums->busy) : -1);
}

void ranks_perf_tflops(const struct ranks_perf *sums, struct value *v)
{
	rate(sums, sums->flops, sums->flops_missing, v);
}

void ranks_perf_tbytes(const struct ranks_perf *sums, struct value *v)
{
	rate(sums, sums->bytes, sums->bytes_missing, v);
}

void ranks_perf_roofline(const struct ranks_perf *sums, struct value *v)
{
	perf_value(v, VALUE_DURATION, whole(sums, sums->roofline, sums->roofline_missing));
}

void ranks_perf_roofline_share(const struct ranks_perf *sums, struct value *v)
{
	gint64 ns = whole(sums, sums->roofline, sums->roofline_missing), busy = perf_fit(sums->busy);
	perf_value(v, VALUE_PERCENT, ns >= 0 && busy >= 0 ? tenths_of_percent(ns, busy) : -1);
}

void ranks_perf_bound(const struct ranks_perf *sums, struct value *v)
{
	if (!sums->ops || sums->bound_missing)
		v->type = VALUE_EMPTY;
	else
		value_string(v, sums->compute && sums->memory ? "mixed" : sums->compute ? "compute" : "memory");
}
