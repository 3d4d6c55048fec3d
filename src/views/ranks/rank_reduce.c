#include "views/ranks/rank_reduce.h"
#include <string.h>
#include "util/timefmt.h"
#include "views/collectives/collective_across.h"
#include "views/ranks/rank_bars.h"
#include "views/ranks/rank_groups.h"

struct arrival {
	gint64 rank, start, end;
	struct across_row *row; /* its collective row (--summary collective --across-ranks), or NULL */
	gint device;
	gint lane; /* src/views/ranks/rank_bars.h */
	guint32 position; /* the event's place in its rank's trace (SPEC 30) */
};

struct instance {
	const struct rank_group *group; /* numbered instances only */
	guint64 number;
	GArray *arrivals; /* struct arrival */
	gboolean settled; /* matched: its last arrival is LAST */
	gint64 last;
};

struct rank_reduce {
	GHashTable *rows;      /* &row->rank -> struct rank_total *, owned */
	GPtrArray *sorted;
	GHashTable *groups;    /* src/views/ranks/rank_groups.h */
	GHashTable *instances; /* GBytes -> struct instance *, owned */
	GHashTable *steps;     /* step number (owned guint64 *) -> how many ranks have it (1 or 2: more) */
	guint serial;
	guint ranks, without_steps;
	guint64 matched, disagree;
	gint64 waited;
	GHashTable *devices, *world_sizes; /* the ranks' distinct texts (owned) */
	GHashTable *across;    /* the collective rows (src/views/collectives/collective_across.h), or NULL */
	GPtrArray *across_sorted;
	GArray *waits;         /* struct rank_wait, or NULL: not kept */
	GArray *free;          /* the bars' F (struct rank_interval), or NULL: not kept */
	struct rank_steps *starts; /* the steps' starts (SPEC 26.6) */
	GPtrArray *kept;       /* GArray * of struct rank_arrival per matched instance, or NULL: not kept */
	gboolean any;          /* an event was added: */
	gint64 first, end;     /* the earliest start and the latest end of all */
	gint64 transferred, skewed; /* every transfer and every skew, added up */
	const char *wrapped;   /* a sum past 2^63 - 1, or NULL */
};

static void row_free(gpointer data)
{
	struct rank_total *row = data;
	g_free(row->repeated);
	g_free(row);
}

static void instance_free(gpointer data)
{
	struct instance *i = data;
	g_array_free(i->arrivals, TRUE);
	g_free(i);
}

struct rank_reduce *rank_reduce_new(void)
{
	struct rank_reduce *r = g_new0(struct rank_reduce, 1);
	r->rows = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, row_free);
	r->groups = rank_groups_new();
	r->instances = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, instance_free);
	r->steps = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
	r->devices = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	r->world_sizes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	r->starts = rank_steps_new();
	return r;
}

void rank_reduce_free(struct rank_reduce *r)
{
	if (!r)
		return;
	if (r->waits)
		g_array_free(r->waits, TRUE);
	if (r->free)
		g_array_free(r->free, TRUE);
	rank_steps_free(r->starts);
	if (r->kept)
		g_ptr_array_free(r->kept, TRUE);
	g_hash_table_destroy(r->instances);
	g_hash_table_destroy(r->groups);
	g_hash_table_destroy(r->steps);
	g_hash_table_destroy(r->devices);
	g_hash_table_destroy(r->world_sizes);
	if (r->sorted)
		g_ptr_array_free(r->sorted, TRUE);
	g_hash_table_destroy(r->rows);
	if (r->across_sorted)
		g_ptr_array_free(r->across_sorted, TRUE);
	if (r->across)
		g_hash_table_destroy(r->across);
	g_free(r);
}

/* *TOTAL + ADD; past 2^63 - 1, R says so (WHAT). */
static void add_up(struct rank_reduce *r, gint64 *total, gint64 add, const char *what)
{
	if (__builtin_add_overflow(*total, add, total) && !r->wrapped)
		r->wrapped = what;
}

