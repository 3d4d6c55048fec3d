/* The options of the findings (SPEC 22), group "findings": --fail-on
 * high|medium|low (exit status 3 when a performance finding of that
 * severity or above fired, once every output is written). The gate of
 * --diff, --fail-on-regression, is src/views/gate/gate_options.h's. */
#ifndef PP_FINDINGS_OPTIONS_H
#define PP_FINDINGS_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options findings_view_options;

/* Whether a run of OPTIONS works out the findings of each trace: --summary
 * findings, --fail-on, or the per-node page (its first section). */
gboolean findings_wanted(const struct options *options);

#endif
