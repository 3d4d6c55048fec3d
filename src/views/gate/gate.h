/* The gate (SPEC 27): whether a run passes, check by check, and why not.
 * A gate is a list of checks, each passed, failed or skipped, with what it
 * found (one line, for the report and the JUnit file) and, when it failed,
 * its part of the one line that says why.
 *
 * --fail-on-regression, with --diff (gate_metrics, gate_hardware; the
 * budgets, src/views/gate/gate_budget.h):
 *  - the step metrics, device busy per step and host time per step: one
 *    sample a step of each trace (src/views/compare/compare.h), BASE's and
 *    --base's together against NEW's. A metric fails when NEW's median
 *    exceeds BASE's by more than PCT percent (exactly: medians doubled, so
 *    that a median of an even count, the mean of the two middle values, is
 *    an integer; 2m_new · 100000 > 2m_base · (100000 + PCT·1000)) and the
 *    one-sided Mann-Whitney U test (src/views/gate/mann_whitney.h) rejects at
 *    --gate-alpha; with fewer than 3 samples on a side, on the medians
 *    alone, and it says that noise could not be told from change. Host
 *    time is skipped when a trace has no steps;
 *  - budgets, NAME=PCT: the diff's rows whose key the glob NAME matches;
 *    one fails when NEW's device total per step exceeds BASE's by more
 *    than PCT percent, exactly as the totals over the steps are (new ·
 *    base steps · 100000 > base · new steps · (100000 + PCT)); a key only
 *    in NEW exceeds any budget. A budget that matches no key is skipped;
 *  - comparable hardware: the diff's warnings of SPEC 13.1 (the devices'
 *    names, the world size) between NEW and each base trace: the gate fails
 *    with exit status 1, before any other check, unless
 *    --allow-different-hardware.
 * --fail-on (src/views/gate/gate_fail_on.h): one check per performance rule of
 * the table, failed when a finding of it of the severity or above fired
 * on some trace (or the job). */
#ifndef PP_GATE_H
#define PP_GATE_H

#include "views/compare/compare.h"
#include "views/findings/finding.h"
#include "views/table/settings.h"

enum gate_outcome { GATE_PASSED, GATE_FAILED, GATE_SKIPPED };

struct gate_check {
	const char *kind;   /* "fail-on-regression", "budget", "hardware", "fail-on": JUnit's classname */
	char *name;         /* "device busy per step", a budget's glob, a rule's id */
	enum gate_outcome outcome;
	char *found;        /* what it found, one line */
	char *reason;       /* failed: its part of the reason line; else NULL */
};

struct gate {
	char *option;       /* the reason line's head: "--fail-on-regression 5%", "--fail-on high" */
	GPtrArray *checks;  /* struct gate_check * */
	GPtrArray *properties; /* name, value, name, value... (the JUnit file's properties) */
	int fail_status;    /* the exit status when it failed: 3, or 1 (not comparable) */
	gboolean report_checks; /* the report has a line per check (--fail-on-regression) */
	GArray *fired;      /* --fail-on: struct gate_fired, with their traces */
};

/* What a finding that failed --fail-on was, kept beyond its trace's run. */
struct gate_fired {
	const struct finding_rule *rule;
	enum finding_severity severity;
	char device[64];    /* as the views write it (finding_device_append), or empty: none */
	gint64 saving;      /* ns, or FINDING_NO_SAVING */
	gint64 share;       /* tenths of a percent of its span, or -1 */
	const char *trace;  /* as gate_fail_on_add was given it (not owned), or NULL */
};

struct gate *gate_new(const char *option);
void gate_free(struct gate *gate);
typedef struct gate Gate;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Gate, gate_free)

/* Adds the property NAME = VALUE (copied) to the JUnit file's. */
void gate_property(struct gate *gate, const char *name, const char *value);
/* Whether a check failed. */
gboolean gate_failed(const struct gate *gate);
/* The reason line: the option, ": ", the failed checks' reasons joined by
 * "; " ("--fail-on-regression 5%: device busy per step 122.239 ms against
 * 65.8305 ms (+85.7%, p = 0.001)"; no "profile_parser: ", no newline), or
 * NULL when nothing failed. */
char *gate_reason(const struct gate *gate);

/* The comparable-hardware check of NEW (its trace shown as NEW_SRC) against
 * BASES (COUNT, shown as BASE_SRCS). FALSE when it failed: the gate ends there. */
gboolean gate_hardware(struct gate *gate, const struct options *options, const char *new_src,
		       const struct collected *new, const char *const *base_srcs, const struct collected *const *bases,
		       guint count);
/* The step metrics' checks: NEW's samples against those of BASES (COUNT). */
void gate_metrics(struct gate *gate, const struct options *options, const struct collected *new,
		  const struct collected *const *bases, guint count);
/* Adds a check of KIND and NAME (copied), FOUND and REASON taken (REASON
 * NULL unless it failed). */
void gate_add(struct gate *gate, const char *kind, const char *name, enum gate_outcome outcome, char *found,
	      char *reason);

/* Twice the median of the N (> 0) VALUES, which it sorts. */
gint64 gate_median2(gint64 *values, guint n);
/* Appends NEW against BASE (two figures of one scale, not negative) as a
 * change of one decimal, half away from zero: "+88.8%", "-3.1%", "+0.0%";
 * "from 0" when BASE is 0 and NEW is not. */
void gate_change_append(GString *out, unsigned __int128 new, unsigned __int128 base);

#endif
