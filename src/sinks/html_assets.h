/* HTML assets: the style and the script every page of --format html
 * inlines (src/sinks/html_page.h), kept apart from the code that writes the
 * page. The class colours are those of the SVG flame graph
 * (src/sinks/flame_svg.c: host op warm, launch yellow, compute blue,
 * communication purple, memcpy green, memset teal), as CSS variables
 * (--host, --launch, --compute, --communication, --memcpy, --memset) and
 * swatch classes (.c-host ... .c-memset) for legends and bars. */
#ifndef PP_HTML_ASSETS_H
#define PP_HTML_ASSETS_H

/* The content of the <style> element. */
extern const char html_style[];
/* The content of the <script> element: sorting and filtering of table.data. */
extern const char html_script[];

#endif
