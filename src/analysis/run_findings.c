#include "analysis/run_findings.h"
#include <string.h>

void run_findings_compute(struct run_findings *rf, struct trace *trace, GArray *events, const struct forest *forest,
			  const struct attribution *attribution, const struct perf *perf,
			  const struct graft_stats *graft, const struct steps *steps, const struct timeline *timeline,
			  struct causes *causes, const struct options *options, const struct peaks *peaks, const char *rank,
			  const struct memory_devices *memory, gboolean several)
{
	memset(rf, 0, sizeof *rf);
	if (events) {
		rf->events = events;
		GArray *own = trace->monitored;
		trace->monitored = events;
		rf->forest = forest_build(trace);
		rf->attribution = attribute(trace, rf->forest);
		trace->monitored = own;
		graft_count(rf->attribution, &rf->graft);
		rf->perf = perf_compute(rf->forest, rf->attribution, trace->devices, peaks);
		forest = rf->forest, attribution = rf->attribution, perf = rf->perf, graft = &rf->graft;
		/* MEMORY serves: the memory devices read the trace's memory events alone, which both attributions hold alike */
	}
	attribution_coverage(attribution, &rf->coverage);
	if (!memory && attribution->memory_count) /* the whole trace's (SPEC 22) */
		memory = rf->memory = memory_devices_compute(attribution, trace->threads, trace->devices, steps, NULL);
	struct findings_input in = {
		.trace = trace,
		.forest = forest,
		.attribution = attribution,
		.steps = steps,
		.perf = perf,
		.peaks = peaks,
		.timeline = timeline,
		.coverage = &rf->coverage,
		.graft = graft,
		.capture_given = options->graph_captures != NULL,
		.communication = options->communication,
		.rank = rank,
		.memory = memory,
		.keep_exposed = several,
		.causes = causes,
	};
	rf->findings = findings_compute(&in);
	rf->first = in.first;
	rf->span = in.last - in.first;
	rf->exposed = in.exposed;
}

void run_findings_clear(struct run_findings *rf)
{
	if (rf->findings)
		g_ptr_array_free(rf->findings, TRUE);
	if (rf->exposed)
		g_array_free(rf->exposed, TRUE);
	perf_free(rf->perf);
	if (rf->memory)
		memory_devices_free(rf->memory);
	if (rf->attribution)
		attribution_free(rf->attribution);
	if (rf->forest)
		forest_free(rf->forest);
	if (rf->events)
		g_array_free(rf->events, TRUE);
	memset(rf, 0, sizeof *rf);
}
