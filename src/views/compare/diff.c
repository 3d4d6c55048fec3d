/* The diff of two runs (SPEC 13.1): one row per key of either summary
 * (keys normalized: ProfilerStep#N frames are ProfilerStep#*), the figures
 * of each side, per step when both traces have steps (the total divided by
 * the trace's number of steps, rounded half away from zero to the ns; a
 * count likewise to the thousandth, written 1.500), and new - base of the
 * figures as written, so that the columns always add up. Sorted by
 * |delta device total|, then |delta host total| (both descending), then
 * key in byte order.
 *
 * The perf columns (SPEC 15.1, not default, NODE_PERF: the run works out
 * the groups' figures when one is picked) follow the same rules: flops,
 * bytes and roofline(ms) of each side (per step too), and the rates of each
 * side's totals over its busy total (TFLOP/s, TB/s, roofline %: a rate is
 * the same per step), with their deltas; bound of each side. A perf cell of
 * a side is empty when no counted op is under the key there (the key
 * absent too: not 0, which would be a figure), its peak is unknown (the
 * roofline's), or the figure is past 63 bits; a delta is empty when either
 * side is. The status weighs the time figures only.
 *
 * The catalogue holds each figure column twice, as totals and per step
 * (`base host total(ms)`, `base host per step(ms)`): either spelling may be
 * picked, and diff_columns() gives the one that the rows hold, known only
 * once both traces are read. The rates and bounds, one spelling, follow. */
#include <string.h>
#include "views/compare/diff.h"
#include "views/nodes/columns.h"
#include "views/perf/perf_columns.h"
#include "output/output.h"
#include "output/output_names.h"

enum side { BASE, NEW };
/* The figures written per step: the times, then the perf figures (-1: empty). */
enum figure_of_diff { HOST, DEVICE, BUSY, LAUNCH, TIME_FIGURES, FLOPS = TIME_FIGURES, BYTES, ROOFLINE, DIFF_FIGURES };
/* The rates of the totals (-1: empty): thousandths of TFLOP/s and TB/s, tenths of a percent. */
enum rate_of_diff { TFLOPS, TBYTES, ROOFLINE_SHARE, DIFF_RATES };

struct diff_row {
	const struct key_node *key; /* in the base's trie (the new side's keys are added there); NULL: (all steps) */
	const char *status;
	guint64 count[2];
	guint steps[2]; /* per step: each side's number of steps; 0: totals */
	gint64 figure[DIFF_FIGURES][2];
	gint64 rate[DIFF_RATES][2];
	gint8 bound[2]; /* 1 compute, 0 memory, -1 empty */
	gint64 device_total[2]; /* each side's device total, not per step (the gate's budgets) */
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
	row->count[side] = group->count;
	row->steps[side] = steps;
	row->figure[HOST][side] = per_step(group->host_total, steps);
	row->figure[DEVICE][side] = per_step(group->device_total, steps);
	row->device_total[side] = group->device_total;
	row->figure[BUSY][side] = per_step(group->busy_total, steps);
	row->figure[LAUNCH][side] = per_step(group->launch_total, steps);
}

/* The perf cells of SIDE from GROUP (NULL: the key is not there), as
 * summary.c works them out: every one empty without a counted op. */
static void fill_perf(struct diff_row *row, enum side side, const struct group *group, guint steps)
{
	static const struct group_perf none = { .flops = -1, .bytes = -1, .roofline = -1, .tflops = -1, .tbytes = -1,
						.share = -1, .bound = -1 };
	struct group_perf p = group ? group_perf(group) : none;
	row->figure[FLOPS][side] = p.flops >= 0 ? per_step(p.flops, steps) : -1;
	row->figure[BYTES][side] = p.bytes >= 0 ? per_step(p.bytes, steps) : -1;
	row->figure[ROOFLINE][side] = p.roofline >= 0 ? per_step(p.roofline, steps) : -1;
	row->rate[TFLOPS][side] = p.tflops;
	row->rate[TBYTES][side] = p.tbytes;
	row->rate[ROOFLINE_SHARE][side] = p.share;
	row->bound[side] = p.bound;
}

