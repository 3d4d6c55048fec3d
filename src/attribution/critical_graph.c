#include "attribution/critical_graph.h"

static void free_label(gpointer label)
{
	g_string_free(label, TRUE);
}

struct critical_graph *critical_graph_new(void)
{
	struct critical_graph *g = g_new0(struct critical_graph, 1);
	g->labels = g_ptr_array_new_with_free_func(free_label);
	g->label_index = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	g->steps = g_array_new(FALSE, FALSE, sizeof(struct critical_step));
	critical_label(g, "(outside ops)", sizeof "(outside ops)" - 1); /* CRITICAL_LABEL_OUTSIDE */
	return g;
}

void critical_graph_free(struct critical_graph *g)
{
	if (!g)
		return;
	g_free(g->time);
	g_free(g->type);
	g_free(g->label);
	g_free(g->factor);
	g_free(g->event);
	g_free(g->rank);
	g_free(g->factors);
	g_free(g->pred_first);
	g_free(g->pred);
	g_free(g->pred_kind);
	g_ptr_array_free(g->labels, TRUE);
	g_hash_table_destroy(g->label_index);
	g_array_free(g->steps, TRUE);
	if (g->comms)
		g_array_free(g->comms, TRUE);
	g_free(g);
}

guint32 critical_label(struct critical_graph *g, const char *text, gsize len)
{
	GBytes *key = g_bytes_new(text, len);
	gpointer found = g_hash_table_lookup(g->label_index, key);
	if (found) {
		g_bytes_unref(key);
		return GPOINTER_TO_UINT(found) - 1;
	}
	guint32 index = g->labels->len;
	g_ptr_array_add(g->labels, g_string_new_len(text, (gssize)len));
	g_hash_table_insert(g->label_index, key, GUINT_TO_POINTER(index + 1));
	return index;
}

gint64 critical_scale(const struct critical_graph *g, guint16 f, gint64 d)
{
	if (!f || d <= 0)
		return d;
	const struct critical_factor *factor = &g->factors[f - 1];
	unsigned __int128 product = (unsigned __int128)d * factor->numerator;
	unsigned __int128 q = product / factor->denominator, r = product % factor->denominator;
	if (2 * r >= factor->denominator) /* half up: d and the factor are not negative */
		q++;
	return q > G_MAXINT64 ? G_MAXINT64 : (gint64)q;
}
