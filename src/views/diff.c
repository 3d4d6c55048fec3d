/* The diff of two runs (SPEC 13.1): one row per key of either summary
 * (keys normalized: ProfilerStep#N frames are ProfilerStep#*), the figures
 * of each side, per step when both traces have steps (the total divided by
 * the trace's number of steps, rounded half away from zero to the ns; a
 * count likewise to the thousandth, written 1.500), and new - base of the
 * figures as written, so that the columns always add up. Sorted by
 * |delta device total|, then |delta host total| (both descending), then
 * key in byte order.
 *
 * The catalogue holds each figure column twice, as totals and per step
 * (`base host total(ms)`, `base host per step(ms)`): either spelling may be
 * picked, and diff_columns() gives the one that the rows hold, known only
 * once both traces are read. */
#include <string.h>
#include "views/diff.h"
#include "output/output.h"
#include "output/output_names.h"

enum side { BASE, NEW };
enum figure_of_diff { HOST, DEVICE, BUSY, LAUNCH, DIFF_FIGURES };

struct diff_row {
	const char *key;
	gsize key_len;
	const char *status;
	guint64 count[2];
	guint steps[2]; /* per step: each side's number of steps; 0: totals */
	gint64 figure[DIFF_FIGURES][2];
};

/* TOTAL / STEPS, rounded half away from zero (totals are never negative). */
static gint64 per_step(gint64 total, guint steps)
{
	return steps ? (gint64)(((guint64)total + steps / 2) / steps) : total;
}

/* COUNT / STEPS (STEPS > 0) in thousandths, rounded half away from zero; a
 * count is at most the trace's events (2^31), so COUNT * 1000 fits. */
static gint64 count_per_step(guint64 count, guint steps)
{
	return (gint64)((count * 1000 + steps / 2) / steps);
}

static void fill(struct diff_row *row, enum side side, const struct group *group, guint steps)
{
	if (!group)
		return;
	row->key = group->key;
	row->key_len = group->key_len;
	row->count[side] = group->count;
	row->steps[side] = steps;
	row->figure[HOST][side] = per_step(group->host_total, steps);
	row->figure[DEVICE][side] = per_step(group->device_total, steps);
	row->figure[BUSY][side] = per_step(group->busy_total, steps);
	row->figure[LAUNCH][side] = per_step(group->launch_total, steps);
}

static gint64 delta(const struct diff_row *row, enum figure_of_diff f)
{
	return row->figure[f][NEW] - row->figure[f][BASE];
}

static guint64 magnitude(gint64 v)
{
	return v < 0 ? 0 - (guint64)v : (guint64)v;
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct diff_row *a = *(struct diff_row *const *)x, *b = *(struct diff_row *const *)y;
	for (enum figure_of_diff f = HOST; f <= DEVICE; f++) {
		enum figure_of_diff g = f == HOST ? DEVICE : HOST; /* device first */
		guint64 da = magnitude(delta(a, g)), db = magnitude(delta(b, g));
		if (da != db)
			return da > db ? -1 : 1;
	}
	return text_compare(a->key, a->key_len, b->key, b->key_len);
}

GPtrArray *diff_rows(const struct collected *base, const struct collected *new)
{
	gboolean by_step = base->steps && new->steps;
	GPtrArray *rows = g_ptr_array_new_with_free_func(g_free);
	const struct collected *sides[2] = { base, new };
	for (enum side side = BASE; side <= NEW; side++) {
		GHashTableIter iter;
		gpointer key, group;
		g_hash_table_iter_init(&iter, sides[side]->groups);
		while (g_hash_table_iter_next(&iter, &key, &group)) {
			const struct group *other = g_hash_table_lookup(sides[!side]->groups, key);
			if (side == NEW && other)
				continue; /* made from the base side */
			struct diff_row *row = g_new0(struct diff_row, 1);
			row->steps[BASE] = by_step ? base->steps : 0; /* also for the side without the key */
			row->steps[NEW] = by_step ? new->steps : 0;
			fill(row, side, group, row->steps[side]);
			fill(row, !side, other, row->steps[!side]);
			gboolean same = TRUE;
			for (enum figure_of_diff f = HOST; f < DIFF_FIGURES; f++)
				same = same && delta(row, f) == 0;
			row->status = !other ? (side == BASE ? "removed" : "added") : same ? "same" : "changed";
			g_ptr_array_add(rows, row);
		}
	}
	g_ptr_array_sort(rows, compare_rows);
	return rows;
}

#define ROW(r) ((const struct diff_row *)(r))

static void name(const void *r, struct value *v)
{
	value_text(v, ROW(r)->key, ROW(r)->key_len);
}

static void status(const void *r, struct value *v)
{
	value_string(v, ROW(r)->status);
}

static void base_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count[BASE]);
}

static void new_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count[NEW]);
}

/* Per step (the rows' steps are then never 0), in thousandths. */
static void base_count_per_step(const void *r, struct value *v)
{
	value_number(v, VALUE_RATIO, count_per_step(ROW(r)->count[BASE], ROW(r)->steps[BASE]));
}

