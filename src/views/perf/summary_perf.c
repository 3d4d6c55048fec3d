/* The perf summary (SPEC 15.1): one row per distinct (op name, Input Dims,
 * Input type, the Concrete Inputs the model reads) over the counted ops the
 * selection writes (depth bounds and filters apply). The model reads no
 * Concrete Inputs of gemm and memory ops, so those group without them; an
 * attention or convolution op groups by its whole Concrete Inputs literal.
 * Per row: the count, the sum of the ops' busy times, the per-call flops,
 * bytes and roofline (the same for every op of a row, which share shapes
 * and device name's peaks — a row's roofline is the first op's), the rates
 * and the roofline share over the busy total. Sorted by device busy total
 * descending, then name, then Input Dims text. */
#include "views/perf/summary_perf.h"
#include "views/perf/perf_columns.h"
#include <string.h>
#include "attribution/busy.h"
#include "views/nodes/select.h"

#define ROW(r) ((const struct perf_row *)(r))

static const char *text_or_empty(const char *text)
{
	return text ? text : "";
}

static void name(const void *r, struct value *v)
{
	value_text(v, ROW(r)->op->name->text, ROW(r)->op->name->len);
}

static void family(const void *r, struct value *v)
{
	value_string(v, perf_family_name(ROW(r)->model->family));
}

static void precision(const void *r, struct value *v)
{
	value_string(v, perf_precision_name(ROW(r)->model->precision));
}

static void input_dims(const void *r, struct value *v)
{
	value_literal(v, ROW(r)->op->extra ? ROW(r)->op->extra->input_dims : NULL);
}

static void input_type(const void *r, struct value *v)
{
	value_literal(v, ROW(r)->op->extra ? ROW(r)->op->extra->input_type : NULL);
}

static void count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count);
}

static void busy_total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->busy);
}

static void flops(const void *r, struct value *v)
{
	perf_value_sum(v, TRUE, ROW(r)->model->flops);
}

static void bytes(const void *r, struct value *v)
{
	perf_value_sum(v, TRUE, ROW(r)->model->bytes);
}

/* COUNT · PER_CALL over the busy total, in thousandths of tera per second. */
static void rate(const void *r, struct value *v, guint64 per_call)
{
	guint64 all;
	perf_value(v, VALUE_RATIO,
		   g_uint64_checked_mul(&all, per_call, ROW(r)->count) ? perf_rate(all, ROW(r)->busy) : -1);
}

/* A per-call figure that cannot be written (past 63 bits) makes the rate
 * made from it empty too, not one computed from a figure the row hides. */
static void tflops(const void *r, struct value *v)
{
	if (perf_fit(ROW(r)->model->flops) >= 0)
		rate(r, v, ROW(r)->model->flops);
	else
		v->type = VALUE_EMPTY;
}

static void tbytes(const void *r, struct value *v)
{
	if (perf_fit(ROW(r)->model->bytes) >= 0)
		rate(r, v, ROW(r)->model->bytes);
	else
		v->type = VALUE_EMPTY;
}

/* The ops' rooflines summed (ns), -1 when one lacks a peak, past 63 bits,
 * or made from flops or bytes past 63 bits (empty cells). */
static gint64 roofline_ns(const struct perf_row *row)
{
	return row->unknown || perf_fit(row->model->flops) < 0 || perf_fit(row->model->bytes) < 0 ? -1
												   : perf_fit(row->roofline);
}

/* The rooflines over the count, to the ns (half up). */
static void roofline(const void *r, struct value *v)
{
	gint64 ns = roofline_ns(ROW(r));
	perf_value(v, VALUE_DURATION, ns >= 0 ? (gint64)((2 * (perf_sum)ns + ROW(r)->count) / (2 * (perf_sum)ROW(r)->count)) : -1);
}

static void roofline_share(const void *r, struct value *v)
{
	gint64 ns = roofline_ns(ROW(r));
	perf_value(v, VALUE_PERCENT, ns >= 0 ? tenths_of_percent(ns, ROW(r)->busy) : -1);
}

static void bound(const void *r, struct value *v)
{
	perf_value_bound(v, roofline_ns(ROW(r)) >= 0, ROW(r)->compute >= ROW(r)->memory);
}

