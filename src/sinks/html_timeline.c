#include "sinks/html_timeline.h"
#include "attribution/busy_window.h"
#include "sinks/html_text.h"
#include "util/timefmt.h"

#define PLOT_LEFT 7.0   /* % of the width */
#define PLOT_WIDTH 86.0 /* % of the width */
/* the same as text, for attributes (no locale's decimal point) */
#define PLOT_LEFT_TEXT "7%"
#define PLOT_WIDTH_TEXT "86%"
#define PLOT_RIGHT_TEXT "93%"
#define AXIS_LEFT_TEXT "6.5%"
#define LABEL_Y 12      /* px: the steps' names */
#define LANES_TOP 16    /* px: the host windows' lane, then the device spans' */
#define LANE_HEIGHT 8   /* px */
#define LANE_GAP 3      /* px */
#define LANES_HEIGHT (2 * LANE_HEIGHT + LANE_GAP)
#define PLOT_TOP (LANES_TOP + LANES_HEIGHT + 8) /* px */
#define PLOT_HEIGHT 150 /* px */
#define CHART_HEIGHT (PLOT_TOP + PLOT_HEIGHT + 32)
#define STEPS_MAX 1000  /* steps drawn a chart, at most (the first in time; the caption says so) */
#define UNITS 1000      /* the plot's height in viewBox units */
#define MEMORY_TOP 900  /* the memory peak's height in units */
#define LABEL_MIN 4.0   /* % of the width a step label needs */
#define LAYERS (CLASS_COUNT + 1) /* the classes, then host wait */

static const char *const layer_classes[LAYERS] = { "c-compute", "c-communication", "c-memcpy", "c-memset", "c-wait" };

/* N in decimal, without printf (2,000 bins a chart, a few numbers each). */
static void append_int(GString *out, gint64 n)
{
	char text[TIME_TEXT_MAX];
	g_string_append_len(out, text, (gssize)int_format(text, n));
}

/* C and then N ("H12"). */
static void append_command(GString *out, char c, gint64 n)
{
	g_string_append_c(out, c);
	append_int(out, n);
}

/* A position on the plot, P bins from its left, as "12.345%" of the chart's width. */
static void append_x(GString *out, double p, guint bins)
{
	gint64 milli = (gint64)((PLOT_LEFT + PLOT_WIDTH * p / bins) * 1000 + 0.5);
	g_string_append_printf(out, "%" G_GINT64_FORMAT ".%03d%%", milli / 1000, (int)(milli % 1000));
}

/* BYTES for people: B, MiB or GiB (two decimals, rounded down). */
static void append_bytes(GString *out, gint64 bytes)
{
	if (bytes < 0) {
		g_string_append_c(out, '-');
		bytes = -bytes;
	}
	if (bytes < 1 << 20) {
		g_string_append_printf(out, "%" G_GINT64_FORMAT " B", bytes);
		return;
	}
	gboolean gib = bytes >= 1 << 30;
	gint64 unit = gib ? 1 << 30 : 1 << 20, hundredths = bytes / unit * 100 + bytes % unit * 100 / unit;
	g_string_append_printf(out, "%" G_GINT64_FORMAT ".%02d %s", hundredths / 100, (int)(hundredths % 100),
			       gib ? "GiB" : "MiB");
}

/* The ticks of the range [FROM, TO) ns from the first bin's start: every
 * multiple of a round step (1, 2 or 5 times 10^e ns, about six across),
 * labelled in ms with the decimals the step needs, from integer ns. */
static void append_ticks(GString *out, gint64 from, gint64 to, gint64 span, guint bins)
{
	gint64 raw = MAX(1, (to - from) / 6), power = 1;
	int exponent = 0;
	while (power <= G_MAXINT64 / 10 && power * 10 <= raw)
		power *= 10, exponent++;
	gint64 step = raw <= power ? power : raw <= 2 * power ? 2 * power : raw <= 5 * power ? 5 * power : 10 * power;
	if (step == 10 * power)
		exponent++;
	int decimals = MAX(0, 6 - exponent);
	gint64 divisor = 1;
	for (int i = decimals; i < 6; i++)
		divisor *= 10;
	for (gint64 t = (from + step - 1) / step * step; t <= to; t += step) {
		double p = (double)t * bins / span;
		g_string_append(out, "<line class=\"tl-tick\" x1=\"");
		append_x(out, p, bins);
		g_string_append(out, "\" x2=\"");
		append_x(out, p, bins);
		g_string_append_printf(out, "\" y1=\"%d\" y2=\"%d\"/><text x=\"", PLOT_TOP, PLOT_TOP + PLOT_HEIGHT + 4);
		append_x(out, p, bins);
		g_string_append_printf(out, "\" y=\"%d\" text-anchor=\"middle\">%" G_GINT64_FORMAT, PLOT_TOP + PLOT_HEIGHT + 16,
				       t / 1000000);
		if (decimals)
			g_string_append_printf(out, ".%0*" G_GINT64_FORMAT, decimals, t % 1000000 / divisor);
		g_string_append(out, "</text>\n");
	}
}

