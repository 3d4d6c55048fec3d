/* Run: the pipeline for one trace (read -> build -> attribute -> write ->
 * report) as a job, so that many traces can run at once. */
#ifndef PP_RUN_H
#define PP_RUN_H

#include "views/compare/compare.h"
#include "input/et.h"
#include "cli/options.h"
#include "analysis/analysis.h"

struct job;

/* What every job shares, read-only. */
struct run_settings {
	const struct options *options;
	GHashTable *opaque;   /* names, or NULL */
	GHashTable *exclude;
	const struct et *et;  /* --et FILE, read once; or NULL */
	GHashTable *et_files; /* --et DIR: rank -> Execution Trace path; or NULL */
	const struct peaks *peaks; /* the device peaks, when a perf figure is asked for; or NULL */
	struct capture_cache *captures; /* --graph-capture's windows, read once per category lists; or NULL */
	guint threads;        /* for each trace; 0: one per processor */
	gboolean progress;    /* a progress line while reading: one trace, on a terminal, not -q */
	gboolean many;        /* several traces (or a directory of them): --summary findings has a rank column */
	/* Called (one job at a time) as each job that collected ends well, so
	 * that its groups can be reduced and freed at once; or NULL. */
	void (*collected)(struct job *job, gpointer data);
	gpointer collected_data;
	/* --fail-on with several traces: each job keeps its findings and its
	 * record, folded into FAIL_ON by FAILED_ON as it ends (src/cli/fail_on.h, which
	 * reads struct job: a callback, not an include); or NULL */
	struct fail_on *fail_on;
	void (*failed_on)(struct fail_on *fail_on, struct job *job);
	/* The library's (src/api): the results of JOB's trace, read once and
	 * kept, for CONTEXT's view (NULL, *ERROR set, on failure); NULL: each
	 * job reads its trace (src/analysis/results.h). */
	struct results *(*results)(struct job *job, const struct analysis_context *context, gpointer data, char **error);
	gpointer results_data;
};

struct job {
	char *src;
	char *dst;
	char *error;     /* "FILE: what went wrong" when the job failed */
	GString *report; /* for standard error */
	gboolean collect; /* no output: the summary's groups are kept, for a comparison */
	guint position;   /* the job's place among the traces of the command line */
	struct collected collected;
	gboolean fail;    /* --fail-on: a performance finding of that severity or above fired */
	GArray *fired;    /* --fail-on: those findings (struct gate_fired, src/views/gate/gate_fail_on.h), or NULL */
};

/* Runs JOB; its outcome is in job->error and job->report. */
void run_job(struct job *job, const struct run_settings *settings);
/* Runs JOBS, PARALLEL at once, each job's report (or error) printed as it
 * ends; returns how many failed. */
guint run_jobs(GPtrArray *jobs, struct run_settings *settings, guint parallel);

#endif
