/* HTML bars: the stacked bars of --format html's device timeline and steps
 * (SPEC 16), as inline SVG drawn here, no library, no script.
 *
 * A list of bars is a grid: each bar a label, an <svg> and its figures as
 * text under it (white space kept). A bar is a row of parts laid end to
 * end, in the order compute, communication, memcpy, memset, host wait,
 * other idle, each part as long as its time, and a mark at the bar's
 * whole (a device's span, a step's window). Every bar of a list shares
 * one scale: SCALE nanoseconds (the longest bar's length, or its whole
 * when longer) take the <svg>'s full width. The <svg> has a viewBox
 * HTML_BAR_UNITS wide and no aspect ratio kept, so it stretches with the
 * page; a part starts and ends at its running total's position rounded to
 * the nearest unit, so the parts tile the bar whatever the rounding; a part
 * of zero time is not drawn. The bar's <title> is its tooltip; each part's
 * <title> says its name, its time in ms and its share of the whole in
 * tenths of a percent rounded down. The colours are the page's CSS
 * variables of the classes (src/sinks/html_assets.h), with host wait and
 * other idle, in the light and the dark scheme. Every text is escaped
 * (src/sinks/html_text.h). */
#ifndef PP_HTML_BARS_H
#define PP_HTML_BARS_H

#include <glib.h>

#define HTML_BAR_UNITS 10000 /* the viewBox's width */

enum html_bar_part { BAR_COMPUTE, BAR_COMMUNICATION, BAR_MEMCPY, BAR_MEMSET, BAR_WAIT, BAR_IDLE, BAR_PARTS };

struct html_bar {
	const char *label;      /* any bytes: "device 0", "ProfilerStep#3" */
	const char *title;      /* any bytes: the bar's tooltip */
	const char *figures;    /* any bytes: shown under the bar, or NULL */
	const char *whole_name; /* plain ASCII: "span", "window" */
	gint64 whole;           /* ns: where the mark is; the parts' shares are of it */
	const char *class_word; /* plain ASCII after a class's name in a part's title: " busy", "" */
	gint64 parts[BAR_PARTS]; /* ns */
	const char *const *names; /* plain ASCII: the parts' own names (BAR_PARTS, NULL: not drawn), or NULL: the classes' */
};

/* The legend of a list of bars: the six parts' colours and names (MARK:
 * what the mark shows, plain ASCII). */
void html_bars_legend(GString *body, const char *mark);
/* The same with the parts' own NAMES (as html_bar.names). */
void html_bars_legend_named(GString *body, const char *mark, const char *const *names);
/* Opens and closes a list of bars. */
void html_bars_open(GString *body);
void html_bars_close(GString *body);
/* The length of BAR on the scale: its parts' total, or its whole when longer. */
gint64 html_bar_length(const struct html_bar *bar);
/* Appends BAR, SCALE ns (> 0) being the full width. */
void html_bar_append(GString *body, const struct html_bar *bar, gint64 scale);
/* PART's share of WHOLE, " (12.3% of the NAME)", appended to OUT; nothing when WHOLE <= 0. */
void html_bar_share(GString *out, gint64 part, gint64 whole, const char *name);

#endif
