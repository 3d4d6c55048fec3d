/* Page flame: the last section of the per-node page (SPEC 16), the flame
 * graph of SPEC 12 by device time, zoomable. The stacks are those of
 * --format folded --weight device (src/sinks/folded.h; --max_depth cuts
 * them), drawn by src/sinks/flame_svg.h as an <svg> element inside the
 * page. Its size is bounded whatever the trace: frames narrower than one
 * pixel are left out, and past the PAGE_FLAME_FRAMES widest the narrower
 * ones too (a frame is never wider than its parent, so what is drawn is a
 * tree); the section says how many were left out, and --format svg draws
 * them all. The page's one script gets the zoom (the SVG's own, scoped to
 * each svg.flame: a click on a frame fills the width with it and what
 * stands on it, its ancestors span the width, the rest hides; "Reset zoom"
 * undoes it), and its style the frames' look, scoped to svg.flame so that
 * nothing else of the page is touched. */
#ifndef PP_PAGE_FLAME_H
#define PP_PAGE_FLAME_H

#include "sinks/html_page.h"
#include "views/table/settings.h"

#define PAGE_FLAME_FRAMES 3000 /* at most, drawn in the page */
#define PAGE_FLAME_MIN_WIDTH 1000 /* thousandths of a pixel: one pixel */

/* Adds the flame graph of FOREST's device time to PAGE, titled by SRC (the
 * trace as messages show it). */
void page_flame_add(HtmlPage *page, const struct forest *forest, const struct attribution *attribution,
		    const struct options *options, const char *src);

#endif
