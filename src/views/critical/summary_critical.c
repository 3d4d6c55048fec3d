#include "views/critical/summary_critical.h"
#include <stdlib.h>
#include <string.h>
#include "util/radix.h"
#include "util/timefmt.h"
#include "util/visible.h"

#define ROW(r) ((const struct critical_row *)(r))

static const char *const kind_names[] = {
	[CRITICAL_KIND_HOST] = "host",		   [CRITICAL_KIND_DEVICE] = "device",
	[CRITICAL_KIND_LAUNCH_DELAY] = "launch delay", [CRITICAL_KIND_QUEUEING] = "queueing",
	[CRITICAL_KIND_WAIT] = "wait",		   [CRITICAL_KIND_PATH] = "path",
};

static void row_free(gpointer data)
{
	struct critical_row *row = data;
	g_string_free(row->name, TRUE);
	g_free(row);
}

void critical_rows_free(struct critical_rows *rows)
{
	if (!rows)
		return;
	g_ptr_array_free(rows->rows, TRUE);
	g_string_free(rows->report, TRUE);
	for (guint i = 0; rows->bars && i < rows->bars->len; i++)
		g_string_free(g_array_index(rows->bars, struct critical_bar, i).line, TRUE);
	if (rows->bars)
		g_array_free(rows->bars, TRUE);
	g_free(rows);
}

/* The name a segment's row shows. */
static void segment_name(GString *name, const struct critical_graph *g, guint8 kind, guint32 label, char **ranks,
			 guint count)
{
	g_string_truncate(name, 0);
	if (kind == CRITICAL_KIND_HOST || kind == CRITICAL_KIND_DEVICE) {
		const GString *text = g->labels->pdata[label];
		g_string_append_len(name, text->str, (gssize)text->len);
	} else if (kind == CRITICAL_KIND_WAIT) {
		g_string_append_printf(name, "wait for rank %s", ranks && label < count ? ranks[label] : "?");
	} else {
		g_string_append(name, kind_names[kind]);
	}
}

/* A rank's rows: by (kind, label). */
struct rank_rows {
	GHashTable *by_key; /* &row->key -> struct critical_row * */
	GPtrArray *rows;    /* struct critical_row *, not owned */
	GArray *events;     /* guint64: (row serial, event) of each segment that has an event */
	struct critical_row *total;
};

static gint64 row_key(guint8 kind, guint32 label)
{
	return (gint64)kind << 32 | label;
}

static struct critical_row *row_for(struct rank_rows *rr, const struct critical_graph *g, guint8 kind, guint32 label,
				    char **ranks, guint count, const char *rank)
{
	gint64 key = row_key(kind, label);
	struct critical_row *row = g_hash_table_lookup(rr->by_key, &key);
	if (!row) {
		row = g_new0(struct critical_row, 1);
		row->rank = rank;
		row->kind = kind;
		row->key = key;
		row->name = g_string_new(NULL);
		row->serial = rr->rows->len;
		segment_name(row->name, g, kind, label, ranks, count);
		g_hash_table_insert(rr->by_key, &row->key, row);
		g_ptr_array_add(rr->rows, row);
	}
	return row;
}

static int compare_rows(const void *x, const void *y)
{
	const struct critical_row *a = *(const struct critical_row *const *)x, *b = *(const struct critical_row *const *)y;
	if (a->critical != b->critical)
		return a->critical > b->critical ? -1 : 1;
	if (a->measured != b->measured)
		return a->measured > b->measured ? -1 : 1;
	int c = text_compare(a->name->str, a->name->len, b->name->str, b->name->len);
	return c ? c : (a->kind > b->kind) - (a->kind < b->kind);
}

/* The report's line of PATH (BAR->line): its shares by kind (BAR->by_kind)
 * and its row with the most time. */
