/* The options of which nodes get rows (src/views/nodes/select.h): --step N[-M],
 * and the filters and leading columns of dataset export (SPEC 8.1), a
 * group of their own (--help-export). */
#ifndef PP_SELECT_OPTIONS_H
#define PP_SELECT_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options step_view_options;
extern const struct view_options export_view_options;

#endif
