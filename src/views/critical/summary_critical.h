/* The critical-path summary (SPEC 30): one row per name on the critical
 * paths of the steps kept (--step), summed over them, after a row
 * "(critical path)" (kind "path") with the paths' total; with several
 * traces, a rank column and one such total row per rank first.
 *
 * A row is a name and a kind (src/attribution/critical.h's segments): a
 * host event's own name (kind host; its self time, and "(outside ops)" for
 * a thread's time outside its events), a device event's short name (kind
 * device; SPEC 23), "launch delay", "queueing", and "wait for rank R"
 * (kind wait). critical(ms) is the row's time on the paths (predicted
 * ones with --what-if), measured(ms) on the measured paths, share its part
 * of the paths' total (tenths of a percent, half up), count the distinct
 * events it took on the paths (a wait row: its waits; the total row: the
 * paths). Rows by critical(ms) descending, then measured(ms) descending,
 * then name and kind in byte order; rows all of whose time is on the
 * measured paths only (--what-if) come last.
 *
 * The report gives a line per path (at most CRITICAL_REPORT_STEPS of a
 * rank, then how many more): "critical path of step N: X ms: device Y%,
 * host Z%, waiting for other ranks W%; most: NAME A ms" (with --what-if:
 * "X ms measured, P ms predicted with --what-if"); shares of the
 * (predicted) path, launch delay and queueing the rest; NAME the row of
 * the path with the most time (ties: name, then kind, in byte order). */
#ifndef PP_SUMMARY_CRITICAL_H
#define PP_SUMMARY_CRITICAL_H

#include "attribution/critical.h"
#include "views/table/write.h"

#define CRITICAL_REPORT_STEPS 5
/* A row's kind beside enum critical_kind: the paths' total. */
#define CRITICAL_KIND_PATH CRITICAL_KINDS
/* --summary critical's default columns with --what-if. */
#define CRITICAL_SUMMARY_WHAT_IF_COLUMNS "name,kind,critical(ms),measured(ms),share,count"

struct critical_row {
	const char *rank; /* the rank's text (with several traces), or NULL */
	guint8 kind;      /* enum critical_kind, or CRITICAL_KIND_PATH */
	GString *name;
	gint64 critical, measured; /* ns */
	guint64 count;
	gint64 whole;     /* the rank's paths' total, critical: the share's whole */
	guint serial;     /* its place among its rank's rows as they were made */
	gint64 key;       /* its kind and label */
};

/* One path of a step kept (the page's bar of it, SPEC 30 and issue 50):
 * its times, its predicted path's time by kind, and its report line. */
struct critical_bar {
	const char *rank; /* the rank's text (with several traces), or NULL */
	guint64 step;
	gboolean whole;   /* no step: the trace's analysed span */
	gint64 measured, predicted;      /* ns */
	gint64 by_kind[CRITICAL_KINDS];  /* ns of the predicted path */
	GString *line;    /* the report's line of it, without indent or newline */
};

struct critical_rows {
	GPtrArray *rows; /* struct critical_row *, owned: the total rows (LEAD, a rank each) first */
	guint lead;
	GString *report; /* the report's lines (two spaces before each) */
	GArray *bars;    /* struct critical_bar, a path each, in the paths' order */
};

/* The rows of RESULT's paths through GRAPH whose steps RANGE keeps; RANKS
 * the rank texts of GRAPH's ranks (COUNT of them; NULL: one trace, no rank
 * column, "wait for rank" naming none). WHAT_IF: the report says measured
 * and predicted. */
struct critical_rows *critical_rows_of(const struct critical_graph *graph, const struct critical_result *result,
				       const struct step_range *range, char **ranks, guint count, gboolean what_if);
void critical_rows_free(struct critical_rows *rows);

const struct catalogue *critical_summary_catalogue(void);
/* Writes CONFIG->critical's rows; *ROWS is how many. */
gboolean write_critical_summary(struct output *out, const struct write_config *config, guint64 *rows);

typedef struct critical_rows CriticalRows;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CriticalRows, critical_rows_free)

#endif
