#include "page/page_flame.h"
#include "sinks/flame_svg.h"

static const char style[] =
	"svg.flame { display: block; max-width: none; }\n"
	"svg.flame g.f { cursor: pointer; } svg.flame g.f rect { stroke: #fbfbf7; stroke-width: 0.5; }\n"
	"svg.flame g.f:hover rect { stroke: #000; } svg.flame text { pointer-events: none; fill: #000; }\n"
	"svg.flame .reset { cursor: pointer; }\n";

/* flame_svg.c's script, for every svg.flame of the page: its width and
 * margin read from the drawing (viewBox, frame 0), labels of 7.2 px a
 * character (its LABEL_CHAR_WIDTH). */
static const char script[] =
	"[].forEach.call(document.querySelectorAll('svg.flame'), function (svg) {\n"
	"  'use strict';\n"
	"  var fs = [].map.call(svg.querySelectorAll('g.f'), function (g) {\n"
	"    var r = g.querySelector('rect'), t = g.querySelector('title').textContent;\n"
	"    return { g: g, r: r, x: +r.getAttribute('x'), w: +r.getAttribute('width'),\n"
	"      d: +g.getAttribute('data-d'), n: t.slice(0, t.lastIndexOf('\\n')) };\n"
	"  });\n"
	"  if (!fs.length) return;\n"
	"  var W = svg.viewBox.baseVal.width, P = fs[0].x, CW = 7.2, reset = svg.querySelector('.reset');\n"
	"  function label(f, x, w) {\n"
	"    var t = f.g.querySelector('text'), n = Math.floor((w - 6) / CW), s = '';\n"
	"    if (n >= 3) s = f.n.length <= n ? f.n : f.n.slice(0, n - 2) + '..';\n"
	"    if (!t && !s) return;\n"
	"    if (!t) {\n"
	"      t = document.createElementNS('http://www.w3.org/2000/svg', 'text');\n"
	"      t.setAttribute('y', +f.r.getAttribute('y') + 11);\n"
	"      f.g.appendChild(t);\n"
	"    }\n"
	"    t.setAttribute('x', x + 3);\n"
	"    t.textContent = s;\n"
	"  }\n"
	"  function show(z) {\n"
	"    var s = z ? (W - 2 * P) / z.w : 1, e = 1e-4;\n"
	"    fs.forEach(function (f) {\n"
	"      var x = f.x, w = f.w, on = true;\n"
	"      if (z && f.d >= z.d && f.x >= z.x - e && f.x + f.w <= z.x + z.w + e) {\n"
	"        x = P + (f.x - z.x) * s; w = f.w * s;\n"
	"      } else if (z && f.d < z.d && f.x <= z.x + e && f.x + f.w >= z.x + z.w - e) {\n"
	"        x = P; w = W - 2 * P;\n"
	"      } else if (z) {\n"
	"        on = false;\n"
	"      }\n"
	"      f.g.style.display = on ? '' : 'none';\n"
	"      if (on) { f.r.setAttribute('x', x); f.r.setAttribute('width', w); label(f, x, w); }\n"
	"    });\n"
	"    if (reset) reset.style.opacity = z ? 1 : 0.35;\n"
	"  }\n"
	"  svg.addEventListener('click', function (ev) {\n"
	"    var g = ev.target.closest('g.f');\n"
	"    if (g) show(fs.filter(function (f) { return f.g === g; })[0]);\n"
	"    else if (ev.target.closest('.reset')) show(null);\n"
	"  });\n"
	"  show(null);\n"
	"  svg.setAttribute('data-zoom', 'ready');\n"
	"});\n";

void page_flame_add(HtmlPage *page, const struct forest *forest, const struct attribution *attribution,
		    const struct options *options, const char *src)
{
	g_autoptr(FlameTree) tree = flame_tree_build(forest, attribution, WEIGHT_DEVICE, options->max_depth,
						     options->communication);
	GString *body = html_page_section(page, "flame", "Flame graph (device time)");
	html_paragraph(body, "note", "Each monitored node stands on its parent, its device events on top of it, as wide "
				     "as their device time (--format folded --weight device). Click a frame to zoom on "
				     "it; \"Reset zoom\" goes back.");
	g_string_append(body, "<div class=\"scroll\">\n");
	guint64 frames, left_out;
	g_autofree char *base = g_path_get_basename(src);
	flame_svg_append_inline(body, tree, base, PAGE_FLAME_MIN_WIDTH, PAGE_FLAME_FRAMES, &frames, &left_out);
	g_string_append(body, "</div>\n");
	if (left_out)
		g_string_append_printf(body, "<p class=\"note\">%" G_GUINT64_FORMAT " frames drawn; %" G_GUINT64_FORMAT
				       " narrower than a pixel (or past the %u widest) left out: --format svg draws "
				       "them all.</p>\n", frames, left_out, PAGE_FLAME_FRAMES);
	html_page_style(page, style);
	html_page_script(page, script);
}
