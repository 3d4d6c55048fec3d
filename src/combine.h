/* Combine: one table from many traces (SPEC 13). The diff of two runs
 * (src/diff.c) and the summary across ranks (src/ranks.c) take each
 * trace's summary groups (src/summary.h), collected by jobs that keep
 * nothing else of their trace, so memory holds the traces in flight (-j)
 * and the groups, never every trace at once. --merge (src/merge.c) reads
 * the per-rank JSON Lines summaries of a map step instead of the traces,
 * and writes what --across-ranks writes. */
#ifndef PP_COMBINE_H
#define PP_COMBINE_H

#include "options.h"
#include "summary.h"

/* What a job of a comparison keeps of its trace. */
struct collected {
	GHashTable *groups; /* GBytes key -> struct group *, owned (summary_groups) */
	char *rank;         /* distributedInfo.rank, else the file name's number, else NULL */
	guint steps;        /* ProfilerStep#N events read (for --diff) */
	char *devices;      /* for --diff: the distinct deviceProperties names, "A, B"; or NULL */
	char *world_size;   /* for --diff: distributedInfo.world_size, or NULL */
};

void collected_clear(struct collected *collected);

/* Checks the options of comparisons and sets options->compare: usage errors. */
gboolean compare_check(struct options *options, GError **error);
/* The catalogue of the rows MODE (not COMPARE_NONE) writes. */
const struct catalogue *compare_catalogue(enum compare_mode mode);

struct ranks;
struct job;
/* For run_settings.collected with --across-ranks: adds JOB's groups to
 * RANKS (a struct ranks *) and frees them. */
void combine_collected(struct job *job, gpointer ranks);
/* Writes the comparison of JOBS (struct job *; FAILED of them failed) to
 * -d: the diff of the two jobs' groups, or RANKS, which every job that
 * ended well was added to; returns the exit status. */
int combine_finish(const struct options *options, GPtrArray *jobs, guint failed, struct ranks *ranks);
/* --merge: reads the summaries and writes the table; returns the exit status. */
int combine_merge(const struct options *options);

/* ---- the tables (src/diff.c, src/ranks.c, src/merge.c) ---- */

/* The columns the diff's rows (by their magnitude) and the ranks' rows
 * are ordered by, most important first (for a table to keep them first). */
#define DIFF_ORDER "delta device total(ms),delta host total(ms)"
#define RANKS_ORDER "device total max(ms)"

const struct catalogue *diff_catalogue(void);
/* The diff rows of BASE and NEW, sorted (struct diff_row *, freed with the array). */
GPtrArray *diff_rows(const struct collected *base, const struct collected *new);
/* The columns of the diff's catalogue PICKED (or the sort keys), as the
 * rows write them: per step when BY_STEP (both traces have steps), else
 * totals, whichever spelling was picked; each once. */
GPtrArray *diff_columns(const GPtrArray *picked, gboolean by_step);
/* The distinct names of DEVICES (struct device_info), "A, B", or NULL. */
char *diff_device_names(const GArray *devices);
/* Appends to OUT the warnings that BASE and NEW come from different devices
 * or world sizes (SPEC 13.1), one line each. */
void diff_warnings(GString *out, const struct collected *base, const struct collected *new);

const struct catalogue *ranks_catalogue(void);
struct ranks *ranks_new(void);
void ranks_free(struct ranks *ranks);
/* Adds one trace's figures for KEY: its rank, its count, host and device totals. */
void ranks_add(struct ranks *ranks, gint64 rank, const char *key, gsize key_len, guint64 count, gint64 host,
	       gint64 device);
/* Says that SOURCE (a file, as messages show it) has RANK (BY_POSITION: its
 * place in the list, as it records none): a rank that another source has
 * already is a warning, naming both. Claimed in the order of the list. */
void ranks_claim(struct ranks *ranks, gint64 rank, const char *source, gboolean by_position);
/* The warnings of ranks_claim, one line each, or "". */
const char *ranks_warnings(const struct ranks *ranks);
/* Whether a key's counts add up past 2^63 - 1: no table is then written. */
gboolean ranks_wrapped(const struct ranks *ranks);
/* The rows, sorted (owned by RANKS). */
GPtrArray *ranks_rows(struct ranks *ranks);

/* The summaries of --merge's SOURCES: files, and the regular *.jsonl[.gz]
 * of directories, each once; NOTES gets, for the report, what was skipped
 * or named twice. NULL, ERROR set, for a directory that cannot be read or
 * has no summary. */
GPtrArray *merge_list(char **sources, GString *notes, GError **error);
struct merger;
/* A merger of summaries into RANKS. */
struct merger *merger_new(struct ranks *ranks);
void merger_free(struct merger *merger);
#define MERGE_ERROR (merge_error_quark())
GQuark merge_error_quark(void);
enum { MERGE_ERROR_MIX }; /* summaries of another view or options than the first: none may be merged */
/* Reads the JSON Lines summary PATH into the merger, POSITION being its rank
 * when a line has none; FALSE, ERROR set, when it cannot be read or is no
 * summary (nothing of it is added), or, in MERGE_ERROR, when it mixes. */
gboolean merge_file(struct merger *merger, const char *path, gint64 position, GError **error);

#endif
