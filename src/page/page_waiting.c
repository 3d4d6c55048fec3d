#include "page/page_waiting.h"
#include "attribution/idle_classes.h"
#include "attribution/causes.h"
#include "sinks/table.h"
#include "util/percent.h"
#include "report/report.h"
#include "sinks/html_bars.h"
#include "sinks/html_text.h"
#include "util/timefmt.h"

/* A device's idle time: its classes' sum. */
static gint64 device_idle(const struct idle_classes_device *d)
{
	gint64 idle = 0;
	for (guint c = 0; c < IDLE_CLASSES; c++)
		idle += d->classes[c].idle;
	return idle;
}

static void class_bar(struct html_bar *bar, const struct idle_classes_device *d, guint c, GString *label,
		      GString *figures, GString *title)
{
	const struct idle_class *k = &d->classes[c];
	g_string_printf(label, "device %u, %s", d->device, idle_class_label(c));
	g_string_truncate(title, 0);
	g_string_printf(figures, "%" G_GUINT64_FORMAT " gap%s, idle ", k->gaps, k->gaps == 1 ? "" : "s");
	time_append_ms(figures, k->idle);
	g_string_append(figures, " ms");
	html_bar_share(figures, k->idle, d->span, "span");
	g_string_append(figures, ": host wait ");
	time_append_ms(figures, k->host_wait);
	g_string_append(figures, " ms, other ");
	time_append_ms(figures, k->idle - k->host_wait);
	g_string_append(figures, " ms");
	g_string_append_printf(title, "%s: %s", label->str, figures->str);
	*bar = (struct html_bar){ .label = label->str, .title = title->str, .figures = figures->str,
				  .whole_name = "idle", .whole = device_idle(d), .class_word = "" };
	bar->parts[BAR_WAIT] = k->host_wait;
	bar->parts[BAR_IDLE] = k->idle - k->host_wait;
}

void page_waiting_classes(GString *body, const struct idle_classes *classes)
{
	if (!classes)
		return;
	guint shown = MIN(classes->count, PAGE_WAITING_DEVICES);
	gint64 scale = 1;
	for (guint d = 0; d < shown; d++)
		scale = MAX(scale, device_idle(&classes->devices[d]));
	if (scale <= 1 && (!shown || !device_idle(&classes->devices[0])))
		return;
	html_paragraph(body, "note",
		       "Gaps by length (as --summary idle gives them): per device with a device number, the idle time "
		       "of its gaps shorter than 10 us, 10-100 us, 0.1-1 ms, 1-10 ms and of 10 ms or more, each split "
		       "into host wait and other idle; the mark is the device's whole idle time. Many short gaps: the "
		       "host launches too slowly; a few long ones: it paused.");
	html_bars_open(body);
	g_autoptr(GString) label = g_string_new(NULL), figures = g_string_new(NULL), title = g_string_new(NULL);
	for (guint d = 0; d < shown; d++)
		for (guint c = 0; c < IDLE_CLASSES; c++) {
			if (!classes->devices[d].classes[c].gaps)
				continue;
			struct html_bar bar;
			class_bar(&bar, &classes->devices[d], c, label, figures, title);
			html_bar_append(body, &bar, scale);
		}
	html_bars_close(body);
}

/* One cause's row: its host wait, its share, its first ops. */
static void cause_row(GString *body, const struct causes_summary *s, guint cause, struct html_names *names)
{
	g_autoptr(GString) cell = g_string_new(NULL);
	g_string_append(body, "<tr><td>");
	html_append(body, cause_name(cause));
	g_string_append(body, "</td><td class=\"n\">");
	time_append_ms(cell, s->by_cause[cause]);
	g_string_append_printf(cell, "</td><td class=\"n\">");
	percent_append(cell, tenths_of_percent(s->by_cause[cause], s->host_wait));
	g_string_append(body, cell->str);
	g_string_append(body, "</td><td>");
	const GArray *ops = s->ops[cause];
	for (guint i = 0; ops && i < ops->len && i < PAGE_WAITING_OPS; i++) {
		const struct cause_op *op = &g_array_index(ops, struct cause_op, i);
		g_string_append(body, i ? "; " : "");
		html_names_append(names, body, op->op->text, op->op->len);
		g_string_truncate(cell, 0);
		g_string_append(cell, " (");
		time_append_ms(cell, op->time);
		g_string_append(cell, " ms)");
		html_append(body, cell->str);
	}
	if (ops && ops->len > PAGE_WAITING_OPS)
		g_string_append_printf(body, "; %u more", ops->len - PAGE_WAITING_OPS);
	g_string_append(body, "</td></tr>\n");
}

gboolean page_waiting_causes(GString *body, const struct causes_summary *s, struct html_names *names)
{
	if (!s || !s->host_wait)
		return FALSE;
	/* the report's line, the name cut as the page cuts names (src/sinks/html_names.h) */
	struct causes_summary line_only = *s;
	line_only.most.op = NULL;
	g_autoptr(GString) line = g_string_new("All devices, each counted on its own: ");
	report_causes_line(line, &line_only);
	g_string_append(body, "<p class=\"waiting\">");
	html_append(body, line->str);
	if (s->most.op) {
		g_string_append(body, " (most in ");
		html_names_append(names, body, s->most.op->text, s->most.op->len);
		g_string_truncate(line, 0);
		g_string_append(line, ", ");
		time_append_ms(line, s->most.time);
		g_string_append(line, " ms)");
		html_append(body, line->str);
	}
	g_string_append(body, ".</p>\n");
	html_paragraph(body, "note",
		       "The host wait of each device (counted on its own) is blamed on the thread that then launched the "
		       "work ending the gap; each instant of it has a cause, by that thread's host events of every "
		       "category that hold it (whatever -mc says): blocking (a blocking launch), data loading, "
		       "optimizer, compiled code (by name, profile_parser(1) lists the patterns), launching, framework "
		       "(any other host event), or outside (none: code the profiler did not record). Per cause, the "
		       "ops (the innermost host event) with the most:");
	g_string_append(body, "<div class=\"scroll\"><table class=\"data\">\n<thead><tr><th>cause</th>"
			      "<th class=\"n\">host wait(ms)</th><th class=\"n\">share %</th><th>top ops</th></tr>"
			      "</thead>\n<tbody>\n");
	guint order[CAUSE_COUNT];
	guint n = causes_summary_order(s, order);
	for (guint i = 0; i < n; i++)
		cause_row(body, s, order[i], names);
	g_string_append(body, "</tbody></table></div>\n");
	return TRUE;
}
