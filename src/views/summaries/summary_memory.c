#include "views/summaries/summary_memory.h"
#include "attribution/memory_devices.h"

/* A row: its device (the memory devices are kept as long as the rows),
 * owning the texts it writes of the trace (rows of several traces outlive
 * them): 72 bytes beside the device's, whatever the number of devices. */
struct memory_row {
	const struct memory_device *device;
	const char *rank;  /* or NULL (not owned) */
	char *label; /* memory_device_label's, when the Device Id alone does not tell it apart; or NULL */
	gboolean has_peak_ts;
	gint64 peak_ts;
	char *step;  /* the peak's step's name, or NULL */
	gsize step_len;
	char *path;  /* the peak's node's path, or NULL */
	gsize path_len;
};

#define ROW(r) ((const struct memory_row *)(r))
#define DEVICE(r) (ROW(r)->device)

static void rank(const void *r, struct value *v)
{
	value_rank(v, ROW(r)->rank);
}

static void pid(const void *r, struct value *v)
{
	value_string(v, DEVICE(r)->pid);
}

static void device(const void *r, struct value *v)
{
	if (ROW(r)->label)
		value_string(v, ROW(r)->label);
	else if (DEVICE(r)->type == 0)
		value_string(v, "cpu");
	else
		value_number(v, VALUE_INTEGER, DEVICE(r)->id);
}

#define COUNT_GETTER(getter, member)                                          \
	static void getter(const void *r, struct value *v)                    \
	{                                                                     \
		value_number(v, VALUE_INTEGER, DEVICE(r)->member);            \
	}
COUNT_GETTER(events, events)
COUNT_GETTER(allocations, allocations)
COUNT_GETTER(frees, frees)
COUNT_GETTER(out_of_memory, out_of_memory)

static void allocated_total(const void *r, struct value *v)
{
	value_number(v, VALUE_BYTES, DEVICE(r)->allocated_total);
}

/* BYTES when HAS, else no value (never a false 0). */
static void bytes_or_empty(struct value *v, gboolean has, gint64 bytes)
{
	if (has)
		value_number(v, VALUE_BYTES, bytes);
	else
		v->type = VALUE_EMPTY;
}

static void peak_allocated(const void *r, struct value *v)
{
	bytes_or_empty(v, DEVICE(r)->has_peak, DEVICE(r)->peak);
}

static void peak_ts(const void *r, struct value *v)
{
	if (ROW(r)->has_peak_ts)
		value_number(v, VALUE_TIMESTAMP, ROW(r)->peak_ts);
	else
		v->type = VALUE_EMPTY;
}

static void peak_step(const void *r, struct value *v)
{
	if (ROW(r)->step)
		value_text(v, ROW(r)->step, ROW(r)->step_len);
	else
		v->type = VALUE_EMPTY;
}

static void peak_in(const void *r, struct value *v)
{
	if (ROW(r)->path)
		value_text(v, ROW(r)->path, ROW(r)->path_len);
	else
		v->type = VALUE_EMPTY;
}

static void peak_reserved(const void *r, struct value *v)
{
	bytes_or_empty(v, DEVICE(r)->has_reserved, DEVICE(r)->peak_reserved);
}

static void final_allocated(const void *r, struct value *v)
{
	bytes_or_empty(v, DEVICE(r)->has_peak, DEVICE(r)->final);
}

static void capacity(const void *r, struct value *v)
{
	bytes_or_empty(v, DEVICE(r)->has_capacity, DEVICE(r)->capacity);
}

static const struct column columns[] = {
	{ "pid", VALUE_TEXT, COLUMN_DEFAULT, pid },
	{ "device", VALUE_TEXT, COLUMN_DEFAULT, device },
	{ "events", VALUE_INTEGER, COLUMN_DEFAULT, events },
	{ "allocations", VALUE_INTEGER, COLUMN_DEFAULT, allocations },
	{ "frees", VALUE_INTEGER, COLUMN_DEFAULT, frees },
	{ "allocated total(bytes)", VALUE_BYTES, COLUMN_DEFAULT, allocated_total },
	/* SPEC 28: the peak and where it was, kept first in a table (peak in cut to its innermost frames) */
	{ "peak allocated(bytes)", VALUE_BYTES, COLUMN_DEFAULT | COLUMN_ESSENTIAL, peak_allocated },
	{ "peak ts(us)", VALUE_TIMESTAMP, COLUMN_DEFAULT | COLUMN_SECONDARY, peak_ts },
	{ "peak step", VALUE_TEXT, COLUMN_DEFAULT, peak_step },
	{ "peak in", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL | COLUMN_PATH_END, peak_in },
	{ "peak reserved(bytes)", VALUE_BYTES, COLUMN_DEFAULT, peak_reserved },
	{ "final allocated(bytes)", VALUE_BYTES, COLUMN_DEFAULT, final_allocated },
	{ "capacity(bytes)", VALUE_BYTES, COLUMN_DEFAULT, capacity },
	{ "out of memory", VALUE_INTEGER, COLUMN_DEFAULT, out_of_memory },
	{ "rank", VALUE_INTEGER, 0, rank },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *memory_summary_catalogue(void)
{
	return &catalogue;
}

static void row_free(gpointer data)
{
	struct memory_row *row = data;
	g_free(row->label);
	g_free(row->step);
	g_free(row->path);
	g_free(row);
}

GPtrArray *memory_summary_rows(const struct forest *forest, const struct attribution *a,
			       const struct memory_devices *md, const struct steps *steps, const char *rank)
{
	guint count = md ? md->count : 0;
	GPtrArray *rows = g_ptr_array_new_full(count, row_free);
	g_autoptr(GString) path = g_string_new(NULL);
	for (guint i = 0; i < count; i++) {
		struct memory_row *row = g_new0(struct memory_row, 1);
		row->device = &md->devices[i];
		if (row->device->ambiguous) {
			GString *label = g_string_new(NULL);
			memory_device_label(label, row->device);
			row->label = g_string_free(label, FALSE);
		}
		row->rank = rank;
		if (row->device->has_peak) {
			guint m = row->device->peak_event;
			const struct memory_event *peak = &a->memory[m];
			row->has_peak_ts = TRUE;
			row->peak_ts = peak->ts;
			guint s = steps ? steps_find(steps, peak->thread, peak->ts) : NO_STEP;
			if (s != NO_STEP) {
				row->step = g_memdup2(steps->events[s].name->text, steps->events[s].name->len + 1);
				row->step_len = steps->events[s].name->len;
			}
			if (a->memory_owner[m] != NO_OWNER) {
				forest_path(forest, a->memory_owner[m], path);
				row->path = g_memdup2(path->str, path->len + 1);
				row->path_len = path->len;
			}
		}
		g_ptr_array_add(rows, row);
	}
	return rows;
}

gboolean write_memory_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			      const struct write_config *config, guint64 *rows)
{
	g_autoptr(GPtrArray) written =
		memory_summary_rows(forest, a, config->memory, config->selection->steps, config->rank);
	gboolean ok = write_rows(out, config, written);
	*rows = write_rows_count(config, written->len);
	return ok;
}
