#include "views/findings/findings.h"
#include <string.h>
#include "views/findings/findings_bound.h"
#include "views/findings/findings_device.h"
#include "views/findings/findings_memory.h"
#include "views/findings/findings_perf.h"
#include "views/findings/findings_trace.h"
#include "views/findings/findings_wait.h"

/* Advice in PyTorch terms (SPEC 22's last paragraph). */
#define ADVICE_DATA                                                                                                \
	"DataLoader(num_workers>0, pin_memory=True, persistent_workers=True, prefetch_factor=...); move decoding "  \
	"and augmentation off the main process"
#define ADVICE_PAUSE                                                                                               \
	"the host ran code the profiler did not record: wrap it in torch.profiler.record_function(...) to see it; "  \
	"checkpointing, logging, evaluation between steps"
#define ADVICE_BLOCKING                                                                                            \
	"move .item(), .cpu(), .tolist(), prints and torch.cuda.synchronize() out of the step (log every N steps); "  \
	"copy to the host with non_blocking=True into pinned memory"
#define ADVICE_LAUNCH                                                                                              \
	"the host launches too slowly for the device: capture the step in CUDA/HIP graphs "                       \
	"(torch.compile(mode=\"reduce-overhead\")), fewer and larger kernels, fusion with torch.compile"
#define ADVICE_OVERHEAD                                                                                            \
	"the host's own work between launches: " FINDINGS_ADVICE_PYTHON
#define ADVICE_BOUND                                                                                               \
	"the kernels are the cost: --summary perf for how far from their roofline, --summary kernel for their "     \
	"properties"
#define ADVICE_PAGEABLE                                                                                            \
	"copies to or from pageable host memory are slow and block: DataLoader(pin_memory=True), or "            \
	"tensor.pin_memory(), then .to(device, non_blocking=True)"
#define ADVICE_EXPOSED                                                                                             \
	"communication not overlapped by compute: let DDP overlap it with backward (bucket_cap_mb), or FSDP "      \
	"prefetch (forward_prefetch, backward_prefetch); fewer, larger collectives"
#define ADVICE_ROOFLINE /* in place of it, each family's own: src/views/perf/perf_family.c (SPEC 26.4) */              \
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
	"device work launched outside any op or annotation is in no row: wrap that code in "                       \
	"torch.profiler.record_function(...), or profile with with_stack=True; --summary kernel lists every kernel"
#define ADVICE_GRAPHS                                                                                              \
	"the device time of CUDA/HIP graph replays sits on the ops that replayed them: --graph-capture FILE, a "    \
	"trace profiled while the graphs were captured, puts it under the ops that captured them"
#define ADVICE_WAIT                                                                                                \
	"ranks wait for each other at collectives: balance the work of the ranks, and see the straggler"
#define ADVICE_STRAGGLER /* without steps on every rank; else src/views/findings/findings_job.c says before or in the step */ \
	"one rank arrives late at collectives and delays the others: look at its host work and its data loading, "  \
	"in the step and between steps (with step numbers on every rank, step start late says which)"
#define ADVICE_INCOMPLETE                                                                                          \
	"device events were not recorded (the profiler's buffer overflowed): every figure of device time, idle "    \
	"and host wait undercounts; profile fewer steps (schedule(active=...)), or give the profiler a larger "     \
	"activity buffer"
#define ADVICE_CLOCKS "the ranks' clocks disagree: the cross-rank figures are unreliable"

