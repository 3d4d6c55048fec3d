/* The step summary (SPEC 11.2): one row per ProfilerStep#N, every launch
 * taken by the time it happens, not by -mc; write_summary calls it. */
#ifndef PP_SUMMARY_STEP_H
#define PP_SUMMARY_STEP_H

#include "views/write.h"

/* CONFIG's selection holds the steps and the --step range. */
const struct catalogue *step_summary_catalogue(void);
gboolean write_step_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			    const struct write_config *config, guint64 *rows);

#endif
