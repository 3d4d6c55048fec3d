/* The library's version, and what it sets up once for every analysis. */
#include "api/profile_parser.h"
#include "config.h"
#include "api/api_error.h"

const char *pp_version(void)
{
	return PACKAGE_VERSION;
}

void api_init(void)
{
	static gsize done;
	if (g_once_init_enter(&done)) {
		/* GLib makes the C locale of g_ascii_strtoll and its kin at their
		 * first call: made once here, before any of the analyses' threads
		 * (a wait for it left errno EAGAIN, which a parse took for a bad
		 * number; issue 44). Nothing else is process-wide: no signal
		 * handler, no log handler, no locale. */
		(void)g_ascii_strtoll("0", NULL, 10);
		(void)g_ascii_strtod("0", NULL);
		g_once_init_leave(&done, 1);
	}
}
