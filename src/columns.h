/* The column catalogue: the eleven columns of the reference tool, and more
 * to pick with --columns. */
#ifndef PP_COLUMNS_H
#define PP_COLUMNS_H

#include <glib.h>

enum column {
	COL_NAME,
	COL_ARGS,
	COL_HOST_DURATION,
	COL_DEVICE_DURATION,
	COL_LAUNCH_DURATION,
	COL_CUDA_RUNTIME,
	COL_KERNELS,
	COL_KERNEL_INFOS,
	COL_HOST_TS,
	COL_LAUNCH_TS,
	COL_KERNEL_TS,
	COL_DEFAULT_COUNT, /* the columns above are the default */
	COL_OPERATION = COL_DEFAULT_COUNT,
	COL_DEPTH,
	COL_PID,
	COL_TID,
	COL_CATEGORY,
	COL_SELF_HOST_DURATION,
	COL_SELF_DEVICE_DURATION,
	COL_LAUNCH_COUNT,
	COL_DEVICE_EVENT_COUNT,
	COL_INPUT_DIMS,
	COL_INPUT_TYPE,
	COL_ET_NODE, /* the Execution Trace join: appended by default with --et */
	COL_OP_SCHEMA,
	COL_INPUT_SHAPES,
	COL_INPUT_TYPES,
	COL_OUTPUT_SHAPES,
	COL_OUTPUT_TYPES,
	COL_HOST_MEMORY, /* [memory] events, read only when one of these is asked for */
	COL_SELF_HOST_MEMORY,
	COL_DEVICE_MEMORY,
	COL_SELF_DEVICE_MEMORY,
	COL_COUNT
};

/* The columns of --summary, one row per group of nodes. */
enum summary_column {
	SUM_NAME,
	SUM_COUNT,
	SUM_HOST_TOTAL,
	SUM_HOST_MEAN,
	SUM_HOST_MIN,
	SUM_HOST_MAX,
	SUM_SELF_HOST_TOTAL,
	SUM_DEVICE_TOTAL,
	SUM_SELF_DEVICE_TOTAL,
	SUM_LAUNCH_TOTAL,
	SUM_LAUNCH_COUNT,
	SUM_DEVICE_EVENT_COUNT,
	SUM_COLUMN_COUNT
};

const char *summary_column_name(enum summary_column column);
/* As columns_parse, from the summary's catalogue (all its columns by default). */
gboolean summary_columns_parse(const char *list, GArray *columns, GError **error);

/* The catalogue's spelling, as in the header. */
const char *column_name(enum column column);

/* Appends to COLUMNS (enum column) the columns of LIST: names separated by
 * commas, matched without regard to case; a LIST starting with '+' means the
 * default columns followed by the listed ones. NULL is the default: the
 * eleven, and the Execution Trace columns WITH_ET. An unknown name is an
 * error that lists the catalogue. */
gboolean columns_parse(const char *list, gboolean with_et, GArray *columns, GError **error);

/* Whether any of COLUMNS needs struct event_extra (shapes, the ET join). */
gboolean columns_need_extras(const GArray *columns);
/* Whether any of COLUMNS needs the [memory] events. */
gboolean columns_need_memory(const GArray *columns);

#endif
