#include "views/nodes/columns.h"
#include "attribution/busy.h"
#include "input/roles.h"
#include "views/perf/perf_columns.h"
#include "attribution/memory_devices.h"

#define ROW(r) ((const struct node_row *)(r))
#define EVENT(r) (&ROW(r)->forest->events[ROW(r)->node])

static void name(const void *r, struct value *v)
{
	value_text(v, ROW(r)->path->str, ROW(r)->path->len);
}

static void args(const void *r, struct value *v)
{
	value_literal(v, EVENT(r)->args);
}

static void host_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, EVENT(r)->dur);
}

/* A figure of the node's subtree, in O(1) (SPEC 11.4). */
static gint64 inclusive(const void *r, enum figure figure)
{
	return sums_inclusive(ROW(r)->sums, figure, ROW(r)->node);
}

static void device_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_DEVICE_TIME));
}

static void device_busy(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->busy[ROW(r)->node]);
}

static void launch_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_LAUNCH_TIME));
}

static void list(const void *r, struct value *v, gboolean device, enum entry_field field)
{
	v->type = VALUE_ENTRIES;
	v->entries = (struct entries){ ROW(r)->attribution, ROW(r)->launches, device, field };
}

static void cuda_runtime(const void *r, struct value *v)
{
	list(r, v, FALSE, ENTRY_DURATION);
}

static void kernels(const void *r, struct value *v)
{
	list(r, v, TRUE, ENTRY_DURATION);
}

static void kernel_infos(const void *r, struct value *v)
{
	list(r, v, TRUE, ENTRY_ARGS);
}

static void host_ts(const void *r, struct value *v)
{
	value_number(v, VALUE_TIMESTAMP, EVENT(r)->ts);
}

static void launch_ts(const void *r, struct value *v)
{
	list(r, v, FALSE, ENTRY_TIMESTAMP);
}

static void kernel_ts(const void *r, struct value *v)
{
	list(r, v, TRUE, ENTRY_TIMESTAMP);
}

static void operation(const void *r, struct value *v)
{
	value_text(v, EVENT(r)->name->text, EVENT(r)->name->len);
}

static void depth(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->depth);
}

static const struct threads *threads_of(const void *r)
{
	return ROW(r)->forest->thread_ids;
}

static void pid(const void *r, struct value *v)
{
	value_string(v, threads_pid(threads_of(r), EVENT(r)->thread, ROW(r)->numbers[0]));
}

static void tid(const void *r, struct value *v)
{
	value_string(v, threads_tid(threads_of(r), EVENT(r)->thread, ROW(r)->numbers[1]));
}

static void category(const void *r, struct value *v)
{
	const struct name *name = category_name(EVENT(r)->category);
	value_text(v, name->text, name->len);
}

/* SPEC 15.1: the perf cells (src/views/perf/perf_columns.h). */
static void flops(const void *r, struct value *v)
{
	perf_cell_flops(ROW(r)->perf, ROW(r)->node, v);
}

static void bytes_moved(const void *r, struct value *v)
{
	perf_cell_bytes(ROW(r)->perf, ROW(r)->node, v);
}

static void tflops(const void *r, struct value *v)
{
	perf_cell_rate(ROW(r)->perf, ROW(r)->node, ROW(r)->busy[ROW(r)->node], TRUE, v);
}

static void tbytes(const void *r, struct value *v)
{
	perf_cell_rate(ROW(r)->perf, ROW(r)->node, ROW(r)->busy[ROW(r)->node], FALSE, v);
}

static void roofline(const void *r, struct value *v)
{
	perf_cell_roofline(ROW(r)->perf, ROW(r)->node, v);
}

static void roofline_share(const void *r, struct value *v)
{
	perf_cell_roofline_share(ROW(r)->perf, ROW(r)->node, ROW(r)->busy[ROW(r)->node], v);
}

static void bound(const void *r, struct value *v)
{
	perf_cell_bound(ROW(r)->perf, ROW(r)->node, v);
}

/* SPEC 14.3: on a grafted row, NAME#CORRELATION of the graph launch. */
static void replayed_by(const void *r, struct value *v)
{
	const struct event **replayed = ROW(r)->forest->replayed_by;
	const struct event *launch = replayed ? replayed[ROW(r)->node] : NULL;
	if (!launch) {
		value_text(v, NULL, 0);
		return;
	}
	GString *text = ROW(r)->replayed;
	g_string_truncate(text, 0);
	g_string_append_len(text, launch->name->text, launch->name->len);
	if (launch->has_correlation == 2)
		g_string_append_printf(text, "#%" G_GINT64_FORMAT, launch->correlation);
	else if (launch->has_correlation)
		g_string_append_printf(text, "#%" G_GUINT64_FORMAT, (guint64)launch->correlation);
	value_text(v, text->str, text->len);
}