void rank_reduce_add(struct rank_reduce *r, const struct rank_record *record)
{
	r->serial++;
	r->ranks++;
	struct rank_total *row = g_hash_table_lookup(r->rows, &record->rank);
	if (!row) { /* the same rank twice is an error of the caller's: its figures are then one row */
		row = g_new0(struct rank_total, 1);
		row->rank = record->rank;
		g_hash_table_insert(r->rows, &row->rank, row);
	}
	row->steps += record->steps;
	static const char *const twice = "the figures of one rank's two records"; /* an error of the caller's anyway */
	add_up(r, &row->step_total, record->step_total, twice);
	add_up(r, &row->busy, record->busy, twice);
	add_up(r, &row->compute, record->compute, twice);
	add_up(r, &row->communication, record->communication, twice);
	add_up(r, &row->exposed, record->exposed, twice);
	add_up(r, &row->host_wait, record->host_wait, twice);
	add_up(r, &row->idle, record->idle, twice);
	row->left_out += record->left_out;
	row->zero_ids += record->zero_ids;
	if (!row->repeated)
		row->repeated = g_strdup(record->repeated);
	if (record->too_long && !r->wrapped)
		r->wrapped = record->too_long;
	for (guint i = 0; r->free && i < record->exposed_parts->len; i++) {
		struct rank_interval part = g_array_index(record->exposed_parts, struct rank_interval, i);
		part.rank = record->rank;
		g_array_append_val(r->free, part);
	}
	if (record->devices)
		g_hash_table_add(r->devices, g_strdup(record->devices));
	if (record->world_size)
		g_hash_table_add(r->world_sizes, g_strdup(record->world_size));
	r->without_steps += record->steps == 0;
	rank_steps_add(r->starts, record);
	for (guint i = 0; i < record->step_numbers->len; i++) {
		guint64 number = g_array_index(record->step_numbers, guint64, i);
		gpointer had = g_hash_table_lookup(r->steps, &number);
		g_hash_table_replace(r->steps, g_memdup2(&number, sizeof number), GUINT_TO_POINTER(had ? 2 : 1));
	}
	g_autoptr(GString) id = g_string_new(NULL);
	g_autofree struct across_row **rows = NULL; /* the record's rows among the job's */
	if (record->rows) {
		if (!r->across)
			r->across = across_rows_new();
		rows = g_new(struct across_row *, record->rows->len + 1);
		for (guint i = 0; i < record->rows->len; i++)
			rows[i] = across_row_add(r->across, record->rows->pdata[i]);
	}
	for (guint i = 0; i < record->events->len; i++) {
		const struct rank_event *event = &g_array_index(record->events, struct rank_event, i);
		const struct rank_group *group = NULL;
		if (event->kind == RANK_EVENT_NUMBERED) {
			group = rank_groups_count(r->groups, event, record->rank, r->serial, id);
			g_string_assign(id, "N");
			g_string_append_len(id, (const char *)&group, sizeof group);
			g_string_append_len(id, (const char *)&event->number, sizeof event->number);
		} else if (event->kind == RANK_EVENT_COMMS) {
			g_string_assign(id, "i");
			g_string_append(id, event->id);
		} else { /* the process group (its ranks after a NUL), a NUL, the Seq */
			g_string_assign(id, "s");
			g_string_append_len(id, event->key, (gssize)event->key_len);
			g_string_append_len(id, "", 1);
			g_string_append(id, event->id);
		}
		GBytes *bytes = g_bytes_new(id->str, id->len);
		struct instance *instance = g_hash_table_lookup(r->instances, bytes);
		if (!instance) {
			instance = g_new0(struct instance, 1);
			instance->group = group;
			instance->number = event->number;
			instance->arrivals = g_array_new(FALSE, FALSE, sizeof(struct arrival));
			g_hash_table_insert(r->instances, g_bytes_ref(bytes), instance);
		}
		g_bytes_unref(bytes);
		struct arrival arrival = { record->rank, event->start, event->end, rows ? rows[event->row] : NULL,
					   event->device, event->lane, event->position };
		g_array_append_val(instance->arrivals, arrival);
		r->first = r->any ? MIN(r->first, event->start) : event->start;
		r->end = r->any ? MAX(r->end, event->end) : event->end;
		r->any = TRUE;
	}
}

/* The figures of one matched instance into the rows: every sum of waits,
 * transfers, skews or delays is within those of all the instances
 * (R->waited, transferred, skewed: a delay is within its instance's skew),
 * which are checked. */
