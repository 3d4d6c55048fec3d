#include "views/summaries/summary_columns.h"
#include "views/summaries/summary.h"
#include "views/perf/perf_columns.h"
#include "attribution/sums.h"

/* host total / outermost nodes, to the nearest nanosecond (half up). */
static gint64 host_mean(const struct group *group)
{
	return group->outermost ? mean_half_up(group->host_total, (gint64)group->outermost) : 0;
}

#define GROUP(r) ((const struct group *)(r))

static void name(const void *r, struct value *v)
{
	gsize len;
	const char *text = key_node_text(GROUP(r)->key, &len);
	value_text(v, text, len);
}

static void count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)GROUP(r)->count);
}

static void host_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->host_total);
}

static void host_mean_ms(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, host_mean(GROUP(r)));
}

static void host_min(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->outermost ? GROUP(r)->host_min : 0);
}

static void host_max(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->host_max);
}

static void self_host_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->self_host_total);
}

static void device_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->device_total);
}

static void self_device_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->self_device_total);
}

static void launch_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->launch_total);
}

static void launch_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)GROUP(r)->launch_count);
}

static void device_event_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)GROUP(r)->device_events);
}

static void waiting_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->waiting_total);
}

static void self_waiting_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->self_waiting_total);
}

static void device_launch_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)GROUP(r)->device_launches);
}

static void rank(const void *r, struct value *v)
{
	value_rank(v, GROUP(r)->meta->rank);
}

struct group_perf group_perf(const struct group *group)
{
	const struct group_perf_sums *g = group->perf;
	struct group_perf p = { .ops = g && g->ops > 0, .flops = -1, .bytes = -1, .roofline = -1, .tflops = -1,
				.tbytes = -1, .share = -1, .bound = -1 };
	if (!p.ops)
		return p;
	p.flops = perf_fit(g->flops);
	p.bytes = perf_fit(g->bytes);
	/* a figure that cannot be written (past 63 bits) makes those made from it empty too */
	p.tflops = p.flops >= 0 ? perf_rate((guint64)p.flops, group->busy_total) : -1;
	p.tbytes = p.bytes >= 0 ? perf_rate((guint64)p.bytes, group->busy_total) : -1;
	p.roofline = g->unknown || p.flops < 0 || p.bytes < 0 ? -1 : perf_fit(g->roofline);
	if (p.roofline >= 0) {
		p.share = tenths_of_percent(p.roofline, group->busy_total);
		p.bound = g->compute >= g->memory;
	}
	return p;
}

/* SPEC 15.1: the perf figures of the group's outermost nodes (group_perf). */
static void flops(const void *r, struct value *v)
{
	const struct group_perf_sums *g = GROUP(r)->perf;
	perf_value_sum(v, g && g->ops > 0, g ? g->flops : 0);
}

static void bytes_moved(const void *r, struct value *v)
{
	const struct group_perf_sums *g = GROUP(r)->perf;
	perf_value_sum(v, g && g->ops > 0, g ? g->bytes : 0);
}

static void tflops(const void *r, struct value *v)
{
	perf_value(v, VALUE_RATIO, group_perf(GROUP(r)).tflops);
}

static void tbytes(const void *r, struct value *v)
{
	perf_value(v, VALUE_RATIO, group_perf(GROUP(r)).tbytes);
}

static void roofline(const void *r, struct value *v)
{
	perf_value(v, VALUE_DURATION, group_perf(GROUP(r)).roofline);
}

static void roofline_share(const void *r, struct value *v)
{
	perf_value(v, VALUE_PERCENT, group_perf(GROUP(r)).share);
}

static void bound(const void *r, struct value *v)
{
	int b = group_perf(GROUP(r)).bound;
	perf_value_bound(v, b >= 0, b == 1);
}

static void busy_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, GROUP(r)->busy_total);
}

static void view(const void *r, struct value *v)
{
	value_string(v, GROUP(r)->meta->view);
}

static void shape(const void *r, struct value *v)
{
	value_string(v, GROUP(r)->meta->shape);
}

static const struct column columns[] = {
	{ "rank", VALUE_INTEGER, SUMMARY_JSONL_DEFAULT, rank },
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, name },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, count },
	{ "host total(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_total },
	{ "host mean(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_mean_ms },
	{ "host min(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_min },
	{ "host max(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_max },
	{ "self host total(ms)", VALUE_DURATION, COLUMN_DEFAULT, self_host_total },
	{ "device total(ms)", VALUE_DURATION, COLUMN_DEFAULT, device_total },
	{ "self device total(ms)", VALUE_DURATION, COLUMN_DEFAULT, self_device_total },
	{ "cuda launch total(ms)", VALUE_DURATION, COLUMN_DEFAULT, launch_total },
	{ "launch count", VALUE_INTEGER, COLUMN_DEFAULT, launch_count },
	{ "device event count", VALUE_INTEGER, COLUMN_DEFAULT, device_event_count },
	/* SPEC 19.3, picked by name: the run works out the blamed host wait */
	{ "device waiting total(ms)", VALUE_DURATION, SUMMARY_WAITING, waiting_total },
	{ "self device waiting total(ms)", VALUE_DURATION, SUMMARY_WAITING, self_waiting_total },
	/* SPEC 19.5: the formats for people show it instead of launch count (NAME_SUMMARY_VIEW_COLUMNS) */
	{ "device launch count", VALUE_INTEGER, SUMMARY_DEVICE_LAUNCHES, device_launch_count },
	/* the perf columns (SPEC 15.1), picked by name: the run works out the figures */
	{ "device busy total(ms)", VALUE_DURATION, SUMMARY_BUSY, busy_total },
	{ "flops", VALUE_INTEGER, SUMMARY_PERF_FIGURES, flops },
	{ "bytes", VALUE_INTEGER, SUMMARY_PERF_FIGURES, bytes_moved },
	{ "TFLOP/s", VALUE_RATIO, SUMMARY_PERF_FIGURES | SUMMARY_BUSY, tflops },
	{ "TB/s", VALUE_RATIO, SUMMARY_PERF_FIGURES | SUMMARY_BUSY, tbytes },
	{ "roofline(ms)", VALUE_DURATION, SUMMARY_PERF_FIGURES, roofline },
	{ "roofline %", VALUE_PERCENT, SUMMARY_PERF_FIGURES | SUMMARY_BUSY, roofline_share },
	{ "bound", VALUE_TEXT, SUMMARY_PERF_FIGURES, bound },
	/* what --merge checks: summaries of one view and options only (src/cli/shape.h) */
	{ "summary", VALUE_TEXT, SUMMARY_JSONL_DEFAULT, view },
	{ "options", VALUE_TEXT, SUMMARY_JSONL_DEFAULT, shape },
};

const struct catalogue *name_summary_catalogue(void)
{
	static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };
	return &catalogue;
}
