#include "cli/uses.h"
#include "views/flame.h"

guint options_uses(const struct options *options)
{
	if (flame_format(options->format))
		return USES_MONITOR | USES_MAX_DEPTH;
	switch (options->summary) {
	case SUMMARY_STEP:
	case SUMMARY_TIMELINE:
	case SUMMARY_IDLE:
		return USES_STEP;
	case SUMMARY_KERNEL:
	case SUMMARY_COLLECTIVE:
		return USES_MONITOR | USES_STEP;
	default:
		return USES_MONITOR | USES_MAX_DEPTH | USES_MIN_DEPTH | USES_FILTERS | USES_STEP;
	}
}
