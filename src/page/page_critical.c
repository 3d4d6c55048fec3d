#include "page/page_critical.h"
#include "sinks/html_bars.h"
#include "sinks/html_page.h"
#include "sinks/html_text.h"

/* html_bars' slots: compute, communication, memcpy, memset, host wait, other idle */
static const char *const names[BAR_PARTS] = { "device", "waiting for other ranks", "launch delay", "queueing", "host",
					      NULL };

static void parts(struct html_bar *bar, const struct critical_bar *path)
{
	bar->parts[BAR_COMPUTE] = path->by_kind[CRITICAL_KIND_DEVICE];
	bar->parts[BAR_COMMUNICATION] = path->by_kind[CRITICAL_KIND_WAIT];
	bar->parts[BAR_MEMCPY] = path->by_kind[CRITICAL_KIND_LAUNCH_DELAY];
	bar->parts[BAR_MEMSET] = path->by_kind[CRITICAL_KIND_QUEUEING];
	bar->parts[BAR_WAIT] = path->by_kind[CRITICAL_KIND_HOST];
	bar->parts[BAR_IDLE] = 0;
	bar->whole = path->predicted;
}

char *page_critical_bars(const struct critical_rows *rows)
{
	if (!rows || !rows->bars || !rows->bars->len)
		return NULL;
	GString *body = g_string_new(NULL);
	html_paragraph(body, "note",
		       "One bar per step's critical path (SPEC 30): the chain of work that held the step from its start "
		       "to the end of its last device event, split by what it was: device work, waiting for another rank "
		       "at a collective, launch delay, queueing behind other device work, and host work. With --what-if, "
		       "the predicted path. The mark is the path's length; under each bar, the report's line.");
	html_bars_legend_named(body, "path", names);
	guint shown = MIN(rows->bars->len, PAGE_CRITICAL_BARS);
	gint64 scale = 1;
	struct html_bar bar = { .whole_name = "path", .class_word = "", .names = names };
	for (guint i = 0; i < shown; i++) {
		parts(&bar, &g_array_index(rows->bars, struct critical_bar, i));
		scale = MAX(scale, html_bar_length(&bar));
	}
	html_bars_open(body);
	g_autoptr(GString) label = g_string_new(NULL);
	for (guint i = 0; i < shown; i++) {
		const struct critical_bar *path = &g_array_index(rows->bars, struct critical_bar, i);
		parts(&bar, path);
		if (path->whole)
			g_string_assign(label, "trace");
		else
			g_string_printf(label, "step %" G_GUINT64_FORMAT, path->step);
		if (path->rank)
			g_string_append_printf(label, ", rank %s", path->rank);
		bar.label = label->str;
		bar.title = path->line->str;
		bar.figures = path->line->str;
		html_bar_append(body, &bar, scale);
	}
	html_bars_close(body);
	if (shown < rows->bars->len) {
		g_autofree char *more = g_strdup_printf("The bars of the first %u of %u paths are shown; the table sums "
							"them all.", shown, rows->bars->len);
		html_paragraph(body, "note", more);
	}
	return g_string_free(body, FALSE);
}
