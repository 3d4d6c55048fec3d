/* The kernel summary: one row per device event name, with what launched it;
 * write_summary calls it. */
#ifndef PP_SUMMARY_KERNEL_H
#define PP_SUMMARY_KERNEL_H

#include "views/table/write.h"

/* CONFIG's selection holds the steps and the --step range. */
const struct catalogue *kernel_summary_catalogue(void);
gboolean write_kernel_summary(struct output *out, const struct forest *forest,
			      const struct attribution *attribution, const struct write_config *config, guint64 *rows);

#endif