static const gint64 *figures_of(const struct timeline_bins_device *d, guint k)
{
	return &d->figures[(gsize)k * BIN_FIGURES];
}

/* Bin K's stack up to layer L (its classes, then host wait), in thousandths of its length. */
static gint64 stack(const struct timeline_bins_device *d, guint k, guint layer)
{
	const gint64 *f = figures_of(d, k);
	gint64 length = d->bins.bounds[k + 1] - d->bins.bounds[k], sum = 0;
	for (guint l = 0; l <= layer; l++)
		sum += l < CLASS_COUNT ? f[l] : f[BIN_WAIT];
	return (sum * 1000 + length / 2) / length;
}

/* The areas: each layer from the bottom to its running total, the last first. */
static void append_areas(GString *out, const struct timeline_bins_device *d, gint64 top)
{
	guint bins = d->bins.count;
	for (guint layer = LAYERS; layer-- > 0;) {
		gboolean any = FALSE;
		for (guint k = 0; k < bins && !any; k++)
			any = figures_of(d, k)[layer < CLASS_COUNT ? layer : BIN_WAIT] > 0;
		if (!any)
			continue;
		g_string_append_printf(out, "<path class=\"%s\" d=\"M0 %d", layer_classes[layer], UNITS);
		gint64 last = -1;
		for (guint k = 0; k < bins; k++) {
			gint64 y = UNITS - stack(d, k, layer) * UNITS / top;
			if (y == last)
				continue;
			if (k)
				append_command(out, 'H', k);
			append_command(out, 'V', y);
			last = y;
		}
		g_string_append_printf(out, "H%uV%dZ\"/>\n", bins, UNITS);
	}
}

/* T (ns) in bins from the first bin's start, within [0, bins], with three decimals: "12.345". */
static void append_bin_at(GString *out, const struct timeline_bins_device *d, gint64 t)
{
	guint bins = d->bins.count;
	gint64 start = d->bins.bounds[0], span = d->bins.bounds[bins] - start;
	t = CLAMP(t, start, start + span);
	__int128 milli = ((__int128)(t - start) * bins * 2000 + span) / (2 * span); /* half up */
	g_string_append_printf(out, "%" G_GINT64_FORMAT ".%03d", (gint64)(milli / 1000), (int)(milli % 1000));
}

/* One rect of lane Y (a step's window [FROM, TO)), its tooltip TITLE. */
static void append_lane_rect(GString *out, const char *class, guint n, int y, const struct timeline_bins_device *d,
			     gint64 from, gint64 to, const GString *title)
{
	g_string_append_printf(out, "<rect class=\"%s b%u\" x=\"", class, n % 2);
	append_bin_at(out, d, from);
	g_string_append(out, "\" width=\"");
	gint64 start = d->bins.bounds[0], end = d->bins.bounds[d->bins.count];
	__int128 span = end - start, milli = ((__int128)(MIN(to, end) - MAX(from, start)) * d->bins.count * 2000 + span) /
					     (2 * span);
	g_string_append_printf(out, "%" G_GINT64_FORMAT ".%03d\" y=\"%d\" height=\"%d\"><title>", (gint64)(milli / 1000),
			       (int)(milli % 1000), y, LANE_HEIGHT);
	g_string_append_len(out, title->str, (gssize)title->len);
	g_string_append(out, "</title></rect>\n");
}

/* The steps (SPEC 28): each one's host window (the ProfilerStep#N event) in
 * the upper lane, its span on the device (its device events' first start
 * to last end, SPEC 19.4) in the lower, a tooltip each, the lanes in LANES;
 * their names above, centred on the host windows, into LABELS. */