/* new - base of a time figure (a side without the key counts 0). */
static gint64 delta(const struct diff_row *row, enum figure_of_diff f)
{
	return row->figure[f][NEW] - row->figure[f][BASE];
}

/* new - base of a perf figure or rate (FIGURE[2]), -1 on either side: empty. */
static void perf_delta(struct value *v, enum value_type type, const gint64 *figure)
{
	if (figure[BASE] >= 0 && figure[NEW] >= 0)
		value_number(v, type, figure[NEW] - figure[BASE]);
	else
		v->type = VALUE_EMPTY;
}

static guint64 magnitude(gint64 v)
{
	return v < 0 ? 0 - (guint64)v : (guint64)v;
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct diff_row *a = *(struct diff_row *const *)x, *b = *(struct diff_row *const *)y;
	if (!a->key || !b->key) /* (all steps) first */
		return !b->key - !a->key;
	for (enum figure_of_diff f = HOST; f <= DEVICE; f++) {
		enum figure_of_diff g = f == HOST ? DEVICE : HOST; /* device first */
		guint64 da = magnitude(delta(a, g)), db = magnitude(delta(b, g));
		if (da != db)
			return da > db ? -1 : 1;
	}
	return key_node_compare(a->key, b->key);
}

/* The row of KEY: BASE's group and NEW's (either NULL: the key is not there). */
static struct diff_row *row_of(const struct key_node *key, const struct group *base_group,
			       const struct group *new_group, guint base_steps, guint new_steps)
{
	struct diff_row *row = g_new0(struct diff_row, 1);
	const struct group *groups[2] = { base_group, new_group };
	row->key = key;
	row->steps[BASE] = base_steps; /* also for the side without the key */
	row->steps[NEW] = new_steps;
	for (enum side side = BASE; side <= NEW; side++) {
		fill(row, side, groups[side], row->steps[side]);
		fill_perf(row, side, groups[side], row->steps[side]);
	}
	gboolean same = TRUE; /* the time figures only: a perf column picked changes no status */
	for (enum figure_of_diff f = HOST; f < TIME_FIGURES; f++)
		same = same && delta(row, f) == 0;
	row->status = !new_group ? "removed" : !base_group ? "added" : same ? "same" : "changed";
	return row;
}

/* SPEC 23: the row "(all steps)": each side's step summary, its figures
 * per step (over its rows: a count of 1.000), work on every thread of the
 * step included; no perf figure. */
static struct diff_row *all_steps_row(const struct collected *base, const struct collected *new)
{
	struct diff_row *row = g_new0(struct diff_row, 1);
	const struct collected *sides[2] = { base, new };
	gboolean same = TRUE;
	for (enum side side = BASE; side <= NEW; side++) {
		guint steps = sides[side]->all_steps_rows;
		row->count[side] = steps;
		row->steps[side] = steps;
		for (enum figure_of_diff f = HOST; f < TIME_FIGURES; f++)
			row->figure[f][side] = per_step(sides[side]->all_steps[f], steps);
		for (enum figure_of_diff f = TIME_FIGURES; f < DIFF_FIGURES; f++)
			row->figure[f][side] = -1;
		for (guint r = 0; r < DIFF_RATES; r++)
			row->rate[r][side] = -1;
		row->bound[side] = -1;
	}
	for (enum figure_of_diff f = HOST; f < TIME_FIGURES; f++)
		same = same && delta(row, f) == 0;
	row->status = same ? "same" : "changed";
	return row;
}

gboolean diff_row_is_key(const void *row)
{
	return ((const struct diff_row *)row)->key != NULL;
}

gboolean diff_row_device(const void *row, const char **key, gsize *len, gint64 total[2], guint steps[2])
{
	const struct diff_row *r = row;
	if (!r->key)
		return FALSE;
	*key = key_node_text(r->key, len);
	for (enum side side = BASE; side <= NEW; side++) {
		total[side] = r->device_total[side];
		steps[side] = r->steps[side];
	}
	return TRUE;
}

