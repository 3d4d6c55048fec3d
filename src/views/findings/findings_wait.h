/* Findings on each device's host wait by cause (SPEC 26.2): data-loading,
 * host-pause, blocking-sync, launch-bound and host-overhead, which split
 * the host wait of a device's gaps (src/attribution/gaps.h: 15.3's gaps and
 * the stretches at either end of its span) so that no instant counts for
 * two of them: their savings add up to at most the device's host wait.
 *
 * Each gap's host-wait part [a, w), clipped to the analysed span [S, E),
 * is cut by cause (src/attribution/causes.h: what the launching thread's
 * host events of every category were doing) into pieces, and each piece
 * goes to one rule:
 * - data loading: data-loading;
 * - outside (no host event): host-pause;
 * - blocking: blocking-sync; so do framework, launching, compiled code and
 *   optimizer pieces of a gap that starts inside a blocking launch (its
 *   start in [ts, ts + dur]) of a process whose launches claimed events on
 *   the device (SPEC 22's scope: the sync drained the queue);
 * - those causes in other gaps: launch-bound when the whole gap is shorter
 *   than 100 us, else host-overhead.
 * The blocking launches are sorted once by (pid, ts) with the running
 * maximum of their ends: "some blocking launch of pid p holds t" is a
 * binary search and a look at that maximum.
 *
 *   device 0: busy [0, 10), gap [10, 40) ended by an event launched at 30;
 *   thread T: DataLoader [12, 20): host wait [10, 30): [12, 20) data
 *   loading (8 ns, data-loading), [10, 12) and [20, 30) outside (12 ns,
 *   host-pause)
 *
 * Per device and rule: its host wait, the gaps it lies in, its most in one
 * gap (and where that gap starts), per cause, and per op (the innermost
 * host event, or outside; summed by interned name, then by text once a
 * device is done): the evidence names the three ops with the most (ties:
 * byte order). launch-bound's advice adds fused optimizers when the
 * optimizer has the most of it; host-overhead's names its op with the most
 * and fits the cause that op has the most in (compiled code, optimizer,
 * launching, else the op's Python work). Cost: O(E + B log B + gaps · log B · p + pieces) for
 * E device events, B blocking launches and p processes on a device, and
 * the causes' segments (src/attribution/causes.h). */
#ifndef PP_FINDINGS_WAIT_H
#define PP_FINDINGS_WAIT_H

#include "views/findings/finding.h"
#include "attribution/causes.h"

enum { WAIT_DATA, WAIT_PAUSE, WAIT_BLOCKING, WAIT_LAUNCH, WAIT_OVERHEAD, WAIT_RULES };

/* A named time: an op (NULL: outside) and its host wait. */
struct named_time {
	const struct name *name;
	gint64 time;
};

/* One rule's share of a device's host wait. */
struct wait_part {
	gint64 time;     /* ns, clipped to the analysed span */
	guint gaps;      /* the gaps it lies in */
	gint64 largest;  /* its most in one gap */
	gint64 largest_start; /* that gap's start (ns) */
	gint64 by_cause[CAUSE_COUNT];
	struct named_time top[3]; /* the ops with the most, names NULL and times 0 past the last */
	guint tops;
	guint top_cause; /* the cause the first of them has the most in (CAUSE_FRAMEWORK without one) */
};

struct wait_figures {
	guint device;
	struct wait_part part[WAIT_RULES];
};

/* The advice that fits the cause with the most (SPEC 26.2). */
#define FINDINGS_ADVICE_FOREACH                                                                                    \
	"; the optimizer has the most: torch.optim with foreach=True or fused=True"
#define FINDINGS_ADVICE_COMPILED                                                                                   \
	"compiled code: look for graph breaks (TORCH_LOGS=graph_breaks) and capture it in CUDA/HIP graphs "         \
	"(torch.compile(mode=\"reduce-overhead\"))"
#define FINDINGS_ADVICE_OPTIMIZER                                                                                  \
	"the optimizer's host work: torch.optim with fused=True (one kernel a step), or foreach=True where it "   \
	"still loops over the parameters; or torch.compile the optimizer step"
#define FINDINGS_ADVICE_RUNTIME                                                                                    \
	"the runtime calls themselves: cudaMalloc/cudaFree (hip*) mean the caching allocator went to the driver "   \
	"(torch.cuda.empty_cache(), fragmentation: PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True); other "       \
	"calls: fewer, larger launches"
#define FINDINGS_ADVICE_PYTHON                                                                                     \
	"that op's Python work (its arguments, checks, per-call allocations): do it once outside the step, or "    \
	"torch.compile the code around it"

/* The gap length (ns) from which a gap's host wait is host-overhead's, not launch-bound's. */
#define WAIT_PAUSE_FROM 100000

/* The figures of IN's devices (struct wait_figures), by device number:
 * findings_compute makes them once for the five rules (IN->waits). */
GArray *findings_wait_sweep(const struct findings_input *in);
void findings_wait_free(GArray *waits);

void findings_data_loading(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_host_pause(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_blocking_sync(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_launch_bound(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_host_overhead(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

/* The three ops of BY_NAME (struct name * or NULL -> gint64 *) with the
 * most time, into TOP (ties: byte order, outside after names); how many. */
guint findings_top_names(GHashTable *by_name, struct named_time top[3]);
/* A GHashTable of struct name * (NULL: outside) -> gint64 * (freed), by name text. */
GHashTable *findings_names_new(void);
/* Adds TIME to NAME's in BY_NAME (a table by text, or one by pointer). */
void findings_names_add(GHashTable *by_name, const struct name *name, gint64 time);
/* BY_POINTER (struct name * -> gint64 *, g_direct_hash: names of each
 * reader's worker once) as a new table by text: summing by pointer first
 * hashes each distinct pointer's text once. */
GHashTable *findings_names_merge(GHashTable *by_pointer);

#endif