static void report_line(struct critical_bar *bar, const struct critical_graph *g, const struct critical_path *path,
			char **ranks, guint count, gboolean what_if)
{
	gint64 *by_kind = bar->by_kind;
	GString *out = bar->line;
	g_autoptr(GHashTable) totals = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
	for (guint i = 0; i < path->segments->len; i++) { /* the time of each (kind, label): keys then sums */
		const struct critical_segment *s = &g_array_index(path->segments, struct critical_segment, i);
		by_kind[s->kind] += s->length;
		gint64 key = row_key(s->kind, s->label);
		gint64 *sum = g_hash_table_lookup(totals, &key);
		if (!sum) {
			sum = g_new0(gint64, 2);
			sum[0] = key;
			g_hash_table_insert(totals, sum, sum);
		}
		sum[1] += s->length;
	}
	g_autoptr(GString) name = g_string_new(NULL), most = g_string_new(NULL);
	gint64 most_time = -1;
	guint8 most_kind = 0;
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, totals);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		const gint64 *sum = value;
		if (sum[1] < most_time)
			continue;
		guint8 kind = (guint8)(sum[0] >> 32);
		segment_name(name, g, kind, (guint32)sum[0], ranks, count);
		int c = text_compare(name->str, name->len, most->str, most->len);
		if (sum[1] > most_time || c < 0 || (c == 0 && kind < most_kind)) {
			g_string_truncate(most, 0);
			g_string_append_len(most, name->str, (gssize)name->len);
			most_time = sum[1], most_kind = kind;
		}
	}
	gint64 whole = path->predicted;
	if (path->whole)
		g_string_append(out, "critical path of the trace (no steps)");
	else
		g_string_append_printf(out, "critical path of step %" G_GUINT64_FORMAT, path->step);
	if (ranks && path->rank < count)
		g_string_append_printf(out, " on rank %s", ranks[path->rank]);
	g_string_append(out, ": ");
	time_append_ms(out, what_if ? path->measured : path->predicted);
	if (what_if) {
		g_string_append(out, " ms measured, ");
		time_append_ms(out, path->predicted);
		g_string_append(out, " ms predicted with --what-if");
	} else {
		g_string_append(out, " ms");
	}
	const char *parts[] = { "device", "host", "waiting for other ranks" };
	gint64 times[] = { by_kind[CRITICAL_KIND_DEVICE], by_kind[CRITICAL_KIND_HOST], by_kind[CRITICAL_KIND_WAIT] };
	for (guint k = 0; k < G_N_ELEMENTS(parts); k++) {
		g_string_append_printf(out, "%s%s ", k ? ", " : ": ", parts[k]);
		percent_append(out, whole > 0 ? tenths_of_percent(times[k], whole) : 0);
		g_string_append_c(out, '%');
	}
	if (most_time >= 0) {
		g_string_append(out, "; most: ");
		visible_append(out, most->str, most->len, VISIBLE_ESCAPE); /* the trace's text */
		g_string_append_c(out, ' ');
		time_append_ms(out, most_time);
		g_string_append(out, " ms");
	}
}

