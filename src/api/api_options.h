/* The library's options (profile_parser.h: pp_options): the command line's
 * long options as the program's arguments ("--NAME=VALUE", or "--NAME" for
 * a flag), each checked as the program checks them when set, and the
 * struct options of one view made from them with the traces and the
 * output the library gives (src/cli/options.h: the program's parse, so
 * that every check and every default is the program's). */
#ifndef PP_API_OPTIONS_H
#define PP_API_OPTIONS_H

#include "api/api_error.h"
#include "cli/options.h"

struct pp_options {
	GPtrArray *args;  /* char *: "--NAME=VALUE" or "--NAME", in the order set */
	GPtrArray *names; /* char *: each one's NAME, '_' as '-' */
};

/* A copy of OPTIONS' arguments (NULL: none), for an analysis to keep. */
struct pp_options *api_options_copy(const struct pp_options *options);
/* OUT parsed from ARGS for VIEW ("nodes", a --summary name, or NULL: the
 * options' own), the traces PATHS (COUNT) and -d DST. FALSE, *ERROR set
 * (PP_ERROR_USAGE), when the program would refuse them. */
gboolean api_options_parse(const struct pp_options *args, const char *view, const char *const *paths, gsize count,
			   const char *dst, struct options *out, pp_error **error);
/* Whether VIEW is one of the library's views; else *ERROR says which are. */
gboolean api_view_check(const char *view, pp_error **error);

#endif
