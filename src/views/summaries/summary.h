/* Summary: one row per distinct call path, or per node name, over the nodes
 * that would be written as rows (depth bounds and export filters apply).
 * A path's key, which its row writes, is its names joined by "$$", a name
 * that could make two paths one text escaped (path_key_append, src/select.h),
 * held as a node of a trie (src/util/key_trie.h): its text is made for the
 * rows written only, and ties are ordered as the texts without them. */
#ifndef PP_SUMMARY_H
#define PP_SUMMARY_H

#include "views/perf/perf.h"
#include "util/key_trie.h"
#include "attribution/waiting.h"

#include "views/table/write.h"

enum summary_mode {
	SUMMARY_NONE,
	SUMMARY_PATH,
	SUMMARY_NAME,
	SUMMARY_STEP,   /* one row per step (SPEC 11.2), src/views/summaries/summary_step.c */
	SUMMARY_KERNEL, /* one row per device event name, src/views/summaries/summary_kernel.c */
	SUMMARY_PERF,   /* one row per counted op's name and shapes (SPEC 15.1), src/views/perf/summary_perf.c */
	SUMMARY_COLLECTIVE, /* one row per collective and message (SPEC 15.2), src/views/collectives/summary_collective.c */
	SUMMARY_TIMELINE, /* one row per device and time bin (SPEC 18.1), src/views/summaries/summary_timeline.c */
	SUMMARY_IDLE,     /* one row per device and gap-length class (SPEC 19.2), src/views/summaries/summary_idle.c */
	SUMMARY_MEMORY, /* one row per memory device (SPEC 21), src/views/summaries/summary_memory.c */
	SUMMARY_RANK,     /* one row per rank of many traces (SPEC 20.2), src/views/ranks/rank_reduce.c */
	SUMMARY_FINDINGS, /* one row per finding (SPEC 22), src/views/findings/summary_findings.c */
	SUMMARY_GAPS,     /* one row per gap (SPEC 26.3), src/views/summaries/summary_gaps.c */
	SUMMARY_CRITICAL, /* one row per name on the steps' critical paths (SPEC 30), src/views/critical/summary_critical.c */
};

/* The perf figures of a group's outermost nodes (with group_config.perf). */
struct group_perf_sums {
	perf_sum flops, bytes, roofline, compute, memory;
	guint64 ops;     /* counted ops under them */
	guint64 unknown; /* of those, the ones lacking a peak */
};

/* What every row of a written summary says alike (its rank and view columns). */
struct group_meta {
	const char *rank;  /* the trace's, for the rank column (not owned) */
	const char *view;  /* "path" or "name", for the summary column */
	const char *shape; /* the options that shape the rows (src/cli/shape.h), for the options column (not owned) */
};

/* A group of nodes: those of one key (path or name). count and the self
 * totals take every node of the group, the other figures its outermost
 * nodes only (no ancestor in the same group). 128 bytes a group (issue 33:
 * a 100,000-deep chain has 100,000 paths). */
struct group {
	const struct key_node *key; /* in its groups' trie: the text only when written (key_node_text) */
	guint64 count, outermost, launch_count, device_events;
	guint64 device_launches; /* with group_config.device_launches */
	gint64 host_total, host_min, host_max, self_host_total;
	gint64 device_total, self_device_total, launch_total;
	gint64 busy_total; /* with group_config.busy */
	gint64 waiting_total, self_waiting_total; /* with group_config.waiting */
	struct group_perf_sums *perf; /* with group_config.perf, else NULL: no counted op (SPEC 15.1) */
	const struct group_meta *meta; /* set for the writing */
};

/* A group's perf cells (SPEC 15.1), as its row writes them, -1 where a cell
 * is empty: every one without a counted op under the group; the roofline's,
 * its share and bound also when one lacks a peak; a figure past 63 bits.
 * The rates (thousandths of TFLOP/s, TB/s) and the share (tenths of a
 * percent) are over the group's busy total. The diff and the ranks read
 * their sides' and ranks' figures from it. */
