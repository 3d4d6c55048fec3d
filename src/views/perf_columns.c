#include "views/perf_columns.h"
#include "views/perf.h"

#define ROW(r) ((const struct node_row *)(r))

/* SPEC 15.1: the perf figures, inclusive over the counted ops under the node. */
static gboolean perf_figures(const void *r, guint64 *flops, guint64 *bytes)
{
	return ROW(r)->perf && perf_node(ROW(r)->perf, ROW(r)->node, flops, bytes);
}

static void perf_integer(struct value *v, gboolean known, guint64 n)
{
	if (known && n <= G_MAXINT64)
		value_number(v, VALUE_INTEGER, (gint64)n);
	else
		v->type = VALUE_EMPTY;
}

void perf_column_flops(const void *r, struct value *v)
{
	guint64 f, b;
	gboolean known = perf_figures(r, &f, &b);
	perf_integer(v, known, f);
}

void perf_column_bytes_moved(const void *r, struct value *v)
{
	guint64 f, b;
	gboolean known = perf_figures(r, &f, &b);
	perf_integer(v, known, b);
}

static void rate(const void *r, struct value *v, gboolean of_flops)
{
	guint64 f, b;
	gint64 thousandths = perf_figures(r, &f, &b) ? perf_rate(of_flops ? f : b, ROW(r)->busy[ROW(r)->node]) : -1;
	if (thousandths >= 0)
		value_number(v, VALUE_RATIO, thousandths);
	else
		v->type = VALUE_EMPTY;
}

void perf_column_tflops(const void *r, struct value *v)
{
	rate(r, v, TRUE);
}

void perf_column_tbytes(const void *r, struct value *v)
{
	rate(r, v, FALSE);
}

void perf_column_roofline(const void *r, struct value *v)
{
	gint64 ns;
	gboolean compute;
	if (ROW(r)->perf && perf_node_roofline(ROW(r)->perf, ROW(r)->node, &ns, &compute))
		value_number(v, VALUE_DURATION, ns);
	else
		v->type = VALUE_EMPTY;
}

void perf_column_roofline_share(const void *r, struct value *v)
{
	gint64 ns, busy = ROW(r)->busy[ROW(r)->node];
	gboolean compute;
	if (ROW(r)->perf && busy > 0 && perf_node_roofline(ROW(r)->perf, ROW(r)->node, &ns, &compute))
		value_number(v, VALUE_PERCENT, tenths_of_percent(ns, busy));
	else
		v->type = VALUE_EMPTY;
}

void perf_column_bound(const void *r, struct value *v)
{
	gint64 ns;
	gboolean compute;
	if (ROW(r)->perf && perf_node_roofline(ROW(r)->perf, ROW(r)->node, &ns, &compute))
		value_string(v, compute ? "compute" : "memory");
	else
		v->type = VALUE_EMPTY;
}

