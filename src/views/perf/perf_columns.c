#include "views/perf/perf_columns.h"

void perf_value(struct value *v, enum value_type type, gint64 n)
{
	if (n >= 0)
		value_number(v, type, n);
	else
		v->type = VALUE_EMPTY;
}

gint64 perf_fit(perf_sum n)
{
	return n <= G_MAXINT64 ? (gint64)n : -1;
}

void perf_value_bound(struct value *v, gboolean known, gboolean compute)
{
	if (known)
		value_string(v, compute ? "compute" : "memory");
	else
		v->type = VALUE_EMPTY;
}

void perf_value_sum(struct value *v, gboolean known, perf_sum n)
{
	if (known && n <= G_MAXINT64)
		value_number(v, VALUE_INTEGER, (gint64)n);
	else if (known)
		value_past_63(v, (guint64)(n >> 64), (guint64)n);
	else
		v->type = VALUE_EMPTY;
}

/* NODE's flops (OF_FLOPS) or bytes into *N; FALSE when no counted op is under it. */
static gboolean exact(const struct perf *perf, guint node, gboolean of_flops, perf_sum *n)
{
	perf_sum f, b;
	if (!perf || !perf_node(perf, node, &f, &b))
		return FALSE;
	*n = of_flops ? f : b;
	return TRUE;
}

/* NODE's flops (OF_FLOPS) or bytes; -1 when no counted op is under it, or past 63 bits. */
static gint64 figure(const struct perf *perf, guint node, gboolean of_flops)
{
	perf_sum n;
	return exact(perf, node, of_flops, &n) ? perf_fit(n) : -1;
}

void perf_cell_flops(const struct perf *perf, guint node, struct value *v)
{
	perf_sum n = 0;
	gboolean known = exact(perf, node, TRUE, &n); /* before N is read */
	perf_value_sum(v, known, n);
}

void perf_cell_bytes(const struct perf *perf, guint node, struct value *v)
{
	perf_sum n = 0;
	gboolean known = exact(perf, node, FALSE, &n); /* before N is read */
	perf_value_sum(v, known, n);
}

void perf_cell_rate(const struct perf *perf, guint node, gint64 busy, gboolean of_flops, struct value *v)
{
	gint64 n = figure(perf, node, of_flops);
	perf_value(v, VALUE_RATIO, n >= 0 ? perf_rate((guint64)n, busy) : -1);
}

/* NODE's roofline in ns, -1 unknown; *COMPUTE whether compute bounds it. */
static gint64 roofline_of(const struct perf *perf, guint node, gboolean *compute)
{
	gint64 ns;
	return perf && perf_node_roofline(perf, node, &ns, compute) ? ns : -1;
}

void perf_cell_roofline(const struct perf *perf, guint node, struct value *v)
{
	gboolean compute;
	perf_value(v, VALUE_DURATION, roofline_of(perf, node, &compute));
}

void perf_cell_roofline_share(const struct perf *perf, guint node, gint64 busy, struct value *v)
{
	gboolean compute;
	gint64 ns = roofline_of(perf, node, &compute);
	perf_value(v, VALUE_PERCENT, ns >= 0 ? tenths_of_percent(ns, busy) : -1);
}

void perf_cell_bound(const struct perf *perf, guint node, struct value *v)
{
	gboolean compute = FALSE;
	gboolean known = roofline_of(perf, node, &compute) >= 0; /* before COMPUTE is read */
	perf_value_bound(v, known, compute);
}