struct group_perf {
	gboolean ops;
	gint64 flops, bytes, roofline; /* roofline in ns */
	gint64 tflops, tbytes, share;
	int bound; /* 1 compute, 0 memory, -1 empty */
};
struct group_perf group_perf(const struct group *group);

/* A column of the path and name summaries that JSON Lines writes by default. */
enum { SUMMARY_JSONL_DEFAULT = COLUMN_TABLE_FLAGS << 0 };
/* A column of the path and name summaries that needs every node's busy time
 * (a bit no node column uses: the run reads nothing more for it). */
#define SUMMARY_BUSY (1u << 30)
/* A perf column of the path and name summaries: the same bit as the node
 * catalogue's NODE_PERF, so that the run works out the perf figures. */
#define SUMMARY_PERF_FIGURES (1u << 27)
/* A device waiting column of the path and name summaries (SPEC 19.3): the
 * same bit as the node catalogue's NODE_WAITING. */
#define SUMMARY_WAITING (1u << 29)
/* The device launch count column (SPEC 19.5): each launch's kind is worked
 * out (src/attribution/blocking.h) only when it is asked for. */
#define SUMMARY_DEVICE_LAUNCHES (1u << 31)
/* The default columns of the path and name summaries in --format table and
 * html (the formats for people): the launches with device work instead of
 * every launch event (SPEC 19.5). */
#define NAME_SUMMARY_VIEW_COLUMNS                                                                                   \
	"name,count,host total(ms),host mean(ms),host min(ms),host max(ms),self host total(ms),device total(ms),"   \
	"self device total(ms),cuda launch total(ms),device launch count,device event count"

struct group_config {
	enum summary_mode mode; /* SUMMARY_PATH or SUMMARY_NAME */
	gboolean normalize;     /* ProfilerStep#N frames become ProfilerStep#* (path_key_append) */
	const gint64 *busy;     /* per forest node (src/attribution/busy.h), for busy_total; or NULL */
	const struct perf *perf; /* the perf figures, for the perf columns; or NULL */
	const struct waiting *waiting; /* the blamed host wait (src/attribution/waiting.h), for the waiting columns; or NULL */
	gboolean device_launches; /* work out device_launches (SPEC 19.5) */
};

/* The groups of a summary: each key a node of TRIE (a path's prefixes too,
 * whose nodes hold no group when none of their nodes was selected), whose
 * value is its group. Memory grows with the distinct frames and keys, not
 * with the keys' texts (issue 33). A path summary written with --top K in
 * its own order (no --sort) makes the groups of its K rows only, its paths
 * picked first (src/views/nodes/path_order.h): 16 bytes a path besides its key. */
struct groups {
	struct key_trie *trie;
	GPtrArray *list;   /* struct group *, in the order they were made */
	GPtrArray *blocks; /* the groups' memory, GROUPS_BLOCK a block (not one allocation each) */
};
void groups_free(struct groups *groups);

/* The groups of the nodes SELECTION keeps. */
struct groups *summary_groups(const struct forest *forest, const struct attribution *attribution,
			      const struct selection *selection, const struct group_config *config);
/* GROUPS' groups in the summary's order (not owned). */
GPtrArray *summary_sorted(const struct groups *groups);


/* The columns the name and path summaries, and the kernel and collective
 * summaries, are ordered by (for a table to keep them first). */
#define SUMMARY_ORDER "device total(ms),host total(ms)"
#define KERNEL_SUMMARY_ORDER "total(ms)"

/* Writes the path or name summary (MODE) of the nodes CONFIG selects, sorted by device total,
 * host total (both descending), then name (SUMMARY_ORDER); *ROWS is how many. count and
 * the self totals take every node of a group; the other figures its
 * outermost nodes only (no ancestor in the same group), so that recursion
 * is not counted twice. */
gboolean write_group_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			     const struct write_config *config, enum summary_mode mode, guint64 *rows);

#endif