/* Thresholds in basis points of the span (1% = 100). */
const struct finding_rule finding_rules[] = {
	/* the host wait by cause (SPEC 26.2): src/views/findings/findings_wait.c */
	{ "data-loading", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 500, 0, 2000, ADVICE_DATA,
	  findings_data_loading },
	{ "host-pause", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_PAUSE,
	  findings_host_pause },
	{ "blocking-sync", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 100, 0, 1000, ADVICE_BLOCKING,
	  findings_blocking_sync },
	{ "launch-bound", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_LAUNCH,
	  findings_launch_bound },
	{ "host-overhead", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_OVERHEAD,
	  findings_host_overhead },
	/* SPEC 26.7: src/views/findings/findings_bound.c */
	{ "device-bound", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_LOW, 0, 0, 0, ADVICE_BOUND, findings_device_bound },
	{ "pageable-copy", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_LOW, 100, 500, 0, ADVICE_PAGEABLE,
	  findings_pageable_copy },
	/* with several traces, less the wait parts of the rank's matched collectives: src/views/findings/findings_job.c */
	{ "exposed-communication", FINDING_PERFORMANCE, SCOPE_DEVICE, SEVERITY_MEDIUM, 1000, 0, 2500, ADVICE_EXPOSED,
	  findings_exposed_communication },
	/* the job rules (no compute of one trace): src/views/findings/findings_job.c over the ranks' reduce (SPEC 20.2) */
	{ "collective-wait", FINDING_PERFORMANCE, SCOPE_JOB, SEVERITY_MEDIUM, 500, 0, 2500, ADVICE_WAIT, NULL },
	{ "straggler", FINDING_PERFORMANCE, SCOPE_JOB, SEVERITY_MEDIUM, 100, 0, 1000, ADVICE_STRAGGLER, NULL },
	{ "far-from-roofline", FINDING_PERFORMANCE, SCOPE_TRACE, SEVERITY_MEDIUM, 100, 0, 1000, ADVICE_ROOFLINE,
	  findings_far_from_roofline },
	{ "fp32-matmul", FINDING_PERFORMANCE, SCOPE_TRACE, SEVERITY_MEDIUM, 100, 0, 0, ADVICE_FP32,
	  findings_fp32_matmul },
	{ "unfused-optimizer", FINDING_PERFORMANCE, SCOPE_TRACE, SEVERITY_LOW, 100, 500, 0, ADVICE_OPTIMIZER,
	  findings_unfused_optimizer },
	{ "memory-capacity", FINDING_PERFORMANCE, SCOPE_MEMORY_DEVICE, SEVERITY_MEDIUM, 0, 0, 0, ADVICE_CAPACITY,
	  findings_memory_capacity },
	{ "memory-growth", FINDING_PERFORMANCE, SCOPE_PROCESS, SEVERITY_LOW, 0, 0, 0, ADVICE_GROWTH,
	  findings_memory_growth },
	{ "low-coverage", FINDING_DATA, SCOPE_TRACE, SEVERITY_MEDIUM, 0, 0, 0, ADVICE_COVERAGE, findings_low_coverage },
	{ "graphs-unattributed", FINDING_DATA, SCOPE_TRACE, SEVERITY_HIGH, 0, 0, 0, ADVICE_GRAPHS,
	  findings_graphs_unattributed },
	/* issue 45, item 8: src/views/findings/findings_bound.c */
	{ "incomplete-trace", FINDING_DATA, SCOPE_TRACE, SEVERITY_HIGH, 0, 0, 0, ADVICE_INCOMPLETE,
	  findings_incomplete_trace },
	/* 20.1's warning, a job rule: src/views/findings/findings_job.c */
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

GPtrArray *findings_compute(struct findings_input *in)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(finding_free);
	findings_span(in);
	in->devices = findings_device_sweep(in);
	in->waits = findings_wait_sweep(in);
	in->perf_rows = findings_perf_rows(in);
	for (guint i = 0; i < finding_rule_count; i++)
		if (finding_rules[i].compute)
			finding_rules[i].compute(&finding_rules[i], in, out);
	if (in->keep_exposed)
		in->exposed = findings_device_exposed(in->devices); /* the caller's */
	g_array_free(in->devices, TRUE);
	in->devices = NULL;
	findings_wait_free(in->waits);
	in->waits = NULL;
	if (in->perf_rows)
		g_ptr_array_free(in->perf_rows, TRUE);
	in->perf_rows = NULL;
	findings_sort(out);
	return out;
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
