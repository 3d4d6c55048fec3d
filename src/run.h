/* Run: the pipeline for one trace (read -> build -> attribute -> write ->
 * report) as a job, so that many traces can run at once. */
#ifndef PP_RUN_H
#define PP_RUN_H

#include "et.h"
#include "options.h"

/* What every job shares, read-only. */
struct run_settings {
	const struct options *options;
	GHashTable *opaque;   /* names, or NULL */
	GHashTable *exclude;
	const struct et *et;  /* --et FILE, read once; or NULL */
	GHashTable *et_files; /* --et DIR: rank -> Execution Trace path; or NULL */
	guint threads;        /* for each trace; 0: one per processor */
	gboolean progress;    /* a progress line while reading: one trace, on a terminal, not -q */
};

struct job {
	char *src;
	char *dst;
	char *error;     /* "FILE: what went wrong" when the job failed */
	GString *report; /* for standard error */
};

/* Runs JOB; its outcome is in job->error and job->report. */
void run_job(struct job *job, const struct run_settings *settings);

#endif