GPtrArray *diff_rows(const struct collected *base, const struct collected *new)
{
	gboolean by_step = base->steps && new->steps;
	guint base_steps = by_step ? base->steps : 0, new_steps = by_step ? new->steps : 0;
	GPtrArray *rows = g_ptr_array_new_with_free_func(g_free);
	/* the new side's keys join the base's trie (one lookup a key, no text written) */
	struct key_trie *trie = base->groups->trie;
	g_autofree struct key_node **in_base = key_trie_map(trie, new->groups->trie, TRUE);
	g_autofree const struct group **new_at = g_new0(const struct group *, key_trie_count(trie) + 1); /* by the base's index */
	const GPtrArray *new_groups = new->groups->list;
	for (guint i = 0; i < new_groups->len; i++) {
		const struct group *group = new_groups->pdata[i];
		new_at[in_base[group->key->index]->index] = group;
	}
	const GPtrArray *base_groups = base->groups->list;
	for (guint i = 0; i < base_groups->len; i++) {
		const struct group *group = base_groups->pdata[i];
		g_ptr_array_add(rows, row_of(group->key, group, new_at[group->key->index], base_steps, new_steps));
	}
	for (guint i = 0; i < new_groups->len; i++) {
		const struct group *group = new_groups->pdata[i];
		const struct key_node *key = in_base[group->key->index];
		if (!key->value) /* no base group there: added */
			g_ptr_array_add(rows, row_of(key, NULL, group, base_steps, new_steps));
	}
	if (by_step && base->all_steps_rows && new->all_steps_rows)
		g_ptr_array_add(rows, all_steps_row(base, new));
	g_ptr_array_sort(rows, compare_rows);
	return rows;
}

#define ROW(r) ((const struct diff_row *)(r))

