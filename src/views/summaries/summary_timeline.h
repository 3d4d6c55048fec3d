/* The timeline summary (SPEC 18.1): one row per device and time bin, its
 * span cut into --bins equal bins (src/attribution/timeline_bins.h), with
 * the busy time of each class, the busy union, host wait and other idle
 * (which add up to the bin's length), the step holding the bin's start and
 * the memory allocated at its end. Devices by number, bins in time order;
 * the rows are (device, bin) pairs read through the devices' arrays, so
 * they cost a few bytes each. write_summary calls it. */
#ifndef PP_SUMMARY_TIMELINE_H
#define PP_SUMMARY_TIMELINE_H

#include "views/table/write.h"

/* --bins: the default, and the most (SPEC 18.1). */
#define SUMMARY_BINS_DEFAULT 100u
#define SUMMARY_BINS_MAX 100000u

const struct catalogue *timeline_summary_catalogue(void);
/* Writes the bins (CONFIG->bins a device, CONFIG's --step range clipping
 * the spans); *ROWS is how many. */
gboolean write_timeline_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
				const struct write_config *config, guint64 *rows);

#endif
