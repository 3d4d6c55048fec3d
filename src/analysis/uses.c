#include "analysis/uses.h"
#include "views/flame/flame.h"

guint options_uses(const struct options *options)
{
	if (flame_format(options->format))
		return USES_MONITOR | USES_MAX_DEPTH;
	switch (options->summary) {
	case SUMMARY_FINDINGS:
	case SUMMARY_GAPS: /* every gap of the trace, its causes from every category (SPEC 26) */
		return 0; /* about the whole trace, whatever -mc, depths, filters and --step say (SPEC 22) */
	case SUMMARY_STEP:
	case SUMMARY_TIMELINE:
	case SUMMARY_IDLE:
	case SUMMARY_CRITICAL: /* its own categories, whatever -mc says (SPEC 30) */
		return USES_STEP;
	case SUMMARY_RANK: /* the record_param_comms ops; no clipping (SPEC 20.2) */
		return USES_MONITOR;
	case SUMMARY_KERNEL:
	case SUMMARY_COLLECTIVE:
	case SUMMARY_MEMORY: /* -mc: the peak's node */
		return USES_MONITOR | USES_STEP;
	default:
		return USES_MONITOR | USES_MAX_DEPTH | USES_MIN_DEPTH | USES_FILTERS | USES_STEP;
	}
}
