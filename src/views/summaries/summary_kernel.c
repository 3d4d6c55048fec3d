/* The kernel summary (SPEC 11.2): one row per device event name, over every
 * device event of the trace, claimed by a launch or not (with --step, those
 * of the launches in the steps kept). `launched by` is the own name of the
 * monitored nodes whose own launches account for most of the kernel's time:
 * the nodes of one name count together, ties go to the name first in byte
 * order, and it is empty when no monitored node launched it. It is followed
 * by that name's share of the kernel's total time, in tenths of a percent
 * rounded half up (tenths_of_percent, as the percentage columns), so that
 * one of 24 identical layers reads "Attention_6 (4.2%)", not a hotspot; a
 * kernel of no time has no share. The launch delay (SPEC 15.3) of a device
 * event with a launch is its ts less its launch's (a grafted event's: the
 * graph launch's); the mean over a name's events with a launch is rounded
 * to the nearest nanosecond (half up), and both are empty when none has
 * one. The kernel properties (grid, block, registers per thread...: SPEC
 * 28) are the most frequent values of the events' args
 * (src/views/summaries/kernel_props.h), read only when one of their columns is
 * asked for. One pass over the device events; sorted by total descending,
 * then name. */
#include "views/summaries/summary_kernel.h"
#include <string.h>
#include "attribution/sums.h"
#include "views/summaries/kernel_props.h"

/* A column of the kernel properties (SPEC 28): the args are read only for them. */
enum { KERNEL_PROP_COLUMN = COLUMN_TABLE_FLAGS << 0 };

struct kernel_row {
	const struct name *name;
	enum figure class;
	guint64 count;
	gint64 total, min, max;
	guint64 delays;             /* events with a launch */
	__int128 delay_total;       /* each delay is within 63 bits (the trace's span is), their sum may not be */
	gint64 delay_max;
	GHashTable *by_op; /* const struct name * (the launching node's) -> gint64 *: time launched */
	const struct name *launched_by;
	GString *launcher; /* launched_by and its share: "alpha (50.0%)" (NUL allowed) */
	struct kernel_props *props; /* its events' properties (src/views/summaries/kernel_props.h), when a column asks; or NULL */
};

static const char *const class_names[] = {
	[FIGURE_COMPUTE] = "compute",
	[FIGURE_COMMUNICATION] = "communication",
	[FIGURE_MEMCPY] = "memcpy",
	[FIGURE_MEMSET] = "memset",
};

static void row_free(gpointer data)
{
	struct kernel_row *row = data;
	if (row->by_op)
		g_hash_table_destroy(row->by_op);
	if (row->launcher)
		g_string_free(row->launcher, TRUE);
	kernel_props_free(row->props);
	g_free(row);
}

/* EVENT, launched by the node named OP (NULL: none) at LAUNCH (NULL: it has no launch); PROPS: count its
 * properties. */
static void add_event(GHashTable *rows, struct sums *sums, const struct event *event, const struct name *op,
		      const struct event *launch, gboolean props)
{
	struct kernel_row *row = g_hash_table_lookup(rows, event->name);
	if (!row) {
		row = g_new0(struct kernel_row, 1);
		row->name = event->name;
		row->class = sums_device_class(sums, event);
		row->min = G_MAXINT64;
		g_hash_table_insert(rows, (gpointer)row->name, row);
	}
	if (props) {
		if (!row->props)
			row->props = kernel_props_new();
		kernel_props_add(row->props, event);
	}
	row->count++;
	row->total += event->dur;
	row->min = MIN(row->min, event->dur);
	row->max = MAX(row->max, event->dur);
	if (launch) {
		gint64 delay = event->ts - launch->ts;
		row->delay_max = row->delays ? MAX(row->delay_max, delay) : delay;
		row->delay_total += delay;
		row->delays++;
	}
	if (!op)
		return;
	if (!row->by_op)
		row->by_op = g_hash_table_new_full(name_text_hash, name_text_equal, NULL, g_free);
	gint64 *time = g_hash_table_lookup(row->by_op, op);
	if (!time) {
		time = g_new0(gint64, 1);
		g_hash_table_insert(row->by_op, (gpointer)op, time);
	}
	*time += event->dur;
}

/* The op that launched most of ROW's time (ties: the name first in byte
 * order), with its share of ROW's total time. */
static void choose_launcher(struct kernel_row *row)
{
	if (!row->by_op)
		return;
	GHashTableIter iter;
	gpointer op, time;
	gint64 best = -1;
	g_hash_table_iter_init(&iter, row->by_op);
	while (g_hash_table_iter_next(&iter, &op, &time)) {
		gint64 t = *(gint64 *)time;
		if (t > best || (t == best && name_text_order(op, row->launched_by) < 0)) {
			best = t;
			row->launched_by = op;
		}
	}
	row->launcher = g_string_new_len(row->launched_by->text, (gssize)row->launched_by->len);
	if (row->total > 0) { /* best <= total: what one name launched is part of the kernel's time */
		g_string_append(row->launcher, " (");
		percent_append(row->launcher, tenths_of_percent(best, row->total));
		g_string_append(row->launcher, "%)");
	}
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct kernel_row *a = *(struct kernel_row *const *)x, *b = *(struct kernel_row *const *)y;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return name_text_order(a->name, b->name);
}

#define ROW(r) ((const struct kernel_row *)(r))

static void name(const void *r, struct value *v)
{
	value_text(v, ROW(r)->name->text, ROW(r)->name->len);
}

static void class(const void *r, struct value *v)
{
	value_string(v, class_names[ROW(r)->class]);
}

