#include "report/perf_report.h"
#include <string.h>
#include "sinks/table.h"
#include "util/timefmt.h"
#include "util/visible.h"

void perf_report_print(FILE *out, const struct perf *perf, gint64 device_total)
{
	g_autoptr(GString) line = g_string_new("  perf models:   ");
	guint counted = 0;
	gint64 time = 0;
	for (int f = PERF_GEMM; f <= PERF_MEMORY; f++)
		counted += perf->counted[f], time += perf->counted_time[f];
	g_string_append_printf(line, "%u op%s counted (", counted, counted == 1 ? "" : "s");
	for (int f = PERF_GEMM; f <= PERF_MEMORY; f++)
		g_string_append_printf(line, "%s%s %u", f == PERF_GEMM ? "" : ", ", perf_family_name(f), perf->counted[f]);
	g_string_append(line, "), owning ");
	time_append_ms(line, time);
	g_string_append(line, " ms (");
	percent_append(line, device_total > 0 ? tenths_of_percent(time, device_total) : 0);
	g_string_append_printf(line, "%% of device time); %u on the host only (no device event: not counted); not "
			       "modelled: ", perf->host_only);
	for (int r = PERF_NO_SHAPES; r <= PERF_OTHER; r++)
		g_string_append_printf(line, "%s%u %s", r == PERF_NO_SHAPES ? "" : ", ", perf->not_modelled[r],
				       perf_reason_name(r));
	g_string_append_c(line, '\n');
	fputs(line->str, out);
}

/* Shapes were recorded and no op is counted: why (SPEC 15.1's rule). */
static void warn_none_counted(FILE *out, const char *src, const struct perf *perf, const struct perf_trace *trace)
{
	g_autofree char *text = NULL;
	guint ops = perf->host_only; /* nothing counted: every modelled op ran on the host */
	if (ops && !trace->device_events)
		text = g_strdup_printf("no op is counted, and the perf columns are empty: the trace has no device events "
				       "(a run on the CPU?): its %u modelled op%s ran on the host", ops, ops == 1 ? "" : "s");
	else if (ops)
		text = g_strdup_printf("no op is counted, and the perf columns are empty: its %u modelled op%s launched no "
				       "device event (ran on the host)", ops, ops == 1 ? "" : "s");
	else /* shapes: some op of the table is there */
		text = g_strdup_printf("no op is modelled, and the perf columns are empty: of the ops of the models' table, "
				       "%u with no shapes, %u with a tensor of an unknown type, %u with inputs the "
				       "models cannot read (malformed, of other ranks or forms)",
				       perf->not_modelled[PERF_NO_SHAPES], perf->not_modelled[PERF_UNKNOWN_TYPE],
				       perf->not_modelled[PERF_OTHER]);
	visible_warning(out, src, text);
}

void perf_report_warn(FILE *out, const char *src, const struct perf *perf, const char *peaks_file,
		      const struct perf_trace *trace)
{
	guint counted = 0;
	for (int f = PERF_GEMM; f <= PERF_MEMORY; f++)
		counted += perf->counted[f];
	if (trace->legacy)
		visible_warning(out, src, "no op is modelled, and the perf columns are empty: " PERF_LEGACY_TEXT);
	else if (!perf->shapes)
		visible_warning(out, src, "no monitored op of the models' table has Input Dims: no op is modelled, and the "
				  "perf columns are empty (the trace was recorded without record_shapes=True, or its "
				  "ops are not monitored: -mc cpu_op monitors them)");
	else if (!counted && trace->asked)
		warn_none_counted(out, src, perf, trace);
	for (guint i = 0; i < perf->unknown_devices->len; i++) {
		g_autofree char *text = g_strdup_printf(
			"no peak for %s in %s (or none for the precision of its ops): roofline(ms), "
			"roofline %% and bound stay empty on the rows over its ops; --peaks FILE, --peak-flops or "
			"--peak-bandwidth give it", (const char *)perf->unknown_devices->pdata[i],
			peaks_file ? peaks_file : "the table of device peaks");
		visible_warning(out, src, text);
	}
	for (guint i = 0; i < perf->unknown_links->len; i++) {
		g_autofree char *text = g_strdup_printf(
			"no host link peak for %s in %s: the copies between host and device on it, judged against the "
			"host link (never the memory bandwidth), leave roofline(ms), roofline %% and bound empty on the "
			"rows over them; --peaks FILE with a host link(TB/s) cell gives it",
			(const char *)perf->unknown_links->pdata[i], peaks_file ? peaks_file : "the table of device peaks");
		visible_warning(out, src, text);
	}
	if (perf->overflow)
		visible_warning(out, src, "a perf figure does not fit 64 bits: its cells are left empty, and so are "
				  "the rates, roofline(ms), roofline % and bound made from it");
}
