#include "sinks/html_timeline.h"
#include "sinks/html_text.h"
#include "util/timefmt.h"

#define PLOT_LEFT 7.0   /* % of the width */
#define PLOT_WIDTH 86.0 /* % of the width */
/* the same as text, for attributes (no locale's decimal point) */
#define PLOT_LEFT_TEXT "7%"
#define PLOT_WIDTH_TEXT "86%"
#define PLOT_RIGHT_TEXT "93%"
#define AXIS_LEFT_TEXT "6.5%"
#define PLOT_TOP 22     /* px */
#define PLOT_HEIGHT 150 /* px */
#define CHART_HEIGHT 204
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

/* The steps as bands in the plot; their labels into LABELS. */
static void append_steps(GString *out, GString *labels, const struct timeline_bins_device *d)
{
	guint bins = d->bins.count, band = 0;
	for (guint k = 0; k < bins;) {
		const struct event *step = d->step[k];
		guint end = k + 1;
		while (end < bins && d->step[end] == step)
			end++;
		if (step) {
			g_string_append_printf(out, "<rect class=\"tl-band b%u\" x=\"%u\" y=\"0\" width=\"%u\" height=\"%d\"><title>",
					       band++ % 2, k, end - k, UNITS);
			html_append_text(out, step->name->text, step->name->len);
			g_string_append(out, "</title></rect>\n");
			gboolean wide = (end - k) * PLOT_WIDTH / bins >= LABEL_MIN;
			g_string_append_printf(labels, "<text class=\"tl-step\" data-a=\"%u\" data-b=\"%u\" x=\"", k, end);
			append_x(labels, (k + end) / 2.0, bins);
			g_string_append_printf(labels, "\" y=\"%d\" text-anchor=\"middle\" visibility=\"%s\">", PLOT_TOP - 6,
					       wide ? "visible" : "hidden");
			html_append_text(labels, step->name->text, step->name->len);
			g_string_append(labels, "</text>\n");
		}
		k = end;
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
	g_autoptr(GString) labels = g_string_new(NULL), marks = g_string_new(NULL);
	g_string_append_printf(body, "<figure class=\"tl\" data-bins=\"%u\" data-span=\"%" G_GINT64_FORMAT "\"><figcaption>",
			       bins, span);
	html_append(body, label);
	g_string_append(body, " <span class=\"tl-zoom\" hidden><button type=\"button\" data-z=\"in\">zoom in</button> "
			      "<button type=\"button\" data-z=\"out\">zoom out</button> <button type=\"button\" "
			      "data-z=\"all\">whole span</button> (or drag across the chart)</span></figcaption>\n");
	g_string_append_printf(body, "<svg class=\"tl-chart\" width=\"100%%\" height=\"%d\" role=\"img\" aria-label=\"",
			       CHART_HEIGHT);
	html_append(body, label);
	g_string_append_printf(body, ": busy time by class, host wait per bin\">\n<svg class=\"tl-plot\" x=\"%s\" y=\"%d\" "
				     "width=\"%s\" height=\"%d\" viewBox=\"0 0 %u %d\" preserveAspectRatio=\"none\">\n",
			       PLOT_LEFT_TEXT, PLOT_TOP, PLOT_WIDTH_TEXT, PLOT_HEIGHT, bins, UNITS);
	append_steps(body, labels, d);
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

const char html_timeline_style[] =
	"figure.tl { margin: 8px 0 4px; }\n"
	"figure.tl figcaption { font-weight: 600; }\n"
	"figure.tl .tl-zoom { font-weight: normal; color: var(--muted); margin-left: 12px; }\n"
	"figure.tl .tl-zoom button { font: inherit; font-size: 12px; }\n"
	"svg.tl-chart { display: block; font-size: 11px; fill: var(--fg); user-select: none; }\n"
	"svg.tl-chart .c-compute { fill: var(--compute); } svg.tl-chart .c-communication { fill: var(--communication); }\n"
	"svg.tl-chart .c-memcpy { fill: var(--memcpy); } svg.tl-chart .c-memset { fill: var(--memset); }\n"
	"svg.tl-chart .c-wait { fill: var(--wait); }\n"
	"svg.tl-chart .tl-band.b0 { fill: var(--head); } svg.tl-chart .tl-band.b1 { fill: var(--bg); }\n"
	"svg.tl-chart .tl-hit { fill: transparent; } svg.tl-chart .tl-hit:hover { fill: rgba(128,128,128,0.25); }\n"
	"svg.tl-chart .tl-frame { fill: none; stroke: var(--rule); }\n"
	"svg.tl-chart .tl-tick { stroke: var(--rule); }\n"
	"svg.tl-chart .tl-peak line { stroke: var(--mark); stroke-dasharray: 3 2; }\n"
	"svg.tl-chart .tl-full { stroke: var(--mark); stroke-dasharray: 4 3; }\n"
	"svg.tl-chart .tl-memory { fill: none; stroke: var(--mark); stroke-width: 1.5; }\n"
	"svg.tl-chart .tl-sel { fill: rgba(26,95,180,0.2); }\n"
	"svg.tl-chart .tl-step, svg.tl-chart .tl-share, svg.tl-chart .tl-unit { fill: var(--muted); }\n";

/* Zoom: the plot's viewBox set to the bins [a, b), the ticks, the step
 * labels and the peak's mark redrawn as append_ticks() and the rest draw
 * them; the figure's data-range says the range shown. The peak's label
 * is kept inside the plot, both edges (SPEC 28): centred on its mark when
 * there is room, else against the nearer edge; a label wider than the
 * plot loses its end to a "…". Drawn again when the window is resized. */
const char html_timeline_script[] =
	"[].forEach.call(document.querySelectorAll('figure.tl'), function (fig) {\n"
	"  'use strict';\n"
	"  var NS = 'http://www.w3.org/2000/svg', X0 = 7, W0 = 86;\n"
	"  var B = +fig.getAttribute('data-bins'), L = +fig.getAttribute('data-span');\n"
	"  var chart = fig.querySelector('svg.tl-chart'), plot = chart.querySelector('svg.tl-plot');\n"
	"  var ticks = chart.querySelector('g.tl-ticks'), sel = chart.querySelector('.tl-sel');\n"
	"  var top = +plot.getAttribute('y'), h = +plot.getAttribute('height'), a = 0, b = B;\n"
	"  function pct(p) { return (X0 + W0 * (p - a) / (b - a)).toFixed(3) + '%'; }\n"
	"  function el(name, attrs, text) {\n"
	"    var e = document.createElementNS(NS, name);\n"
	"    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });\n"
	"    if (text !== undefined) e.textContent = text;\n"
	"    return e;\n"
	"  }\n"
	"  function fit(text, c) {\n"
	"    var w = chart.getBoundingClientRect().width, node = text.lastChild;\n"
	"    if (!w || !node || node.nodeType !== 3) { text.setAttribute('x', c.toFixed(3) + '%'); return; }\n"
	"    if (node.full === undefined) node.full = node.data;\n"
	"    node.data = node.full;\n"
	"    var len = text.getComputedTextLength() * 100 / w;\n"
	"    if (len > W0) {\n"
	"      var keep = Math.max(1, Math.floor(node.full.length * W0 / len) - 1);\n"
	"      do { node.data = node.full.slice(0, keep--) + '\\u2026'; len = text.getComputedTextLength() * 100 / w; }\n"
	"      while (len > W0 && keep > 0);\n"
	"    }\n"
	"    text.setAttribute('text-anchor', 'middle');\n"
	"    text.setAttribute('x', Math.max(X0 + len / 2, Math.min(X0 + W0 - len / 2, c)).toFixed(3) + '%');\n"
	"  }\n"
	"  function draw() {\n"
	"    plot.setAttribute('viewBox', a + ' 0 ' + (b - a) + ' 1000');\n"
	"    while (ticks.firstChild) ticks.removeChild(ticks.firstChild);\n"
	"    var from = a * L / B, to = b * L / B, raw = Math.max(1, Math.floor((to - from) / 6)), p = 1, e = 0;\n"
	"    while (p * 10 <= raw) { p *= 10; e++; }\n"
	"    var step = raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;\n"
	"    if (step === 10 * p) e++;\n"
	"    var dec = Math.max(0, 6 - e);\n"
	"    for (var t = Math.ceil(from / step) * step; t <= to; t += step) {\n"
	"      var x = pct(t * B / L);\n"
	"      ticks.appendChild(el('line', { 'class': 'tl-tick', x1: x, x2: x, y1: top, y2: top + h + 4 }));\n"
	"      ticks.appendChild(el('text', { x: x, y: top + h + 16, 'text-anchor': 'middle' }, (t / 1e6).toFixed(dec)));\n"
	"    }\n"
	"    [].forEach.call(chart.querySelectorAll('.tl-step'), function (s) {\n"
	"      var sa = Math.max(a, +s.getAttribute('data-a')), sb = Math.min(b, +s.getAttribute('data-b'));\n"
	"      var wide = sb > sa && (sb - sa) / (b - a) * W0 >= 4;\n"
	"      s.setAttribute('visibility', wide ? 'visible' : 'hidden');\n"
	"      if (wide) s.setAttribute('x', pct((sa + sb) / 2));\n"
	"    });\n"
	"    var peak = chart.querySelector('.tl-peak');\n"
	"    if (peak) {\n"
	"      var k = +peak.getAttribute('data-k') + 0.5, on = k >= a && k <= b;\n"
	"      peak.setAttribute('visibility', on ? 'visible' : 'hidden');\n"
	"      if (on) {\n"
	"        var line = peak.querySelector('line');\n"
	"        line.setAttribute('x1', pct(k));\n"
	"        line.setAttribute('x2', pct(k));\n"
	"        fit(peak.querySelector('text'), X0 + W0 * (k - a) / (b - a));\n"
	"      }\n"
	"    }\n"
	"    fig.setAttribute('data-range', a + ' ' + b);\n"
	"  }\n"
	"  function zoom(x, y) {\n"
	"    var w = Math.min(B, Math.max(1, y - x));\n"
	"    x = Math.max(0, Math.min(B - w, x));\n"
	"    a = x;\n"
	"    b = x + w;\n"
	"    draw();\n"
	"  }\n"
	"  var buttons = fig.querySelector('.tl-zoom');\n"
	"  buttons.hidden = false;\n"
	"  buttons.addEventListener('click', function (ev) {\n"
	"    var z = ev.target.getAttribute && ev.target.getAttribute('data-z'), c = (a + b) / 2, w = b - a;\n"
	"    if (z === 'in') zoom(c - w / 4, c + w / 4);\n"
	"    else if (z === 'out') zoom(c - w, c + w);\n"
	"    else if (z === 'all') zoom(0, B);\n"
	"  });\n"
	"  var start = null;\n"
	"  function at(ev) {\n"
	"    var r = plot.getBoundingClientRect();\n"
	"    return { px: ev.clientX - chart.getBoundingClientRect().left,\n"
	"      bin: a + Math.max(0, Math.min(1, (ev.clientX - r.left) / r.width)) * (b - a) };\n"
	"  }\n"
	"  plot.addEventListener('pointerdown', function (ev) { start = at(ev); });\n"
	"  plot.addEventListener('pointermove', function (ev) {\n"
	"    if (!start) return;\n"
	"    var now = at(ev);\n"
	"    sel.setAttribute('x', Math.min(start.px, now.px));\n"
	"    sel.setAttribute('width', Math.abs(now.px - start.px));\n"
	"  });\n"
	"  function end(ev) {\n"
	"    if (!start) return;\n"
	"    var now = at(ev), from = start;\n"
	"    start = null;\n"
	"    sel.setAttribute('width', 0);\n"
	"    if (Math.abs(now.px - from.px) >= 4) zoom(Math.min(from.bin, now.bin), Math.max(from.bin, now.bin));\n"
	"  }\n"
	"  plot.addEventListener('pointerup', end);\n"
	"  plot.addEventListener('pointerleave', end);\n"
	"  window.addEventListener('resize', draw);\n"
	"  draw();\n"
	"});\n";
