/* Memory report: what the report and the warnings say of the memory
 * devices (SPEC 21, 24; src/attribution/memory_devices.h). Per accelerator
 * memory device with a peak, one line:
 *   memory:        device 0 peak 2.52 GiB allocated (3.36 GiB reserved, 79.10 GiB capacity) at 812.5 ms in PATH (ProfilerStep#3)
 * GiB with two decimals rounded half up from the exact bytes, the reserved
 * figure the peak event's Total Reserved, each part in parentheses left out
 * when unknown; T from the start of the analysed span; PATH the peak's
 * innermost monitored node's path, else "outside monitored events"; "no
 * step" outside every step; "pid P device D" when processes share a device
 * number; the device as memory_device_label writes it ("device 0 (Device
 * Type 6)" beside a device 0 of type 1). The first MEMORY_REPORT_LINES
 * devices in row order, then "memory: and N more accelerator memory
 * devices". */
#ifndef PP_MEMORY_REPORT_H
#define PP_MEMORY_REPORT_H

/* The report's memory lines: at most this many, then "and N more" (a trace
 * of a million memory devices gets a report, not a million lines). */
#define MEMORY_REPORT_LINES 8

#include <stdio.h>
#include "attribution/memory_devices.h"

/* The lines of MEMORY's devices (NULL: none) into OUT; ATTRIBUTION, FOREST
 * and STEPS (or NULL) those of the run. */
void memory_report_print(FILE *out, const struct memory_devices *memory, const struct attribution *attribution,
			 const struct forest *forest, const struct steps *steps);
/* The memory warnings' texts (char *, owned by the array), in order: per
 * integer member of the memory events (SPEC 21, 24), the events STATS
 * counts as skipped for it ("skipped 2 memory events ([memory],
 * [OutOfMemory]): Total Allocated is not an integer from 0 to 2^63 - 1; the
 * first is event #5"); then MEMORY's [OutOfMemory] instants: how many, the
 * first one's time from the start of the analysed span and the path of the
 * op around it. Between them, the [memory] events skipped because their
 * Bytes would take the bytes' sum past 2^63 - 1 (src/input/batch.c). */
GPtrArray *memory_report_warnings(const struct read_stats *stats, const struct memory_devices *memory,
				  const struct attribution *attribution, const struct forest *forest,
				  const struct steps *steps);

#endif
