/* Python literals: values printed as Python's str() prints what json.load
 * returns, so that ast.literal_eval reads them back. */
#ifndef PP_PYLIT_H
#define PP_PYLIT_H

#include <glib.h>
#include <json-c/json.h>

/* Appends S, replacing each invalid UTF-8 byte by U+FFFD; returns how many were. */
gsize pylit_append_utf8(GString *out, const char *s, gsize len);
/* Whether pylit_append_utf8 would append S as it is. */
gboolean pylit_utf8_valid(const char *s, gsize len);
/* The count pylit_append_utf8 and pylit_append_string return for S, nothing written. */
gsize pylit_utf8_replaced(const char *s, gsize len);
/* repr(str): quotes and escapes as Python chooses them; returns replaced bytes. */
gsize pylit_append_string(GString *out, const char *s, gsize len);
/* repr(float): shortest round-trip digits, 2.0, 1e-05, 1e+16, -0.0, inf, nan. */
void pylit_append_double(GString *out, double value);
/* repr(float) of the JSON number TEXT (a double as json-c reads it: the
 * text it keeps of one), as pylit_append_json writes it. */
void pylit_append_double_text(GString *out, const char *text);
/* str() of the parsed JSON VALUE (NULL is None); returns replaced bytes. */
gsize pylit_append_json(GString *out, json_object *value);
/* VALUE as JSON text (compact, '/' unescaped), valid UTF-8 as
 * pylit_append_utf8 makes it; numbers that are not finite (NaN, Infinity,
 * and those past a double's range) are written null, as JSON has none. */
gsize pylit_append_json_text(GString *out, json_object *value);

#endif
