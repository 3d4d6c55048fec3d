/* Diff (SPEC 13.1): the summaries of two runs, key by key; the rows, their
 * catalogue and the warnings of the pair. */
#ifndef PP_DIFF_H
#define PP_DIFF_H

#include "views/compare/compare.h"

/* The columns the diff's rows are ordered by (their magnitude), most
 * important first (for a table to keep them first). */
#define DIFF_ORDER "delta device total(ms),delta host total(ms)"

const struct catalogue *diff_catalogue(void);
/* The diff rows of BASE and NEW, sorted (struct diff_row *, freed with the array). */
GPtrArray *diff_rows(const struct collected *base, const struct collected *new);
/* FALSE for the row "(all steps)" (SPEC 23: first when both traces have
 * steps, the step summaries' figures per step), TRUE for a key's. */
gboolean diff_row_is_key(const void *row);
/* A key's row: the key's text (*LEN bytes), each side's device total (ns;
 * 0 where the key is not) and number of steps (0: the figures are
 * totals), base first; FALSE for (all steps). */
gboolean diff_row_device(const void *row, const char **key, gsize *len, gint64 total[2], guint steps[2]);
/* The columns of the diff's catalogue PICKED (or the sort keys), as the
 * rows write them: per step when BY_STEP (both traces have steps), else
 * totals, whichever spelling was picked; each once. */
GPtrArray *diff_columns(const GPtrArray *picked, gboolean by_step);
/* The distinct names of DEVICES (struct device_info), "A, B", or NULL. */
char *diff_device_names(const GArray *devices);
/* Appends to OUT the warnings that BASE and NEW come from different devices
 * or world sizes (SPEC 13.1), one line each. */
void diff_warnings(GString *out, const struct collected *base, const struct collected *new);

#endif
