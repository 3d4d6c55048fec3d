/* The step summary (SPEC 11.2): one row per step, in step order. A step's
 * device figures take every launch of the step by time — the launch's pid
 * and ts, whether or not a monitored node holds it — so the rows account
 * for all device time inside steps. One pass over the launches; each
 * step's busy time is the union of its device events' intervals, sorted
 * and merged once: O(E log E). Idle time (SPEC 15.3) is of the step's
 * devices over its window, whoever kept them busy: src/attribution/idle_steps.h. */
#include "views/summary_step.h"
#include <string.h>
#include "attribution/sums.h"
#include "attribution/idle_steps.h"

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
	struct idle_figures idle;
	GArray *intervals; /* struct interval: its device events */
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
	value_number(v, VALUE_DURATION, ROW(r)->idle.idle);
}

static void host_wait(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->idle.host_wait);
}

static void other_idle(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->idle.idle - ROW(r)->idle.host_wait);
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
	{ "device idle(ms)", VALUE_DURATION, COLUMN_DEFAULT | STEP_IDLE, device_idle },
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT | STEP_IDLE, host_wait },
	{ "other idle(ms)", VALUE_DURATION, COLUMN_DEFAULT | STEP_IDLE, other_idle },
	{ "pid", VALUE_TEXT, 0, pid },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

static gboolean idle_asked(const struct write_config *config)
{
	return ((columns_flags(config->layout->picked) | (config->sort ? columns_flags(config->sort) : 0)) & STEP_IDLE) != 0;
}

const struct catalogue *step_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_step_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			    const struct write_config *config, guint64 *rows)
{
	const struct steps *steps = config->selection->steps;
	const struct step_range *range = &config->selection->step;
	g_autofree struct step_row *by_step = g_new0(struct step_row, steps->count + 1);
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
			struct interval interval = { a->device[d].ts, event_end(&a->device[d]) };
			g_array_append_val(by_step[s].intervals, interval);
		}
	}
	g_autofree gboolean *wanted = g_new0(gboolean, steps->count + 1);
	for (guint i = 0; i < steps->count; i++)
		wanted[i] = step_range_holds(range, steps->number[i]);
	g_autofree struct idle_figures *idle = g_new0(struct idle_figures, steps->count + 1);
	if (idle_asked(config))
		idle_steps_compute(a, forest->thread_ids, steps, wanted, idle);
	for (guint i = 0; i < steps->count; i++)
		by_step[i].idle = idle[i];
	g_autoptr(GPtrArray) written = g_ptr_array_new();
	for (guint k = 0; k < steps->count; k++) {
		struct step_row *row = &by_step[steps->order[k]];
		if (!step_range_holds(range, steps->number[steps->order[k]]))
			continue;
		row->busy = union_length(row->intervals);
		g_ptr_array_add(written, row);
	}
	gboolean ok = write_rows(out, config, written);
	*rows = write_rows_count(config, written->len);
	for (guint i = 0; i < steps->count; i++)
		g_array_free(by_step[i].intervals, TRUE);
	return ok;
}
