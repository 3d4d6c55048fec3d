/* Errors as a code and a message: the program's message is kept whole but
 * for its "profile_parser: " prefix and its pointer to --help. And the
 * library's version, and what it sets up once for every analysis. */
#include "api/api_error.h"
#include <string.h>
#include "config.h"

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

#define PREFIX "profile_parser: "

gpointer api_error_set(pp_error **error, pp_code code, const char *message)
{
	if (!error)
		return NULL;
	pp_error *e = g_new0(pp_error, 1);
	e->code = code;
	e->message = g_strdup(g_str_has_prefix(message, PREFIX) ? message + strlen(PREFIX) : message);
	g_strchomp(e->message);
	*error = e;
	return NULL;
}

gpointer api_error_of_run(pp_error **error, int status, const char *text)
{
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	gint last = -1;
	for (gint i = 0; lines[i]; i++)
		if (g_str_has_prefix(lines[i], PREFIX) && !g_str_has_prefix(lines[i], PREFIX "warning: "))
			last = i;
	g_autoptr(GString) message = g_string_new(NULL);
	for (gint i = last; i >= 0 && lines[i]; i++) {
		if (i > last && (g_str_has_prefix(lines[i], PREFIX) || !*lines[i]))
			break;
		if (g_str_has_prefix(lines[i], "Try 'profile_parser --help'"))
			continue;
		g_string_append_printf(message, "%s%s", message->len ? "\n" : "", lines[i]);
	}
	if (!message->len)
		g_string_append(message, "the analysis failed");
	return api_error_set(error, status == 2 ? PP_ERROR_USAGE : PP_ERROR_INPUT, message->str);
}

pp_code pp_error_code(const pp_error *error)
{
	return error ? error->code : PP_OK;
}

const char *pp_error_message(const pp_error *error)
{
	return error ? error->message : "";
}

void pp_error_free(pp_error *error)
{
	if (!error)
		return;
	g_free(error->message);
	g_free(error);
}
