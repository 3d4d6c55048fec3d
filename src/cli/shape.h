/* Shape: what decides the rows of a path or name summary, or of a rank
 * map, besides the trace (SPEC 13.3): the view and the options, as text. A
 * JSON Lines summary carries both on each line ("summary" and "options"), a
 * rank map its options on its first line, and --merge merges only
 * summaries (or maps) of one shape, so that a job's ranks are never summed
 * across views, categories, depth bounds, filters, steps, names or
 * patterns (src/views/table/shape_text.h names the option two of them differ
 * in). Options that shape nothing of the rows are not written (a rank map
 * is the same with or without --module-class), and those not given are
 * not either, so that what older versions wrote still agrees. */
#ifndef PP_SHAPE_H
#define PP_SHAPE_H

#include "cli/options.h"

/* The options of OPTIONS that shape a path or name summary's rows, as a
 * command line would give them, in one canonical form: "-mc LIST -hc LIST
 * -dc LIST", each list's categories canonical (aliases resolved), sorted
 * and without repeats, then those of --all-python-functions, --max_depth,
 * --min_depth, --leaves, --opaque, --exclude, --skip-empty-shapes,
 * --graph-capture and --step that were given, in that order; --opaque and
 * --exclude by "sha256:" and the first 16 hexadecimal digits of the
 * SHA-256 of their names (OPAQUE and EXCLUDE, as read; NULL: none),
 * sorted, each followed by a newline, so that lists of the same names
 * agree wherever they lie. Then --module-class (it names the rows), --top
 * N with its --sort keys (the rows kept), and, when a perf figure is
 * written (the roofline reads the peaks), --peaks (sha256: of the file's
 * bytes), --peak-flops and --peak-bandwidth, those given. */
char *summary_shape(const struct options *options, GHashTable *opaque, GHashTable *exclude);
/* The options that shape a rank map's record (SPEC 20.2), as
 * summary_shape writes them: "-mc LIST -hc LIST -dc LIST" (the
 * record_param_comms ops, the launches, the device events), then those of
 * --all-python-functions, --graph-capture and --comm-pattern (the
 * communication class; its pattern shell-quoted) that were given. */
char *rank_map_shape(const struct options *options);

#endif
