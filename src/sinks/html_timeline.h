/* HTML timeline: one device's bins (src/attribution/timeline_bins.h) as an
 * SVG chart with a time axis, for --format html's per-node page (SPEC
 * 18.2), drawn here: it reads without a script; a small script (below)
 * adds zoom.
 *
 * The chart is an <svg> 100% wide, in pixels: the plot is a nested <svg>
 * whose viewBox is in bins across (bin k is [k, k + 1): the bins differ by
 * at most 1 ns) and 1000 units up, stretched (preserveAspectRatio none), so
 * that zooming is setting its viewBox's x range; the texts (ticks, steps,
 * memory axis) lie outside it, placed in % of the width, so they never
 * stretch. Above the plot, two lanes zoomed with it (SPEC 28): each step's
 * host window (its ProfilerStep#N event) in the upper, its span on the
 * device (its device events' first start to last end, SPEC 19.4) in the
 * lower, each with its tooltip, named when wide enough by a label above
 * (a device that runs behind the host shows it: the lower bars lie right of
 * the upper); at most STEPS_MAX steps, the caption says when more. The
 * figure's data-a and data-b are its busy window (the smallest holding 99%
 * of its busy time, src/attribution/busy_window.h) in bins, where the
 * script opens it; the caption gives the window in ms. In the plot, back
 * to front:
 * - the stacked areas, compute, communication, memcpy, memset, host wait,
 *   each bin's time over its length; each area is drawn from the bottom to
 *   its running total, the last first, one path of H and V steps that
 *   changes only where the value does (integer units: the path grows with
 *   the changes, not the bins). Classes that ran at once stack past 100%:
 *   the scale then goes to the highest stack, with a line at 100%;
 * - the allocated memory as a step line on its own scale (0 to its peak,
 *   the axis on the right), the peak's bin marked and labelled, with the
 *   op of the device's memory peak when the page knows it;
 * - per bin a transparent rectangle whose <title> (the tooltip) gives its
 *   figures.
 * The time axis is in ms from the first bin's start, with ticks at round
 * steps (1, 2 or 5 times a power of ten ns, about six across), written
 * exactly from integer ns. The script (src/sinks/html_timeline_assets.h)
 * redraws the ticks, the step labels and the peak mark for the range
 * shown. */
#ifndef PP_HTML_TIMELINE_H
#define PP_HTML_TIMELINE_H

#include <glib.h>
#include "attribution/timeline_bins.h"

/* Appends the chart of D (its bins), named LABEL (plain ASCII: "device 0");
 * PEAK_OP (or NULL): the op of the memory peak (SPEC 21), its label says "in"
 * it, its path PEAK_PATH (or NULL) in the mark's tooltip. */
void html_timeline_append(GString *body, const char *label, const struct timeline_bins_device *d, const char *peak_op,
			  const char *peak_path);


#endif
