/* Combine: one table from many traces (SPEC 13). The diff of two runs
 * (src/views/compare/diff.c) and the summary across ranks (src/views/ranks/ranks.c) take each
 * trace's summary groups (src/views/summaries/summary.h), collected by jobs that keep
 * nothing else of their trace, so memory holds the traces in flight (-j)
 * and the groups, never every trace at once. --merge (src/views/ranks/merge.c) reads
 * the per-rank JSON Lines summaries of a map step instead of the traces,
 * and writes what --across-ranks writes. */
#ifndef PP_COMPARE_H
#define PP_COMPARE_H

#include "views/summaries/summary.h"
#include "attribution/critical_graph.h"

/* Comparing runs and ranks (SPEC 13): one table from many traces. */
enum compare_mode {
	COMPARE_NONE,
	COMPARE_DIFF,   /* --diff path|name: -s BASE -s NEW */
	COMPARE_ACROSS, /* --summary path|name --across-ranks */
	COMPARE_MERGE,  /* --merge: per-rank JSON Lines summaries reduced */
	COMPARE_RANK,   /* --summary rank: the ranks' collectives matched (SPEC 20), src/views/ranks/rank_reduce.h */
};

/* What a job of a comparison keeps of its trace. */
struct collected {
	struct groups *groups; /* owned (summary_groups) */
	char *rank;         /* distributedInfo.rank, else the file name's number, else NULL */
	guint steps;        /* ProfilerStep#N events read (for --diff) */
	char *devices;      /* for --diff: the distinct deviceProperties names, "A, B"; or NULL */
	char *world_size;   /* for --diff: distributedInfo.world_size, or NULL */
	gboolean perf;      /* the groups carry perf figures and busy times (a perf column asked for) */
	GPtrArray *memory_rows; /* --summary memory of several traces in one table: its rows (SPEC 21), or NULL */
	struct memory_devices *memory; /* what they read: the trace's memory devices, */
	char *memory_rank;             /* and its rank (or its place in the list); or NULL */
	struct rank_record *record; /* for --summary rank (src/views/ranks/rank_record.h), or NULL */
	struct rank_record *fail_on_record; /* --fail-on with several traces: the job's figures (src/cli/fail_on.h), or NULL */
	GPtrArray *findings;  /* --summary findings of several traces, or the gate's: the trace's (struct finding *, owned), or NULL */
	gint64 findings_span; /* its analysed span (ns) */
	gint64 findings_first; /* its start */
	GArray *findings_exposed; /* struct findings_interval: per device, communication less compute, or NULL */
	/* the gate's samples (SPEC 27, --fail-on-regression): each step's
	 * device busy and host duration (ns) as the step summary's rows have
	 * them; without steps, one sample of device busy (the devices' busy
	 * unions) and no host samples (GATE_HOST NULL); NULL when not asked */
	GArray *gate_busy, *gate_host;
	/* --diff with steps (SPEC 23): the step summary's host duration, device
	 * total, device busy and cuda launch total summed over its ALL_STEPS_ROWS
	 * rows, for the row "(all steps)" */
	gint64 all_steps[4];
	guint all_steps_rows;
	struct critical_graph *critical; /* --summary critical of several traces: the trace's graph (SPEC 30), or NULL */
};

void collected_clear(struct collected *collected);

#endif
