/* JSON text: what the reader reads of json-c's values, a member and a
 * value's text (a number as written), shared by the model's thread table
 * and the reader. */
#ifndef PP_JSON_TEXT_H
#define PP_JSON_TEXT_H

#include <glib.h>
#include <json-c/json.h>

/* OBJECT[KEY], or NULL (also for a JSON null, which json-c keeps as NULL). */
json_object *json_member(json_object *object, const char *key);
/* VALUE's text: a string as it is, a number as written (into DIGITS when
 * it fits); a JSON null (NULL) is empty. */
const char *json_text(json_object *value, char digits[24], gsize *len);

#endif
