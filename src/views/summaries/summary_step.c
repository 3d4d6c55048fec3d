/* The step summary (SPEC 11.2): one row per step, in step order. A step's
 * device figures take every launch of the step by time — the launch's pid
 * and ts, whether or not a monitored node holds it — so the rows account
 * for all device time inside steps. One pass over the launches; each
 * step's busy time is the union of its device events' intervals, sorted
 * and merged once: O(E log E). Idle time (SPEC 15.3) is of the step's
 * devices over its window, whoever kept them busy: src/attribution/idle_steps.h;
 * a trace without device events has none (the idle cells are empty).
 * The page's step bars (src/page/page_charts.h) take the same rows' figures. */
#include "views/summaries/summary_step.h"
#include <string.h>
#include "attribution/sums.h"
#include "attribution/idle_steps.h"
#include "attribution/memory_devices.h"

/* A column that needs the idle figures (their own sweep, SPEC 15.3). */
enum { STEP_IDLE = COLUMN_TABLE_FLAGS << 0 };

struct interval {
	gint64 start, end;
};

struct step_row {
	const struct event *step;
	const char *pid;
	char pid_number[THREADS_NUMBER_MAX]; /* the pid, when threads keep it as a number */
	gint64 figures[FIGURE_COUNT];
	gint64 busy;
	gint64 first, last; /* its device events' first start and last end (SPEC 19.4), when intervals has any */
	struct idle_figures idle;
	GArray *intervals; /* struct interval: its device events */
	struct memory_window memory; /* its process's accelerators over its window (SPEC 21) */
	gboolean memory_known;       /* the run read [memory] events */
};

static int compare_intervals(gconstpointer x, gconstpointer y)
{
	const struct interval *a = x, *b = y;
	return (a->start > b->start) - (a->start < b->start);
}

/* The length of the union of INTERVALS (sorted here). */
static gint64 union_length(GArray *intervals)
{
	g_array_sort(intervals, compare_intervals);
	gint64 length = 0, start = 0, end = G_MININT64;
	for (guint i = 0; i < intervals->len; i++) {
		const struct interval *v = &g_array_index(intervals, struct interval, i);
		if (v->start > end) {
			if (end > start)
				length += end - start;
			start = v->start;
			end = v->end;
		} else if (v->end > end) {
			end = v->end;
		}
	}
	if (end > start)
		length += end - start;
	return length;
}

#define ROW(r) ((const struct step_row *)(r))

static void step_name(const void *r, struct value *v)
{
	value_text(v, ROW(r)->step->name->text, ROW(r)->step->name->len);
}

static void pid(const void *r, struct value *v)
{
	value_string(v, ROW(r)->pid);
}

static void host_duration(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->step->dur);
}

static void busy(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->busy);
}

static void device_idle(const void *r, struct value *v)
{
	if (!ROW(r)->idle.known) /* no device, no idle figure */
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_DURATION, ROW(r)->idle.idle);
}

static void host_wait(const void *r, struct value *v)
{
	if (!ROW(r)->idle.known) /* no device, no idle figure */
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_DURATION, ROW(r)->idle.host_wait);
}

static void other_idle(const void *r, struct value *v)
{
	if (!ROW(r)->idle.known) /* no device, no idle figure */
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_DURATION, ROW(r)->idle.idle - ROW(r)->idle.host_wait);
}

/* SPEC 19.4: the step as the device saw it; empty without device events. */
static void device_span(const void *r, struct value *v)
{
	if (!ROW(r)->intervals->len)
		v->type = VALUE_EMPTY;
	else
		value_number(v, VALUE_DURATION, ROW(r)->last - ROW(r)->first);
}

/* SPEC 21: the largest allocation of the step's accelerators in its window;
 * empty without an accelerator memory event in it. */
static void peak_allocated(const void *r, struct value *v)
{
	if (ROW(r)->memory.found)
		value_number(v, VALUE_BYTES, ROW(r)->memory.peak);
	else
		v->type = VALUE_EMPTY;
}

/* The device of that peak: its last value in the window less its last before (0 when none). */
static void memory_growth(const void *r, struct value *v)
{
	if (ROW(r)->memory.found)
		value_number(v, VALUE_BYTES, ROW(r)->memory.last - ROW(r)->memory.before);
	else
		v->type = VALUE_EMPTY;
}