static void self_host_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, node_self_host_time(ROW(r)->forest, ROW(r)->node));
}

static void self_device_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, sums_self(ROW(r)->sums, FIGURE_DEVICE_TIME, ROW(r)->node));
}

static void launch_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, inclusive(r, FIGURE_LAUNCHES));
}

static void device_event_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, inclusive(r, FIGURE_DEVICE_EVENTS));
}

/* SPEC 19.5: non-nested launches with device work of their own or nested. */
static void device_launch_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, inclusive(r, FIGURE_DEVICE_LAUNCHES));
}

static void compute(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_COMPUTE));
}

static void communication(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_COMMUNICATION));
}

static void memcpy_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_MEMCPY));
}

static void memset_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_MEMSET));
}

static void sync_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, inclusive(r, FIGURE_SYNC));
}

/* SPEC 19.3: the host wait blamed on the node's thread within it, and that
 * less its children's (src/attribution/waiting.h), O(d log g) each. */
static void device_waiting(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, waiting_node(ROW(r)->waiting, ROW(r)->node));
}

static void self_device_waiting(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, waiting_self(ROW(r)->waiting, ROW(r)->node));
}

/* SPEC 19.1: non-nested blocking launches. */
static void blocking_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, inclusive(r, FIGURE_BLOCKING));
}

static void input_dims(const void *r, struct value *v)
{
	value_literal(v, EVENT(r)->extra ? EVENT(r)->extra->input_dims : NULL);
}

static void input_type(const void *r, struct value *v)
{
	value_literal(v, EVENT(r)->extra ? EVENT(r)->extra->input_type : NULL);
}

#define ET_NODE(r) (ROW(r)->et_node)

static void et_node(const void *r, struct value *v)
{
	if (ET_NODE(r))
		value_number(v, VALUE_INTEGER, ET_NODE(r)->id);
	else
		v->type = VALUE_EMPTY;
}

static void op_schema(const void *r, struct value *v)
{
	value_string(v, ET_NODE(r) ? ET_NODE(r)->op_schema : NULL);
}

static void input_shapes(const void *r, struct value *v)
{
	value_literal(v, ET_NODE(r) ? ET_NODE(r)->input_shapes : NULL);
}

static void input_types(const void *r, struct value *v)
{
	value_literal(v, ET_NODE(r) ? ET_NODE(r)->input_types : NULL);
}

static void output_shapes(const void *r, struct value *v)
{
	value_literal(v, ET_NODE(r) ? ET_NODE(r)->output_shapes : NULL);
}

static void output_types(const void *r, struct value *v)
{
	value_literal(v, ET_NODE(r) ? ET_NODE(r)->output_types : NULL);
}

/* Bytes, or no value when the trace has no [memory] events (never a false 0). */
static void memory(const void *r, struct value *v, gint64 bytes)
{
	if (ROW(r)->attribution->memory_count)
		value_number(v, VALUE_BYTES, bytes);
	else
		v->type = VALUE_EMPTY;
}

static void host_memory(const void *r, struct value *v)
{
	memory(r, v, ROW(r)->memory.host);
}

static void self_host_memory(const void *r, struct value *v)
{
	memory(r, v, ROW(r)->memory.self_host);
}

static void device_memory(const void *r, struct value *v)
{
	memory(r, v, ROW(r)->memory.device);
}

static void self_device_memory(const void *r, struct value *v)
{
	memory(r, v, ROW(r)->memory.self_device);
}

/* SPEC 21: how far the node raised its process's accelerator allocation
 * above where it started, over its window [ts, ts + dur]: O(log n). */
static void memory_peak_increase(const void *r, struct value *v)
{
	if (!ROW(r)->attribution->memory_count || !ROW(r)->memory_devices) {
		v->type = VALUE_EMPTY;
		return;
	}
	struct memory_window window;
	memory_devices_window(ROW(r)->memory_devices, EVENT(r)->thread, EVENT(r)->ts, event_end(EVENT(r)), &window);
	value_number(v, VALUE_BYTES, window.increase);
}

/* The step holding the node's ts, on its process (SPEC 11.2); a grafted
 * node's is the op's it is grafted under (SPEC 14.3). */
