#include "views/collectives/collective_across.h"
#include <string.h>
#include "views/collectives/collective.h"
#include "util/percent.h"

static void row_free(gpointer data)
{
	struct across_row *row = data;
	g_hash_table_destroy(row->last);
	g_free(row->last_text);
	collective_args_clear(&row->base.args);
	g_string_free(row->base.key, TRUE);
	g_free(row);
}

GHashTable *across_rows_new(void)
{
	return g_hash_table_new_full((GHashFunc)g_string_hash, (GEqualFunc)g_string_equal, NULL, row_free);
}

struct across_row *across_row_add(GHashTable *rows, const struct collective_row *from)
{
	struct across_row *row = g_hash_table_lookup(rows, from->key);
	if (!row) {
		row = g_new0(struct across_row, 1);
		collective_args_copy(&row->base.args, &from->args);
		row->base.named = from->named;
		row->base.key = g_string_new_len(from->key->str, (gssize)from->key->len);
		row->base.min = G_MAXINT64;
		row->last = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
		row->serial = G_MAXUINT64;
		g_hash_table_insert(rows, row->base.key, row);
	}
	row->base.count += from->count;
	row->base.total += from->total;
	row->base.min = MIN(row->base.min, from->min);
	row->base.max = MAX(row->base.max, from->max);
	return row;
}

void across_row_event(struct across_row *row, guint64 serial, gint64 skew, gint64 last, gint64 wait, gint64 transfer)
{
	row->matched++;
	row->wait += wait;
	row->transfer += transfer;
	if (row->serial == serial) /* the instance counted once in each row it has events in */
		return;
	row->serial = serial;
	row->instances++;
	row->skew_total += skew;
	row->skew_max = MAX(row->skew_max, skew);
	gpointer count = g_hash_table_lookup(row->last, &last);
	g_hash_table_replace(row->last, g_memdup2(&last, sizeof last), GSIZE_TO_POINTER(GPOINTER_TO_SIZE(count) + 1));
}

static void finish(struct across_row *row)
{
	collective_row_finish(&row->base);
	GHashTableIter iter;
	gpointer rank, count;
	g_hash_table_iter_init(&iter, row->last);
	while (g_hash_table_iter_next(&iter, &rank, &count)) {
		guint64 n = GPOINTER_TO_SIZE(count);
		gint64 r = *(gint64 *)rank;
		if (n > row->last_count || (n == row->last_count && r < row->last_rank))
			row->last_rank = r, row->last_count = n;
	}
	if (row->instances) { /* "7 (61.0%)": its share of the row's instances, one decimal, half away from zero */
		GString *text = g_string_new(NULL);
		g_string_printf(text, "%" G_GINT64_FORMAT " (", row->last_rank);
		percent_append_share(text, (gint64)row->last_count, (gint64)row->instances);
		g_string_append(text, "%)");
		row->last_text = g_string_free(text, FALSE);
	}
	row->algbw = row->busbw = -1;
	if (row->base.why == WHY_NONE && row->transfer > 0) {
		row->algbw = collective_bandwidth(row->base.elements, row->base.dtype_bytes, row->matched, row->transfer, 1, 1);
		row->busbw = collective_bandwidth(row->base.elements, row->base.dtype_bytes, row->matched, row->transfer,
						  row->base.num, row->base.den);
		if (row->algbw < 0 || row->busbw < 0)
			row->algbw = row->busbw = -1;
	}
}

GPtrArray *across_rows_sorted(GHashTable *rows)
{
	GPtrArray *sorted = g_ptr_array_sized_new(g_hash_table_size(rows));
	GHashTableIter iter;
	gpointer row;
	g_hash_table_iter_init(&iter, rows);
	while (g_hash_table_iter_next(&iter, NULL, &row)) {
		finish(row);
		g_ptr_array_add(sorted, row);
	}
	g_ptr_array_sort(sorted, collective_row_compare);
	return sorted;
}

#define ROW(r) ((const struct across_row *)(r))

/* A figure of the matched events: empty without any. */
static void matched_figure(const void *r, struct value *v, gint64 n)
{
	if (ROW(r)->instances)
		value_number(v, VALUE_DURATION, n);
	else
		v->type = VALUE_EMPTY;
}

static void instances(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->instances);
}

static void skew_mean(const void *r, struct value *v)
{
	matched_figure(r, v, ROW(r)->instances ? mean_half_up(ROW(r)->skew_total, (gint64)ROW(r)->instances) : 0);
}

static void skew_max(const void *r, struct value *v)
{
	matched_figure(r, v, ROW(r)->skew_max);
}

static void wait_total(const void *r, struct value *v)
{
	matched_figure(r, v, ROW(r)->wait);
}

static void transfer_total(const void *r, struct value *v)
{
	matched_figure(r, v, ROW(r)->transfer);
}

static void last_rank(const void *r, struct value *v)
{
	value_string(v, ROW(r)->last_text); /* NULL without instances: empty */
}

static void bandwidth(struct value *v, gint64 n)
{
	if (n >= 0)
		value_number(v, VALUE_RATIO, n);
	else
		v->type = VALUE_EMPTY;
}

static void transfer_algbw(const void *r, struct value *v)
{
	bandwidth(v, ROW(r)->algbw);
}

static void transfer_busbw(const void *r, struct value *v)
{
	bandwidth(v, ROW(r)->busbw);
}

static const struct column own[] = {
	{ "instances", VALUE_INTEGER, COLUMN_DEFAULT, instances },
	{ "skew mean(ms)", VALUE_DURATION, COLUMN_DEFAULT, skew_mean },
	{ "skew max(ms)", VALUE_DURATION, COLUMN_DEFAULT, skew_max },
	{ "wait total(ms)", VALUE_DURATION, COLUMN_DEFAULT, wait_total },
	{ "transfer total(ms)", VALUE_DURATION, COLUMN_DEFAULT, transfer_total },
	{ "last rank", VALUE_TEXT, COLUMN_DEFAULT, last_rank },
	{ "transfer algbw(GB/s)", VALUE_RATIO, COLUMN_DEFAULT, transfer_algbw },
	{ "transfer busbw(GB/s)", VALUE_RATIO, COLUMN_DEFAULT, transfer_busbw },
};

const struct catalogue *collective_across_catalogue(void)
{
	static struct catalogue *catalogue;
	if (g_once_init_enter(&catalogue)) {
		const struct catalogue *base = collective_summary_catalogue();
		struct column *columns = g_new(struct column, base->count + G_N_ELEMENTS(own));
		memcpy(columns, base->columns, base->count * sizeof *columns);
		memcpy(columns + base->count, own, sizeof own);
		struct catalogue *made = g_new(struct catalogue, 1);
		*made = (struct catalogue){ columns, base->count + G_N_ELEMENTS(own) };
		g_once_init_leave(&catalogue, made);
	}
	return catalogue;
}