#define FIGURE_GETTER(getter, figure, type)                                   \
	static void getter(const void *r, struct value *v)                    \
	{                                                                     \
		value_number(v, type, ROW(r)->figures[figure]);               \
	}
FIGURE_GETTER(device_total, FIGURE_DEVICE_TIME, VALUE_DURATION)
FIGURE_GETTER(compute, FIGURE_COMPUTE, VALUE_DURATION)
FIGURE_GETTER(communication, FIGURE_COMMUNICATION, VALUE_DURATION)
FIGURE_GETTER(memcpy_total, FIGURE_MEMCPY, VALUE_DURATION)
FIGURE_GETTER(memset_total, FIGURE_MEMSET, VALUE_DURATION)
FIGURE_GETTER(sync_total, FIGURE_SYNC, VALUE_DURATION)
FIGURE_GETTER(launch_total, FIGURE_LAUNCH_TIME, VALUE_DURATION)
FIGURE_GETTER(launch_count, FIGURE_LAUNCHES, VALUE_INTEGER)
FIGURE_GETTER(device_events, FIGURE_DEVICE_EVENTS, VALUE_INTEGER)
FIGURE_GETTER(device_launches, FIGURE_DEVICE_LAUNCHES, VALUE_INTEGER)

static const struct column columns[] = {
	{ "step", VALUE_TEXT, COLUMN_DEFAULT, step_name },
	{ "host duration(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_duration },
	{ "device total(ms)", VALUE_DURATION, COLUMN_DEFAULT, device_total },
	{ "device busy(ms)", VALUE_DURATION, COLUMN_DEFAULT, busy },
	{ "compute(ms)", VALUE_DURATION, COLUMN_DEFAULT, compute },
	{ "communication(ms)", VALUE_DURATION, COLUMN_DEFAULT, communication },
	{ "memcpy(ms)", VALUE_DURATION, COLUMN_DEFAULT, memcpy_total },
	{ "memset(ms)", VALUE_DURATION, COLUMN_DEFAULT, memset_total },
	{ "sync total(ms)", VALUE_DURATION, COLUMN_DEFAULT, sync_total },
	{ "cuda launch total(ms)", VALUE_DURATION, COLUMN_DEFAULT, launch_total },
	{ "launch count", VALUE_INTEGER, COLUMN_DEFAULT, launch_count },
	{ "device event count", VALUE_INTEGER, COLUMN_DEFAULT, device_events },
	{ "device idle(ms)", VALUE_DURATION, COLUMN_DEFAULT | STEP_IDLE | COLUMN_ESSENTIAL, device_idle },
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT | STEP_IDLE | COLUMN_ESSENTIAL, host_wait },
	{ "other idle(ms)", VALUE_DURATION, COLUMN_DEFAULT | STEP_IDLE, other_idle },
	{ "device span(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, device_span },
	/* NODE_MEMORY: the run reads the [memory] events for these */
	{ "peak allocated(bytes)", VALUE_BYTES, COLUMN_DEFAULT | NODE_MEMORY, peak_allocated },
	{ "memory growth(bytes)", VALUE_BYTES, COLUMN_DEFAULT | NODE_MEMORY, memory_growth },
	{ "pid", VALUE_TEXT, 0, pid },
	/* SPEC 19.5: the formats for people show it instead of launch count (STEP_SUMMARY_VIEW_COLUMNS) */
	{ "device launch count", VALUE_INTEGER, 0, device_launches },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

static gboolean idle_asked(const struct write_config *config)
{
	return ((columns_flags(config->layout->picked) | columns_flags(config->sort)) & STEP_IDLE) != 0;
}

const struct catalogue *step_summary_catalogue(void)
{
	return &catalogue;
}

/* The rows of the steps in CONFIG's --step range, in step order, into
 * WRITTEN (pointers into the returned array, steps->count + 1 rows; free
 * it with rows_free); IDLE: work out the idle figures too. */
static struct step_row *step_rows(const struct forest *forest, const struct attribution *a,
				  const struct write_config *config, gboolean idle_wanted, GPtrArray *written)
{
	const struct steps *steps = config->selection->steps;
	const struct step_range *range = &config->selection->step;
	struct step_row *by_step = g_new0(struct step_row, steps->count + 1);
	for (guint i = 0; i < steps->count; i++) {
		by_step[i].step = &steps->events[i];
		by_step[i].pid = threads_pid(forest->thread_ids, steps->events[i].thread, by_step[i].pid_number);
		by_step[i].intervals = g_array_new(FALSE, FALSE, sizeof(struct interval));
	}
	g_autoptr(Sums) sums = sums_new(NULL, a, FIGURE_BIT(FIGURE_COUNT) - 1, config->communication, TRUE);
	gint64 v[FIGURE_COUNT];
	for (guint l = 0; l < a->launch_count; l++) {
		guint s = steps_find(steps, a->launches[l].thread, a->launches[l].ts);
		if (s == NO_STEP || !step_range_holds(range, steps->number[s]))
			continue;
		sums_launch(sums, a, l, v);
		for (guint f = 0; f < FIGURE_COUNT; f++)
			by_step[s].figures[f] += v[f];
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
			struct interval interval = { attribution_device(a, d)->ts, event_end(attribution_device(a, d)) };
			if (!by_step[s].intervals->len || interval.start < by_step[s].first)
				by_step[s].first = interval.start;
			if (!by_step[s].intervals->len || interval.end > by_step[s].last)
				by_step[s].last = interval.end;
			g_array_append_val(by_step[s].intervals, interval);
		}
	}
	g_autofree gboolean *wanted = g_new0(gboolean, steps->count + 1);
	for (guint i = 0; i < steps->count; i++)
		wanted[i] = step_range_holds(range, steps->number[i]);
	g_autofree struct idle_figures *idle = g_new0(struct idle_figures, steps->count + 1);
	if (idle_wanted)
		idle_steps_compute(a, forest->thread_ids, steps, wanted, idle);
	for (guint i = 0; i < steps->count; i++) {
		by_step[i].idle = idle[i];
		if (config->memory && step_range_holds(range, steps->number[i]))
			memory_devices_window(config->memory, steps->events[i].thread, steps->events[i].ts,
					      event_end(&steps->events[i]), &by_step[i].memory);
	}
	for (guint k = 0; k < steps->count; k++) {
		struct step_row *row = &by_step[steps->order[k]];
		if (!step_range_holds(range, steps->number[steps->order[k]]))
			continue;
		row->busy = union_length(row->intervals);
		g_ptr_array_add(written, row);
	}
	return by_step;
}

static void rows_free(struct step_row *by_step, guint count)
{
	for (guint i = 0; i < count; i++)
		g_array_free(by_step[i].intervals, TRUE);
	g_free(by_step);
}

gboolean write_step_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			    const struct write_config *config, guint64 *rows)
{
	g_autoptr(GPtrArray) written = g_ptr_array_new();
	struct step_row *by_step = step_rows(forest, a, config, idle_asked(config), written);
	gboolean ok = write_rows(out, config, written);
	*rows = write_rows_count(config, written->len);
	rows_free(by_step, config->selection->steps->count);
	return ok;
}

