#include "sinks/flame_svg.h"
#include <math.h>
#include <string.h>
#include "sinks/html_names.h"
#include "util/timefmt.h"
#include "util/percent.h"

#define PAD 10
#define HEADER 48            /* the title and the legend */
#define MIN_WIDTH 100        /* thousandths of a pixel */
#define LABEL_CHAR_WIDTH 7.2       /* of the 12 px monospace labels */

/* TEXT (LEN bytes of valid UTF-8) escaped for XML text and attributes; a
 * control character, or a noncharacter XML refuses, becomes '?'. */
static void append_escaped(GString *out, const char *text, gsize len)
{
	for (gsize i = 0; i < len; i++) {
		guchar c = (guchar)text[i];
		if (c == '&')
			g_string_append(out, "&amp;");
		else if (c == '<')
			g_string_append(out, "&lt;");
		else if (c == '>')
			g_string_append(out, "&gt;");
		else if (c == '"')
			g_string_append(out, "&quot;");
		else if ((c < 0x20 && c != '\t') || c == 0x7f)
			g_string_append_c(out, '?');
		else if (c == 0xef && i + 2 < len && (guchar)text[i + 1] == 0xbf && ((guchar)text[i + 2] & 0xfe) == 0xbe) {
			g_string_append_c(out, '?'); /* U+FFFE, U+FFFF */
			i += 2;
		} else
			g_string_append_c(out, (char)c);
	}
}

/* A frame's color: by kind, varied by its name (same name, same color). */
static void append_color(GString *out, const struct flame_frame *frame, gboolean all)
{
	guint32 h = 2166136261u;
	for (guint i = 0; i < frame->len; i++)
		h = (h ^ (guchar)frame->name[i]) * 16777619u;
	guint a = h % 50, b = (h >> 8) % 110, c = (h >> 16) % 40;
	static const guint base[FRAME_KINDS][3] = {
		{ 205, 90, 40 },   /* host op: warm */
		{ 215, 195, 90 },  /* launch: yellow */
		{ 70, 130, 215 },  /* compute: blue */
		{ 165, 90, 210 },  /* communication: purple */
		{ 60, 175, 80 },   /* memcpy: green */
		{ 70, 180, 180 },  /* memset: teal */
	};
	const guint *rgb = base[frame->kind];
	if (all)
		g_string_append(out, "rgb(208,208,208)");
	else if (frame->kind == FRAME_HOST)
		g_string_append_printf(out, "rgb(%u,%u,%u)", rgb[0] + a, rgb[1] + b, rgb[2] + c);
	else
		g_string_append_printf(out, "rgb(%u,%u,%u)", rgb[0] + a % 40, rgb[1] + b % 40, rgb[2] + c);
}

static const char *const kind_names[FRAME_KINDS] = {
	"host op", "launch", "compute", "communication", "memcpy", "memset",
};

/* Thousandths of a pixel as a decimal. */
static void append_px(GString *out, gint64 milli)
{
	g_string_append_printf(out, "%" G_GINT64_FORMAT ".%03d", milli / 1000, (int)(milli % 1000));
}

/* The label of FRAME for WIDTH thousandths of a pixel: its name, or its
 * start and "..", or nothing when not three characters fit. */
static void append_label(GString *out, const struct flame_frame *frame, gint64 width)
{
	glong fit = (glong)((width / 1000.0 - 6) / LABEL_CHAR_WIDTH);
	if (fit < 3)
		return;
	glong chars = g_utf8_strlen(frame->name, frame->len);
	if (chars <= fit) {
		append_escaped(out, frame->name, frame->len);
		return;
	}
	const char *cut = g_utf8_offset_to_pointer(frame->name, fit - 2);
	append_escaped(out, frame->name, (gsize)(cut - frame->name));
	g_string_append(out, "..");
}