struct critical_rows *critical_rows_of(const struct critical_graph *g, const struct critical_result *result,
				       const struct step_range *range, char **ranks, guint count, gboolean what_if)
{
	struct critical_rows *out = g_new0(struct critical_rows, 1);
	out->rows = g_ptr_array_new_with_free_func(row_free);
	out->report = g_string_new(NULL);
	out->bars = g_array_new(FALSE, TRUE, sizeof(struct critical_bar));
	guint rank_count = MAX(count, 1);
	g_autofree struct rank_rows *per = g_new0(struct rank_rows, rank_count);
	g_autofree guint *lines = g_new0(guint, rank_count);
	for (guint i = 0; i < result->paths->len; i++) {
		const struct critical_path *path = result->paths->pdata[i];
		if ((path->whole ? range->given : !step_range_holds(range, path->step)) || path->rank >= rank_count)
			continue;
		struct rank_rows *rr = &per[path->rank];
		const char *rank = ranks ? ranks[path->rank] : NULL;
		if (!rr->by_key) {
			rr->by_key = g_hash_table_new(g_int64_hash, g_int64_equal);
			rr->rows = g_ptr_array_new();
			rr->events = g_array_new(FALSE, FALSE, sizeof(guint64));
			rr->total = g_new0(struct critical_row, 1);
			rr->total->rank = rank;
			rr->total->kind = CRITICAL_KIND_PATH;
			rr->total->name = g_string_new("(critical path)");
		}
		rr->total->critical += path->predicted;
		rr->total->measured += path->measured;
		rr->total->count++;
		for (guint k = 0; k < path->segments->len; k++) {
			const struct critical_segment *s = &g_array_index(path->segments, struct critical_segment, k);
			struct critical_row *row = row_for(rr, g, s->kind, s->label, ranks, count, rank);
			row->critical += s->length;
			if (s->event == CRITICAL_NONE) /* a wait, time outside ops: each counts */
				row->count++;
			else /* an event counts once in its row: counted once the rows are made */
				g_array_append_vals(rr->events, &(guint64){ (guint64)row->serial << 32 | s->event }, 1);
		}
		for (guint k = 0; k < path->measured_segments->len; k++) {
			const struct critical_segment *s = &g_array_index(path->measured_segments, struct critical_segment, k);
			row_for(rr, g, s->kind, s->label, ranks, count, rank)->measured += s->length;
		}
		struct critical_bar bar = { .rank = rank, .step = path->step, .whole = path->whole,
					    .measured = path->measured, .predicted = path->predicted, .line = g_string_new(NULL) };
		report_line(&bar, g, path, ranks, count, what_if);
		g_array_append_val(out->bars, bar);
		if (lines[path->rank]++ < CRITICAL_REPORT_STEPS)
			g_string_append_printf(out->report, "  %s\n", bar.line->str);
	}
	for (guint r = 0; r < rank_count; r++) {
		if (!per[r].total)
			continue;
		per[r].total->whole = per[r].total->critical;
		g_ptr_array_add(out->rows, per[r].total);
		out->lead++;
		if (lines[r] > CRITICAL_REPORT_STEPS && ranks)
			g_string_append_printf(out->report, "  critical path on rank %s: %u more steps (--summary critical has them all)\n",
					       ranks[r], lines[r] - CRITICAL_REPORT_STEPS);
		else if (lines[r] > CRITICAL_REPORT_STEPS)
			g_string_append_printf(out->report, "  critical path: %u more steps (--summary critical has them all)\n",
					       lines[r] - CRITICAL_REPORT_STEPS);
	}
	for (guint r = 0; r < rank_count; r++) { /* the distinct events of each row */
		if (!per[r].total)
			continue;
		GArray *events = per[r].events;
		g_autofree guint32 *unused = g_new0(guint32, events->len + 1);
		radix_sort((guint64 *)events->data, unused, events->len);
		for (guint i = 0; i < events->len; i++) {
			guint64 key = g_array_index(events, guint64, i);
			if (!i || key != g_array_index(events, guint64, i - 1))
				((struct critical_row *)per[r].rows->pdata[key >> 32])->count++;
		}
	}
	for (guint r = 0; r < rank_count; r++) {
		if (!per[r].total)
			continue;
		qsort(per[r].rows->pdata, per[r].rows->len, sizeof(gpointer), compare_rows);
		for (guint i = 0; i < per[r].rows->len; i++) {
			struct critical_row *row = per[r].rows->pdata[i];
			row->whole = per[r].total->critical;
			g_ptr_array_add(out->rows, row);
		}
		g_hash_table_destroy(per[r].by_key);
		g_array_free(per[r].events, TRUE);
		g_ptr_array_free(per[r].rows, TRUE);
	}
	return out;
}

static void rank(const void *r, struct value *v)
{
	value_rank(v, ROW(r)->rank);
}

static void name(const void *r, struct value *v)
{
	value_text(v, ROW(r)->name->str, ROW(r)->name->len);
}

static void kind(const void *r, struct value *v)
{
	value_string(v, kind_names[ROW(r)->kind]);
}

static void critical(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->critical);
}

static void measured(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->measured);
}

static void share(const void *r, struct value *v)
{
	gint64 tenths = tenths_of_percent(ROW(r)->critical, ROW(r)->whole);
	if (tenths >= 0)
		value_number(v, VALUE_PERCENT, tenths);
	else
		v->type = VALUE_EMPTY;
}

static void count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count);
}

static const struct column columns[] = {
	{ "rank", VALUE_INTEGER, 0, rank }, /* with several traces */
	{ "name", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL | COLUMN_SHORT_NAMES, name },
	{ "kind", VALUE_TEXT, COLUMN_DEFAULT, kind },
	{ "critical(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, critical },
	{ "measured(ms)", VALUE_DURATION, 0, measured }, /* a default column with --what-if */
	{ "share", VALUE_PERCENT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, share },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, count },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *critical_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_critical_summary(struct output *out, const struct write_config *config, guint64 *rows)
{
	const struct critical_rows *critical = config->critical;
	struct write_config own = *config;
	own.lead = critical->lead;
	gboolean ok = write_rows(out, &own, critical->rows);
	*rows = write_rows_count(&own, critical->rows->len);
	return ok;
}
