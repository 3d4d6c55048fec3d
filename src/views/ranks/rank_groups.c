#include "views/ranks/rank_groups.h"
#include <string.h>

static void group_free(gpointer data)
{
	struct rank_group *g = data;
	g_free(g->key);
	g_array_free(g->counts, TRUE);
	g_free(g);
}

GHashTable *rank_groups_new(void)
{
	return g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, group_free);
}

struct rank_group *rank_groups_count(GHashTable *groups, const struct rank_event *event, gint64 rank, guint serial,
				     GString *id)
{
	g_string_truncate(id, 0);
	g_string_append_c(id, (char)event->in_step);
	g_string_append_len(id, (const char *)&event->step, sizeof event->step);
	g_string_append_len(id, event->key, (gssize)event->key_len);
	GBytes *bytes = g_bytes_new(id->str, id->len);
	struct rank_group *g = g_hash_table_lookup(groups, bytes);
	if (!g) {
		g = g_new0(struct rank_group, 1);
		g->key = g_memdup2(event->key, event->key_len + 1);
		g->key_len = event->key_len;
		g->in_step = event->in_step;
		g->step = event->step;
		g->counts = g_array_new(FALSE, FALSE, sizeof(struct rank_count));
		g_hash_table_insert(groups, g_bytes_ref(bytes), g);
	}
	g_bytes_unref(bytes);
	if (g->serial != serial || !g->counts->len) {
		struct rank_count count = { rank, 0 };
		g_array_append_val(g->counts, count);
		g->serial = serial;
	}
	g_array_index(g->counts, struct rank_count, g->counts->len - 1).count++;
	return g;
}

/* Groups whose counts differ: by step (those outside the steps last), then key. */
static int compare_groups(gconstpointer x, gconstpointer y)
{
	const struct rank_group *a = *(struct rank_group *const *)x, *b = *(struct rank_group *const *)y;
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

void rank_groups_warnings(GHashTable *groups, GString *warnings)
{
	g_autoptr(GPtrArray) differ = g_ptr_array_new();
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, groups);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		struct rank_group *g = value;
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
		struct rank_group *g = differ->pdata[i];
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
			if (written == RANK_GROUP_WARNINGS) {
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
						 " more rank%s whose counts of a collective differ\n", more, more == 1 ? "" : "s");
}
