#include "views/findings.h"
#include <string.h>
#include "sinks/table.h" /* tenths_of_percent */
#include "views/findings_device.h"
#include "views/findings_perf.h"
#include "views/findings_trace.h"

/* Advice in PyTorch terms (SPEC 22's last paragraph). */
#define ADVICE_BLOCKING                                                                                            \
	"move .item(), .cpu(), .tolist() and prints out of the step (log every N steps), copy to the host with "  \
	"non_blocking=True into pinned memory"
#define ADVICE_LAUNCH                                                                                              \
	"the host launches too slowly for the device: capture the step in CUDA/HIP graphs "                       \
	"(torch.cuda.graphs, or torch.compile(mode=\"reduce-overhead\")), or fuse small ops with torch.compile"
#define ADVICE_PAUSE                                                                                               \
	"the device waits for the host between iterations: more DataLoader num_workers, pin_memory=True and "    \
	"non_blocking=True copies, and no host work between steps"
#define ADVICE_PAGEABLE                                                                                            \
	"copies to or from pageable host memory are slow and block: DataLoader(pin_memory=True), or "            \
	"tensor.pin_memory(), then .to(device, non_blocking=True)"
#define ADVICE_EXPOSED                                                                                             \
	"communication not overlapped by compute: let DDP overlap it with backward (bucket_cap_mb), or FSDP "      \
	"prefetch (forward_prefetch, backward_prefetch); fewer, larger collectives"
#define ADVICE_ROOFLINE                                                                                            \
	"these ops run far below the device's peak: torch.compile to fuse them, larger batch or shapes, "         \
	"channels_last for convolutions; --summary perf lists every shape"
#define ADVICE_FP32                                                                                                \
	"matmuls in fp32 run at a fraction of the 16-bit peak: torch.autocast(\"cuda\", dtype=torch.bfloat16), or " \
	"TF32 (torch.backends.cuda.matmul.allow_tf32 = True, torch.set_float32_matmul_precision(\"high\"))"
#define ADVICE_OPTIMIZER                                                                                           \
	"the optimizer launches one kernel per parameter: torch.optim with foreach=True or fused=True"
#define ADVICE_CAPACITY                                                                                            \
	"the device's memory is nearly full: activation checkpointing, a smaller batch, or "                      \
	"PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True against fragmentation"
#define ADVICE_GROWTH                                                                                              \
	"memory grows step after step: a tensor kept across steps (a loss kept with its graph: use .item() or "    \
	".detach()), or a cache that grows"
#define ADVICE_COVERAGE                                                                                            \
	"profile with torch.profiler's record_shapes=True and with_stack, or read with -mc cpu_op,user_annotation; " \
	"--summary kernel lists every kernel, monitored or not"
#define ADVICE_GRAPHS                                                                                              \
	"the device time of CUDA/HIP graph replays sits on the ops that replayed them: --graph-capture FILE, a "    \
	"trace profiled while the graphs were captured, puts it under the ops that captured them"
#define ADVICE_WAIT                                                                                                \
	"ranks wait for each other at collectives: balance the work of the ranks, and see the straggler"
#define ADVICE_STRAGGLER                                                                                           \
	"one rank arrives late at collectives and delays the others: look at its host work and its data loading"
#define ADVICE_CLOCKS "the ranks' clocks disagree: the cross-rank figures are unreliable"

