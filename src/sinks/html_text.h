/* HTML text: any bytes (a trace's names) made safe for an HTML page
 * (SPEC 16). Text is scanned once, character by character:
 * - bytes that are not valid UTF-8 become U+FFFD (one per invalid
 *   byte, as g_utf8_make_valid replaces them);
 * - in element text and attribute values, '&', '<', '>', '"' and '\''
 *   become character references, C0 controls (but tab and newline), DEL,
 *   C1 controls and the noncharacters U+FFFE and U+FFFF become U+FFFD, so
 *   that no name can open or close an element or an attribute;
 * - in a JSON string for a <script type="application/json"> block, besides
 *   JSON's own escapes ('"', '\\', controls as \u00XX), '<', '>', '&',
 *   U+2028 and U+2029 become \u003c, \u003e, \u0026, \u2028 and \u2029, so
 *   that no name can end the script element or break a JavaScript parser. */
#ifndef PP_HTML_TEXT_H
#define PP_HTML_TEXT_H

#include <glib.h>

/* Appends LEN bytes of TEXT as HTML text (also fit for a quoted attribute). */
void html_append_text(GString *out, const char *text, gsize len);
/* The same, NUL-terminated (NULL appends nothing). */
void html_append(GString *out, const char *text);
/* Appends LEN bytes of TEXT as a quoted JSON string safe inside a script element. */
void html_append_json_string(GString *out, const char *text, gsize len);

#endif
