#include "views/rank_reduce.h"
#include <stdlib.h>
#include <string.h>
#include "util/timefmt.h"
#include "views/collective_across.h"

#define COUNT_WARNINGS 10

struct rank_row {
	gint64 rank;
	guint64 steps;
	gint64 step_total, busy, compute, communication, exposed, host_wait, idle;
	guint64 collectives, last_count;
	gint64 wait, transfer, delay;
};

struct arrival {
	gint64 rank, start, end;
	struct across_row *row; /* its collective row (--summary collective --across-ranks), or NULL */
	gint device;
	guint32 position;
};

struct rank_count {
	gint64 rank;
	guint64 count;
};

/* A (step, group key) and each rank's count of it. */
struct group {
	char *key;
	gsize key_len;
	gboolean in_step;
	guint64 step;
	GArray *counts; /* struct rank_count */
	guint serial;   /* the add that last counted in it */
	guint64 least;  /* the smallest count (at the end) */
};

struct instance {
	const struct group *group; /* numbered instances only */
	guint64 number;
	GArray *arrivals; /* struct arrival */
};

struct rank_reduce {
	GHashTable *rows;      /* &row->rank -> struct rank_row *, owned */
	GPtrArray *sorted;
	GHashTable *groups;    /* GBytes (in step, step, key) -> struct group *, owned */
	GHashTable *instances; /* GBytes -> struct instance *, owned */
	GHashTable *steps;     /* step number (owned guint64 *) -> how many ranks have it (1 or 2: more) */
	guint serial;
	guint ranks, without_steps;
	guint64 matched, disagree;
	gint64 waited;
	GHashTable *devices, *world_sizes; /* the ranks' distinct texts (owned) */
	GHashTable *across;    /* the collective rows (src/views/collective_across.h), or NULL */
	GPtrArray *across_sorted;
	GArray *waits;         /* struct rank_wait, or NULL: not kept */
	GPtrArray *kept;       /* GArray * of struct rank_arrival per matched instance, or NULL: not kept */
};

static void group_free(gpointer data)
{
	struct group *g = data;
	g_free(g->key);
	g_array_free(g->counts, TRUE);
	g_free(g);
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
	r->rows = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, g_free);
	r->groups = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, group_free);
	r->instances = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, instance_free);
	r->steps = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
	r->devices = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	r->world_sizes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	return r;
}

void rank_reduce_free(struct rank_reduce *r)
{
	if (!r)
		return;
	if (r->waits)
		g_array_free(r->waits, TRUE);
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

/* The group of EVENT, made when new, with this add's count in it. */
static struct group *group_of(struct rank_reduce *r, const struct rank_event *event, gint64 rank, GString *id)
{
	g_string_truncate(id, 0);
	g_string_append_c(id, (char)event->in_step);
	g_string_append_len(id, (const char *)&event->step, sizeof event->step);
	g_string_append_len(id, event->key, (gssize)event->key_len);
	GBytes *bytes = g_bytes_new(id->str, id->len);
	struct group *g = g_hash_table_lookup(r->groups, bytes);
	if (!g) {
		g = g_new0(struct group, 1);
		g->key = g_memdup2(event->key, event->key_len + 1);
		g->key_len = event->key_len;
		g->in_step = event->in_step;
		g->step = event->step;
		g->counts = g_array_new(FALSE, FALSE, sizeof(struct rank_count));
		g_hash_table_insert(r->groups, g_bytes_ref(bytes), g);
	}
	g_bytes_unref(bytes);
	if (g->serial != r->serial || !g->counts->len) {
		struct rank_count count = { rank, 0 };
		g_array_append_val(g->counts, count);
		g->serial = r->serial;
	}
	g_array_index(g->counts, struct rank_count, g->counts->len - 1).count++;
	return g;
}

void rank_reduce_add(struct rank_reduce *r, const struct rank_record *record)
{
	r->serial++;
	r->ranks++;
	struct rank_row *row = g_hash_table_lookup(r->rows, &record->rank);
	if (!row) { /* the same rank twice is an error of the caller's: its figures are then one row */
		row = g_new0(struct rank_row, 1);
		row->rank = record->rank;
		g_hash_table_insert(r->rows, &row->rank, row);
	}
	row->steps += record->steps;
	row->step_total += record->step_total;
	row->busy += record->busy;
	row->compute += record->compute;
	row->communication += record->communication;
	row->exposed += record->exposed;
	row->host_wait += record->host_wait;
	row->idle += record->idle;
	if (record->devices)
		g_hash_table_add(r->devices, g_strdup(record->devices));
	if (record->world_size)
		g_hash_table_add(r->world_sizes, g_strdup(record->world_size));
	r->without_steps += record->steps == 0;
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
		const struct group *group = NULL;
		if (event->kind == RANK_EVENT_NUMBERED) {
			group = group_of(r, event, record->rank, id);
			g_string_assign(id, "N");
			g_string_append_len(id, (const char *)&group, sizeof group);
			g_string_append_len(id, (const char *)&event->number, sizeof event->number);
		} else if (event->kind == RANK_EVENT_COMMS) {
			g_string_assign(id, "i");
			g_string_append(id, event->id);
		} else {
			g_string_assign(id, "s");
			g_string_append(id, event->key);
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
					   event->device, event->position };
		g_array_append_val(instance->arrivals, arrival);
	}
}

