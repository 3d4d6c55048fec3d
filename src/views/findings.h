/* Findings (SPEC 22): what is wrong with a trace, what fixing it could
 * save, and what to change in PyTorch. A finding is a rule of the table
 * (FINDING_RULES, src/views/findings.c) that fired: its id, kind
 * (performance or data), severity, saving (an upper bound in ns, or none),
 * the device it is about, its evidence and its advice.
 *
 * The table has one entry per rule: its id, kind, scope, thresholds and
 * compute function. Every threshold is a share of the trace's analysed
 * span in hundredths of a percent (basis points), compared exactly:
 * SAVING · 10000 >= SPAN · BP, never through a rounded share. A rule fires
 * at its `fire` threshold with its base severity, which rises to medium at
 * `medium` and to high at `high` (0: never). The rules on figures that
 * other parts of Part IV give (19: blocking-sync, launch-bound,
 * host-pause; 20: collective-wait, straggler, exposed-communication's
 * multi-trace part; 21: memory-capacity, memory-growth; 20.1:
 * clocks-disagree) are entries whose compute is NULL until those figures
 * exist: they never fire.
 *
 * findings_compute runs each rule once over the run's figures (one pass
 * each over the device events, the launches or the perf rows: no rule
 * re-reads the trace), then sorts the findings as SPEC 22 says:
 * performance findings by saving descending (none after some), severity
 * (high first), id, device, rank; then data findings by severity, id,
 * rank. */
#ifndef PP_FINDINGS_H
#define PP_FINDINGS_H

#include "attribution/graft.h"
#include "attribution/steps.h"
#include "attribution/timeline.h"
#include "views/perf.h"

enum finding_kind { FINDING_PERFORMANCE, FINDING_DATA };
enum finding_severity { SEVERITY_NONE, SEVERITY_LOW, SEVERITY_MEDIUM, SEVERITY_HIGH };
enum finding_scope { SCOPE_DEVICE, SCOPE_MEMORY_DEVICE, SCOPE_PROCESS, SCOPE_TRACE, SCOPE_JOB };

#define FINDING_NO_SAVING (-1)
#define FINDING_NO_DEVICE (-1)

/* What the rules read: the figures of one trace's run. The forest is of
 * the trace's cpu_op, user_annotation and python_function events (as the
 * run reads them for findings, whatever -mc says). */
struct findings_input {
	const struct trace *trace;
	const struct forest *forest;
	const struct attribution *attribution;
	const struct steps *steps;         /* NULL: the trace has none (or they were not read) */
	const struct perf *perf;           /* the perf figures of FOREST, or NULL */
	const struct peaks *peaks;         /* the peaks in force, or NULL */
	const struct timeline *timeline;   /* the devices' busy unions */
	const struct coverage *coverage;
	const struct graft_stats *graft;   /* or NULL: not counted */
	gboolean capture_given;            /* --graph-capture */
	const GRegex *communication;       /* --comm-pattern, or NULL: the default */
	const char *rank;                  /* the trace's rank, or NULL */
	/* filled by findings_compute: the analysed span, and the devices'
	 * figures (src/views/findings_device.h), made once for their rules */
	gint64 first, last;
	GArray *devices;
};

struct finding_rule;

struct finding {
	const struct finding_rule *rule;
	enum finding_severity severity;
	gint64 saving;   /* ns, or FINDING_NO_SAVING */
	gint64 span;     /* the analysed span its share is of (ns) */
	gint device;     /* a device rule's device number, or FINDING_NO_DEVICE */
	const char *rank; /* the trace's (not owned), or NULL */
	char *evidence;
	const char *advice;
};

typedef void (*finding_compute)(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

struct finding_rule {
	const char *id;
	enum finding_kind kind;
	enum finding_scope scope;
	enum finding_severity base; /* the severity it fires with */
	guint fire, medium, high;   /* basis points of the span: fires, medium from, high from (0: never) */
	const char *advice;
	finding_compute compute;    /* NULL: its figures do not exist yet (a TODO of the table) */
};

/* The table, in SPEC 22's order. */
extern const struct finding_rule finding_rules[];
extern const guint finding_rule_count;
/* The rule named ID, or NULL. */
const struct finding_rule *finding_rule_find(const char *id);

/* The findings of IN (its span filled), sorted; a GPtrArray of struct
 * finding *, freed with it. */
GPtrArray *findings_compute(struct findings_input *in);
/* Sorts FINDINGS (of one trace or many) in SPEC 22's order. */
void findings_sort(GPtrArray *findings);

/* Whether SAVING reaches BP basis points of SPAN (> 0). */
gboolean finding_reaches(gint64 saving, gint64 span, guint bp);
/* Adds to OUT a finding of RULE with SAVING (ns, FINDING_NO_SAVING for
 * data rules) on DEVICE when it reaches the rule's threshold: its severity
 * from the thresholds; EVIDENCE taken (freed when it does not fire).
 * Returns whether it fired. */
gboolean finding_add(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		     gint64 saving, gint device, char *evidence);
/* The same, for a rule that checked its own threshold (finer than the ns):
 * it fires. */
void finding_push(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out, gint64 saving,
		  gint device, char *evidence);
/* Adds a data finding of RULE, which fired, with EVIDENCE (taken). */
void finding_add_data(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		      char *evidence);

/* "high", "medium", "low"; NULL for SEVERITY_NONE. */
const char *finding_severity_name(enum finding_severity severity);
/* The severity named NAME, or SEVERITY_NONE. */
enum finding_severity finding_severity_parse(const char *name);
/* "performance" or "data". */
const char *finding_kind_name(enum finding_kind kind);
/* The share of F's saving in tenths of a percent of its span, half away
 * from zero; -1 when it has none. */
gint64 finding_share(const struct finding *f);
/* Whether FINDINGS hold a performance finding of AT_LEAST or above. */
gboolean findings_fail(const GPtrArray *findings, enum finding_severity at_least);

#endif