static void count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count);
}

static void total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->total);
}

/* total / count, to the nearest nanosecond (half up) */
static void mean(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, mean_half_up(ROW(r)->total, (gint64)ROW(r)->count));
}

static void min(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->min);
}

static void max(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->max);
}

/* The delays' mean to the nearest nanosecond, half up (delays may be
 * negative: floor of (2 total + n) / 2n), in 128 bits: the mean lies
 * between the least and the greatest delay, so it fits 63 bits. */
static void delay_mean(const void *r, struct value *v)
{
	__int128 n = (__int128)ROW(r)->delays, twice = 2 * ROW(r)->delay_total + n;
	if (!n) {
		v->type = VALUE_EMPTY;
		return;
	}
	__int128 mean = twice / (2 * n);
	if (twice % (2 * n) < 0)
		mean--;
	value_number(v, VALUE_DURATION, (gint64)mean);
}

static void delay_max(const void *r, struct value *v)
{
	if (ROW(r)->delays)
		value_number(v, VALUE_DURATION, ROW(r)->delay_max);
	else
		v->type = VALUE_EMPTY;
}

static void launched_by(const void *r, struct value *v)
{
	const GString *launcher = ROW(r)->launcher;
	if (launcher)
		value_text(v, launcher->str, launcher->len);
	else
		v->type = VALUE_EMPTY;
}

#define PROP_GETTER(getter, prop, type)                                         \
	static void getter(const void *r, struct value *v)                      \
	{                                                                       \
		kernel_props_value(ROW(r)->props, prop, type, v);               \
	}
PROP_GETTER(grid, KERNEL_GRID, VALUE_LITERAL)
PROP_GETTER(block, KERNEL_BLOCK, VALUE_LITERAL)
PROP_GETTER(registers, KERNEL_REGISTERS, VALUE_INTEGER)
PROP_GETTER(shared_memory, KERNEL_SHARED_MEMORY, VALUE_BYTES)
PROP_GETTER(blocks_per_sm, KERNEL_BLOCKS_PER_SM, VALUE_LITERAL)
PROP_GETTER(warps_per_sm, KERNEL_WARPS_PER_SM, VALUE_LITERAL)
PROP_GETTER(occupancy, KERNEL_OCCUPANCY, VALUE_INTEGER)

#define PROP (COLUMN_DEFAULT | KERNEL_PROP_COLUMN)

static const struct column columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_SHORT_NAMES, name },
	{ "class", VALUE_TEXT, COLUMN_DEFAULT, class },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, count },
	{ "total(ms)", VALUE_DURATION, COLUMN_DEFAULT, total },
	{ "mean(ms)", VALUE_DURATION, COLUMN_DEFAULT, mean },
	{ "min(ms)", VALUE_DURATION, COLUMN_DEFAULT, min },
	{ "max(ms)", VALUE_DURATION, COLUMN_DEFAULT, max },
	{ "launched by", VALUE_TEXT, COLUMN_DEFAULT, launched_by },
	{ "launch delay mean(ms)", VALUE_DURATION, COLUMN_DEFAULT, delay_mean },
	{ "launch delay max(ms)", VALUE_DURATION, COLUMN_DEFAULT, delay_max },
	{ "grid", VALUE_LITERAL, PROP, grid },
	{ "block", VALUE_LITERAL, PROP, block },
	{ "registers per thread", VALUE_INTEGER, PROP, registers },
	{ "shared memory(bytes)", VALUE_BYTES, PROP, shared_memory },
	{ "blocks per SM", VALUE_LITERAL, PROP, blocks_per_sm },
	{ "warps per SM", VALUE_LITERAL, PROP, warps_per_sm },
	{ "est. achieved occupancy %", VALUE_INTEGER, PROP, occupancy },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *kernel_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_kernel_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			      const struct write_config *config, guint64 *rows)
{
	const struct steps *steps = config->selection->steps;
	const struct step_range *range = &config->selection->step;
	g_autoptr(GHashTable) by_name = g_hash_table_new_full(name_text_hash, name_text_equal, NULL, row_free);
	g_autoptr(Sums) sums = sums_new(NULL, a, FIGURE_CLASSES, config->communication, TRUE);
	gboolean props = ((columns_flags(config->layout->picked) | columns_flags(config->sort)) & KERNEL_PROP_COLUMN) != 0;
	for (guint l = 0; l <= a->launch_count; l++) { /* the last group: events no launch claims */
		if (range->given && (l == a->launch_count ||
				     !steps_kept(steps, range, steps_find(steps, a->launches[l].thread, a->launches[l].ts))))
			continue;
		const struct name *op = l < a->launch_count && a->owner[l] != NO_OWNER ? forest->events[a->owner[l]].name
										      : NULL;
		const struct event *launch = l < a->launch_count ? &a->launches[l] : NULL;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			add_event(by_name, sums, attribution_device(a, d), op, launch, props);
	}
	g_autoptr(GPtrArray) sorted = g_ptr_array_new();
	GHashTableIter iter;
	gpointer row;
	g_hash_table_iter_init(&iter, by_name);
	while (g_hash_table_iter_next(&iter, NULL, &row)) {
		choose_launcher(row);
		if (((struct kernel_row *)row)->props)
			kernel_props_choose(((struct kernel_row *)row)->props);
		g_ptr_array_add(sorted, row);
	}
	g_ptr_array_sort(sorted, compare_rows);
	*rows = write_rows_count(config, sorted->len);
	return write_rows(out, config, sorted);
}