static const struct column columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, name },
	{ "family", VALUE_TEXT, COLUMN_DEFAULT, family },
	/* SPEC 28: the op's precision and shapes, kept first in a table, two rows never alike */
	{ "precision", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, precision },
	{ "Input Dims", VALUE_LITERAL, COLUMN_DEFAULT | COLUMN_ESSENTIAL | COLUMN_DISTINCT, input_dims },
	{ "Input Type", VALUE_LITERAL, COLUMN_DEFAULT, input_type },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, count },
	{ "device busy total(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, busy_total },
	{ "flops", VALUE_INTEGER, COLUMN_DEFAULT, flops },
	{ "bytes", VALUE_INTEGER, COLUMN_DEFAULT, bytes },
	{ "TFLOP/s", VALUE_RATIO, COLUMN_DEFAULT, tflops },
	{ "TB/s", VALUE_RATIO, COLUMN_DEFAULT, tbytes },
	{ "roofline(ms)", VALUE_DURATION, COLUMN_DEFAULT, roofline },
	{ "roofline %", VALUE_PERCENT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, roofline_share },
	{ "bound", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, bound },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *perf_summary_catalogue(void)
{
	return &catalogue;
}

struct gather {
	const struct perf *perf;
	const gint64 *busy;
	GHashTable *rows; /* key text -> struct perf_row * */
	GString *key;
};

static void row_free(gpointer data)
{
	struct perf_row *row = data;
	g_string_free(row->key, TRUE);
	g_free(row);
}

static void visit(guint node, guint depth, const GString *path, gpointer data)
{
	(void)depth, (void)path;
	struct gather *g = data;
	const struct perf *perf = g->perf;
	gint64 k = perf_op_of(perf, node);
	if (k < 0)
		return;
	const struct event *op = &perf->forest->events[node];
	const struct perf_model *m = &perf->model[k];
	g_string_truncate(g->key, 0);
	g_string_append_len(g->key, op->name->text, (gssize)op->name->len);
	g_string_append_c(g->key, '\0');
	g_string_append(g->key, text_or_empty(op->extra->input_dims));
	g_string_append_c(g->key, '\0');
	g_string_append(g->key, text_or_empty(op->extra->input_type));
	if (m->family == PERF_ATTENTION || m->family == PERF_CONVOLUTION) {
		g_string_append_c(g->key, '\0');
		g_string_append(g->key, text_or_empty(op->extra->concrete_inputs));
	}
	struct perf_row *row = g_hash_table_lookup(g->rows, g->key);
	if (!row) {
		row = g_new0(struct perf_row, 1);
		row->op = op, row->model = m;
		row->key = g_string_new_len(g->key->str, (gssize)g->key->len);
		g_hash_table_insert(g->rows, row->key, row);
	}
	row->count++;
	row->busy += g->busy[node];
	row->roofline += perf->roofline[k + 1] - perf->roofline[k]; /* the op's own: its index in the prefixes */
	row->compute += perf->compute[k + 1] - perf->compute[k];
	row->memory += perf->memory[k + 1] - perf->memory[k];
	row->unknown |= perf->unknown[k + 1] != perf->unknown[k];
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct perf_row *a = *(struct perf_row *const *)x, *b = *(struct perf_row *const *)y;
	if (a->busy != b->busy)
		return a->busy > b->busy ? -1 : 1;
	int c = text_compare(a->op->name->text, a->op->name->len, b->op->name->text, b->op->name->len);
	if (c)
		return c;
	return strcmp(text_or_empty(a->op->extra->input_dims), text_or_empty(b->op->extra->input_dims));
}

static guint key_hash(gconstpointer key)
{
	const GString *k = key;
	return names_hash_text(k->str, k->len);
}

static gboolean key_equal(gconstpointer x, gconstpointer y)
{
	const GString *a = x, *b = y;
	return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
}

GPtrArray *perf_rows(const struct forest *forest, const struct perf *perf, const gint64 *busy,
		     const struct selection *selection)
{
	g_autoptr(GString) key = g_string_new(NULL);
	struct gather g = { .perf = perf, .busy = busy,
			    .rows = g_hash_table_new_full(key_hash, key_equal, NULL, NULL), .key = key };
	if (perf && selection)
		select_visit(forest, selection, visit, &g);
	else if (perf) /* every counted op, in pre-order: what select_visit gives without bounds */
		for (guint k = 0; k < perf->before[forest->count]; k++)
			visit(perf->node_of[k], 0, NULL, &g);
	GPtrArray *sorted = g_ptr_array_new_with_free_func(row_free);
	GHashTableIter iter;
	gpointer row;
	g_hash_table_iter_init(&iter, g.rows);
	while (g_hash_table_iter_next(&iter, NULL, &row))
		g_ptr_array_add(sorted, row);
	g_ptr_array_sort(sorted, compare_rows);
	g_hash_table_destroy(g.rows);
	return sorted;
}

gboolean write_perf_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			    const struct write_config *config, guint64 *rows)
{
	g_autofree gint64 *busy = busy_compute(a, forest);
	g_autoptr(GPtrArray) sorted = perf_rows(forest, config->perf, busy, config->selection);
	*rows = write_rows_count(config, sorted->len);
	return write_rows(out, config, sorted);
}
