/* The memory summary (SPEC 21): one row per memory device of the trace
 * (src/attribution/memory_devices.h): its events, allocations and frees,
 * the bytes allocated, the peak (its value, time, step and the path of the
 * innermost monitored node around it), the largest reservation, the final
 * allocation, the device's capacity and its [OutOfMemory] instants. Host
 * devices first, then accelerators, each by pid and then Device Id.
 * write_summary calls it. */
#ifndef PP_SUMMARY_MEMORY_H
#define PP_SUMMARY_MEMORY_H

#include "views/table/write.h"

const struct catalogue *memory_summary_catalogue(void);
/* The rows of MEMORY's devices (NULL: none), each owning the texts it
 * writes of the trace (a GPtrArray that frees them), reading MEMORY and
 * RANK, which the caller keeps as long as the rows; STEPS (or NULL) and
 * RANK (or NULL) the trace's: for one trace, or each of several written as
 * one table. */
GPtrArray *memory_summary_rows(const struct forest *forest, const struct attribution *attribution,
			       const struct memory_devices *memory, const struct steps *steps, const char *rank);
/* Writes CONFIG->memory's devices; *ROWS is how many. */
gboolean write_memory_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			      const struct write_config *config, guint64 *rows);

#endif