#define ARRIVAL(i) (&g_array_index(arrivals, struct arrival, (i)))

/* The figures of one matched instance into the rows. */
static void settle(struct rank_reduce *r, const struct instance *instance)
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
	gint64 second = G_MININT64; /* the latest start of the other ranks */
	for (guint i = 0; i < arrivals->len; i++) {
		const struct arrival *a = &g_array_index(arrivals, struct arrival, i);
		if (a->rank != last_rank || a->start != last)
			second = MAX(second, a->start);
		struct rank_row *row = g_hash_table_lookup(r->rows, &a->rank);
		gint64 wait = MIN(last, a->end) - a->start, transfer = a->end - MAX(last, a->start);
		row->collectives++;
		row->wait += wait;
		row->transfer += MAX(transfer, 0);
		r->waited += wait;
		if (r->waits && wait > 0 && a->device >= 0) {
			struct rank_wait part = { a->rank, a->device, a->start, a->start + wait };
			g_array_append_val(r->waits, part);
		}
		if (a->row)
			across_row_event(a->row, r->matched, last - first, last_rank, wait, MAX(transfer, 0));
	}
	GArray *kept = r->kept ? g_array_sized_new(FALSE, FALSE, sizeof(struct rank_arrival), arrivals->len) : NULL;
	for (guint i = 0; kept && i < arrivals->len; i++) /* SPEC 30: the critical path across ranks */
		g_array_append_vals(kept, &(struct rank_arrival){ ARRIVAL(i)->rank, ARRIVAL(i)->position }, 1);
	if (kept)
		g_ptr_array_add(r->kept, kept);
	struct rank_row *row = g_hash_table_lookup(r->rows, &last_rank);
	row->last_count++;
	row->delay += last - second;
	r->matched++;
	r->disagree += earliest_end < last;
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct rank_row *a = *(struct rank_row *const *)x, *b = *(struct rank_row *const *)y;
	if (a->delay != b->delay)
		return a->delay > b->delay ? -1 : 1;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

/* Groups whose counts differ: by step (those outside the steps last), then key. */
static int compare_groups(gconstpointer x, gconstpointer y)
{
	const struct group *a = *(struct group *const *)x, *b = *(struct group *const *)y;
	if (a->in_step != b->in_step)
		return a->in_step ? -1 : 1;
	if (a->step != b->step)
		return a->step < b->step ? -1 : 1;
	int c = memcmp(a->key, b->key, MIN(a->key_len, b->key_len));
	return c ? c : (a->key_len > b->key_len) - (a->key_len < b->key_len);
}

