/* Settings: what the command line asks of a run (struct options), and how
 * a view offers its options. Each view owns its options (SPEC 17): a
 * struct view_options in the view's *_options.c names its GOptionEntry
 * entries, which fill struct options, and checks them; the command line
 * (src/cli/options.c) knows the list of views and their order, not their
 * options. Every view's entries show in the main section of --help
 * (G_OPTION_FLAG_IN_MAIN), but those of a group of its own (export).
 *
 * Checking runs in two rounds, each in the order of the list: check, on
 * the options as given (after the command line's own lists and depths),
 * then settle, once the command line has checked its own options; a
 * view's settle may complete what the views before it settled (the
 * output's form, then the columns of the rows of that form). */
#ifndef PP_SETTINGS_H
#define PP_SETTINGS_H

#include <stdio.h>
#include <glib.h>
#include "attribution/steps.h"
#include "sinks/folded.h"
#include "sinks/sink.h"
#include "views/compare/compare.h"
#include "views/summaries/summary.h"

#define DEPTH_UNBOUNDED (-1)

struct options {
	char **sources; /* -s, as many as given: files, "-" or directories */
	char *dst;
	char *et;       /* --et FILE or DIR, or NULL */
	char **graph_captures; /* --graph-capture, as many as given, or NULL */
	int jobs;       /* -j: traces at once; 0: one per processor */
	char **monitor_cats; /* NULL-terminated, as given (aliases resolved by the reader) */
	char **host_cats;
	char **device_cats;
	gboolean monitor_cats_given; /* -mc given: else the formats for people choose (src/analysis/categories.h) */
	gboolean host_cats_given; /* -hc given: its categories are warned about */
	gboolean device_cats_given;
	int max_depth; /* DEPTH_UNBOUNDED or >= 1 */
	int min_depth;
	gboolean all_python_functions;
	gboolean module_class; /* --module-class (SPEC 23) */
	gboolean quiet;
	gboolean show_version;
	/* dataset export and column choice */
	gboolean leaves;
	gboolean skip_empty_shapes;
	char *opaque_file;  /* --opaque, --whitelist */
	char *exclude_file; /* --exclude, --blacklist */
	GArray *meta;       /* struct meta_column, strings owned, in the order given */
	char *columns_list;  /* --columns, as given */
	GPtrArray *columns; /* const struct column *: of the summary's catalogue with --summary */
	enum summary_mode summary;
	guint bins; /* --bins, for --summary timeline and the page's timeline; 0: not given */
	gint64 min_gap; /* --min-gap, for --summary gaps, in ns, when given */
	gboolean min_gap_given;
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
	/* device peaks (src/views/perf/perf_options.h) */
	char *peaks_file;        /* --peaks FILE, or NULL: the shipped table */
	guint64 peak_flops;      /* --peak-flops, in MFLOP/s; 0: not given */
	guint64 peak_bandwidth;  /* --peak-bandwidth, in MB/s; 0: not given */
	/* findings (src/views/findings/findings_options.h) */
	guint fail_on;           /* --fail-on: an enum finding_severity; 0: not given */
	/* the gate (src/views/gate/gate_options.h, SPEC 27) */
	gboolean fail_on_regression_given;
	gboolean regression_total; /* --fail-on-regression's step metrics asked for (PCT, total=PCT) */
	gint64 fail_on_regression; /* their PCT, in thousandths of a percent */
	GArray *budgets;           /* struct gate_budget: its NAME=PCT, in the order given; or NULL */
	guint64 gate_alpha_num, gate_alpha_den; /* --gate-alpha: NUM / DEN [5 / 100] */
	char **bases;              /* --base, as many as given, or NULL */
	gboolean allow_different_hardware;
	char *junit;               /* --junit FILE, or NULL */
	/* the critical path (src/views/critical/critical_options.h) */
	GPtrArray *what_if;      /* --what-if rules, in the order given (owned, freed with the array); NULL: none */
	/* Where a run writes, set by the library (src/api), NULL for the program: */
	FILE *err;    /* the report, the warnings and the messages (NULL: standard error) */
	FILE *tables; /* every table's records (src/sinks/sink_cells.h), instead of -d's files */
};

/* Where OPTIONS' run says what it says: standard error, or the library's text. */
static inline FILE *options_err(const struct options *options)
{
	return options->err ? options->err : stderr;
}

/* Frees what OPTIONS holds and zeroes it. */
void options_clear(struct options *options);

struct view_options {
	const char *name;        /* the GOptionGroup's: --help-NAME for a group of its own */
	const char *description; /* its section's title in --help-all, or NULL: in the main section */
	const char *help_description; /* --help-NAME's line, or NULL */
	/* Appends the view's GOptionEntry entries (pointing into OPTIONS, or
	 * callbacks to which OPTIONS is given) to ENTRIES. */
	void (*entries)(struct options *options, GArray *entries);
	/* Optional: usage errors of the options as given. */
	gboolean (*check)(struct options *options, GError **error);
	/* Optional: usage errors once the command line's own options are checked. */
	gboolean (*settle)(struct options *options, GError **error);
};

/* VIEW's GOptionGroup: its entries, with OPTIONS as the callbacks' data;
 * in the main section of --help unless VIEW has a description. */
GOptionGroup *view_options_group(const struct view_options *view, struct options *options);

/* A usage error (G_OPTION_ERROR_BAD_VALUE) saying MESSAGE; returns FALSE. */
gboolean options_usage(GError **error, const char *message);

#endif