/* Thresholds in basis points of the span (1% = 100). */
const struct finding_rule finding_rules[] = {
	/* TODO(SPEC 19.1, 19.3, 15.3): the host wait of gaps that start in blocking launches */
	{ "blocking-sync", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 100, 0, 1000, ADVICE_BLOCKING, NULL },
	/* TODO(SPEC 19.1, 19.2): the host wait of the other gaps shorter than 100 us */
	{ "launch-bound", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_LAUNCH, NULL },
	/* TODO(SPEC 19.1, 19.2): the host wait of the other gaps of 100 us or longer */
	{ "host-pause", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_PAUSE, NULL },
	{ "pageable-copy", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_LOW, 100, 500, 0, ADVICE_PAGEABLE,
	  findings_pageable_copy },
	/* TODO(SPEC 20.1): with several traces, less the wait parts of the rank's matched collectives */
	{ "exposed-communication", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_EXPOSED,
	  findings_exposed_communication },
	/* TODO(SPEC 20.2): the ranks' mean wait(ms), of their mean span */
	{ "collective-wait", FINDING_PERFORMANCE, SCOPE_JOB, SEVERITY_MEDIUM, 500, 0, 2500, ADVICE_WAIT, NULL },
	/* TODO(SPEC 20.2, 20.4): the first rank's delay caused */
	{ "straggler", FINDING_PERFORMANCE, SCOPE_JOB, SEVERITY_MEDIUM, 100, 0, 1000, ADVICE_STRAGGLER, NULL },
	{ "far-from-roofline", FINDING_PERFORMANCE, SCOPE_TRACE, SEVERITY_MEDIUM, 100, 0, 1000, ADVICE_ROOFLINE,
	  findings_far_from_roofline },
	{ "fp32-matmul", FINDING_PERFORMANCE, SCOPE_TRACE, SEVERITY_MEDIUM, 100, 0, 0, ADVICE_FP32,
	  findings_fp32_matmul },
	{ "unfused-optimizer", FINDING_PERFORMANCE, SCOPE_TRACE, SEVERITY_LOW, 100, 500, 0, ADVICE_OPTIMIZER,
	  findings_unfused_optimizer },
	/* TODO(SPEC 21): peak reserved >= 95% of capacity, per memory device */
	{ "memory-capacity", FINDING_PERFORMANCE, SCOPE_MEMORY_DEVICE, SEVERITY_MEDIUM, 0, 0, 0, ADVICE_CAPACITY, NULL },
	/* TODO(SPEC 21): 3 or more steps of growth, >= 1% of the largest peak allocated */
	{ "memory-growth", FINDING_PERFORMANCE, SCOPE_PROCESS, SEVERITY_LOW, 0, 0, 0, ADVICE_GROWTH, NULL },
	{ "low-coverage", FINDING_DATA, SCOPE_TRACE, SEVERITY_MEDIUM, 0, 0, 0, ADVICE_COVERAGE, findings_low_coverage },
	{ "graphs-unattributed", FINDING_DATA, SCOPE_TRACE, SEVERITY_HIGH, 0, 0, 0, ADVICE_GRAPHS,
	  findings_graphs_unattributed },
	/* TODO(SPEC 20.1): its warning that the ranks' clocks disagree */
	{ "clocks-disagree", FINDING_DATA, SCOPE_JOB, SEVERITY_MEDIUM, 0, 0, 0, ADVICE_CLOCKS, NULL },
};

const guint finding_rule_count = G_N_ELEMENTS(finding_rules);

const struct finding_rule *finding_rule_find(const char *id)
{
	for (guint i = 0; i < finding_rule_count; i++)
		if (strcmp(finding_rules[i].id, id) == 0)
			return &finding_rules[i];
	return NULL;
}

gboolean finding_reaches(gint64 saving, gint64 span, guint bp)
{
	return span > 0 && saving >= 0 && (unsigned __int128)saving * 10000u >= (unsigned __int128)span * bp;
}

static void finding_free(gpointer data)
{
	struct finding *f = data;
	g_free(f->evidence);
	g_free(f);
}

static struct finding *finding_new(const struct finding_rule *rule, const struct findings_input *in, char *evidence)
{
	struct finding *f = g_new0(struct finding, 1);
	f->rule = rule;
	f->severity = rule->base;
	f->saving = FINDING_NO_SAVING;
	f->span = in->last - in->first;
	f->device = FINDING_NO_DEVICE;
	f->rank = in->rank;
	f->evidence = evidence;
	f->advice = rule->advice;
	return f;
}

gboolean finding_add(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		     gint64 saving, gint device, char *evidence)
{
	if (!finding_reaches(saving, in->last - in->first, rule->fire)) {
		g_free(evidence);
		return FALSE;
	}
	finding_push(rule, in, out, saving, device, evidence);
	return TRUE;
}