static void step(const void *r, struct value *v)
{
	const struct event *event = forest_step_event(ROW(r)->forest, ROW(r)->node);
	guint found = ROW(r)->steps ? steps_find(ROW(r)->steps, event->thread, event->ts) : NO_STEP;
	if (found == NO_STEP)
		v->type = VALUE_EMPTY;
	else
		value_text(v, ROW(r)->steps->events[found].name->text, ROW(r)->steps->events[found].name->len);
}

static void rank(const void *r, struct value *v)
{
	value_rank(v, ROW(r)->rank);
}

/* The node's inclusive device time as a share of all device events' time;
 * no value when the trace has none. */
static void device_share(const void *r, struct value *v)
{
	if (ROW(r)->device_total > 0)
		value_number(v, VALUE_PERCENT, tenths_of_percent(inclusive(r, FIGURE_DEVICE_TIME), ROW(r)->device_total));
	else
		v->type = VALUE_EMPTY;
}

static void tree_name(const void *r, struct value *v)
{
	GString *label = ROW(r)->label;
	guint depth = ROW(r)->depth, base = ROW(r)->indent_base;
	g_string_truncate(label, 0);
	for (guint level = base; level < depth; level++)
		g_string_append(label, "  ");
	g_string_append_len(label, EVENT(r)->name->text, (gssize)EVENT(r)->name->len);
	value_text(v, label->str, label->len);
}

static const struct column tree_column = { "name", VALUE_TEXT, 0, tree_name };

const struct column *node_tree_column(void)
{
	return &tree_column;
}

#define DEFAULT COLUMN_DEFAULT
#define FIGURE(f) NODE_FIGURE(FIGURE_##f)

