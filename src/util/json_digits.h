/* JSON digits: integers past 64 bits keep the digits they were written with
 * (SPEC 24), which json-c's reader clamps (to 2^64 - 1 above, -2^63 below).
 *
 * json-c keeps the text of a double it reads, not of an integer. After it
 * has read a text, json_digits_keep() reads the same text again beside the
 * value json-c made of it: one quick pass looks for a run of 19 digits or
 * more (the only ones that can be past 64 bits); only where one is an
 * integer past 64 bits is the value walked with its text, member by member
 * (a key looked up as json-c keeps it: the last of duplicates, in the
 * place of the first) and element by element, and each integer json-c
 * clamped is given its digits as written (json-c's userdata, printed by its
 * serializer: json_object_to_json_string() then writes them). A number
 * that fits is left as json-c made it (and loses digits given to an
 * earlier duplicate). So the walk costs nothing where no such integer is,
 * and is linear in the text where one is. */
#ifndef PP_JSON_DIGITS_H
#define PP_JSON_DIGITS_H

#include <glib.h>
#include <json-c/json.h>

/* The digits as written of VALUE when it is an integer past 64 bits (json-c
 * read it clamped), else NULL. */
const char *json_digits(json_object *value);
/* Whether the number token TEXT (LEN bytes) is an integer past 64 bits. */
gboolean json_digits_past_64(const char *text, gsize len);
/* Whether TEXT (LEN bytes of JSON) may hold an integer past 64 bits (it
 * may also be in a string); FALSE: it holds none. */
gboolean json_digits_any(const char *text, gsize len);
/* The integers past 64 bits of VALUE, which json-c read from TEXT (LEN
 * bytes, one JSON value and blanks), given their digits as written. */
void json_digits_keep(json_object *value, const char *text, gsize len);
/* A new integer of json-c's clamped value for DIGITS (LEN bytes, an integer
 * past 64 bits), keeping them, as json_digits_keep() makes it. */
json_object *json_digits_new(const char *digits, gsize len);

#endif
