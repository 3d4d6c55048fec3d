/* The command line: the reference tool's spellings (-mc, --max_depth) and
 * hyphenated ones (--max-depth, --monitor-cat=LIST) alike. */
#ifndef PP_OPTIONS_H
#define PP_OPTIONS_H

#include <glib.h>
#include "sinks/folded.h"
#include "sinks/sink.h"
#include "attribution/steps.h"
#include "views/summary.h"

#define DEPTH_UNBOUNDED (-1)

/* Comparing runs and ranks (SPEC 13): one table from many traces. */
enum compare_mode {
	COMPARE_NONE,
	COMPARE_DIFF,   /* --diff path|name: -s BASE -s NEW */
	COMPARE_ACROSS, /* --summary path|name --across-ranks */
	COMPARE_MERGE,  /* --merge: per-rank JSON Lines summaries reduced */
};

struct options {
	char **sources; /* -s, as many as given: files, "-" or directories */
	char *dst;
	char *et;       /* --et FILE or DIR, or NULL */
	int jobs;       /* -j: traces at once; 0: one per processor */
	char **monitor_cats; /* NULL-terminated, as given (aliases resolved by the reader) */
	char **host_cats;
	char **device_cats;
	gboolean monitor_cats_given; /* -mc given: else the formats for people choose (src/cli/categories.h) */
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
	GRegex *communication; /* --comm-pattern, or NULL for the default (src/attribution/sums.h) */
	struct step_range step; /* --step N or N-M */
	enum compare_mode compare;
	gboolean across_ranks; /* --across-ranks, as given */
	char **merge;          /* --merge DIR or FILE, as many as given */
	char *sort_list;       /* --sort, as given */
	GPtrArray *sort;       /* const struct column *: its keys, of the catalogue of the columns */
	guint top;             /* --top N; 0: every row */
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
