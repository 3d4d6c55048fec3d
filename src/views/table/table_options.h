/* The options every table shares: --columns, --sort, --top, and
 * --comm-pattern (what communication(ms) counts). The columns and the sort
 * keys are picked from the catalogue of the view asked for (a comparison's,
 * a summary's, or the per-node rows'), once the output's form is settled. */
#ifndef PP_TABLE_OPTIONS_H
#define PP_TABLE_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options columns_view_options; /* --columns */
extern const struct view_options sort_view_options;    /* --sort, --top */
extern const struct view_options comm_view_options;    /* --comm-pattern */

#endif
