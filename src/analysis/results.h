/* Results: the results model of one trace (SPEC 31), computed once and
 * read by every output: the view's rows, the page, the report, the
 * findings, the comparisons' collected figures and the library's tables.
 * Data flows one way: reading -> results -> views and sinks -> outputs.
 *
 * What it holds, and when each part is computed:
 *  - when made (results_read, results_view): the plan (what the view reads
 *    and works out, src/analysis/analysis.h), the trace (read once), the
 *    categories in effect, the findings' own events, the Execution Trace,
 *    the capture windows, the forest, the attribution (grafted with
 *    --graph-capture), the graph launches' counts and the rank;
 *  - at most once each, when an output first asks for it (the getters
 *    below), and only when the plan has it (else NULL): the perf figures,
 *    the steps, the device timeline, the causes of host wait, the host
 *    wait by cause or its split (the report's line and the page's section:
 *    one figure), the memory devices, the findings (of the trace alone and
 *    as one of several), the critical path's rows, the collectives, the
 *    gaps by length (the page's).
 * The program makes one per trace and frees it after the trace's outputs;
 * the library keeps one per trace and category lists for as long as its
 * analysis lives, shared by the views of those lists (results_rebind):
 * each getter follows the asking view's plan, each figure is computed
 * once for them all. Not for two threads at once: an analysis is one
 * thread's at a time (independent ones are independent). */
#ifndef PP_RESULTS_H
#define PP_RESULTS_H

#include "analysis/analysis.h"
#include "analysis/run_findings.h"
#include "attribution/causes.h"
#include "attribution/idle_classes.h"
#include "attribution/memory_devices.h"
#include "attribution/steps.h"
#include "attribution/timeline.h"
#include "attribution/waiting.h"
#include "model/build.h"
#include "views/perf/perf.h"
#include "views/collectives/summary_collective.h"
#include "views/critical/summary_critical.h"

struct results {
	const struct analysis_context *context; /* the run's, borrowed */
	struct analysis_plan plan;               /* the creator's: its categories made the trace's view */
	/* the plan the figures' getters follow: PLAN, or (the library's)
	 * another view's of the same categories that shares these results */
	const struct analysis_plan *view;
	struct trace *trace;
	struct trace *base;      /* the library's: the trace read once, TRACE a view of it (NULL: TRACE is owned) */
	GArray *findings_events; /* the findings' own monitored events (categories_take_findings), or NULL */
	const struct et *et;     /* the Execution Trace joined, or NULL */
	struct et *own_et;
	const struct capture *capture;
	struct forest *forest;
	struct attribution *attribution;
	struct graft_stats graft;
	char *rank;              /* distributedInfo.rank, else the file name's number; or NULL */
	double stage[3];         /* seconds: read, build, attribute (the report's) */
	/* computed once, when first asked (the getters) */
	struct perf *perf;
	struct steps *steps;
	struct timeline *timeline;
	struct causes *causes;
	struct causes_summary *wait_causes;
	struct waiting_report waiting;
	struct memory_devices *memory[2]; /* the whole trace's, and --summary memory's (within --step) */
	struct run_findings findings[2]; /* alone, and as one of several */
	struct critical_rows *critical;
	struct collectives *collectives;
	struct idle_classes *idle_classes;
	guint done; /* the figures computed (RESULT_* bits) */
};

/* Reads SRC as CONTEXT's view plans it, and builds what the results hold
 * when made. NULL on failure, *ERROR_TEXT "FILE: what went wrong". */
struct results *results_read(const char *src, const struct analysis_context *context, char **error_text);
/* The results of CONTEXT's view of BASE (read once with
 * analysis_plan_everything, kept by the caller): the monitored events its
 * plan would have read, the rest shared. NULL on failure, as results_read. */
struct results *results_view(struct trace *base, const char *src, const struct analysis_context *context,
			     char **error_text);
void results_free(struct results *results);
/* R kept for another run (the library's): CONTEXT its run's now (the
 * peaks, the Execution Trace) and VIEW the plan of its view, one of the
 * same categories as R's (both kept by the caller as long as R is used
 * with them): the figures R holds serve every view that asks for them. */
void results_rebind(struct results *r, const struct analysis_context *context, const struct analysis_plan *view);
/* A key of what R's view shares with others (the categories that made
 * its trace, and whether the findings' own were set apart): views of
 * equal keys may share results. g_free() it. */
char *results_share_key(const struct analysis_plan *plan);

const struct perf *results_perf(struct results *r);
const struct steps *results_steps(struct results *r);
const struct timeline *results_timeline(struct results *r);
struct causes *results_causes(struct results *r);
/* The report's host wait line (SPEC 19.3, 26.8): by cause in a run that has
 * the causes, else its split; NULL when the run shows none. The page's
 * section reads the same summary (results_page_causes). */
const struct causes_summary *results_wait_causes(struct results *r);
const struct waiting_report *results_waiting(struct results *r);
const struct causes_summary *results_page_causes(struct results *r);
/* The memory devices the view reads (--summary memory: within --step). */
const struct memory_devices *results_memory(struct results *r);
/* The findings (SPEC 22) of the trace alone, or as one of SEVERAL; NULL
 * when the plan has none. The caller may take its arrays (results_
 * findings_taken then makes them again when asked). */
struct run_findings *results_findings(struct results *r, gboolean several);
void results_findings_taken(struct results *r, gboolean several);
/* --summary critical's rows (SPEC 30), or NULL. */
const struct critical_rows *results_critical(struct results *r);
/* The critical graph of the trace, for a table of several traces (the caller's). */
struct critical_graph *results_critical_graph(struct results *r);
/* The collectives (SPEC 15.2) of SELECTION (the run's). */
const struct collectives *results_collectives(struct results *r, const struct selection *selection);
/* Each device's gaps by length (SPEC 19.2), the whole trace's. */
const struct idle_classes *results_idle_classes(struct results *r);

typedef struct results Results;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Results, results_free)

#endif
