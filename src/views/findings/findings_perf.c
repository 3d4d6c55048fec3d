#include "views/findings/findings_perf.h"
#include "attribution/busy.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/perf/perf_columns.h"
#include "views/perf/perf_family.h"
#include "views/perf/summary_perf.h"

#define EVIDENCE_ROWS 3 /* rows the evidence names */

static gint64 trace_busy(const struct findings_input *in)
{
	gint64 busy = 0;
	for (guint i = 0; in->timeline && i < in->timeline->count; i++)
		busy += in->timeline->devices[i].busy;
	return busy;
}

GPtrArray *findings_perf_rows(const struct findings_input *in)
{
	if (!in->perf || !in->perf->before[in->forest->count])
		return NULL;
	g_autofree gint64 *busy = busy_compute(in->attribution, in->forest);
	return perf_rows(in->forest, in->perf, busy, NULL);
}

/* Whether ROW has busy >= 5% of TOTAL. */
static gboolean large(const struct perf_row *row, gint64 total)
{
	return total > 0 && row->busy > 0 && (perf_sum)row->busy * 100 >= (perf_sum)total * 5;
}

static void append_row(GString *text, const struct perf_row *row)
{
	g_string_append_len(text, row->op->name->text, (gssize)row->op->name->len);
	if (row->op->extra && row->op->extra->input_dims)
		g_string_append_printf(text, " %s", row->op->extra->input_dims);
	g_string_append_printf(text, " (%" G_GUINT64_FORMAT " call%s, busy ", row->count, row->count == 1 ? "" : "s");
	time_append_ms(text, row->busy);
	g_string_append(text, " ms");
}

/* far-from-roofline's rows of one family (src/views/perf/perf_family.h). */
struct family_part {
	guint rows;
	perf_sum saving;
	GString *named; /* the first EVIDENCE_ROWS rows */
};

/* ROW's family, from its first op. */
static enum roofline_family family_of(const struct perf_row *row, struct roofline_class *c)
{
	const struct event_extra *x = row->op->extra;
	roofline_classify(row->op->name->text, row->op->name->len, x ? x->input_dims : NULL, x ? x->input_type : NULL,
			  row->model, c);
	return c->family;
}

/* The families in the order the evidence and the advice name them: by
 * saving, descending, then the family order. */
static void order_families(const struct family_part *parts, guint order[ROOFLINE_FAMILIES])
{
	guint n = 0;
	for (guint f = 0; f < ROOFLINE_FAMILIES; f++) {
		guint i = n++;
		for (; i > 0 && parts[order[i - 1]].saving < parts[f].saving; i--)
			order[i] = order[i - 1];
		order[i] = f;
	}
}

void findings_far_from_roofline(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const GPtrArray *rows = in->perf_rows;
	if (!rows || in->last <= in->first)
		return;
	gint64 total = trace_busy(in);
	perf_sum saving = 0;
	guint far = 0;
	struct family_part parts[ROOFLINE_FAMILIES] = { { 0 } };
	for (guint i = 0; i < rows->len; i++) {
		const struct perf_row *row = rows->pdata[i];
		/* roofline % empty (a peak missing, a figure past 63 bits) is not below 30 */
		if (!large(row, total) || row->unknown || perf_fit(row->roofline) < 0 || perf_fit(row->model->flops) < 0 ||
		    perf_fit(row->model->bytes) < 0 || row->roofline * 10 >= (perf_sum)row->busy * 3)
			continue;
		perf_sum per_call = (2 * row->roofline + row->count) / (2 * (perf_sum)row->count);
		perf_sum roofline = per_call * row->count, above = (perf_sum)row->busy > roofline ? row->busy - roofline : 0;
		saving += above;
		far++;
		struct roofline_class c;
		struct family_part *part = &parts[family_of(row, &c)];
		part->saving += above;
		if (part->rows++ < EVIDENCE_ROWS) {
			if (!part->named)
				part->named = g_string_new(NULL);
			g_string_append(part->named, part->rows > 1 ? "; " : "");
			append_row(part->named, row);
			g_string_append(part->named, " at ");
			percent_append(part->named, tenths_of_percent((gint64)row->roofline, row->busy));
			g_autofree char *detail = roofline_class_detail(&c);
			g_string_append_printf(part->named, "%% of its roofline%s)", detail);
		}
		roofline_class_clear(&c);
	}
	guint order[ROOFLINE_FAMILIES];
	order_families(parts, order);
	GString *text = NULL, *advice = NULL;
	if (far && saving <= G_MAXINT64) {
		text = g_string_new(NULL);
		advice = g_string_new(NULL);
		g_string_append_printf(text, "%u op shape%s with 5%% or more of the device busy time ran under 30%% of %s "
				       "roofline, ", far, far == 1 ? "" : "s", far == 1 ? "its" : "their");
		time_append_ms(text, (gint64)saving);
		g_string_append(text, " ms above it");
	}
	for (guint i = 0; i < ROOFLINE_FAMILIES; i++) { /* by family: its rows, its own advice */
		struct family_part *part = &parts[order[i]];
		if (text && part->rows) {
			g_string_append_printf(text, "; %s, %u shape%s, ", roofline_family_name(order[i]), part->rows,
					       part->rows == 1 ? "" : "s");
			time_append_ms(text, (gint64)part->saving);
			g_string_append_printf(text, " ms above: %s", part->named->str);
			if (part->rows > EVIDENCE_ROWS)
				g_string_append_printf(text, "; and %u more", part->rows - EVIDENCE_ROWS);
			g_string_append_printf(advice, "%s; ", roofline_family_advice(order[i]));
		}
		if (part->named)
			g_string_free(part->named, TRUE);
	}
	if (!text)
		return;
	g_string_append(advice, "--summary perf lists every shape");
	if (finding_add(rule, in, out, (gint64)saving, FINDING_NO_DEVICE, g_string_free(text, FALSE)))
		finding_set_advice(out->pdata[out->len - 1], g_string_free(g_steal_pointer(&advice), FALSE));
	if (advice)
		g_string_free(advice, TRUE);
}

