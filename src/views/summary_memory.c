#include "views/summary_memory.h"
#include "attribution/memory_devices.h"

struct memory_row {
	const struct memory_device *device;
	const struct memory_event *peak; /* its peak event, or NULL */
	const struct event *step;        /* the peak's step, or NULL */
	GString *path;                   /* the peak's node's path, or NULL */
	const char *rank;
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
	if (DEVICE(r)->type == 0)
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
	if (ROW(r)->peak)
		value_number(v, VALUE_TIMESTAMP, ROW(r)->peak->ts);
	else
		v->type = VALUE_EMPTY;
}

static void peak_step(const void *r, struct value *v)
{
	if (ROW(r)->step)
		value_text(v, ROW(r)->step->name->text, ROW(r)->step->name->len);
	else
		v->type = VALUE_EMPTY;
}

static void peak_in(const void *r, struct value *v)
{
	if (ROW(r)->path)
		value_text(v, ROW(r)->path->str, ROW(r)->path->len);
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
	{ "peak allocated(bytes)", VALUE_BYTES, COLUMN_DEFAULT, peak_allocated },
	{ "peak ts(us)", VALUE_TIMESTAMP, COLUMN_DEFAULT, peak_ts },
	{ "peak step", VALUE_TEXT, COLUMN_DEFAULT, peak_step },
	{ "peak in", VALUE_TEXT, COLUMN_DEFAULT, peak_in },
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

gboolean write_memory_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			      const struct write_config *config, guint64 *rows)
{
	const struct memory_devices *md = config->memory;
	guint count = md ? md->count : 0;
	g_autofree struct memory_row *cells = g_new0(struct memory_row, count ? count : 1);
	g_autoptr(GPtrArray) written = g_ptr_array_sized_new(count);
	const struct steps *steps = config->selection->steps;
	for (guint i = 0; i < count; i++) {
		struct memory_row *row = &cells[i];
		row->device = &md->devices[i];
		row->rank = config->rank;
		if (row->device->has_peak) {
			guint m = row->device->peak_event;
			row->peak = &a->memory[m];
			guint s = steps ? steps_find(steps, row->peak->thread, row->peak->ts) : NO_STEP;
			row->step = s == NO_STEP ? NULL : &steps->events[s];
			if (a->memory_owner[m] != NO_OWNER) {
				row->path = g_string_new(NULL);
				forest_path(forest, a->memory_owner[m], row->path);
			}
		}
		g_ptr_array_add(written, row);
	}
	gboolean ok = write_rows(out, config, written);
	*rows = write_rows_count(config, written->len);
	for (guint i = 0; i < count; i++)
		if (cells[i].path)
			g_string_free(cells[i].path, TRUE);
	return ok;
}
