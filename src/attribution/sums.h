/* Sums: the figures of each node's inclusive launches (SPEC 11.4). Each
 * launch adds its figures to its owner once; prefix sums over the forest's
 * pre-order then give any node's inclusive figure in O(1), its subtree
 * being the index range [i, subtree_end[i]). Only the nodes that own
 * launches have a place in the sums: a bit per node marks them, and a count
 * per 64 nodes with a popcount gives, in O(1), how many of them come before
 * any index (millions of ops without launches cost a fifth of a byte each,
 * not 8 bytes a figure). Only the figures asked for get an array (owners +
 * 1 gint64 each). */
#ifndef PP_SUMS_H
#define PP_SUMS_H

#include "attribution/attribute.h"
#include "attribution/blocking.h"

enum figure {
	FIGURE_DEVICE_TIME,   /* device events' durations */
	FIGURE_LAUNCH_TIME,   /* non-nested launches' durations */
	FIGURE_LAUNCHES,      /* launches */
	FIGURE_DEVICE_EVENTS, /* device events */
	FIGURE_COMPUTE,       /* device time by class (SPEC 11.1): the four add up to FIGURE_DEVICE_TIME */
	FIGURE_COMMUNICATION,
	FIGURE_MEMCPY,
	FIGURE_MEMSET,
	FIGURE_SYNC, /* non-nested blocking launches' durations (SPEC 19.1): the sync list, blocking copies */
	FIGURE_BLOCKING,         /* non-nested blocking launches (SPEC 19.1) */
	FIGURE_DEVICE_LAUNCHES,  /* non-nested launches with device work (SPEC 19.5) */
	FIGURE_COUNT,
};

#define FIGURE_BIT(f) (1u << (f))
/* The figures that need each launch's kind (src/attribution/blocking.h). */
#define FIGURES_BLOCKING (FIGURE_BIT(FIGURE_SYNC) | FIGURE_BIT(FIGURE_BLOCKING) | FIGURE_BIT(FIGURE_DEVICE_LAUNCHES))

/* The default communication pattern: a device event's name, without regard to case. */
#define COMMUNICATION_PATTERN \
	"nccl|rccl|deep_ep|dpsk::ep|cross_device_reduce|all_reduce|allreduce|all_gather|allgather|reduce_scatter|alltoall|all_to_all"

/* The classes of device events (SPEC 11.1), in the order of their figures. */
enum device_class { CLASS_COMPUTE, CLASS_COMMUNICATION, CLASS_MEMCPY, CLASS_MEMSET, CLASS_COUNT };

/* Names seen before: each name is matched against the pattern once, not once
 * per event (a trace has millions of events and a few thousand names). */
struct classifier {
	const GRegex *communication; /* NULL: no class is asked for */
	GHashTable *by_name;         /* const struct name * -> class + 1 */
	GRegex *own_pattern;         /* the default pattern, when none was given */
};

/* Readies C to classify with COMMUNICATION (NULL: the default pattern). */
void classifier_init(struct classifier *c, const GRegex *communication);
/* EVENT's class: by category (memcpy, memset; mtia_ccp_events named dma*
 * are copies), else by name, once per name. */
enum device_class classifier_class(struct classifier *c, const struct event *event);
void classifier_clear(struct classifier *c);
/* Whether PATTERN (--comm-pattern) can be matched against the name of each
 * of the COUNT device EVENTS, each name once. A pattern that backtracks
 * without end (as (a+)+b does on "aaaa...a_b") hits PCRE's match limit,
 * which GLib reports as an error, not as no match: FALSE then, and ERROR
 * names the pattern and the name. */
gboolean classifier_check(const GRegex *pattern, const struct event *events, guint count, GError **error);
/* "compute", "communication", "memcpy", "memset". */
const char *device_class_name(enum device_class class);
/* The class of the device EVENT: by its category, else by C's pattern
 * (which must be set), each name matched once. */
enum device_class classify(struct classifier *c, const struct event *event);

struct sums {
	const struct forest *forest;
	guint figures;
	guint64 *owning;  /* bit i % 64 of word i / 64: node i owns launches */
	guint *owning_before; /* per word: the owning nodes of the words before it */
	gint64 *prefix[FIGURE_COUNT]; /* NULL unless asked for; [k]: the sum over the first k owning nodes */
	gboolean from_rows; /* no arrays: the figures of the row at hand, from its launch list */
	gint64 row_inclusive[FIGURE_COUNT], row_self[FIGURE_COUNT];
	guint8 *kinds; /* with FIGURES_BLOCKING: per launch, its LAUNCH_ flags (src/attribution/blocking.h) */
	struct classifier classifier;
};

/* The FIGURES (FIGURE_BIT or'ed) of every node; COMMUNICATION (NULL: the
 * default pattern) names the communication kernels. FROM_ROWS: the rows
 * gather their launch lists anyway (a list column is written), so the
 * figures are summed from them by sums_set_row, and no per-node arrays are
 * made: the default columns cost no memory beyond what they did. */
struct sums *sums_new(const struct forest *forest, const struct attribution *attribution, guint figures,
		      const GRegex *communication, gboolean from_rows);
/* With FROM_ROWS: the figures of NODE, whose inclusive launches are LAUNCHES. */
void sums_set_row(struct sums *sums, const struct attribution *attribution, guint node, const GArray *launches);
void sums_free(struct sums *sums);

/* NODE's figure over its subtree: 0 for a figure not asked for (with
 * FROM_ROWS, NODE is the one of the last sums_set_row). */
gint64 sums_inclusive(const struct sums *sums, enum figure figure, guint node);
/* NODE's figure over the launches it owns itself. */
gint64 sums_self(const struct sums *sums, enum figure figure, guint node);

/* What launch L adds to each figure: V[FIGURE_COUNT] (figures not asked for may be 0). */
void sums_launch(struct sums *sums, const struct attribution *attribution, guint l, gint64 *v);
/* The class of a device event, FIGURE_COMPUTE to FIGURE_MEMSET (a class figure must be asked for). */
enum figure sums_device_class(struct sums *sums, const struct event *event);
#define FIGURE_CLASSES \
	(FIGURE_BIT(FIGURE_COMPUTE) | FIGURE_BIT(FIGURE_COMMUNICATION) | FIGURE_BIT(FIGURE_MEMCPY) | FIGURE_BIT(FIGURE_MEMSET))

typedef struct sums Sums;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Sums, sums_free)

#endif