/* FIGURE / PEAK (millionths of tera per second) in fs, rounded down. */
static perf_sum fs_of(guint64 figure, guint64 peak)
{
	return (perf_sum)figure * 1000000000u / peak;
}

void findings_fp32_matmul(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const GPtrArray *rows = in->perf_rows;
	if (!rows || in->last <= in->first)
		return;
	gint64 total = trace_busy(in);
	perf_sum busy_fs = 0, fast_fs = 0;
	guint matched = 0;
	g_autoptr(GString) named = g_string_new(NULL);
	for (guint i = 0; i < rows->len; i++) {
		const struct perf_row *row = rows->pdata[i];
		if (row->model->family != PERF_GEMM || row->model->precision != PERF_FP32 || !large(row, total))
			continue;
		gint64 k = perf_op_of(in->perf, (guint)(row->op - in->forest->events));
		gint32 device = k >= 0 ? in->perf->device_of[k] : -1;
		if (device < 0)
			continue;
		const struct peak_row *p = perf_device_peaks(in->trace->devices, in->peaks, (guint16)device);
		guint64 p32 = in->peaks ? peaks_figure(in->peaks, p, PEAK_FP32) : PEAK_UNKNOWN;
		guint64 p16 = in->peaks ? peaks_figure(in->peaks, p, PEAK_16BIT) : PEAK_UNKNOWN;
		guint64 bw = in->peaks ? peaks_figure(in->peaks, p, PEAK_BANDWIDTH) : PEAK_UNKNOWN;
		if (p32 == PEAK_UNKNOWN || p16 == PEAK_UNKNOWN || bw == PEAK_UNKNOWN || (perf_sum)p16 < (perf_sum)p32 * 4)
			continue;
		perf_sum compute = fs_of(row->model->flops, p16), memory = fs_of(row->model->bytes, bw);
		busy_fs += (perf_sum)row->busy * 1000000u;
		fast_fs += (compute > memory ? compute : memory) * row->count;
		if (matched++ < EVIDENCE_ROWS) {
			g_string_append(named, matched > 1 ? "; " : "");
			append_row(named, row);
			g_string_append_printf(named, ", device %d)", device);
		}
	}
	/* fires at 1% of the span: busy − fast >= span / 100, in fs */
	if (!matched || busy_fs <= fast_fs || busy_fs - fast_fs < (perf_sum)(in->last - in->first) * 10000u)
		return;
	perf_sum saving = (busy_fs - fast_fs + 500000u) / 1000000u;
	if (saving > G_MAXINT64)
		return;
	GString *text = g_string_new(NULL);
	g_string_append_printf(text, "%u fp32 matmul shape%s with 5%% or more of the device busy time, on devices whose "
			       "16-bit peak is 4 times their fp32 peak or more, would take ", matched,
			       matched == 1 ? "" : "s");
	time_append_ms(text, (gint64)saving);
	g_string_append(text, " ms less at the 16-bit roofline: ");
	g_string_append(text, named->str);
	if (matched > EVIDENCE_ROWS)
		g_string_append_printf(text, "; and %u more", matched - EVIDENCE_ROWS);
	finding_push(rule, in, out, (gint64)saving, FINDING_NO_DEVICE, g_string_free(text, FALSE));
}
