/* The command line: the reference tool's spellings (-mc, --max_depth) and
 * hyphenated ones (--max-depth, --monitor-cat=LIST) alike. */
#ifndef PP_OPTIONS_H
#define PP_OPTIONS_H

#include <glib.h>
#include "folded.h"
#include "sink.h"
#include "summary.h"

#define DEPTH_UNBOUNDED (-1)

struct options {
	char **sources; /* -s, as many as given: files, "-" or directories */
	char *dst;
	char *et;       /* --et FILE or DIR, or NULL */
	int jobs;       /* -j: traces at once; 0: one per processor */
	char **monitor_cats; /* NULL-terminated, as given (aliases resolved by the reader) */
	char **host_cats;
	char **device_cats;
	gboolean host_cats_given; /* -hc given: its categories are warned about */
	gboolean device_cats_given;
	int max_depth; /* DEPTH_UNBOUNDED or >= 1 */
	int min_depth;
	gboolean all_python_functions;
	gboolean quiet;
	gboolean show_version;
	/* dataset export and column choice */
	gboolean leaves;
	gboolean skip_empty_shapes;
	char *opaque_file;  /* --opaque, --whitelist */
	char *exclude_file; /* --exclude, --blacklist */
	GArray *meta;       /* struct meta_column, strings owned, in the order given */
	GPtrArray *columns; /* const struct column *: of the summary's catalogue with --summary */
	enum summary_mode summary;
	const struct sink_class *format; /* --format, else by the name of -d (x.jsonl), else csv */
	gboolean compress; /* gzip: --compress, or a name of -d ending in .gz */
	GRegex *communication; /* --comm-pattern, or NULL for the default (src/sums.h) */
	enum flame_weight weight; /* --weight, for --format folded and svg */
	gboolean weight_given;
};

enum options_result {
	OPTIONS_RUN,   /* options hold a job */
	OPTIONS_DONE,  /* --help or --version was answered */
	OPTIONS_USAGE, /* usage error; error says why */
};

enum options_result options_parse(int argc, char **argv, struct options *options, GError **error);
void options_clear(struct options *options);

#endif