/* CUT: the name in the title cut as a page cuts it (src/sinks/html_names.h). */
static void append_frame(GString *out, const struct flame_tree *tree, guint f, gint64 left, gint64 right, int y,
			 gint64 grand, gboolean cut)
{
	const struct flame_frame *frame = flame_frame(tree, f);
	g_string_append_printf(out, "<g class=\"f\" data-d=\"%u\"><title>", frame->depth);
	if (cut) {
		g_autoptr(GString) name = g_string_new(NULL);
		html_names_cut(name, frame->name, frame->len);
		append_escaped(out, name->str, name->len);
	} else {
		append_escaped(out, frame->name, frame->len);
	}
	g_string_append(out, "&#10;");
	time_append_ms(out, frame->total);
	g_string_append(out, " ms, ");
	percent_append(out, tenths_of_percent(frame->total, grand)); /* grand > 0; one decimal, never the locale's comma */
	g_string_append(out, "%</title><rect x=\"");
	append_px(out, left);
	g_string_append_printf(out, "\" y=\"%d\" width=\"", y);
	append_px(out, right - left);
	g_string_append_printf(out, "\" height=\"%d\" fill=\"", SVG_FRAME_HEIGHT - 1);
	append_color(out, frame, f == 0);
	g_string_append(out, "\"/>");
	gsize before = out->len;
	g_string_append(out, "<text x=\"");
	append_px(out, left + 3000);
	g_string_append_printf(out, "\" y=\"%d\">", y + 11);
	gsize label = out->len;
	append_label(out, frame, right - left);
	if (out->len == label)
		g_string_truncate(out, before); /* no label: the script makes one when zoomed */
	else
		g_string_append(out, "</text>");
	g_string_append(out, "</g>\n");
}

/* Zoom and reset; the frames are read back from the document. */
static const char script[] =
	"<script><![CDATA[\n"
	"(function () {\n"
	"var W = %d, P = %d, CW = %s, zoomed = null;\n"
	"var fs = [].map.call(document.querySelectorAll('g.f'), function (g) {\n"
	"  var r = g.querySelector('rect'), t = g.querySelector('title').textContent;\n"
	"  var f = { g: g, r: r, x: +r.getAttribute('x'), w: +r.getAttribute('width'),\n"
	"    d: +g.getAttribute('data-d'), n: t.slice(0, t.lastIndexOf('\\n')) };\n"
	"  g.flame = f;\n"
	"  return f;\n"
	"});\n"
	"function label(f, x, w) {\n"
	"  var t = f.g.querySelector('text'), n = Math.floor((w - 6) / CW), s = '';\n"
	"  if (n >= 3) s = f.n.length <= n ? f.n : f.n.slice(0, n - 2) + '..';\n"
	"  if (!t && !s) return;\n"
	"  if (!t) {\n"
	"    t = document.createElementNS('http://www.w3.org/2000/svg', 'text');\n"
	"    t.setAttribute('y', +f.r.getAttribute('y') + 11);\n"
	"    f.g.appendChild(t);\n"
	"  }\n"
	"  t.setAttribute('x', x + 3);\n"
	"  t.textContent = s;\n"
	"}\n"
	"function show(z) {\n"
	"  var s = z ? (W - 2 * P) / z.w : 1, e = 1e-4;\n"
	"  zoomed = z;\n"
	"  fs.forEach(function (f) {\n"
	"    var x = f.x, w = f.w, on = true;\n"
	"    if (z && f.d >= z.d && f.x >= z.x - e && f.x + f.w <= z.x + z.w + e) {\n"
	"      x = P + (f.x - z.x) * s; w = f.w * s;\n"
	"    } else if (z && f.d < z.d && f.x <= z.x + e && f.x + f.w >= z.x + z.w - e) {\n"
	"      x = P; w = W - 2 * P;\n"
	"    } else if (z) {\n"
	"      on = false;\n"
	"    }\n"
	"    f.g.style.display = on ? '' : 'none';\n"
	"    if (on) { f.r.setAttribute('x', x); f.r.setAttribute('width', w); label(f, x, w); }\n"
	"  });\n"
	"  document.getElementById('reset').style.opacity = z ? 1 : 0.35;\n"
	"}\n"
	"document.documentElement.addEventListener('click', function (ev) {\n"
	"  var g = ev.target.closest ? ev.target.closest('g.f') : null;\n"
	"  if (g) show(g.flame);\n"
	"  else if (ev.target.closest && ev.target.closest('#reset')) show(null);\n"
	"});\n"
	"show(null);\n"
	"})();\n"
	"]]></script>\n";

