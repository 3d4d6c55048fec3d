/* The command line: the reference tool's spellings (-mc, --max_depth) and
 * hyphenated ones (--max-depth, --monitor-cat=LIST) alike. */
#ifndef PP_OPTIONS_H
#define PP_OPTIONS_H

#include <glib.h>
#include "views/settings.h"

enum options_result {
	OPTIONS_RUN,   /* options hold a job */
	OPTIONS_DONE,  /* --help or --version was answered */
	OPTIONS_USAGE, /* usage error; error says why */
};

enum options_result options_parse(int argc, char **argv, struct options *options, GError **error);

#endif
