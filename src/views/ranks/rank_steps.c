#include "views/ranks/rank_steps.h"

struct rank_start {
	gint64 rank, start;
};

struct rank_steps {
	GHashTable *steps;   /* step number (owned guint64 *) -> GArray of struct rank_start */
	GHashTable *medians; /* rank (owned gint64 *) -> twice its median (owned gint64 *), after finish */
	guint without;       /* ranks whose records have no starts */
};

static void starts_free(gpointer data)
{
	g_array_free(data, TRUE);
}

struct rank_steps *rank_steps_new(void)
{
	struct rank_steps *s = g_new0(struct rank_steps, 1);
	s->steps = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, starts_free);
	s->medians = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
	return s;
}

void rank_steps_free(struct rank_steps *s)
{
	if (!s)
		return;
	g_hash_table_destroy(s->steps);
	g_hash_table_destroy(s->medians);
	g_free(s);
}

void rank_steps_add(struct rank_steps *s, const struct rank_record *record)
{
	if (record->step_starts->len != record->step_numbers->len) { /* a map without the starts */
		s->without++;
		return;
	}
	for (guint i = 0; i < record->step_numbers->len; i++) {
		guint64 number = g_array_index(record->step_numbers, guint64, i);
		GArray *starts = g_hash_table_lookup(s->steps, &number);
		if (!starts) {
			starts = g_array_new(FALSE, FALSE, sizeof(struct rank_start));
			g_hash_table_insert(s->steps, g_memdup2(&number, sizeof number), starts);
		}
		struct rank_start start = { record->rank, g_array_index(record->step_starts, gint64, i) };
		g_array_append_val(starts, start);
	}
}

static int compare_ns(gconstpointer x, gconstpointer y)
{
	gint64 a = *(const gint64 *)x, b = *(const gint64 *)y;
	return (a > b) - (a < b);
}

const char *rank_steps_finish(struct rank_steps *s, guint ranks)
{
	if (s->without || ranks < 1)
		return NULL;
	g_autoptr(GHashTable) lateness = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, starts_free);
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, s->steps);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		const GArray *starts = value;
		if (starts->len != ranks) /* not on every rank */
			continue;
		gint64 earliest = G_MAXINT64;
		for (guint i = 0; i < starts->len; i++)
			earliest = MIN(earliest, g_array_index(starts, struct rank_start, i).start);
		for (guint i = 0; i < starts->len; i++) {
			const struct rank_start *r = &g_array_index(starts, struct rank_start, i);
			GArray *late = g_hash_table_lookup(lateness, &r->rank);
			if (!late) {
				late = g_array_new(FALSE, FALSE, sizeof(gint64));
				g_hash_table_insert(lateness, g_memdup2(&r->rank, sizeof r->rank), late);
			}
			gint64 ns;
			if (__builtin_sub_overflow(r->start, earliest, &ns) || ns > G_MAXINT64 / 2)
				return "the ranks' step starts (2^62 ns or more apart)"; /* twice a median must fit */
			g_array_append_val(late, ns);
		}
	}
	gpointer key;
	g_hash_table_iter_init(&iter, lateness);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		GArray *late = value;
		g_array_sort(late, compare_ns);
		guint n = late->len;
		gint64 twice = n % 2 ? 2 * g_array_index(late, gint64, n / 2)
				     : g_array_index(late, gint64, n / 2 - 1) + g_array_index(late, gint64, n / 2);
		g_hash_table_insert(s->medians, g_memdup2(key, sizeof(gint64)), g_memdup2(&twice, sizeof twice));
	}
	return NULL;
}

void rank_steps_late(const struct rank_steps *s, gint64 rank, struct rank_late *late)
{
	const gint64 *twice = g_hash_table_lookup(s->medians, &rank);
	late->known = twice != NULL;
	late->median2 = twice ? *twice : 0;
}

gint64 rank_late_ns(const struct rank_late *late)
{
	return late->median2 / 2 + late->median2 % 2; /* half up: the lateness is never negative */
}

void rank_late_value(const struct rank_late *late, struct value *v)
{
	if (late->known)
		value_number(v, VALUE_DURATION, rank_late_ns(late));
	else
		v->type = VALUE_EMPTY;
}

gboolean rank_late_before_step(const struct rank_late *late, guint64 instances)
{
	/* median >= (arrivals / instances) / 2: 2 · median · instances >= arrivals */
	return late->known && instances && late->arrivals >= 0 &&
	       (unsigned __int128)late->median2 * instances >= (unsigned __int128)late->arrivals;
}