/* The <svg> start tag, title, reset button and legend; INLINE: for a page
 * (no XML declaration, no style of its own, class "flame", the button's a
 * class, not an id, so that several can share a page). */
static void append_head(GString *out, const struct flame_tree *tree, const char *title, int height, gint64 grand,
			const gboolean *kinds, gboolean inline_svg)
{
	if (inline_svg)
		g_string_append_printf(out,
				       "<svg class=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
				       "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"12\">\n",
				       SVG_WIDTH, height, SVG_WIDTH, height);
	else
		g_string_append_printf(out,
				       "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
				       "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
				       "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"12\">\n"
				       "<style>g.f { cursor: pointer } g.f rect { stroke: #fbfbf7; stroke-width: 0.5 } g.f:hover rect { stroke: #000 } "
				       "text { pointer-events: none; fill: #000 } #reset { cursor: pointer }</style>\n",
				       SVG_WIDTH, height, SVG_WIDTH, height);
	g_string_append_printf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fbfbf7\"/>\n<text x=\"%d\" y=\"18\" "
			       "font-size=\"15\">", PAD);
	g_autofree char *valid = g_utf8_make_valid(title, -1);
	append_escaped(out, valid, strlen(valid));
	g_string_append_printf(out, ": %s, ", flame_weight_text(tree->weight));
	time_append_ms(out, grand);
	g_string_append_printf(out, " ms</text>\n<g %s=\"reset\"><rect x=\"%d\" y=\"4\" width=\"84\" height=\"18\" "
			       "fill=\"#ddd\"/><text x=\"%d\" y=\"17\">Reset zoom</text></g>\n",
			       inline_svg ? "class" : "id", SVG_WIDTH - PAD - 84, SVG_WIDTH - PAD - 80);
	int x = PAD;
	for (guint k = 0; k < FRAME_KINDS; k++) {
		if (!kinds[k])
			continue;
		struct flame_frame model = { .name = "", .kind = k };
		g_string_append_printf(out, "<rect x=\"%d\" y=\"28\" width=\"12\" height=\"12\" fill=\"", x);
		append_color(out, &model, FALSE);
		g_string_append_printf(out, "\"/><text x=\"%d\" y=\"38\">%s</text>\n", x + 16, kind_names[k]);
		x += 16 + (int)(strlen(kind_names[k]) * LABEL_CHAR_WIDTH) + 18;
	}
	g_string_append_printf(out, "<text x=\"%d\" y=\"38\" fill=\"#555\">roots at the bottom; click a frame to "
			       "zoom</text>\n", x + 6);
}

static gint compare_widths(gconstpointer a, gconstpointer b)
{
	gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
	return x > y ? -1 : x < y; /* widest first */
}

/* The left edge of every frame (in thousandths of a pixel) and their
 * right edges, from the exact offsets. */
static void place(const struct flame_tree *tree, gint64 *left, gint64 *right)
{
	gint64 grand = flame_frame(tree, 0)->total;
	g_autofree gint64 *offset = g_new(gint64, tree->count), *next = g_new(gint64, tree->count);
	offset[0] = next[0] = 0;
	double scale = (SVG_WIDTH - 2 * PAD) * 1000.0 / (double)grand;
	for (guint f = 0; f < tree->count; f++) {
		const struct flame_frame *frame = flame_frame(tree, f);
		if (f) {
			offset[f] = next[frame->parent];
			next[frame->parent] += frame->total;
			next[f] = offset[f];
		}
		left[f] = PAD * 1000 + llround((double)offset[f] * scale);
		right[f] = PAD * 1000 + llround((double)(offset[f] + frame->total) * scale);
	}
}

/* Which frames are drawn (KEEP): those at least MIN thousandths of a pixel
 * wide, and of them at most MAX, the widest, ties at the cut kept in frame
 * order. A frame is never wider than its parent and comes after it, so a
 * drawn frame's parent is drawn. */