static void step_figures_clear(gpointer data)
{
	g_free(((struct step_figures *)data)->pid);
}

GArray *step_summary_figures(const struct forest *forest, const struct attribution *a,
			     const struct write_config *config)
{
	g_autoptr(GPtrArray) written = g_ptr_array_new();
	struct step_row *by_step = step_rows(forest, a, config, TRUE, written);
	GArray *figures = g_array_sized_new(FALSE, TRUE, sizeof(struct step_figures), written->len);
	g_array_set_clear_func(figures, step_figures_clear);
	for (guint i = 0; i < written->len; i++) {
		const struct step_row *row = written->pdata[i];
		struct step_figures f = {
			.step = row->step,
			.pid = g_strdup(row->pid),
			.device_total = row->figures[FIGURE_DEVICE_TIME],
			.launch_time = row->figures[FIGURE_LAUNCH_TIME],
			.busy = row->busy,
			.idle = row->idle.idle,
			.host_wait = row->idle.host_wait,
			.idle_known = row->idle.known,
			.device_span = row->intervals->len ? row->last - row->first : 0,
			.has_span = row->intervals->len > 0,
		};
		for (guint c = 0; c < CLASS_COUNT; c++)
			f.classes[c] = row->figures[FIGURE_COMPUTE + c];
		g_array_append_val(figures, f);
	}
	rows_free(by_step, config->selection->steps->count);
	return figures;
}