static void name(const void *r, struct value *v)
{
	gsize len;
	if (!ROW(r)->key) {
		value_string(v, "(all steps)");
		return;
	}
	const char *text = key_node_text(ROW(r)->key, &len);
	value_text(v, text, len);
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

/* The perf cells of ARRAY[which] (figure or rate), of TYPE: empty when -1. */
#define PERF_GETTERS(array, which, stem, type)                                      \
	static void base_##stem(const void *r, struct value *v)                      \
	{                                                                            \
		perf_value(v, type, ROW(r)->array[which][BASE]);                    \
	}                                                                            \
	static void new_##stem(const void *r, struct value *v)                       \
	{                                                                            \
		perf_value(v, type, ROW(r)->array[which][NEW]);                     \
	}                                                                            \
	static void delta_##stem(const void *r, struct value *v)                     \
	{                                                                            \
		perf_delta(v, type, ROW(r)->array[which]);                          \
	}
PERF_GETTERS(figure, FLOPS, flops, VALUE_INTEGER)
PERF_GETTERS(figure, BYTES, bytes, VALUE_INTEGER)
PERF_GETTERS(figure, ROOFLINE, roofline, VALUE_DURATION)
PERF_GETTERS(rate, TFLOPS, tflops, VALUE_RATIO)
PERF_GETTERS(rate, TBYTES, tbytes, VALUE_RATIO)
PERF_GETTERS(rate, ROOFLINE_SHARE, roofline_share, VALUE_PERCENT)

static void base_bound(const void *r, struct value *v)
{
	perf_value_bound(v, ROW(r)->bound[BASE] >= 0, ROW(r)->bound[BASE] == 1);
}

static void new_bound(const void *r, struct value *v)
{
	perf_value_bound(v, ROW(r)->bound[NEW] >= 0, ROW(r)->bound[NEW] == 1);
}

#define FIGURE_COLUMNS(stem, text, type, flags)                                         \
	{ "base " text, type, flags, base_##stem },                                     \
	{ "new " text, type, flags, new_##stem },                                       \
	{ "delta " text, type, flags, delta_##stem }
#define TIME_COLUMNS(stem, text, flags) FIGURE_COLUMNS(stem, text, VALUE_DURATION, flags)

/* The columns of both kinds of rows (SPEC 13.1, 15.1): the key; the
 * mirrored region, the figures as totals (the time ones the defaults),
 * then the same in the same order as they are named per step; then the
 * columns of one spelling (the rates, the bounds). */
enum { KEY_COLUMNS = 2, MIRRORED_COLUMNS = 2 + 3 * DIFF_FIGURES, UNMIRRORED_COLUMNS = 3 * DIFF_RATES + 2 };
static const struct column columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, name },
	{ "status", VALUE_TEXT, COLUMN_DEFAULT, status },
	/* the totals */
	{ "base count", VALUE_INTEGER, COLUMN_DEFAULT, base_count },
	{ "new count", VALUE_INTEGER, COLUMN_DEFAULT, new_count },
	TIME_COLUMNS(host, "host total(ms)", COLUMN_DEFAULT),
	TIME_COLUMNS(device, "device total(ms)", COLUMN_DEFAULT | COLUMN_ESSENTIAL),
	TIME_COLUMNS(busy, "device busy(ms)", COLUMN_DEFAULT),
	TIME_COLUMNS(launch, "cuda launch total(ms)", COLUMN_DEFAULT),
	FIGURE_COLUMNS(flops, "flops", VALUE_INTEGER, NODE_PERF),
	FIGURE_COLUMNS(bytes, "bytes", VALUE_INTEGER, NODE_PERF),
	FIGURE_COLUMNS(roofline, "roofline(ms)", VALUE_DURATION, NODE_PERF),
	/* the same per step */
	{ "base count per step", VALUE_RATIO, 0, base_count_per_step },
	{ "new count per step", VALUE_RATIO, 0, new_count_per_step },
	TIME_COLUMNS(host, "host per step(ms)", 0),
	TIME_COLUMNS(device, "device per step(ms)", COLUMN_ESSENTIAL),
	TIME_COLUMNS(busy, "device busy per step(ms)", 0),
	TIME_COLUMNS(launch, "cuda launch per step(ms)", 0),
	FIGURE_COLUMNS(flops, "flops per step", VALUE_INTEGER, NODE_PERF),
	FIGURE_COLUMNS(bytes, "bytes per step", VALUE_INTEGER, NODE_PERF),
	FIGURE_COLUMNS(roofline, "roofline per step(ms)", VALUE_DURATION, NODE_PERF),
	/* one spelling: a rate is the same per step */
	FIGURE_COLUMNS(tflops, "TFLOP/s", VALUE_RATIO, NODE_PERF),
	FIGURE_COLUMNS(tbytes, "TB/s", VALUE_RATIO, NODE_PERF),
	FIGURE_COLUMNS(roofline_share, "roofline %", VALUE_PERCENT, NODE_PERF),
	{ "base bound", VALUE_TEXT, NODE_PERF, base_bound },
	{ "new bound", VALUE_TEXT, NODE_PERF, new_bound },
};
G_STATIC_ASSERT(G_N_ELEMENTS(columns) == KEY_COLUMNS + 2 * MIRRORED_COLUMNS + UNMIRRORED_COLUMNS);

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
		if (c >= KEY_COLUMNS && c < KEY_COLUMNS + 2 * MIRRORED_COLUMNS) /* the spelling of the rows */
			c = KEY_COLUMNS + (c - KEY_COLUMNS) % MIRRORED_COLUMNS + (by_step ? MIRRORED_COLUMNS : 0);
		if (!g_ptr_array_find(columns_written, &columns[c], NULL)) /* both spellings picked: once */
			g_ptr_array_add(columns_written, (gpointer)&columns[c]);
	}
	return columns_written;
}

char *diff_device_names(const GArray *devices)
{
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal); /* NAMES' */
	for (guint i = 0; i < devices->len; i++) {
		const struct device_info *device = &g_array_index(devices, struct device_info, i);
		if (device->name && *device->name && g_hash_table_add(seen, device->name))
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