static void new_count_per_step(const void *r, struct value *v)
{
	value_number(v, VALUE_RATIO, count_per_step(ROW(r)->count[NEW], ROW(r)->steps[NEW]));
}

#define FIGURE_GETTERS(which, stem)                                                 \
	static void base_##stem(const void *r, struct value *v)                      \
	{                                                                            \
		value_number(v, VALUE_DURATION, ROW(r)->figure[which][BASE]);       \
	}                                                                            \
	static void new_##stem(const void *r, struct value *v)                       \
	{                                                                            \
		value_number(v, VALUE_DURATION, ROW(r)->figure[which][NEW]);        \
	}                                                                            \
	static void delta_##stem(const void *r, struct value *v)                     \
	{                                                                            \
		value_number(v, VALUE_DURATION, delta(ROW(r), which));              \
	}
FIGURE_GETTERS(HOST, host)
FIGURE_GETTERS(DEVICE, device)
FIGURE_GETTERS(BUSY, busy)
FIGURE_GETTERS(LAUNCH, launch)

#define FIGURE_COLUMNS(stem, text, flags)                                               \
	{ "base " text, VALUE_DURATION, flags, base_##stem },                           \
	{ "new " text, VALUE_DURATION, flags, new_##stem },                             \
	{ "delta " text, VALUE_DURATION, flags, delta_##stem }

/* The columns of both kinds of rows (SPEC 13.1): the key, then the figures
 * as totals (the defaults), then the same as they are named per step. */
enum { KEY_COLUMNS = 2, FIGURE_COLUMN_COUNT = 14 };
static const struct column columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, name },
	{ "status", VALUE_TEXT, COLUMN_DEFAULT, status },
	{ "base count", VALUE_INTEGER, COLUMN_DEFAULT, base_count },
	{ "new count", VALUE_INTEGER, COLUMN_DEFAULT, new_count },
	FIGURE_COLUMNS(host, "host total(ms)", COLUMN_DEFAULT),
	FIGURE_COLUMNS(device, "device total(ms)", COLUMN_DEFAULT),
	FIGURE_COLUMNS(busy, "device busy(ms)", COLUMN_DEFAULT),
	FIGURE_COLUMNS(launch, "cuda launch total(ms)", COLUMN_DEFAULT),
	{ "base count per step", VALUE_RATIO, 0, base_count_per_step },
	{ "new count per step", VALUE_RATIO, 0, new_count_per_step },
	FIGURE_COLUMNS(host, "host per step(ms)", 0),
	FIGURE_COLUMNS(device, "device per step(ms)", 0),
	FIGURE_COLUMNS(busy, "device busy per step(ms)", 0),
	FIGURE_COLUMNS(launch, "cuda launch per step(ms)", 0),
};
G_STATIC_ASSERT(G_N_ELEMENTS(columns) == KEY_COLUMNS + 2 * FIGURE_COLUMN_COUNT);

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *diff_catalogue(void)
{
	return &catalogue;
}

GPtrArray *diff_columns(const GPtrArray *picked, gboolean by_step)
{
	GPtrArray *columns_written = g_ptr_array_new();
	for (guint i = 0; i < picked->len; i++) {
		const struct column *column = picked->pdata[i];
		guint c = (guint)(column - columns);
		if (c >= KEY_COLUMNS)
			c = KEY_COLUMNS + (c - KEY_COLUMNS) % FIGURE_COLUMN_COUNT + (by_step ? FIGURE_COLUMN_COUNT : 0);
		if (!g_ptr_array_find(columns_written, &columns[c], NULL)) /* both spellings picked: once */
			g_ptr_array_add(columns_written, (gpointer)&columns[c]);
	}
	return columns_written;
}

char *diff_device_names(const GArray *devices)
{
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	for (guint i = 0; i < devices->len; i++) {
		const struct device_info *device = &g_array_index(devices, struct device_info, i);
		if (device->name && *device->name && !g_ptr_array_find_with_equal_func(names, device->name, g_str_equal, NULL))
			g_ptr_array_add(names, device->name);
	}
	if (!names->len)
		return NULL;
	g_ptr_array_add(names, NULL);
	return g_strjoinv(", ", (char **)names->pdata);
}

/* Appends the warning that BASE's WHAT and NEW's differ, when both are known. */
static void warn_differ(GString *out, const char *what, const char *base, const char *new)
{
	if (!base || !new || strcmp(base, new) == 0)
		return;
	g_autofree char *base_shown = output_shown(base), *new_shown = output_shown(new);
	g_string_append_printf(out,
			       "profile_parser: warning: --diff: the base and the new trace come from different %s "
			       "(base: %s; new: %s): a difference may be theirs, not the code's\n",
			       what, base_shown, new_shown);
}

void diff_warnings(GString *out, const struct collected *base, const struct collected *new)
{
	warn_differ(out, "devices", base->devices, new->devices);
	warn_differ(out, "world sizes", base->world_size, new->world_size);
}
