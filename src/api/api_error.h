/* The library's errors (profile_parser.h: pp_error): a code, the program's
 * exit status, and its message; the library's version and its one-time
 * set-up. */
#ifndef PP_API_ERROR_H
#define PP_API_ERROR_H

#include <glib.h>
#include "api/profile_parser.h"

struct pp_error {
	pp_code code;
	char *message;
};

/* *ERROR (when ERROR is not NULL) a new error of CODE and MESSAGE, its
 * "profile_parser: " taken off; returns NULL. */
gpointer api_error_set(pp_error **error, pp_code code, const char *message);
/* The error of a run whose messages are TEXT (what the program writes on
 * standard error) and whose exit status is STATUS: its last message, not a
 * warning, and the failures listed under it; "Try ... --help" left out. */
gpointer api_error_of_run(pp_error **error, int status, const char *text);
/* Once per process, before any analysis. */
void api_init(void);

#endif