static void append_steps(GString *lanes, GString *labels, const struct timeline_bins_device *d)
{
	guint bins = d->bins.count, drawn = 0;
	gint64 start = d->bins.bounds[0], end = d->bins.bounds[bins];
	g_autoptr(GString) title = g_string_new(NULL);
	for (guint i = 0; i < d->step_count && drawn < STEPS_MAX; i++) {
		const struct timeline_step *s = &d->steps[i];
		gint64 from = s->step->ts, to = event_end(s->step);
		gboolean host = to > start && from < end, device = s->has_device && s->last > start && s->first < end;
		if (!host && !device)
			continue;
		g_string_truncate(title, 0);
		html_append_text(title, s->step->name->text, s->step->name->len);
		g_string_append(title, ": the host's window, ");
		time_append_ms(title, from - start);
		g_string_append(title, " to ");
		time_append_ms(title, to - start);
		g_string_append(title, " ms");
		if (host)
			append_lane_rect(lanes, "tl-host", drawn, 0, d, from, to, title);
		if (device) {
			g_string_truncate(title, 0);
			html_append_text(title, s->step->name->text, s->step->name->len);
			g_string_append(title, ": its work on the device, ");
			time_append_ms(title, s->first - start);
			g_string_append(title, " to ");
			time_append_ms(title, s->last - start);
			g_string_append(title, " ms (device span ");
			time_append_ms(title, s->last - s->first);
			g_string_append(title, " ms)");
			append_lane_rect(lanes, "tl-dev", drawn, LANE_HEIGHT + LANE_GAP, d, s->first, s->last, title);
		}
		drawn++;
		if (!host)
			continue;
		g_autoptr(GString) a = g_string_new(NULL), b = g_string_new(NULL);
		append_bin_at(a, d, from);
		append_bin_at(b, d, to);
		double x = g_ascii_strtod(a->str, NULL), y = g_ascii_strtod(b->str, NULL);
		gboolean wide = (y - x) * PLOT_WIDTH / bins >= LABEL_MIN;
		g_string_append_printf(labels, "<text class=\"tl-step\" data-a=\"%s\" data-b=\"%s\" x=\"", a->str, b->str);
		append_x(labels, (x + y) / 2, bins);
		g_string_append_printf(labels, "\" y=\"%d\" text-anchor=\"middle\" visibility=\"%s\">", LABEL_Y,
				       wide ? "visible" : "hidden");
		html_append_text(labels, s->step->name->text, s->step->name->len);
		g_string_append(labels, "</text>\n");
	}
}

/* The memory line and its axis, when some bin has a figure; its peak's mark into MARKS. */
static void append_memory(GString *out, GString *marks, const struct timeline_bins_device *d, const char *peak_op,
			  const char *peak_path)
{
	guint bins = d->bins.count, peak_k = 0;
	gint64 peak = BIN_NO_MEMORY;
	for (guint k = 0; k < bins; k++)
		if (d->allocated[k] != BIN_NO_MEMORY && d->allocated[k] > peak)
			peak = d->allocated[k], peak_k = k;
	if (peak == BIN_NO_MEMORY)
		return;
	gint64 scale = MAX(peak, 1);
	g_string_append(out, "<path class=\"tl-memory\" vector-effect=\"non-scaling-stroke\" d=\"");
	gboolean open = FALSE;
	gint64 last = 0;
	for (guint k = 0; k <= bins; k++) {
		gint64 bytes = k < bins ? d->allocated[k] : BIN_NO_MEMORY;
		if (bytes == BIN_NO_MEMORY) { /* a run of values ends: drawn to here */
			if (open)
				append_command(out, 'H', k);
			open = FALSE;
			continue;
		}
		gint64 y = UNITS - MAX(bytes, 0) * MEMORY_TOP / scale;
		if (!open) {
			append_command(out, 'M', k);
			append_command(out, ' ', y);
		} else if (y != last) {
			append_command(out, 'H', k);
			append_command(out, 'V', y);
		}
		open = TRUE;
		last = y;
	}
	g_string_append(out, "\"/>\n");
	int peak_y = PLOT_TOP + (UNITS - MEMORY_TOP) * PLOT_HEIGHT / UNITS;
	g_string_append(marks, "<text class=\"tl-mem-axis\" x=\"");
	append_x(marks, bins + 0.3 * bins / PLOT_WIDTH, bins);
	g_string_append_printf(marks, "\" y=\"%d\">", peak_y + 4);
	append_bytes(marks, peak);
	g_string_append(marks, "</text><text class=\"tl-mem-axis\" x=\"");
	append_x(marks, bins + 0.3 * bins / PLOT_WIDTH, bins);
	g_string_append_printf(marks, "\" y=\"%d\">0</text>\n<g class=\"tl-peak\" data-k=\"%u\"><line x1=\"", PLOT_TOP + PLOT_HEIGHT,
			       peak_k);
	append_x(marks, peak_k + 0.5, bins);
	g_string_append(marks, "\" x2=\"");
	append_x(marks, peak_k + 0.5, bins);
	g_string_append_printf(marks, "\" y1=\"%d\" y2=\"%d\"/><text x=\"", peak_y, PLOT_TOP + PLOT_HEIGHT);
	append_x(marks, peak_k + 0.5, bins);
	/* SPEC 28: the label inside the chart; without a script, it runs from
	 * the mark towards the middle (the script fits it: html_timeline_script) */
	const char *anchor = 3 * (2 * peak_k + 1) < 2 * bins ? "start" : 3 * (2 * peak_k + 1) > 4 * bins ? "end" : "middle";
	g_string_append_printf(marks, "\" y=\"%d\" text-anchor=\"%s\">", peak_y - 3, anchor);
	if (peak_path) {
		g_string_append(marks, "<title>memory peak in ");
		html_append(marks, peak_path);
		g_string_append(marks, "</title>");
	}
	g_string_append(marks, "peak ");
	append_bytes(marks, peak);
	if (peak_op) {
		g_string_append(marks, " in ");
		html_append(marks, peak_op);
	}
	g_string_append(marks, "</text></g>\n");
}

