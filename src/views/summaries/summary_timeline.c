/* --summary timeline (SPEC 18.1): one row per device and time bin, of
 * src/attribution/timeline_bins.h's figures; start(ms) and end(ms) are the
 * bin's bounds from the start of the analysed span (SPEC 28; may be
 * negative: a device's work before the first step). */
#include "views/summaries/summary_timeline.h"
#include "attribution/memory_devices.h"
#include "attribution/timeline_bins.h"

struct bin_row {
	const struct timeline_bins_device *device;
	guint k;
	gint64 origin; /* the analysed span's start (ns) */
};

#define ROW(r) ((const struct bin_row *)(r))
#define FIGURE(r, f) (ROW(r)->device->figures[(gsize)ROW(r)->k * BIN_FIGURES + (f)])
#define BOUND(r, i) (ROW(r)->device->bins.bounds[ROW(r)->k + (i)])

static void device(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->device->device);
}

static void bin(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->k);
}

static void start(const void *r, struct value *v)
{
	value_number(v, VALUE_TIMESTAMP, BOUND(r, 0));
}

static void end(const void *r, struct value *v)
{
	value_number(v, VALUE_TIMESTAMP, BOUND(r, 1));
}

static void start_ms(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, BOUND(r, 0) - ROW(r)->origin);
}

static void end_ms(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, BOUND(r, 1) - ROW(r)->origin);
}

#define FIGURE_GETTER(getter, figure)                                    \
	static void getter(const void *r, struct value *v)               \
	{                                                                \
		value_number(v, VALUE_DURATION, FIGURE(r, figure));      \
	}
FIGURE_GETTER(compute, CLASS_COMPUTE)
FIGURE_GETTER(communication, CLASS_COMMUNICATION)
FIGURE_GETTER(memcpy_time, CLASS_MEMCPY)
FIGURE_GETTER(memset_time, CLASS_MEMSET)
FIGURE_GETTER(busy, BIN_BUSY)
FIGURE_GETTER(host_wait, BIN_WAIT)

static void other_idle(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, BOUND(r, 1) - BOUND(r, 0) - FIGURE(r, BIN_BUSY) - FIGURE(r, BIN_WAIT));
}

static void step(const void *r, struct value *v)
{
	const struct event *s = ROW(r)->device->step[ROW(r)->k];
	if (s)
		value_text(v, s->name->text, s->name->len);
	else
		v->type = VALUE_EMPTY;
}

static void allocated(const void *r, struct value *v)
{
	gint64 bytes = ROW(r)->device->allocated[ROW(r)->k];
	if (bytes == BIN_NO_MEMORY)
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_BYTES, bytes);
}

static const struct column columns[] = {
	{ "device", VALUE_INTEGER, COLUMN_DEFAULT, device },
	{ "bin", VALUE_INTEGER, COLUMN_DEFAULT, bin },
	{ "start(ms)", VALUE_DURATION, COLUMN_DEFAULT, start_ms },
	{ "end(ms)", VALUE_DURATION, COLUMN_DEFAULT, end_ms },
	/* SPEC 28: the trace's own us stay in CSV and JSON Lines, left out first in a table */
	{ "start(us)", VALUE_TIMESTAMP, COLUMN_DEFAULT | COLUMN_SECONDARY, start },
	{ "end(us)", VALUE_TIMESTAMP, COLUMN_DEFAULT | COLUMN_SECONDARY, end },
	{ "compute(ms)", VALUE_DURATION, COLUMN_DEFAULT, compute },
	{ "communication(ms)", VALUE_DURATION, COLUMN_DEFAULT, communication },
	{ "memcpy(ms)", VALUE_DURATION, COLUMN_DEFAULT, memcpy_time },
	{ "memset(ms)", VALUE_DURATION, COLUMN_DEFAULT, memset_time },
	/* SPEC 28: when the device was busy and when it waited, kept first in a table */
	{ "busy(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, busy },
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, host_wait },
	{ "other idle(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, other_idle },
	{ "step", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, step },
	/* NODE_MEMORY: the run reads the [memory] events only for this column */
	{ "allocated(bytes)", VALUE_BYTES, COLUMN_DEFAULT | NODE_MEMORY, allocated },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *timeline_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_timeline_summary(struct output *out, const struct forest *forest, const struct attribution *a,
				const struct write_config *config, guint64 *rows)
{
	const struct selection *selection = config->selection;
	g_autoptr(TimelineBins) bins = timeline_bins_compute(a, forest->thread_ids, selection->steps, &selection->step,
							    config->bins ? config->bins : SUMMARY_BINS_DEFAULT,
							    config->communication);
	guint64 count = 0;
	for (guint d = 0; d < bins->count; d++)
		count += bins->devices[d].bins.count;
	g_autofree struct bin_row *cells = g_new(struct bin_row, count);
	g_autoptr(GPtrArray) written = g_ptr_array_sized_new((guint)count);
	gint64 origin = memory_span_start(selection->steps, a);
	for (guint d = 0, i = 0; d < bins->count; d++)
		for (guint k = 0; k < bins->devices[d].bins.count; k++, i++) {
			cells[i] = (struct bin_row){ &bins->devices[d], k, origin };
			g_ptr_array_add(written, &cells[i]);
		}
	struct write_config pure = *config; /* the getters read their bin alone */
	pure.pure_rows = TRUE;
	gboolean ok = write_rows(out, &pure, written);
	*rows = write_rows_count(config, written->len);
	return ok;
}
