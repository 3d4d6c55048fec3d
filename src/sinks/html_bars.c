#include "sinks/html_bars.h"
#include "sinks/html_text.h"
#include "util/timefmt.h"
#include "util/percent.h"

#define BAR_HEIGHT 10 /* the viewBox's height */

static const char *const part_names[BAR_PARTS] = { "compute", "communication", "memcpy",
						   "memset",  "host wait",     "other idle" };
static const char *const part_classes[BAR_PARTS] = { "c-compute", "c-communication", "c-memcpy",
						     "c-memset",  "c-wait",          "c-idle" };

void html_bars_legend(GString *body, const char *mark)
{
	html_bars_legend_named(body, mark, part_names);
}

void html_bars_legend_named(GString *body, const char *mark, const char *const *names)
{
	g_string_append(body, "<div class=\"legend\">");
	for (guint p = 0; p < BAR_PARTS; p++)
		if (names[p])
			g_string_append_printf(body, "<span><span class=\"swatch %s\"></span>%s</span> ", part_classes[p],
					       names[p]);
	g_string_append(body, "<span><span class=\"swatch c-mark\"></span>");
	html_append(body, mark);
	g_string_append(body, "</span></div>\n");
}

void html_bars_open(GString *body)
{
	g_string_append(body, "<div class=\"bars\">\n");
}

void html_bars_close(GString *body)
{
	g_string_append(body, "</div>\n");
}

gint64 html_bar_length(const struct html_bar *bar)
{
	gint64 total = 0;
	for (guint p = 0; p < BAR_PARTS; p++)
		total += bar->parts[p];
	return MAX(total, bar->whole);
}

void html_bar_share(GString *out, gint64 part, gint64 whole, const char *name)
{
	if (whole <= 0)
		return;
	g_string_append(out, " (");
	if (!percent_append_share(out, part, whole)) /* one decimal, half away from zero */
		percent_append(out, 0);
	g_string_append_printf(out, "%% of the %s)", name);
}

/* The position of NS on a bar SCALE ns wide, in viewBox units. */
static gint64 position(gint64 ns, gint64 scale)
{
	return (gint64)((double)ns * HTML_BAR_UNITS / (double)scale + 0.5);
}

void html_bar_append(GString *body, const struct html_bar *bar, gint64 scale)
{
	g_string_append(body, "<div class=\"bar-label\">");
	html_append(body, bar->label);
	g_string_append_printf(body, "</div>\n<svg class=\"bar\" viewBox=\"0 0 %d %d\" preserveAspectRatio=\"none\" "
				     "role=\"img\" aria-label=\"", HTML_BAR_UNITS, BAR_HEIGHT);
	html_append(body, bar->label);
	g_string_append(body, "\"><title>");
	html_append(body, bar->title);
	g_string_append(body, "</title>");
	gint64 total = 0;
	for (guint p = 0; p < BAR_PARTS; p++) {
		if (bar->parts[p] <= 0)
			continue;
		gint64 x = position(total, scale);
		total += bar->parts[p];
		g_string_append_printf(body, "\n<rect class=\"%s\" x=\"%" G_GINT64_FORMAT "\" y=\"0\" width=\"%" G_GINT64_FORMAT
					     "\" height=\"%d\"><title>", part_classes[p], x, position(total, scale) - x,
				       BAR_HEIGHT);
		html_append(body, bar->label);
		g_string_append_printf(body, ": %s%s ", bar->names ? bar->names[p] : part_names[p],
				       !bar->names && p < BAR_WAIT ? bar->class_word : "");
		time_append_ms(body, bar->parts[p]);
		g_string_append(body, " ms");
		html_bar_share(body, bar->parts[p], bar->whole, bar->whole_name);
		g_string_append(body, "</title></rect>");
	}
	gint64 mark = position(bar->whole, scale);
	g_string_append_printf(body, "\n<line class=\"mark\" x1=\"%" G_GINT64_FORMAT "\" y1=\"0\" x2=\"%" G_GINT64_FORMAT
				     "\" y2=\"%d\" vector-effect=\"non-scaling-stroke\"/></svg>\n", mark, mark, BAR_HEIGHT);
	if (bar->figures) {
		g_string_append(body, "<pre class=\"figs\">");
		html_append(body, bar->figures);
		g_string_append(body, "</pre>\n");
	}
}