static int compare_counts(gconstpointer x, gconstpointer y)
{
	const struct rank_count *a = x, *b = y;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

/* The count warnings of the groups whose ranks' counts differ, at most COUNT_WARNINGS, then how many more. */
static void count_warnings(struct rank_reduce *r, GString *warnings)
{
	g_autoptr(GPtrArray) differ = g_ptr_array_new();
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, r->groups);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		struct group *g = value;
		guint64 least = G_MAXUINT64, most = 0;
		for (guint i = 0; i < g->counts->len; i++) {
			least = MIN(least, g_array_index(g->counts, struct rank_count, i).count);
			most = MAX(most, g_array_index(g->counts, struct rank_count, i).count);
		}
		g->least = least;
		if (least != most)
			g_ptr_array_add(differ, g);
	}
	g_ptr_array_sort(differ, compare_groups);
	guint64 written = 0, more = 0;
	for (guint i = 0; i < differ->len; i++) {
		struct group *g = differ->pdata[i];
		g_array_sort(g->counts, compare_counts);
		gint64 fewest = 0; /* the lowest rank with the smallest count */
		for (guint j = g->counts->len; j-- > 0;)
			if (g_array_index(g->counts, struct rank_count, j).count == g->least)
				fewest = g_array_index(g->counts, struct rank_count, j).rank;
		g_autofree char *key = rank_key_shown(g->key, g->key_len);
		g_autofree char *step = g->in_step ? g_strdup_printf("in step %" G_GUINT64_FORMAT, g->step)
						   : g_strdup("outside the steps");
		for (guint j = 0; j < g->counts->len; j++) {
			const struct rank_count *c = &g_array_index(g->counts, struct rank_count, j);
			if (c->count == g->least)
				continue;
			if (written == COUNT_WARNINGS) {
				more++;
				continue;
			}
			written++;
			g_string_append_printf(warnings,
					       "profile_parser: warning: --summary rank: %s %s: rank %" G_GINT64_FORMAT
					       " has %" G_GUINT64_FORMAT " events, rank %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT
					       ": the last %" G_GUINT64_FORMAT " of rank %" G_GINT64_FORMAT " are not matched\n",
					       key, step, c->rank, c->count, fewest, g->least, c->count - g->least, c->rank);
		}
	}
	if (more)
		g_string_append_printf(warnings, "profile_parser: warning: --summary rank: %" G_GUINT64_FORMAT
						 " more ranks whose counts of a collective differ\n", more);
}

void rank_reduce_finish(struct rank_reduce *r, GString *warnings)
{
	g_autoptr(GString) counts = g_string_new(NULL);
	count_warnings(r, counts);
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, r->instances);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		const struct instance *instance = value;
		if (instance->arrivals->len < 2 || (instance->group && instance->number >= instance->group->least))
			continue;
		settle(r, instance);
	}
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
	while (g_hash_table_iter_next(&iter, NULL, &value))
		g_ptr_array_add(r->sorted, value);
	g_ptr_array_sort(r->sorted, compare_rows);
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

void rank_reduce_bar(const void *row, struct rank_bar *bar)
{
	const struct rank_row *r = row;
	*bar = (struct rank_bar){ r->rank, r->compute, r->exposed, r->wait, r->host_wait, MAX(r->idle - r->host_wait, 0) };
}

static int compare_texts(gconstpointer x, gconstpointer y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

char *rank_reduce_hardware(const struct rank_reduce *r, gboolean world_sizes)
{
	GHashTable *set = world_sizes ? r->world_sizes : r->devices;
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
	const struct rank_row *first = r->sorted && r->sorted->len ? r->sorted->pdata[0] : NULL;
	*job = (struct rank_job){ .ranks = r->sorted ? r->sorted->len : 0, .matched = r->matched,
				  .disagree = r->disagree, .clocks_disagree = r->disagree * 10 > r->matched,
				  .waited = r->waited };
	if (first) {
		job->first_rank = first->rank;
		job->first_delay = first->delay;
		job->first_last_count = first->last_count;
	}
}

char *rank_reduce_straggler(const struct rank_reduce *r)
{
	const struct rank_row *first = r->sorted && r->sorted->len ? r->sorted->pdata[0] : NULL;
	if (!first || first->delay <= 0)
		return NULL;
	GString *text = g_string_new(NULL);
	g_string_append_printf(text, "straggler: rank %" G_GINT64_FORMAT " arrived last at %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
				     " collectives, ", first->rank, first->last_count, r->matched);
	time_append_ms(text, first->delay);
	g_string_append(text, " ms after the next rank in all; the ranks waited ");
	time_append_ms(text, r->waited);
	g_string_append(text, " ms\n");
	return g_string_free(text, FALSE);
}

#define ROW(r) ((const struct rank_row *)(r))
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
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_wait },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *rank_summary_catalogue(void)
{
	return &catalogue;
}

const GPtrArray *rank_reduce_keep_instances(struct rank_reduce *r)
{
	return r->kept = r->kept ? r->kept : g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
}
