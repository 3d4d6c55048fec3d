/* Kernel properties (SPEC 28): what the kernel events' args say of a
 * launch — grid, block, registers per thread, shared memory, blocks and
 * warps per SM, the estimated achieved occupancy — as --summary kernel's
 * columns: per row, the most frequent value among the row's events that
 * have the member, ties to the value seen first (the one whose first event
 * comes first in the trace: the least position in the event array);
 * empty when none has it (a JSON null counts as absent).
 *
 * Kineto writes the same members on NVIDIA (CUPTI: all seven) and AMD
 * (roctracer and rocprofiler: grid and block on the kernel event, its
 * shared memory on the runtime launch only, so empty here); traces of
 * 2021 lack blocks per SM and the occupancy.
 *
 * A value is read out of the args as the reader kept them (a Python
 * literal, or JSON text for --format jsonl) by src/util/literal_members.h,
 * one pass over each event's args, nothing kept while the trace is read.
 * Values are counted by their text, a number with a fraction or an
 * exponent by its repr() (so that JSON's 14.2222220 and 14.222222 are one
 * value in every format); the value shown is the text of its first event.
 * A whole number shows as a number (an integer, bytes for the shared
 * memory), anything else as the literal it is: grid [12, 1, 1], blocks per
 * SM 0.11111111 (a JSON array and number in JSON Lines). One hash table of
 * values a property a row: O(E) over the events. */
#ifndef PP_KERNEL_PROPS_H
#define PP_KERNEL_PROPS_H

#include "model/trace.h"
#include "sinks/table.h"

enum kernel_prop {
	KERNEL_GRID,
	KERNEL_BLOCK,
	KERNEL_REGISTERS,
	KERNEL_SHARED_MEMORY,
	KERNEL_BLOCKS_PER_SM,
	KERNEL_WARPS_PER_SM,
	KERNEL_OCCUPANCY,
	KERNEL_PROPS,
};

/* The args member of each property ("grid", ..., "est. achieved occupancy %"). */
extern const char *const kernel_prop_members[KERNEL_PROPS];

struct kernel_props;

struct kernel_props *kernel_props_new(void);
void kernel_props_free(struct kernel_props *props);
/* Counts the properties of EVENT (its args: NULL, a Python literal, or
 * JSON text). */
void kernel_props_add(struct kernel_props *props, const struct event *event);
/* Chooses each property's value; after the last kernel_props_add. */
void kernel_props_choose(struct kernel_props *props);
/* The value of property WHICH (chosen) into V: a whole number as
 * NUMBER_TYPE (VALUE_INTEGER or VALUE_BYTES), else the literal; empty when
 * no event had it. PROPS may be NULL (empty). */
void kernel_props_value(const struct kernel_props *props, enum kernel_prop which, enum value_type number_type,
			struct value *v);

#endif
