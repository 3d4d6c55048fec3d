/* Shape: what decides the rows of a path or name summary besides the trace
 * (SPEC 13.3): the view and the options, as text. A JSON Lines summary
 * carries both on each line ("summary" and "options"), and --merge merges
 * only summaries of one shape, so that a job's ranks are never summed
 * across views, categories, depth bounds, filters or steps. */
#ifndef PP_SHAPE_H
#define PP_SHAPE_H

#include "cli/options.h"

/* The options of OPTIONS that shape a path or name summary's rows, as a
 * command line would give them, in one canonical form: "-mc LIST -hc LIST
 * -dc LIST", each list's categories canonical (aliases resolved), sorted
 * and without repeats, then those of --all-python-functions, --max_depth,
 * --min_depth, --leaves, --opaque, --exclude, --skip-empty-shapes and
 * --step that were given, in that order; --opaque and --exclude by
 * "sha256:" and the first 16 hexadecimal digits of the SHA-256 of their
 * names (OPAQUE and EXCLUDE, as read; NULL: none), sorted, each followed by
 * a newline, so that lists of the same names agree wherever they lie. */
char *summary_shape(const struct options *options, GHashTable *opaque, GHashTable *exclude);

#endif
