#include "analysis/run_critical.h"
#include "attribution/critical_make.h"
#include "views/critical/critical_options.h"

struct critical_rows *run_critical(const struct trace *trace, const struct forest *forest,
				   const struct attribution *attribution, const struct steps *steps,
				   const struct options *options, struct critical_graph **keep)
{
	g_autoptr(GArray) factors = critical_factors(options);
	struct critical_config config = {
		.factors = factors ? (const struct critical_factor *)factors->data : NULL,
		.factor_count = factors ? factors->len : 0,
		.communication = options->communication,
		.comms = keep != NULL,
	};
	g_autoptr(CriticalGraph) graph = critical_make_graph(trace, forest, attribution, steps, &config);
	if (keep) {
		*keep = g_steal_pointer(&graph);
		return NULL;
	}
	g_autoptr(CriticalResult) result = critical_solve(graph);
	return critical_rows_of(graph, result, &options->step, NULL, 0, options->what_if != NULL);
}
