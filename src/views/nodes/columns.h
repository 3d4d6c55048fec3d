/* Columns: the catalogue of per-node rows — the eleven columns of the
 * reference tool, and more to pick with --columns — and the row a node's
 * values are read from. */
#ifndef PP_COLUMNS_H
#define PP_COLUMNS_H

#include "input/et.h"
#include "attribution/steps.h"
#include "attribution/sums.h"
#include "attribution/waiting.h"
#include "sinks/table.h"

/* What a node's row must work out for a column (its flags), beyond the node. */
enum {
	NODE_SUMS = COLUMN_TABLE_FLAGS << 0,   /* the inclusive launches, for the list columns */
	NODE_MEMORY = COLUMN_TABLE_FLAGS << 1, /* [memory] sums: the reader keeps [memory] events */
	NODE_EXTRAS = COLUMN_TABLE_FLAGS << 2, /* struct event_extra: the reader keeps shapes */
	NODE_ET = COLUMN_TABLE_FLAGS << 3,     /* the Execution Trace join; default columns with --et */
	NODE_BUSY = COLUMN_TABLE_FLAGS << 4,   /* every node's busy time, worked out at the first row */
	NODE_SHARE = COLUMN_TABLE_FLAGS << 5,  /* the trace's device total (struct coverage), for device % */
	NODE_PATH = COLUMN_TABLE_FLAGS << 6,   /* the node's path (the name column) */
	NODE_STEPS = COLUMN_TABLE_FLAGS << 7,  /* the steps: the reader keeps ProfilerStep#N events */
};

/* The default columns of --format table (SPEC 12), in their order. */
#define NODE_VIEW_COLUMNS \
	"name,host duration(ms),device duration(ms),device busy(ms),cuda launch duration(ms),device launch count,device %"


/* A column that reads figure F (enum figure) of struct sums: each has its own
 * flag, so that only the figures picked get their arrays. */
#define NODE_FIGURE_SHIFT 16
#define NODE_FIGURE(f) (1u << (NODE_FIGURE_SHIFT + (f)))
#define NODE_FIGURES(flags) (((flags) >> NODE_FIGURE_SHIFT) & (FIGURE_BIT(FIGURE_COUNT) - 1))
G_STATIC_ASSERT(NODE_FIGURE_SHIFT + FIGURE_COUNT <= 32 && COLUMN_TABLE_FLAGS << 8 <= NODE_FIGURE(0));
/* The perf columns (SPEC 15.1): the run works out struct perf (src/views/perf/perf.h). */
#define NODE_PERF (1u << (NODE_FIGURE_SHIFT + FIGURE_COUNT))
G_STATIC_ASSERT(NODE_FIGURE_SHIFT + FIGURE_COUNT < 32);
/* memory peak increase(bytes) (SPEC 21): the reader keeps [memory] events, the
 * run works out the memory devices' curves (src/attribution/memory_devices.h). */
#define NODE_MEMORY_PEAK (1u << (NODE_FIGURE_SHIFT + FIGURE_COUNT + 1))
G_STATIC_ASSERT(NODE_FIGURE_SHIFT + FIGURE_COUNT + 1 < 32);
/* The device waiting columns (SPEC 19.3): the blamed host wait (src/attribution/waiting.h),
 * worked out at the first row; a bit above the figures' and the perf one. */
#define NODE_WAITING (1u << 29)
G_STATIC_ASSERT(NODE_FIGURE_SHIFT + FIGURE_COUNT + 1 < 29);

/* A node's row: what its columns are read from. */
struct node_row {
	const struct forest *forest;
	const struct attribution *attribution;
	const struct et *et; /* or NULL */
	guint flags;         /* of the columns written */
	guint node;          /* the row at hand, set by node_row_set */
	guint depth;         /* its depth (roots are 1) */
	const GString *path;
	GArray *launches; /* guint: its inclusive launches, with NODE_SUMS */
	struct sums *sums; /* the figures of every node, those NODE_FIGURE asks for */
	struct memory_sums memory;
	const struct et_node *et_node; /* the ET node it joins (looked up whenever ET is given) */
	gint64 *busy; /* with NODE_BUSY: per forest node (src/attribution/busy.h), from the first row on */
	gint64 device_total; /* with NODE_SHARE: every device event's duration */
	guint indent_base;   /* the depth that node_tree_column does not indent (the shallowest row's) */
	GString *label;      /* node_tree_column's text */
	GString *replayed;   /* the replayed by column's text */
	char (*numbers)[THREADS_NUMBER_MAX]; /* the pid's and the tid's, when threads keep them as numbers */
	const struct steps *steps; /* or NULL: the trace's steps were not read */
	const char *rank;          /* the trace's rank, or NULL */
	const struct perf *perf;   /* with NODE_PERF: the perf figures of every node */
	const struct memory_devices *memory_devices; /* with NODE_MEMORY_PEAK: the curves (or NULL: none read) */
	struct waiting *waiting;   /* with NODE_WAITING: the blamed host wait, from the first row on */
};

const struct catalogue *node_catalogue(void);
/* The --columns LIST of --format table: NULL is NODE_VIEW_COLUMNS, +LIST
 * follows them; a plain LIST is itself. */
char *node_view_list(const char *list);
/* The name column as the table's tree shows it: the node's own name,
 * indented two spaces a level below row->indent_base. Not in the catalogue. */
const struct column *node_tree_column(void);

/* COMMUNICATION: the pattern of communication kernels, or NULL for the default. */
void node_row_init(struct node_row *row, const struct forest *forest, const struct attribution *attribution,
		   const struct et *et, guint flags, const GRegex *communication);
void node_row_clear(struct node_row *row);
/* Makes NODE, at DEPTH, whose path is PATH, the row at hand. */
void node_row_set(struct node_row *row, guint node, guint depth, const GString *path);

#endif
