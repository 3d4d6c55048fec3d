/* The command line: its own options (what to read and write: -s, -d, --et,
 * -j, the category lists, the depth bounds, -q) and the list of views,
 * each of which owns its options (src/views/table/settings.h): their groups are
 * added to one GOptionContext, and each view checks its own. The reference
 * tool's spellings (-mc, --max_depth) and hyphenated ones (--max-depth,
 * --monitor-cat=LIST) alike (src/cli/argv.h). */
#ifndef PP_OPTIONS_H
#define PP_OPTIONS_H

#include <glib.h>
#include "views/table/settings.h"

enum options_result {
	OPTIONS_RUN,   /* options hold a job */
	OPTIONS_DONE,  /* --help or --version was answered */
	OPTIONS_USAGE, /* usage error; error says why */
};

enum options_result options_parse(int argc, char **argv, struct options *options, GError **error);

#endif
