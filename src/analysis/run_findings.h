/* Run findings: the findings of one trace's run (SPEC 22), worked out once
 * for --summary findings, the report's finding lines, the page's first
 * section and --fail-on.
 *
 * The findings read the trace's cpu_op, user_annotation and python_function
 * events whatever -mc says (src/analysis/categories.h). With --summary findings
 * those are the run's monitored events: its forest, attribution and perf
 * figures serve. Another view (the page, --fail-on) sets them apart before
 * its own categories are applied (categories_take_findings); they then get
 * a forest, attribution and perf figures of their own, built here with the
 * trace's monitored array briefly swapped for theirs (forest_build and
 * attribute sort the launch and device events again, into the same order:
 * the run's attribution is unchanged). That costs a second forest and
 * attribution: the page and --fail-on on another view pay it, not
 * --summary findings. */
#ifndef PP_RUN_FINDINGS_H
#define PP_RUN_FINDINGS_H

#include "views/table/settings.h"
#include "views/findings/findings.h"

struct run_findings {
	GPtrArray *findings;       /* struct finding *, sorted */
	gint64 first, span;        /* the analysed span: its start, its length (ns) */
	GArray *exposed;           /* with SEVERAL: struct findings_interval (findings.h), taken by the caller */
	/* what was built for them (NULL: the run's served) */
	GArray *events;
	struct forest *forest;
	struct attribution *attribution;
	struct perf *perf;
	struct coverage coverage;
	struct graft_stats graft;
	struct memory_devices *memory;
};

/* The findings of TRACE into RF: EVENTS (taken; NULL: the run's forest,
 * attribution, perf figures and graph launches serve), STEPS, TIMELINE (the
 * run's), CAUSES (the run's, src/attribution/causes.h: the host-wait rules), PEAKS those in force, RANK the trace's, MEMORY the run's memory
 * devices of the whole trace (NULL: made here when the trace has memory
 * events). SEVERAL: one of several traces (the job's exposed-communication
 * needs the devices' communication less compute: RF->exposed). */
void run_findings_compute(struct run_findings *rf, struct trace *trace, GArray *events, const struct forest *forest,
			  const struct attribution *attribution, const struct perf *perf,
			  const struct graft_stats *graft, const struct steps *steps, const struct timeline *timeline,
			  struct causes *causes, const struct options *options, const struct peaks *peaks, const char *rank,
			  const struct memory_devices *memory, gboolean several);
void run_findings_clear(struct run_findings *rf);

typedef struct run_findings RunFindings;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(RunFindings, run_findings_clear)

#endif
