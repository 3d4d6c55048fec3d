#include "page/page_ranks.h"
#include "sinks/html_bars.h"
#include "sinks/html_page.h"
#include "sinks/html_text.h"
#include "util/timefmt.h"
#include "views/ranks/rank_reduce.h"

static const char *const names[BAR_PARTS] = { "compute", "communication transfer", "wait", "memcpy and memset",
					      "host wait", "other idle" };

/* FIGURES as a bar's parts (in html_bars' slots: compute, communication, memcpy, memset, host wait, other idle). */
static void parts(struct html_bar *bar, const struct rank_bar *figures)
{
	bar->parts[BAR_COMPUTE] = figures->compute;
	bar->parts[BAR_COMMUNICATION] = figures->transfer;
	bar->parts[BAR_MEMCPY] = figures->wait;
	bar->parts[BAR_MEMSET] = figures->other_busy;
	bar->parts[BAR_WAIT] = figures->host_wait;
	bar->parts[BAR_IDLE] = figures->other_idle;
	bar->whole = figures->span;
}

char *page_rank_bars(const GPtrArray *rows, const char *straggler)
{
	GString *body = g_string_new(NULL);
	if (straggler) {
		g_string_append(body, "<p class=\"straggler\">");
		html_append(body, straggler);
		g_string_append(body, "</p>\n");
	}
	html_paragraph(body, "note",
		       "One bar per rank: its devices' span (each device's first event's start to its last event's end, "
		       "summed over its devices), every instant counted once, in this order: compute, then communication "
		       "transfer, then wait (communication waiting for the last rank of a matched collective, and not "
		       "overlapped by compute or by another collective's transfer: so less than the table's wait(ms) "
		       "where they overlap), then memcpy and memset, then host wait, then other idle. The mark is the "
		       "span's end; the tooltips give every figure.");
	html_bars_legend_named(body, "span", names);
	guint shown = MIN(rows->len, PAGE_RANK_BARS);
	gint64 scale = 1;
	struct rank_bar figures;
	struct html_bar bar = { .whole_name = "span", .class_word = "", .names = names };
	for (guint i = 0; i < shown; i++) {
		rank_reduce_bar(rows->pdata[i], &figures);
		parts(&bar, &figures);
		scale = MAX(scale, html_bar_length(&bar));
	}
	html_bars_open(body);
	g_autoptr(GString) label = g_string_new(NULL), text = g_string_new(NULL);
	for (guint i = 0; i < shown; i++) {
		rank_reduce_bar(rows->pdata[i], &figures);
		parts(&bar, &figures);
		g_string_printf(label, "rank %" G_GINT64_FORMAT, figures.rank);
		g_string_assign(text, "span ");
		time_append_ms(text, figures.span);
		g_string_append(text, " ms: ");
		for (guint p = 0; p < BAR_PARTS; p++) {
			g_string_append_printf(text, "%s%s ", p ? ", " : "", names[p]);
			time_append_ms(text, bar.parts[p]);
			g_string_append(text, " ms");
		}
		bar.label = label->str;
		bar.title = text->str;
		bar.figures = text->str;
		html_bar_append(body, &bar, scale);
	}
	html_bars_close(body);
	if (shown < rows->len) {
		g_autofree char *more = g_strdup_printf("The bars of the first %u of %u ranks are shown, in the table's order; "
							"--format csv writes every rank's row.", shown, rows->len);
		html_paragraph(body, "note", more);
	}
	return g_string_free(body, FALSE);
}
