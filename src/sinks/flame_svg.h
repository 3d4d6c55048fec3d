/* Flame SVG: the stacks of src/sinks/folded.h drawn as a self-contained,
 * interactive flame graph (SPEC 12).
 *
 * Frame 0 ("all") is the bottom bar and the roots stand on it: a frame's
 * children sit on top of it, left to right in the order of their first
 * stack, each as wide as its total. Positions are worked out once, in frame
 * order (parents come before their children): a child starts where its
 * parent's previous child ended. Edges are rounded to thousandths of a pixel
 * from the exact nanosecond offsets, so children never overhang their parent
 * and siblings never overlap; frames narrower than 0.1 pixel are left out,
 * as their children would be. Every frame is a <g> holding a <title> (name,
 * time, share of all), a <rect> colored by kind (host ops warm, launches
 * yellow, device events by class: compute blue, communication purple, memcpy
 * green, memset teal), and a label where three characters fit. A small
 * script zooms on a click (the frame and what stands on it fill the width,
 * its ancestors span it, the rest hides) and resets; nothing outside the
 * file is used. */
#ifndef PP_FLAME_SVG_H
#define PP_FLAME_SVG_H

#include "sinks/folded.h"

#define SVG_WIDTH 1200
#define SVG_FRAME_HEIGHT 16

/* Writes TREE as an SVG document, headed by TITLE (any bytes: made valid
 * UTF-8); *FRAMES: how many were drawn. FALSE when OUT fails. */
gboolean flame_svg_write(struct output *out, const struct flame_tree *tree, const char *title, guint64 *frames);

/* The same drawing for an HTML page (src/page/page_flame.h): the <svg>
 * element alone (class "flame", no XML declaration, style or script: the
 * page gives them; its reset button is of class "reset", no id), appended
 * to OUT; only frames at least MIN_WIDTH thousandths of a pixel wide and at
 * most MAX_FRAMES of them, the widest (a frame is never wider than its
 * parent, so every drawn frame's parent is drawn). *FRAMES: drawn;
 * *LEFT_OUT: the frames left out. */
void flame_svg_append_inline(GString *out, const struct flame_tree *tree, const char *title, gint64 min_width,
			     guint max_frames, guint64 *frames, guint64 *left_out);

extern const struct sink_class svg_sink;

#endif
