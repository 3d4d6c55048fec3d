#include "page/page_capture.h"
#include "util/timefmt.h"

/* A row: LABEL, COUNT and TIME (ns; negative: none). */
static void row(GString *body, const char *label, guint64 count, gint64 time)
{
	g_string_append_printf(body, "<tr><td>%s</td><td class=\"n\">%" G_GUINT64_FORMAT "</td><td class=\"n\">", label,
			       count);
	if (time >= 0)
		time_append_ms(body, time);
	g_string_append(body, "</td></tr>\n");
}

void page_capture_add(HtmlPage *page, const struct graft_stats *s)
{
	GString *body = html_page_section(page, "graph-capture", "Graph-capture matching");
	if (!s->graph_launches) {
		html_paragraph(body, "empty", "The trace has no graph launch: nothing to match.");
		return;
	}
	html_paragraph(body, "note", "Each graph launch of the trace matched to a capture window of the --graph-capture "
				     "traces, and its replayed device events placed under the ops that captured them "
				     "(the warnings say why any were left).");
	g_string_append(body, "<div class=\"scroll\"><table class=\"data\">\n<thead><tr><th>figure</th>"
			      "<th class=\"n\">count</th><th class=\"n\">device time(ms)</th></tr></thead>\n<tbody>\n");
	row(body, "graph launches", s->graph_launches, -1);
	row(body, "matched", s->matched, -1);
	row(body, "matched exactly", s->by_kind[GM_EXACT], -1);
	row(body, "matched reordered", s->by_kind[GM_REORDERED], -1);
	row(body, "matched partially", s->by_kind[GM_PARTIAL], -1);
	row(body, "matched by graph id", s->by_kind[GM_BY_GRAPH_ID], -1);
	row(body, "matched by position only (unverified)", s->unverified, -1);
	row(body, "matched no capture window", s->unmatched_launches, -1);
	row(body, "replayed device events", s->replayed_events, s->replayed_time);
	row(body, "placed under captured ops", s->placed_events, s->placed_time);
	row(body, "left on the ops that called the replays", s->unmatched_events, s->unmatched_time);
	row(body, "captured ops the events were placed under", s->captured_ops, -1);
	g_string_append(body, "</tbody>\n</table></div>\n");
}