/* In the order of the catalogue's listing; the default ones first. */
static const struct column columns[] = {
	{ "name", VALUE_TEXT, DEFAULT | NODE_PATH, name },
	{ "args", VALUE_LITERAL, DEFAULT, args },
	{ "host duration(ms)", VALUE_DURATION, DEFAULT, host_duration },
	{ "device duration(ms)", VALUE_DURATION, DEFAULT | FIGURE(DEVICE_TIME), device_duration },
	{ "cuda launch duration(ms)", VALUE_DURATION, DEFAULT | FIGURE(LAUNCH_TIME), launch_duration },
	{ "cuda_runtime", VALUE_ENTRIES, DEFAULT | NODE_SUMS, cuda_runtime },
	{ "kernels", VALUE_ENTRIES, DEFAULT | NODE_SUMS, kernels },
	{ "kernel infos", VALUE_ENTRIES, DEFAULT | NODE_SUMS, kernel_infos },
	{ "host ts", VALUE_TIMESTAMP, DEFAULT, host_ts },
	{ "cuda launch ts", VALUE_ENTRIES, DEFAULT | NODE_SUMS, launch_ts },
	{ "kernel ts", VALUE_ENTRIES, DEFAULT | NODE_SUMS, kernel_ts },
	{ "Operation", VALUE_TEXT, 0, operation },
	{ "depth", VALUE_INTEGER, 0, depth },
	{ "pid", VALUE_TEXT, 0, pid },
	{ "tid", VALUE_TEXT, 0, tid },
	{ "category", VALUE_TEXT, 0, category },
	{ "self host duration(ms)", VALUE_DURATION, 0, self_host_duration },
	{ "self device duration(ms)", VALUE_DURATION, FIGURE(DEVICE_TIME), self_device_duration },
	{ "device busy(ms)", VALUE_DURATION, NODE_BUSY, device_busy },
	{ "launch count", VALUE_INTEGER, FIGURE(LAUNCHES), launch_count },
	{ "device event count", VALUE_INTEGER, FIGURE(DEVICE_EVENTS), device_event_count },
	{ "device launch count", VALUE_INTEGER, FIGURE(DEVICE_LAUNCHES), device_launch_count },
	{ "Input Dims", VALUE_LITERAL, NODE_EXTRAS, input_dims },
	{ "Input Type", VALUE_LITERAL, NODE_EXTRAS, input_type },
	{ "et node", VALUE_INTEGER, NODE_ET, et_node },
	{ "op schema", VALUE_TEXT, NODE_ET, op_schema },
	{ "input shapes", VALUE_LITERAL, NODE_ET, input_shapes },
	{ "input types", VALUE_LITERAL, NODE_ET, input_types },
	{ "output shapes", VALUE_LITERAL, NODE_ET, output_shapes },
	{ "output types", VALUE_LITERAL, NODE_ET, output_types },
	{ "host memory(bytes)", VALUE_BYTES, NODE_MEMORY, host_memory },
	{ "self host memory(bytes)", VALUE_BYTES, NODE_MEMORY, self_host_memory },
	{ "device memory(bytes)", VALUE_BYTES, NODE_MEMORY, device_memory },
	{ "self device memory(bytes)", VALUE_BYTES, NODE_MEMORY, self_device_memory },
	{ "memory peak increase(bytes)", VALUE_BYTES, NODE_MEMORY_PEAK, memory_peak_increase },
	{ "compute(ms)", VALUE_DURATION, FIGURE(COMPUTE), compute },
	{ "communication(ms)", VALUE_DURATION, FIGURE(COMMUNICATION), communication },
	{ "memcpy(ms)", VALUE_DURATION, FIGURE(MEMCPY), memcpy_duration },
	{ "memset(ms)", VALUE_DURATION, FIGURE(MEMSET), memset_duration },
	{ "sync duration(ms)", VALUE_DURATION, FIGURE(SYNC), sync_duration },
	{ "device waiting(ms)", VALUE_DURATION, NODE_WAITING, device_waiting },
	{ "self device waiting(ms)", VALUE_DURATION, NODE_WAITING, self_device_waiting },
	{ "blocking count", VALUE_INTEGER, FIGURE(BLOCKING), blocking_count },
	{ "step", VALUE_TEXT, NODE_STEPS, step },
	{ "rank", VALUE_INTEGER, 0, rank },
	{ "replayed by", VALUE_TEXT, 0, replayed_by },
	{ "flops", VALUE_INTEGER, NODE_PERF, flops },
	{ "bytes", VALUE_INTEGER, NODE_PERF, bytes_moved },
	{ "TFLOP/s", VALUE_RATIO, NODE_PERF | NODE_BUSY, tflops },
	{ "TB/s", VALUE_RATIO, NODE_PERF | NODE_BUSY, tbytes },
	{ "roofline(ms)", VALUE_DURATION, NODE_PERF, roofline },
	{ "roofline %", VALUE_PERCENT, NODE_PERF | NODE_BUSY, roofline_share },
	{ "bound", VALUE_TEXT, NODE_PERF, bound },
	{ "device %", VALUE_PERCENT, NODE_SHARE | FIGURE(DEVICE_TIME), device_share },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *node_catalogue(void)
{
	return &catalogue;
}

char *node_view_list(const char *list)
{
	if (!list)
		return g_strdup(NODE_VIEW_COLUMNS);
	return list[0] == '+' ? g_strconcat(NODE_VIEW_COLUMNS, ",", list + 1, NULL) : g_strdup(list);
}

void node_row_init(struct node_row *row, const struct forest *forest, const struct attribution *attribution,
		   const struct et *et, guint flags, const GRegex *communication)
{
	*row = (struct node_row){ .forest = forest, .attribution = attribution, .et = et, .flags = flags };
	row->launches = g_array_new(FALSE, FALSE, sizeof(guint));
	row->label = g_string_new(NULL);
	row->replayed = g_string_new(NULL);
	row->numbers = g_malloc(2 * sizeof *row->numbers);
	row->indent_base = 1;
	if (flags & NODE_SHARE) {
		struct coverage coverage;
		attribution_coverage(attribution, &coverage);
		row->device_total = coverage.total;
	}
	row->sums = sums_new(forest, attribution, NODE_FIGURES(flags), communication, (flags & NODE_SUMS) != 0);
}

void node_row_clear(struct node_row *row)
{
	g_array_free(row->launches, TRUE);
	row->launches = NULL;
	g_string_free(row->label, TRUE);
	row->label = NULL;
	g_string_free(row->replayed, TRUE);
	row->replayed = NULL;
	g_clear_pointer(&row->numbers, g_free);
	g_clear_pointer(&row->busy, g_free);
	g_clear_pointer(&row->waiting, waiting_free);
	sums_free(row->sums);
	row->sums = NULL;
}

void node_row_set(struct node_row *row, guint node, guint depth, const GString *path)
{
	row->node = node;
	row->depth = depth;
	row->path = path;
	row->et_node = et_lookup(row->et, &row->forest->events[node]);
	if (row->flags & NODE_SUMS) { /* only the list columns: their cost is what they print */
		g_array_set_size(row->launches, 0);
		attribution_node_launches(row->attribution, row->forest, node, row->launches);
		sums_set_row(row->sums, row->attribution, node, row->launches);
	}
	if (row->flags & NODE_MEMORY)
		attribution_node_memory(row->attribution, row->forest, node, &row->memory);
	if ((row->flags & NODE_BUSY) && !row->busy)
		row->busy = busy_compute(row->attribution, row->forest);
	if ((row->flags & NODE_WAITING) && !row->waiting)
		row->waiting = waiting_compute(row->attribution, row->forest);
}
