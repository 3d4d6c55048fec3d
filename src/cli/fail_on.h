/* Fail on: --fail-on on every view and every number of traces (SPEC 22,
 * issue 44). A run with --fail-on works out the findings that --summary
 * findings would list for the same traces, whatever it writes, and its exit
 * status is 3 when a performance finding of that severity or above is
 * among them, once every output is written (a trace that failed, exit 1,
 * takes precedence):
 * - one trace (written to a file, to -, or alone into DIR/, in any view:
 *   summaries, node rows, flame graphs, the page, --summary rank's map):
 *   its own findings, those of the report's finding lines (job->fail);
 * - several traces (each written alone into DIR/, or one table of them:
 *   --summary memory, --summary rank, --across-ranks): every trace's
 *   findings and the job's, as --summary findings of them works them out:
 *   each trace's record of its collectives (src/views/ranks/rank_record.h) is
 *   folded into one reduce as the trace ends (the events of all ranks are
 *   never held), and at the end the job rules (collective-wait,
 *   straggler, clocks-disagree) are worked out and each trace's
 *   exposed-communication is judged again less the job's waits
 *   (src/views/findings/findings_job.h). Two traces of one rank make no job: an
 *   error naming both (exit status 1), as --summary findings says it.
 * --diff (two runs compared; --fail-on-regression gates it) and --merge
 * (summaries, which hold no findings) are usage errors
 * (src/views/findings/findings_options.c): never a silent pass.
 *
 * Linear: one fold per trace, one sort of the waits. */
#ifndef PP_FAIL_ON_H
#define PP_FAIL_ON_H

#include <stdio.h>
#include "cli/options.h"

struct job;
struct fail_on;
struct rank_reduce;

/* A gate for a run of several traces. */
struct fail_on *fail_on_new(void);
void fail_on_free(struct fail_on *fail_on);
/* Folds JOB's record for the gate (job->collected.fail_on_record) into GATE's
 * reduce and frees it; called one job at a time, as each ends well. */
void fail_on_collected(struct fail_on *fail_on, struct job *job);
/* The exit status of the run, whose views returned STATUS: STATUS unless
 * it is 0 and --fail-on fired, on each job's findings (GATE NULL: one
 * trace) or on the findings of the job of JOBS (GATE: several), whose job
 * finding lines and verdict are said on standard error unless -q. */
int fail_on_finish(const struct options *options, GPtrArray *jobs, struct fail_on *gate, int status);

/* What --summary findings of several traces and the gate share: */
/* Whether the traces NAMES (NULL: a job that failed) have distinct RANKS
 * (COUNT of each); else an error naming two of one rank, "VIEW: A and B
 * have the same rank, R: CONSEQUENCE", on standard error. */
gboolean fail_on_ranks_distinct(FILE *err, const char *const *names, const gint64 *ranks, guint count, const char *view,
			     const char *consequence);
/* The findings of the job of JOBS (each that ended well holding its
 * findings, span, start and exposed intervals in job->collected), from
 * REDUCE (each trace's record folded in; finished here, its warnings into
 * WARNINGS): each trace's exposed-communication judged again less the
 * job's waits, and the job rules into JOB_FINDINGS, sorted. FALSE when two
 * traces have one rank, or the reduce fails (its figures past 63 bits):
 * said, "VIEW: CONSEQUENCE: WHY". */
gboolean fail_on_job_findings(FILE *err, GPtrArray *jobs, struct rank_reduce *reduce, const char *view, const char *consequence,
			   GString *warnings, GPtrArray *job_findings);
/* The job findings as the report's lines, "profile_parser: finding: ID
 * (SEVERITY): saves up to X ms (P% of the ranks' mean analysed span):
 * EVIDENCE; to do: ADVICE", on standard error. */
void fail_on_print_job_findings(FILE *err, const GPtrArray *job_findings);

#endif
