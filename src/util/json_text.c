#include "util/json_text.h"
#include <string.h>
#include "util/fault.h"
#include "util/json_digits.h"

json_object *json_member(json_object *object, const char *key)
{
	json_object *value = NULL;
	json_object_object_get_ex(object, key, &value);
	return value;
}

const char *json_text(json_object *value, char digits[24], gsize *len)
{
	const char *text = "";
	*len = 0;
	switch (json_object_get_type(value)) {
	case json_type_null:
		break;
	case json_type_string:
		text = json_object_get_string(value);
		*len = json_object_get_string_len(value);
		break;
	case json_type_int: /* the common case, without json-c's printf */
		if ((text = json_digits(value))) { /* past 64 bits: as written */
			*len = strlen(text);
			break;
		}
		*len = g_snprintf(digits, 24, "%" G_GINT64_FORMAT, json_object_get_int64(value));
		text = digits;
		if (json_object_get_int64(value) == G_MAXINT64)
			text = FAULT_CHECK(json_object_get_string(value)), *len = strlen(text);
		break;
	default: /* json-c prints it into a buffer of its own: NULL is no memory */
		text = FAULT_CHECK(json_object_get_string(value));
		*len = strlen(text);
	}
	return text;
}