/* Bin K's tooltip rectangle. */
static void append_bin(GString *out, const char *label, const struct timeline_bins_device *d, guint k)
{
	static const char *const names[CLASS_COUNT] = { "compute", "communication", "memcpy", "memset" };
	const gint64 *f = figures_of(d, k);
	gint64 start = d->bins.bounds[0], from = d->bins.bounds[k], to = d->bins.bounds[k + 1];
	(void)label;
	g_string_append(out, "<rect class=\"tl-hit\" x=\"");
	append_int(out, k);
	g_string_append(out, "\" y=\"0\" width=\"1\" height=\"" G_STRINGIFY(UNITS) "\"><title>bin ");
	append_int(out, k);
	g_string_append(out, ": ");
	time_append_ms(out, from - start);
	g_string_append(out, " to ");
	time_append_ms(out, to - start);
	g_string_append(out, " ms\n");
	for (guint c = 0; c < CLASS_COUNT; c++) {
		if (!f[c])
			continue;
		g_string_append(out, names[c]);
		g_string_append_c(out, ' ');
		time_append_ms(out, f[c]);
		g_string_append(out, " ms, ");
	}
	g_string_append(out, "busy ");
	time_append_ms(out, f[BIN_BUSY]);
	g_string_append(out, " ms\nhost wait ");
	time_append_ms(out, f[BIN_WAIT]);
	g_string_append(out, " ms, other idle ");
	time_append_ms(out, to - from - f[BIN_BUSY] - f[BIN_WAIT]);
	g_string_append(out, " ms");
	if (d->step[k]) {
		g_string_append_c(out, '\n');
		html_append_text(out, d->step[k]->name->text, d->step[k]->name->len);
	}
	if (d->allocated[k] != BIN_NO_MEMORY) {
		g_string_append(out, "\nallocated ");
		append_int(out, d->allocated[k]);
		g_string_append(out, " bytes");
	}
	g_string_append(out, "</title></rect>");
}

