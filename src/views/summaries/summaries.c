#include "views/summaries/summaries.h"
#include "views/summaries/summary_columns.h"
#include "views/perf/summary_perf.h"
#include "views/summaries/summary_kernel.h"
#include "views/collectives/summary_collective.h"
#include "views/summaries/summary_step.h"
#include "views/summaries/summary_timeline.h"
#include "views/summaries/summary_memory.h"
#include "views/findings/summary_findings.h"
#include "views/summaries/summary_idle.h"
#include "views/summaries/summary_gaps.h"
#include "views/critical/summary_critical.h"
#include "views/ranks/rank_reduce.h"

const struct catalogue *summary_catalogue(enum summary_mode mode)
{
	return mode == SUMMARY_STEP     ? step_summary_catalogue()
	       : mode == SUMMARY_KERNEL ? kernel_summary_catalogue()
	       : mode == SUMMARY_PERF   ? perf_summary_catalogue()
	       : mode == SUMMARY_COLLECTIVE ? collective_summary_catalogue()
	       : mode == SUMMARY_TIMELINE ? timeline_summary_catalogue()
	       : mode == SUMMARY_MEMORY ? memory_summary_catalogue()
	       : mode == SUMMARY_RANK ? rank_summary_catalogue()
	       : mode == SUMMARY_FINDINGS ? findings_summary_catalogue()
	       : mode == SUMMARY_IDLE ? idle_summary_catalogue()
	       : mode == SUMMARY_GAPS ? gaps_summary_catalogue()
	       : mode == SUMMARY_CRITICAL ? critical_summary_catalogue()
					: name_summary_catalogue();
}

gboolean write_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, enum summary_mode mode, guint64 *rows)
{
	if (mode == SUMMARY_STEP)
		return write_step_summary(out, forest, attribution, config, rows);
	if (mode == SUMMARY_TIMELINE)
		return write_timeline_summary(out, forest, attribution, config, rows);
	if (mode == SUMMARY_MEMORY)
		return write_memory_summary(out, forest, attribution, config, rows);
	if (mode == SUMMARY_FINDINGS)
		return write_findings_summary(out, config, rows);
	if (mode == SUMMARY_IDLE)
		return write_idle_summary(out, attribution, config, rows);
	if (mode == SUMMARY_GAPS)
		return write_gaps_summary(out, forest, attribution, config, rows);
	if (mode == SUMMARY_CRITICAL)
		return write_critical_summary(out, config, rows);
	struct write_config ordered = *config; /* a table keeps the columns of the order first */
	g_autoptr(GPtrArray) order = g_ptr_array_new();
	catalogue_pick(summary_catalogue(mode),
		       mode == SUMMARY_KERNEL || mode == SUMMARY_COLLECTIVE ? KERNEL_SUMMARY_ORDER
		       : mode == SUMMARY_PERF				    ? PERF_SUMMARY_ORDER
									    : SUMMARY_ORDER,
		       0, order, NULL);
	ordered.order = order;
	config = &ordered;
	if (mode == SUMMARY_KERNEL)
		return write_kernel_summary(out, forest, attribution, config, rows);
	if (mode == SUMMARY_PERF)
		return write_perf_summary(out, forest, attribution, config, rows);
	if (mode == SUMMARY_COLLECTIVE)
		return write_collective_summary(out, config, rows);
	return write_group_summary(out, forest, attribution, config, mode, rows);
}
