#include "cli/page_ranks.h"
#include "sinks/html_bars.h"
#include "sinks/html_text.h"
#include "util/timefmt.h"
#include "views/rank_reduce.h"

static const char *const names[BAR_PARTS] = { "compute", "exposed communication", "wait", NULL, "host wait", "other idle" };

char *page_rank_bars(const GPtrArray *rows, const char *straggler)
{
	GString *body = g_string_new(NULL);
	if (straggler) {
		g_string_append(body, "<p class=\"straggler\">");
		html_append(body, straggler);
		g_string_append(body, "</p>\n");
	}
	html_bars_legend_named(body, "their sum", names);
	gint64 scale = 1;
	struct rank_bar figures;
	for (guint i = 0; i < rows->len; i++) {
		rank_reduce_bar(rows->pdata[i], &figures);
		scale = MAX(scale, figures.compute + figures.exposed + figures.wait + figures.host_wait + figures.other_idle);
	}
	html_bars_open(body);
	g_autoptr(GString) label = g_string_new(NULL), text = g_string_new(NULL);
	for (guint i = 0; i < rows->len; i++) {
		rank_reduce_bar(rows->pdata[i], &figures);
		struct html_bar bar = { .whole_name = "sum", .class_word = "", .names = names };
		bar.parts[BAR_COMPUTE] = figures.compute;
		bar.parts[BAR_COMMUNICATION] = figures.exposed;
		bar.parts[BAR_MEMCPY] = figures.wait;
		bar.parts[BAR_WAIT] = figures.host_wait;
		bar.parts[BAR_IDLE] = figures.other_idle;
		for (guint p = 0; p < BAR_PARTS; p++)
			bar.whole += bar.parts[p];
		g_string_printf(label, "rank %" G_GINT64_FORMAT, figures.rank);
		g_string_truncate(text, 0);
		for (guint p = 0; p < BAR_PARTS; p++) {
			if (!names[p])
				continue;
			g_string_append_printf(text, "%s%s ", text->len ? ", " : "", names[p]);
			time_append_ms(text, bar.parts[p]);
			g_string_append(text, " ms");
		}
		bar.label = label->str;
		bar.title = text->str;
		bar.figures = text->str;
		html_bar_append(body, &bar, scale);
	}
	html_bars_close(body);
	return g_string_free(body, FALSE);
}
