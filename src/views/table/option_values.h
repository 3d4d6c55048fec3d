/* Option values: parsing and checking the values of options (lists,
 * depth bounds, file names); each failure is a
 * G_OPTION_ERROR, a usage error. */
#ifndef PP_OPTION_VALUES_H
#define PP_OPTION_VALUES_H

#include "views/table/settings.h"

/* Whether VALUE of OPTION (NULL: not given) is a comma-separated list of
 * names without an empty one; a list of none is an error too. PREFIX: a
 * leading '+' is allowed (--columns +LIST). WHAT: "category", for the message. */
gboolean option_list_check(const char *option, const char *value, const char *what, gboolean prefix,
			   GError **error);
/* The names of the comma-separated TEXT, without their blanks; NULL-terminated. */
char **option_list_split(const char *text);
/* --max_depth or --min_depth TEXT (NULL: not given, DEPTH_UNBOUNDED) into *DEPTH. */
gboolean option_depth_parse(const char *option, const char *text, int *depth, GError **error);
/* Whether the file names of --et, --opaque, --exclude and --merge name something. */
gboolean option_files_check(const struct options *options, GError **error);

#endif
