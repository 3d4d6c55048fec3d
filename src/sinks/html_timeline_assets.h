/* HTML timeline assets: the style and the script of the charts over time
 * (src/sinks/html_timeline.h), for the page to inline once. The script
 * adds zoom (buttons, dragging across a chart) and opens each chart on its
 * busy window (SPEC 28); without it, a chart shows its whole span. */
#ifndef PP_HTML_TIMELINE_ASSETS_H
#define PP_HTML_TIMELINE_ASSETS_H

extern const char html_timeline_style[];
extern const char html_timeline_script[];

#endif