void finding_push(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out, gint64 saving,
		  gint device, char *evidence)
{
	gint64 span = in->last - in->first;
	struct finding *f = finding_new(rule, in, evidence);
	f->saving = saving;
	f->device = device;
	if (rule->medium && finding_reaches(saving, span, rule->medium) && f->severity < SEVERITY_MEDIUM)
		f->severity = SEVERITY_MEDIUM;
	if (rule->high && finding_reaches(saving, span, rule->high))
		f->severity = SEVERITY_HIGH;
	g_ptr_array_add(out, f);
}

void finding_add_data(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out,
		      char *evidence)
{
	g_ptr_array_add(out, finding_new(rule, in, evidence));
}

/* The analysed span (Part IV): the first step's start to the last step's
 * end, any step of any process; else the earliest ts to the latest end of
 * the launch and device events. Empty (0, 0) when there are none. */
static void analysed_span(struct findings_input *in)
{
	gint64 first = G_MAXINT64, last = G_MININT64;
	if (in->steps && in->steps->count) {
		for (guint i = 0; i < in->steps->count; i++) {
			const struct event *s = &in->steps->events[i];
			first = MIN(first, s->ts);
			last = MAX(last, event_end(s));
		}
	} else {
		const GArray *lists[] = { in->trace->launches, in->trace->device };
		for (guint l = 0; l < G_N_ELEMENTS(lists); l++)
			for (guint i = 0; i < lists[l]->len; i++) {
				const struct event *e = &g_array_index(lists[l], struct event, i);
				first = MIN(first, e->ts);
				last = MAX(last, event_end(e));
			}
	}
	in->first = first <= last ? first : 0;
	in->last = first <= last ? last : 0;
}

GPtrArray *findings_compute(struct findings_input *in)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(finding_free);
	analysed_span(in);
	in->devices = findings_device_sweep(in);
	for (guint i = 0; i < finding_rule_count; i++)
		if (finding_rules[i].compute)
			finding_rules[i].compute(&finding_rules[i], in, out);
	g_array_free(in->devices, TRUE);
	in->devices = NULL;
	findings_sort(out);
	return out;
}

static int compare_ranks(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	gint64 x = rank_number(a, G_MAXINT64), y = rank_number(b, G_MAXINT64);
	if (x != y)
		return x < y ? -1 : 1;
	return strcmp(a, b);
}

static int compare_findings(gconstpointer x, gconstpointer y)
{
	const struct finding *a = *(struct finding *const *)x, *b = *(struct finding *const *)y;
	if (a->rule->kind != b->rule->kind)
		return a->rule->kind == FINDING_PERFORMANCE ? -1 : 1;
	if (a->rule->kind == FINDING_PERFORMANCE && a->saving != b->saving)
		return a->saving > b->saving ? -1 : 1; /* FINDING_NO_SAVING (-1) last */
	if (a->severity != b->severity)
		return a->severity > b->severity ? -1 : 1;
	int c = strcmp(a->rule->id, b->rule->id);
	if (c)
		return c;
	if (a->rule->kind == FINDING_PERFORMANCE && a->device != b->device)
		return a->device < b->device ? -1 : 1;
	return compare_ranks(a->rank, b->rank);
}

void findings_sort(GPtrArray *findings)
{
	g_ptr_array_sort(findings, compare_findings);
}

const char *finding_severity_name(enum finding_severity severity)
{
	static const char *const names[] = { NULL, "low", "medium", "high" };
	return names[severity];
}

enum finding_severity finding_severity_parse(const char *name)
{
	for (int s = SEVERITY_LOW; s <= SEVERITY_HIGH; s++)
		if (g_strcmp0(name, finding_severity_name(s)) == 0)
			return s;
	return SEVERITY_NONE;
}

const char *finding_kind_name(enum finding_kind kind)
{
	return kind == FINDING_PERFORMANCE ? "performance" : "data";
}

gint64 finding_share(const struct finding *f)
{
	return f->saving < 0 || f->span <= 0 ? -1 : tenths_of_percent(f->saving, f->span);
}

gboolean findings_fail(const GPtrArray *findings, enum finding_severity at_least)
{
	for (guint i = 0; at_least != SEVERITY_NONE && i < findings->len; i++) {
		const struct finding *f = findings->pdata[i];
		if (f->rule->kind == FINDING_PERFORMANCE && f->severity >= at_least)
			return TRUE;
	}
	return FALSE;
}
