#include "views/ranks/rank_columns.h"
#include <stdlib.h>
#include <string.h>
#include "output/output_names.h"
#include "util/timefmt.h"

#define REPEAT_WARNINGS 10

static int compare_ranks(gconstpointer x, gconstpointer y)
{
	const struct rank_total *a = *(struct rank_total *const *)x, *b = *(struct rank_total *const *)y;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

/* The lines of the ranks with events left out for a repeated id (sorted
 * rows), at most REPEAT_WARNINGS, then how many more. */
void rank_rows_repeat_warnings(const GPtrArray *rows, GString *warnings)
{
	g_autoptr(GPtrArray) by_rank = g_ptr_array_new();
	for (guint i = 0; i < rows->len; i++)
		if (((const struct rank_total *)rows->pdata[i])->left_out)
			g_ptr_array_add(by_rank, rows->pdata[i]);
	g_ptr_array_sort(by_rank, compare_ranks);
	for (guint i = 0; i < by_rank->len && i < REPEAT_WARNINGS; i++) {
		const struct rank_total *row = by_rank->pdata[i];
		g_autofree char *id = output_shown(row->repeated ? row->repeated : "?");
		g_string_append_printf(warnings,
				       "profile_parser: warning: --summary rank: rank %" G_GINT64_FORMAT ": %" G_GUINT64_FORMAT
				       " communication event%s left out: %s the id of an earlier event of the rank (the first: %s); "
				       "only the first event of an id takes part\n",
				       row->rank, row->left_out, row->left_out == 1 ? "" : "s", row->left_out == 1 ? "it has" : "each has",
				       id);
	}
	if (by_rank->len > REPEAT_WARNINGS)
		g_string_append_printf(warnings, "profile_parser: warning: --summary rank: %u more rank%s with communication "
						 "events left out for a repeated id\n", by_rank->len - REPEAT_WARNINGS,
				       by_rank->len - REPEAT_WARNINGS == 1 ? "" : "s");
	/* a Comms Id of 0 is no id (an unset one): those events are matched by Seq, else numbered */
	g_ptr_array_set_size(by_rank, 0);
	for (guint i = 0; i < rows->len; i++)
		if (((const struct rank_total *)rows->pdata[i])->zero_ids)
			g_ptr_array_add(by_rank, rows->pdata[i]);
	g_ptr_array_sort(by_rank, compare_ranks);
	for (guint i = 0; i < by_rank->len && i < REPEAT_WARNINGS; i++) {
		const struct rank_total *row = by_rank->pdata[i];
		g_string_append_printf(warnings,
				       "profile_parser: warning: --summary rank: rank %" G_GINT64_FORMAT ": %" G_GUINT64_FORMAT
				       " communication event%s with Comms Id 0, which is no id: matched by Seq and process "
				       "group where %s one, else numbered\n",
				       row->rank, row->zero_ids, row->zero_ids == 1 ? "" : "s",
				       row->zero_ids == 1 ? "it has" : "they have");
	}
	if (by_rank->len > REPEAT_WARNINGS)
		g_string_append_printf(warnings, "profile_parser: warning: --summary rank: %u more rank%s with Comms Id 0\n",
				       by_rank->len - REPEAT_WARNINGS, by_rank->len - REPEAT_WARNINGS == 1 ? "" : "s");
}

static int compare_texts(gconstpointer x, gconstpointer y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

char *rank_texts_joined(GHashTable *set)
{
	if (!g_hash_table_size(set))
		return NULL;
	guint n;
	g_autofree gpointer *texts = g_hash_table_get_keys_as_array(set, &n);
	qsort(texts, n, sizeof *texts, compare_texts);
	g_autoptr(GString) out = g_string_new(NULL);
	for (guint i = 0; i < n; i++)
		g_string_append_printf(out, "%s%s", i ? "; " : "", (const char *)texts[i]);
	return g_string_free(g_steal_pointer(&out), FALSE);
}

char *rank_rows_straggler(const struct rank_total *first, guint64 matched, gint64 waited)
{
	if (!first || first->delay <= 0)
		return NULL;
	GString *text = g_string_new(NULL);
	g_string_append_printf(text, "straggler: rank %" G_GINT64_FORMAT " arrived last at %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
				     " collectives, ", first->rank, first->last_count, matched);
	time_append_ms(text, first->delay);
	g_string_append(text, " ms after the next rank in all; the ranks waited ");
	time_append_ms(text, waited);
	g_string_append(text, " ms\n");
	return g_string_free(text, FALSE);
}

void rank_reduce_bar(const void *row, struct rank_bar *bar)
{
	const struct rank_total *r = row; /* within 63 bits: the record's or the map's span (busy + idle) is */
	*bar = (struct rank_bar){ .rank = r->rank, .span = r->busy + r->idle, .compute = r->compute,
				  .transfer = r->exposed - r->bar_wait, .wait = r->bar_wait,
				  .other_busy = r->busy - r->compute - r->exposed, .host_wait = r->host_wait,
				  .other_idle = r->idle - r->host_wait };
}

#define ROW(r) ((const struct rank_total *)(r))
#define INTEGER_GETTER(fn, member) \
	static void fn(const void *r, struct value *v) { value_number(v, VALUE_INTEGER, (gint64)ROW(r)->member); }
#define DURATION_GETTER(fn, member) \
	static void fn(const void *r, struct value *v) { value_number(v, VALUE_DURATION, ROW(r)->member); }
INTEGER_GETTER(rank, rank)
INTEGER_GETTER(steps, steps)
DURATION_GETTER(busy, busy)
DURATION_GETTER(compute, compute)
DURATION_GETTER(communication, communication)
DURATION_GETTER(exposed, exposed)
INTEGER_GETTER(collectives, collectives)
DURATION_GETTER(wait, wait)
DURATION_GETTER(transfer, transfer)
INTEGER_GETTER(last_count, last_count)
DURATION_GETTER(delay, delay)
DURATION_GETTER(host_wait, host_wait)

static void step_late(const void *r, struct value *v) { rank_late_value(&ROW(r)->late, v); } /* SPEC 26.6 */

/* the steps' host durations, mean rounded half up to the ns; empty without steps */
static void step_mean(const void *r, struct value *v)
{
	if (ROW(r)->steps)
		value_number(v, VALUE_DURATION, mean_half_up(ROW(r)->step_total, (gint64)ROW(r)->steps));
	else
		v->type = VALUE_EMPTY;
}

static const struct column columns[] = {
	{ "rank", VALUE_INTEGER, COLUMN_DEFAULT, rank },
	{ "steps", VALUE_INTEGER, COLUMN_DEFAULT, steps },
	{ "step mean(ms)", VALUE_DURATION, COLUMN_DEFAULT, step_mean },
	{ "device busy(ms)", VALUE_DURATION, COLUMN_DEFAULT, busy },
	{ "compute(ms)", VALUE_DURATION, COLUMN_DEFAULT, compute },
	{ "communication(ms)", VALUE_DURATION, COLUMN_DEFAULT, communication },
	{ "exposed communication(ms)", VALUE_DURATION, COLUMN_DEFAULT, exposed },
	{ "collectives", VALUE_INTEGER, COLUMN_DEFAULT, collectives },
	{ "wait(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, wait },
	{ "transfer(ms)", VALUE_DURATION, COLUMN_DEFAULT, transfer },
	{ "last count", VALUE_INTEGER, COLUMN_DEFAULT | COLUMN_ESSENTIAL, last_count },
	{ "delay caused(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, delay },
	{ "step start late(ms)", VALUE_DURATION, COLUMN_DEFAULT, step_late },
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_wait },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *rank_summary_catalogue(void)
{
	return &catalogue;
}
