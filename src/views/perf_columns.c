#include "views/perf_columns.h"

static void integer(struct value *v, gboolean known, guint64 n)
{
	if (known && n <= G_MAXINT64)
		value_number(v, VALUE_INTEGER, (gint64)n);
	else
		v->type = VALUE_EMPTY;
}

void perf_cell_flops(const struct perf *perf, guint node, struct value *v)
{
	guint64 f = 0, b = 0;
	gboolean known = perf && perf_node(perf, node, &f, &b);
	integer(v, known, f);
}

void perf_cell_bytes(const struct perf *perf, guint node, struct value *v)
{
	guint64 f = 0, b = 0;
	gboolean known = perf && perf_node(perf, node, &f, &b);
	integer(v, known, b);
}

void perf_cell_rate(const struct perf *perf, guint node, gint64 busy, gboolean of_flops, struct value *v)
{
	guint64 f, b;
	gint64 thousandths = perf && perf_node(perf, node, &f, &b) ? perf_rate(of_flops ? f : b, busy) : -1;
	if (thousandths >= 0)
		value_number(v, VALUE_RATIO, thousandths);
	else
		v->type = VALUE_EMPTY;
}

void perf_cell_roofline(const struct perf *perf, guint node, struct value *v)
{
	gint64 ns;
	gboolean compute;
	if (perf && perf_node_roofline(perf, node, &ns, &compute))
		value_number(v, VALUE_DURATION, ns);
	else
		v->type = VALUE_EMPTY;
}

void perf_cell_roofline_share(const struct perf *perf, guint node, gint64 busy, struct value *v)
{
	gint64 ns;
	gboolean compute;
	gint64 tenths = perf && busy > 0 && perf_node_roofline(perf, node, &ns, &compute) ? tenths_of_percent(ns, busy) : -1;
	if (tenths >= 0)
		value_number(v, VALUE_PERCENT, tenths);
	else
		v->type = VALUE_EMPTY;
}

void perf_cell_bound(const struct perf *perf, guint node, struct value *v)
{
	gint64 ns;
	gboolean compute;
	if (perf && perf_node_roofline(perf, node, &ns, &compute))
		value_string(v, compute ? "compute" : "memory");
	else
		v->type = VALUE_EMPTY;
}