static void choose(const struct flame_tree *tree, const gint64 *left, const gint64 *right, gint64 min, guint max,
		   gboolean *keep)
{
	g_autoptr(GArray) widths = g_array_new(FALSE, FALSE, sizeof(gint64));
	for (guint f = 0; f < tree->count; f++) {
		gint64 w = right[f] - left[f];
		keep[f] = w >= min;
		if (keep[f])
			g_array_append_val(widths, w);
	}
	if (widths->len <= max)
		return;
	g_array_sort(widths, compare_widths);
	gint64 cut = g_array_index(widths, gint64, max - 1); /* the max-th widest */
	guint ties = 0; /* of the first max, those as wide as the cut */
	for (guint i = max; i-- > 0 && g_array_index(widths, gint64, i) == cut;)
		ties++;
	for (guint f = 0; f < tree->count; f++) {
		gint64 w = right[f] - left[f];
		keep[f] = w > cut || (w == cut && ties && ties--);
	}
}

/* The drawing: TEXT holds what came before; written to OUT when given,
 * else left in TEXT. */
static gboolean draw(struct output *out, GString *text, const struct flame_tree *tree, const char *title,
		     gboolean inline_svg, gint64 min_width, guint max_frames, guint64 *frames, guint64 *left_out)
{
	gint64 grand = flame_frame(tree, 0)->total;
	g_autofree gint64 *left = g_new0(gint64, tree->count), *right = g_new0(gint64, tree->count);
	g_autofree gboolean *keep = g_new0(gboolean, tree->count);
	gboolean kinds[FRAME_KINDS] = { FALSE };
	guint deepest = 0;
	*frames = *left_out = 0;
	if (grand > 0) {
		place(tree, left, right);
		choose(tree, left, right, min_width, max_frames, keep);
	}
	for (guint f = 0; grand > 0 && f < tree->count; f++) {
		if (!keep[f]) {
			++*left_out;
			continue;
		}
		deepest = MAX(deepest, flame_frame(tree, f)->depth);
		if (f)
			kinds[flame_frame(tree, f)->kind] = TRUE;
	}
	int height = HEADER + (int)(deepest + 1) * SVG_FRAME_HEIGHT + PAD;
	append_head(text, tree, title, height, grand, kinds, inline_svg);
	if (grand == 0)
		g_string_append_printf(text, "<text x=\"%d\" y=\"%d\">Nothing to draw: no %s.</text>\n", PAD,
				       HEADER + 12, flame_weight_text(tree->weight));
	gboolean ok = TRUE;
	for (guint f = 0; ok && grand > 0 && f < tree->count; f++) {
		if (!keep[f])
			continue;
		int y = height - PAD - (int)(flame_frame(tree, f)->depth + 1) * SVG_FRAME_HEIGHT;
		append_frame(text, tree, f, left[f], right[f], y, grand, inline_svg);
		++*frames;
		if (out && text->len >= (1 << 16)) {
			ok = output_write(out, text->str, text->len);
			g_string_truncate(text, 0);
		}
	}
	return ok;
}

gboolean flame_svg_write(struct output *out, const struct flame_tree *tree, const char *title, guint64 *frames)
{
	g_autoptr(GString) text = g_string_sized_new(1 << 16);
	guint64 left_out;
	gboolean ok = draw(out, text, tree, title, FALSE, MIN_WIDTH, G_MAXUINT, frames, &left_out);
	char char_width[G_ASCII_DTOSTR_BUF_SIZE]; /* JavaScript's 7.2, never the locale's 7,2 */
	g_ascii_formatd(char_width, sizeof char_width, "%.1f", LABEL_CHAR_WIDTH);
	g_string_append_printf(text, script, SVG_WIDTH, PAD, char_width);
	g_string_append(text, "</svg>\n");
	return ok && output_write(out, text->str, text->len);
}

void flame_svg_append_inline(GString *out, const struct flame_tree *tree, const char *title, gint64 min_width,
			     guint max_frames, guint64 *frames, guint64 *left_out)
{
	draw(NULL, out, tree, title, TRUE, MAX(min_width, MIN_WIDTH), MAX(max_frames, 1), frames, left_out);
	g_string_append(out, "</svg>\n");
}

/* Drawn whole by src/views/flame/flame.c, not row by row. */
const struct sink_class svg_sink = {
	.format = "svg",
	.extension = ".svg",
	.for_people = TRUE,
};