static void settle(struct rank_reduce *r, struct instance *instance)
{
	const GArray *arrivals = instance->arrivals;
	gint64 last = G_MININT64, first = G_MAXINT64, earliest_end = G_MAXINT64, last_rank = 0;
	for (guint i = 0; i < arrivals->len; i++) {
		const struct arrival *a = &g_array_index(arrivals, struct arrival, i);
		if (a->start > last || (a->start == last && a->rank < last_rank))
			last = a->start, last_rank = a->rank;
		first = MIN(first, a->start);
		earliest_end = MIN(earliest_end, a->end);
	}
	gint64 second = last; /* the latest start of the other ranks (none: one rank's two records, no delay) */
	gboolean other = FALSE;
	for (guint i = 0; i < arrivals->len; i++) {
		const struct arrival *a = &g_array_index(arrivals, struct arrival, i);
		if (a->rank != last_rank || a->start != last)
			second = other ? MAX(second, a->start) : a->start, other = TRUE;
		struct rank_total *row = g_hash_table_lookup(r->rows, &a->rank);
		gint64 wait = MIN(last, a->end) - a->start, transfer = a->end - MAX(last, a->start);
		row->collectives++;
		/* at most the instances' skews, whose sum add_up checks: it wraps only when theirs does */
		if (__builtin_add_overflow(row->late.arrivals, a->start - first, &row->late.arrivals))
			row->late.arrivals = G_MAXINT64;
		add_up(r, &r->waited, wait, "the ranks' waits"); /* first: a row's add up to no more */
		add_up(r, &r->transferred, MAX(transfer, 0), "the ranks' transfers");
		add_up(r, &row->wait, wait, "the ranks' waits");
		add_up(r, &row->transfer, MAX(transfer, 0), "the ranks' transfers");
		if (r->waits && wait > 0 && a->device >= 0) {
			struct rank_wait part = { a->rank, a->device, a->start, a->start + wait };
			g_array_append_val(r->waits, part);
		}
		if (a->row)
			across_row_event(a->row, r->matched, last - first, last_rank, wait, MAX(transfer, 0));
	}
	GArray *kept = r->kept ? g_array_sized_new(FALSE, FALSE, sizeof(struct rank_arrival), arrivals->len) : NULL;
	for (guint i = 0; kept && i < arrivals->len; i++) { /* SPEC 30: the critical path across ranks */
		const struct arrival *a = &g_array_index(arrivals, struct arrival, i);
		g_array_append_vals(kept, &(struct rank_arrival){ a->rank, a->position }, 1);
	}
	if (kept)
		g_ptr_array_add(r->kept, kept);
	struct rank_total *row = g_hash_table_lookup(r->rows, &last_rank);
	row->last_count++;
	add_up(r, &r->skewed, last - first, "the instances' skews"); /* first: a row's delays add up to no more */
	add_up(r, &row->delay, last - second, "the ranks' delays");
	r->matched++;
	r->disagree += earliest_end < last;
	instance->settled = TRUE;
	instance->last = last;
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct rank_total *a = *(struct rank_total *const *)x, *b = *(struct rank_total *const *)y;
	if (a->delay != b->delay)
		return a->delay > b->delay ? -1 : 1;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

static void bar_wait(gpointer data, gint64 rank, gint64 wait)
{
	struct rank_total *row = g_hash_table_lookup(data, &rank);
	if (row)
		row->bar_wait += wait;
}

/* The bars' wait parts (src/views/ranks/rank_bars.h), from the settled instances. */
static void bars(struct rank_reduce *r)
{
	g_autoptr(GArray) transfers = g_array_new(FALSE, FALSE, sizeof(struct rank_interval));
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, r->instances);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		const struct instance *instance = value;
		for (guint i = 0; i < instance->arrivals->len; i++) {
			const struct arrival *a = &g_array_index(instance->arrivals, struct arrival, i);
			/* its transfer part: past its wait part [a, min(A, e)), or all of it unmatched */
			struct rank_interval part = { a->rank, a->lane, instance->settled ? MIN(instance->last, a->end) : a->start,
						      a->end };
			part.start = MAX(part.start, a->start);
			if (a->lane >= 0 && part.start < part.end)
				g_array_append_val(transfers, part);
		}
	}
	rank_bars_wait(r->free, transfers, bar_wait, r->rows);
	g_array_free(r->free, TRUE);
	r->free = NULL;
}

