/* The diff of two runs (SPEC 13.1): one row per key of either summary
 * (keys normalized: ProfilerStep#N frames are ProfilerStep#*), the figures
 * of each side, per step when both traces have steps (the total divided by
 * the trace's number of steps, rounded half away from zero to the ns), and
 * new - base. Sorted by |delta device total|, then |delta host total|
 * (both descending), then key in byte order. */
#include <string.h>
#include "combine.h"

enum side { BASE, NEW };
enum figure_of_diff { HOST, DEVICE, BUSY, LAUNCH, DIFF_FIGURES };

struct diff_row {
	const char *key;
	gsize key_len;
	const char *status;
	guint64 count[2];
	gint64 figure[DIFF_FIGURES][2];
};

/* TOTAL / STEPS, rounded half away from zero (totals are never negative). */
static gint64 per_step(gint64 total, guint steps)
{
	return steps ? (gint64)(((guint64)total + steps / 2) / steps) : total;
}

static void fill(struct diff_row *row, enum side side, const struct group *group, guint steps)
{
	if (!group)
		return;
	row->key = group->key;
	row->key_len = group->key_len;
	row->count[side] = group->count;
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
			fill(row, side, group, by_step ? sides[side]->steps : 0);
			fill(row, !side, other, by_step ? sides[!side]->steps : 0);
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

#define FIGURE_COLUMNS(stem, text)                                                      \
	{ "base " text, VALUE_DURATION, COLUMN_DEFAULT, base_##stem },                  \
	{ "new " text, VALUE_DURATION, COLUMN_DEFAULT, new_##stem },                    \
	{ "delta " text, VALUE_DURATION, COLUMN_DEFAULT, delta_##stem }

static const struct column columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, name },
	{ "status", VALUE_TEXT, COLUMN_DEFAULT, status },
	{ "base count", VALUE_INTEGER, COLUMN_DEFAULT, base_count },
	{ "new count", VALUE_INTEGER, COLUMN_DEFAULT, new_count },
	FIGURE_COLUMNS(host, "host total(ms)"),
	FIGURE_COLUMNS(device, "device total(ms)"),
	FIGURE_COLUMNS(busy, "device busy(ms)"),
	FIGURE_COLUMNS(launch, "cuda launch total(ms)"),
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *diff_catalogue(void)
{
	return &catalogue;
}
