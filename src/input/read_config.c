#include "input/read_config.h"
#include "util/fault.h"

G_DEFINE_QUARK(profile-parser-read-error-quark, read_error)

gboolean read_fail(GError **error, int code, gint64 offset, const char *what)
{
	g_set_error(error, READ_ERROR, code, "%s at byte %" G_GINT64_FORMAT, what, offset);
	return FALSE;
}

json_tokener *read_tokener_new(void)
{
	json_tokener *tokener = FAULT_CHECK(json_tokener_new_ex(READ_TOKENER_DEPTH));
	json_tokener_set_flags(tokener, READ_TOKENER_FLAGS);
	return tokener;
}
