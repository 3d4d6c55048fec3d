/* The flame formats' options (SPEC 12): --weight, for --format folded and
 * svg only; and no --summary with them, which draw every node. */
#ifndef PP_FLAME_OPTIONS_H
#define PP_FLAME_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options flame_view_options;

#endif