void html_timeline_append(GString *body, const char *label, const struct timeline_bins_device *d, const char *peak_op,
			  const char *peak_path)
{
	guint bins = d->bins.count;
	if (!bins)
		return;
	gint64 span = d->bins.bounds[bins] - d->bins.bounds[0], top = UNITS;
	for (guint k = 0; k < bins; k++)
		top = MAX(top, stack(d, k, LAYERS - 1));
	g_autoptr(GString) labels = g_string_new(NULL), marks = g_string_new(NULL), lanes = g_string_new(NULL);
	g_string_append_printf(body, "<figure class=\"tl\" data-bins=\"%u\" data-span=\"%" G_GINT64_FORMAT "\"", bins, span);
	if (d->has_window) { /* SPEC 28: the chart opens on the busy window (the script zooms there) */
		g_string_append(body, " data-a=\"");
		append_bin_at(body, d, d->window_from);
		g_string_append(body, "\" data-b=\"");
		append_bin_at(body, d, d->window_to);
		g_string_append_c(body, '"');
	}
	g_string_append(body, "><figcaption>");
	html_append(body, label);
	g_string_append(body, " <span class=\"tl-zoom\" hidden><button type=\"button\" data-z=\"in\">zoom in</button> "
			      "<button type=\"button\" data-z=\"out\">zoom out</button> <button type=\"button\" "
			      "data-z=\"all\">whole span</button> (or drag across the chart)</span>");
	if (d->has_window) {
		g_string_append_printf(body, " <span class=\"tl-window\">%d%% of its busy time lies in ", BUSY_WINDOW_PERCENT);
		time_append_ms(body, d->window_from - d->bins.bounds[0]);
		g_string_append(body, " to ");
		time_append_ms(body, d->window_to - d->bins.bounds[0]);
		g_string_append(body, " ms; showing <span class=\"tl-range\">the whole span</span></span>");
	}
	append_steps(lanes, labels, d);
	if (d->step_count > STEPS_MAX)
		g_string_append_printf(body, " <span class=\"tl-window\">(the first %u of %u steps drawn)</span>", STEPS_MAX,
				       d->step_count);
	g_string_append(body, "</figcaption>\n");
	g_string_append_printf(body, "<svg class=\"tl-chart\" width=\"100%%\" height=\"%d\" role=\"img\" aria-label=\"",
			       CHART_HEIGHT);
	html_append(body, label);
	g_string_append_printf(body, ": busy time by class, host wait per bin\">\n<svg class=\"tl-plot\" x=\"%s\" y=\"%d\" "
				     "width=\"%s\" height=\"%d\" viewBox=\"0 0 %u %d\" preserveAspectRatio=\"none\">\n",
			       PLOT_LEFT_TEXT, PLOT_TOP, PLOT_WIDTH_TEXT, PLOT_HEIGHT, bins, UNITS);
	append_areas(body, d, top);
	if (top > UNITS)
		g_string_append_printf(body, "<line class=\"tl-full\" x1=\"0\" x2=\"%u\" y1=\"%" G_GINT64_FORMAT "\" y2=\"%"
					     G_GINT64_FORMAT "\" vector-effect=\"non-scaling-stroke\"/>\n",
				       bins, UNITS - UNITS * UNITS / top, UNITS - UNITS * UNITS / top);
	append_memory(body, marks, d, peak_op, peak_path);
	for (guint k = 0; k < bins; k++)
		append_bin(body, label, d, k);
	g_string_append_printf(body, "\n</svg>\n<rect class=\"tl-frame\" x=\"%s\" y=\"%d\" width=\"%s\" height=\"%d\"/>\n",
			       PLOT_LEFT_TEXT, PLOT_TOP, PLOT_WIDTH_TEXT, PLOT_HEIGHT);
	if (lanes->len) /* the steps' lanes above the plot, zoomed with it */
		g_string_append_printf(body, "<svg class=\"tl-lanes\" x=\"%s\" y=\"%d\" width=\"%s\" height=\"%d\" "
					     "viewBox=\"0 0 %u %d\" data-h=\"%d\" preserveAspectRatio=\"none\">\n%s</svg>\n"
					     "<text class=\"tl-lane\" x=\"%s\" y=\"%d\" text-anchor=\"end\">host</text>"
					     "<text class=\"tl-lane\" x=\"%s\" y=\"%d\" text-anchor=\"end\">device</text>\n",
				       PLOT_LEFT_TEXT, LANES_TOP, PLOT_WIDTH_TEXT, LANES_HEIGHT, bins, LANES_HEIGHT, LANES_HEIGHT,
				       lanes->str, AXIS_LEFT_TEXT, LANES_TOP + LANE_HEIGHT - 1, AXIS_LEFT_TEXT,
				       LANES_TOP + LANES_HEIGHT - 1);
	g_string_append(body, labels->str);
	g_string_append(body, marks->str);
	/* the share axis on the left: 0 and 100%, and the top when stacks pass it */
	int full_y = PLOT_TOP + PLOT_HEIGHT - (int)(PLOT_HEIGHT * UNITS / top);
	g_string_append_printf(body, "<text class=\"tl-share\" x=\"%s\" y=\"%d\" text-anchor=\"end\">0%%</text>"
				     "<text class=\"tl-share\" x=\"%s\" y=\"%d\" text-anchor=\"end\">100%%</text>\n",
			       AXIS_LEFT_TEXT, PLOT_TOP + PLOT_HEIGHT, AXIS_LEFT_TEXT, full_y + 4);
	g_string_append(body, "<g class=\"tl-ticks\">\n");
	append_ticks(body, 0, span, span, bins);
	g_string_append_printf(body, "</g>\n<text class=\"tl-unit\" x=\"%s\" y=\"%d\" text-anchor=\"end\">ms from the "
				     "first bin</text>\n<rect class=\"tl-sel\" x=\"0\" y=\"%d\" width=\"0\" height=\"%d\"/>\n"
				     "</svg></figure>\n",
			       PLOT_RIGHT_TEXT, CHART_HEIGHT - 2, PLOT_TOP, PLOT_HEIGHT);
}
