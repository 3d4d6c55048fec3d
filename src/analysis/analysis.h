/* Analysis: what one trace's run reads and works out, decided before it
 * reads (SPEC 31). The program decides by its one view: a path or name
 * summary reads no args, only --summary critical reads the cuda_sync
 * events, the findings' categories are read only when the findings are
 * worked out... (analysis_plan_init, the expressions the run always had).
 * The library (src/api) does not know the views it will be asked for:
 * analysis_plan_everything reads what any view of the options could read,
 * once, and each view then takes its plan's part of it (src/analysis/
 * results.h, results_view). */
#ifndef PP_ANALYSIS_H
#define PP_ANALYSIS_H

#include <stdio.h>
#include "analysis/categories.h"
#include "analysis/graphs.h"
#include "input/et.h"
#include "input/read_config.h"
#include "views/perf/peaks.h"

/* What a run shares with its traces' analyses, read-only. */
struct analysis_context {
	const struct options *options;
	const struct et *et;          /* --et FILE, read once; or NULL */
	GHashTable *et_files;         /* --et DIR: rank -> Execution Trace path; or NULL */
	const struct peaks *peaks;    /* the device peaks, when a figure needs them; or NULL */
	struct capture_cache *captures; /* --graph-capture's windows; or NULL */
	guint threads;                /* the reader's; 0: one per processor */
	/* the reader's progress line (src/report/report.h), or NULL */
	void (*progress)(const char *path, gint64 bytes, double fraction, gboolean done);
	gboolean many;    /* several traces: --summary findings has a rank column */
	gboolean collect; /* the trace is one of a comparison's or of one table's: nothing written of it alone */
	gboolean fail_on; /* --fail-on over several traces: the job's findings (src/cli/fail_on.h) */
	FILE *err;        /* the warnings of --graph-capture's files (standard error, or the library's) */
};

/* What one view's run reads and works out. */
struct analysis_plan {
	struct categories categories; /* the -mc, -hc, -dc lists in effect, what the reader reads */
	struct read_config read;      /* its lists point into CATEGORIES */
	gboolean findings;  /* SPEC 22: the findings are worked out */
	gboolean causes;    /* SPEC 26.1: the causes of host wait */
	gboolean node_page; /* --format html's per-node page */
	gboolean timeline;  /* the device timeline (the report's, the page's, the findings') */
	gboolean perf;      /* the perf figures (SPEC 15.1) */
	gboolean graft_count; /* graph launches counted (the report's and page's warnings, the findings) */
};

/* The plan of CONTEXT's view. */
void analysis_plan_init(struct analysis_plan *plan, const struct analysis_context *context);
/* A reading of everything any view of OPTIONS may read: every category
 * list a view monitors, args, extras, memory, steps, host and sync events
 * (the library's). */
void analysis_plan_everything(struct analysis_plan *plan, const struct options *options, guint threads);
void analysis_plan_clear(struct analysis_plan *plan);

/* "FILE: MESSAGE" as a job's error says it (the file shown safely; "-" is
 * standard input, or standard output when OUTPUT). */
char *analysis_error_text(const char *path, gboolean output, const GError *error);

#endif
