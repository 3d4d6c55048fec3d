/* The comparisons' options (SPEC 13): --diff path|name, --across-ranks and
 * --merge, checked together: they decide options->compare. */
#ifndef PP_COMPARE_OPTIONS_H
#define PP_COMPARE_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options compare_view_options;

#endif
