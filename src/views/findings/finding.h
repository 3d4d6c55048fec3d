/* Finding: what a finding is (SPEC 22) and what a rule of the table
 * (src/views/findings/findings.h) reads and adds: struct finding, struct
 * finding_rule, struct findings_input; the thresholds, compared exactly in
 * basis points of the analysed span (SAVING · 10000 >= SPAN · BP, never
 * through a rounded share), the severity a saving reaches, the analysed
 * span, and the order of SPEC 22 (performance findings by saving
 * descending, none after some, then severity, high first, id, device,
 * rank; then data findings by severity, id, rank), a qsort over the
 * findings. */
#ifndef PP_FINDING_H
#define PP_FINDING_H

#include "attribution/causes.h"
#include "attribution/graft.h"
#include "attribution/memory_devices.h"
#include "attribution/steps.h"
#include "attribution/timeline.h"
#include "views/perf/perf.h"

enum finding_kind { FINDING_PERFORMANCE, FINDING_DATA };
enum finding_severity { SEVERITY_NONE, SEVERITY_LOW, SEVERITY_MEDIUM, SEVERITY_HIGH };
enum finding_scope { SCOPE_DEVICE, SCOPE_MEMORY_DEVICE, SCOPE_PROCESS, SCOPE_TRACE, SCOPE_JOB };

#define FINDING_NO_SAVING (-1)
#define FINDING_NO_DEVICE G_MININT64

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
	const struct memory_devices *memory; /* the whole trace's memory devices (SPEC 21), or NULL */
	/* filled by findings_compute: the analysed span, and the devices'
	 * figures (src/views/findings/findings_device.h), made once for their rules */
	gint64 first, last;
	GArray *devices;
	GArray *waits; /* the devices' host wait split by cause (src/views/findings/findings_wait.h) */
	struct causes *causes; /* the causes of host wait (src/attribution/causes.h), or NULL: no host-wait rule fires */
	gboolean keep_exposed; /* several traces: keep EXPOSED for the job's exposed-communication */
	GArray *exposed; /* struct findings_interval: per device, communication less compute, clipped (the caller's) */
	GPtrArray *perf_rows; /* --summary perf's rows of the whole trace (src/views/findings/findings_perf.h), or NULL */
};

struct finding_rule;

/* An interval of a device. */
struct findings_interval {
	gint device;
	gint64 start, end;
};

struct finding {
	const struct finding_rule *rule;
	enum finding_severity severity;
	gint64 saving;   /* ns, or FINDING_NO_SAVING */
	gint64 span;     /* the analysed span its share is of (ns) */
	gint64 device;   /* a device rule's device number, a memory device's Device Id, or FINDING_NO_DEVICE */
	char *device_label; /* how the device is written when its number does not tell it apart (owned), or NULL */
	const char *rank; /* the trace's (not owned), or NULL */
	char *evidence;
	const char *advice; /* the rule's, or ADVICE_TEXT */
	char *advice_text;  /* advice made for this finding (SPEC 26.4-26.6), owned, or NULL */
};

typedef void (*finding_compute)(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

struct finding_rule {
	const char *id;
	enum finding_kind kind;
	enum finding_scope scope;
	enum finding_severity base; /* the severity it fires with */
	guint fire, medium, high;   /* basis points of the span: fires, medium from, high from (0: never) */
	const char *advice;
	finding_compute compute;    /* NULL: a job rule, worked out over the ranks (src/views/findings/findings_job.h) */
};

/* Fills IN's analysed span (first, last): the first step's start to the
 * last step's end, any step of any process; else the earliest ts to the
 * latest end of the launch and device events; (0, 0) when none. */
void findings_span(struct findings_input *in);
/* Frees a struct finding (a GPtrArray's free function). */
void finding_free(gpointer finding);
/* Sorts FINDINGS (of one trace or many) in SPEC 22's order. */
void findings_sort(GPtrArray *findings);

/* Whether SAVING reaches BP basis points of SPAN (> 0). */
gboolean finding_reaches(gint64 saving, gint64 span, guint bp);
/* Adds to OUT a finding of RULE with SAVING (ns, FINDING_NO_SAVING for
 * data rules) on DEVICE when it reaches the rule's threshold: its severity
 * from the thresholds; EVIDENCE taken (freed when it does not fire).
 * Returns whether it fired. */
gboolean finding_add(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		     gint64 saving, gint64 device, char *evidence);
/* The same, for a rule that checked its own threshold (finer than the ns):
 * it fires. The saving is at most the span (SPEC 22, issue 44: a saving is
 * an upper bound of the time that fixing it could save, a measure of a
 * union of the span's instants): a figure summed over devices or instances
 * that exceeds it is cut to it. */
void finding_push(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out, gint64 saving,
		  gint64 device, char *evidence);
/* Adds a data finding of RULE, which fired, with EVIDENCE (taken). */
void finding_add_data(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		      char *evidence);

/* F's advice becomes TEXT (taken), advice that fits the figures (SPEC
 * 26.2, 26.4-26.6), in place of its rule's; NULL: the rule's stays. */
void finding_set_advice(struct finding *f, char *text);
/* Appends F's device as the views write it: its label, else its number. */
void finding_device_append(GString *out, const struct finding *f);
/* NS as thousandths of a ms (microseconds), half away from zero: a time
 * written with 3 decimals (ratio_append). */
gint64 finding_thousandths_ms(gint64 ns);

/* "high", "medium", "low"; NULL for SEVERITY_NONE. */
const char *finding_severity_name(enum finding_severity severity);
/* The severity named NAME, or SEVERITY_NONE. */
enum finding_severity finding_severity_parse(const char *name);
/* "performance" or "data". */
const char *finding_kind_name(enum finding_kind kind);
/* The share of F's saving in tenths of a percent of its span, half away
 * from zero; -1 when it has none. */
gint64 finding_share(const struct finding *f);

#endif