gboolean rank_reduce_finish(struct rank_reduce *r, GString *warnings, GError **error)
{
	gint64 span;
	if (r->any && __builtin_sub_overflow(r->end, r->first, &span)) {
		g_set_error_literal(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
				    "the ranks' communication events span more than 2^63 ns (292 years): waits would be wrong");
		return FALSE;
	}
	g_autoptr(GString) counts = g_string_new(NULL);
	rank_groups_warnings(r->groups, counts);
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, r->instances);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		struct instance *instance = value;
		if (instance->arrivals->len < 2 || (instance->group && instance->number >= instance->group->least))
			continue;
		settle(r, instance);
	}
	const char *starts = rank_steps_finish(r->starts, g_hash_table_size(r->rows));
	if (starts && !r->wrapped)
		r->wrapped = starts;
	if (r->wrapped) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s add up past 2^63 ns (292 years): sums would be wrong",
			    r->wrapped);
		return FALSE;
	}
	if (r->free)
		bars(r);
	if (r->disagree * 10 > r->matched)
		g_string_append_printf(warnings,
				       "profile_parser: warning: --summary rank: the clocks of the ranks disagree: in %" G_GUINT64_FORMAT
				       " of %" G_GUINT64_FORMAT " collective instances a rank's event ends before another rank's starts;"
				       " waits and transfers are as the timestamps say\n", r->disagree, r->matched);
	gboolean shared = FALSE;
	g_hash_table_iter_init(&iter, r->steps);
	while (!shared && g_hash_table_iter_next(&iter, NULL, &value))
		shared = GPOINTER_TO_UINT(value) > 1;
	if (r->ranks > 1 && !r->without_steps && !shared)
		g_string_append(warnings, "profile_parser: warning: --summary rank: every trace has steps, but no step "
					  "number is in two of them: no collective could be matched\n");
	g_string_append(warnings, counts->str);
	r->sorted = g_ptr_array_sized_new(g_hash_table_size(r->rows));
	g_hash_table_iter_init(&iter, r->rows);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		rank_steps_late(r->starts, ((struct rank_total *)value)->rank, &((struct rank_total *)value)->late);
		g_ptr_array_add(r->sorted, value);
	}
	rank_rows_repeat_warnings(r->sorted, warnings);
	g_ptr_array_sort(r->sorted, compare_rows);
	return TRUE;
}

void rank_reduce_keep_bars(struct rank_reduce *r)
{
	if (!r->free)
		r->free = g_array_new(FALSE, FALSE, sizeof(struct rank_interval));
}

GPtrArray *rank_reduce_collectives(struct rank_reduce *r)
{
	if (!r->across_sorted)
		r->across_sorted = r->across ? across_rows_sorted(r->across) : g_ptr_array_new();
	return r->across_sorted;
}

const GPtrArray *rank_reduce_rows(const struct rank_reduce *r)
{
	return r->sorted;
}

guint64 rank_reduce_instances(const struct rank_reduce *r)
{
	return r->matched;
}

void rank_reduce_keep_waits(struct rank_reduce *r)
{
	if (!r->waits)
		r->waits = g_array_new(FALSE, FALSE, sizeof(struct rank_wait));
}

const GArray *rank_reduce_waits(const struct rank_reduce *r)
{
	return r->waits;
}

void rank_reduce_job(const struct rank_reduce *r, struct rank_job *job)
{
	const struct rank_total *first = r->sorted && r->sorted->len ? r->sorted->pdata[0] : NULL;
	*job = (struct rank_job){ .ranks = r->sorted ? r->sorted->len : 0, .matched = r->matched,
				  .disagree = r->disagree, .clocks_disagree = r->disagree * 10 > r->matched,
				  .waited = r->waited };
	if (first) {
		job->first_rank = first->rank;
		job->first_delay = first->delay;
		job->first_last_count = first->last_count;
		job->first_late = first->late;
		job->first_collectives = first->collectives;
	}
}

char *rank_reduce_straggler(const struct rank_reduce *r)
{
	const struct rank_total *first = r->sorted && r->sorted->len ? r->sorted->pdata[0] : NULL;
	return rank_rows_straggler(first, r->matched, r->waited);
}

char *rank_reduce_hardware(const struct rank_reduce *r, gboolean world_sizes)
{
	return rank_texts_joined(world_sizes ? r->world_sizes : r->devices);
}

const GPtrArray *rank_reduce_keep_instances(struct rank_reduce *r)
{
	return r->kept = r->kept ? r->kept : g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
}
