/* Findings on memory (SPEC 22 on 21): memory-capacity and memory-growth,
 * read from the whole trace's memory devices
 * (src/attribution/memory_devices.h), whatever --step says.
 *
 * memory-capacity, per accelerator memory device with a capacity (the
 * totalGlobalMem of its deviceProperties) and a Total Reserved: fires
 * when peak reserved · 100 >= capacity · 95 (exact), medium, no saving.
 *
 * memory-growth, per process with steps: its steps in ts order; of those
 * after the first, the ones whose window [ts, ts + dur] has a memory
 * growth (21: the device of the window's peak, its last Total Allocated
 * in the window less its last before) and whose device had an event
 * before the window. Fires when there are 3 or more, every one's growth
 * is > 0, and their sum · 100 >= the largest peak allocated of the
 * process's steps (1%): low, no saving. Each window is O(log n)
 * (memory_devices_window): O(steps · log events) in all.
 *
 *   steps 1-5, growth (device had an event before): -, +10, +10, +10, +5
 *   four steps after the first, all > 0, sum 35; largest peak 3000:
 *   35 · 100 = 3500 >= 3000: fires */
#ifndef PP_FINDINGS_MEMORY_H
#define PP_FINDINGS_MEMORY_H

#include "views/findings/finding.h"

void findings_memory_capacity(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);
void findings_memory_growth(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out);

/* Whether the growths of COUNT steps (after the first) fire memory-growth
 * against PEAK, the largest peak allocated of the process's steps. */
gboolean findings_growth_fires(const gint64 *growth, guint count, gint64 peak);

#endif
