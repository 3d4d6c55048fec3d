#include "attribution/critical_join.h"

/* An arrival's collective event, by its graph's comms: its start and end nodes (joined), or none. */
static gboolean find_comm(GHashTable **by_position, const guint32 *offset, guint count,
			  const struct critical_arrival *arrival, guint32 *start, guint32 *end)
{
	if (arrival->rank >= count || !by_position[arrival->rank])
		return FALSE;
	const struct critical_comm *comm =
		g_hash_table_lookup(by_position[arrival->rank], GUINT_TO_POINTER(arrival->position + 1));
	if (!comm)
		return FALSE;
	*start = comm->start + offset[arrival->rank];
	*end = comm->end + offset[arrival->rank];
	return TRUE;
}

struct extra_edge {
	guint32 from, to;
	guint8 kind;
};

struct critical_graph *critical_join(struct critical_graph **graphs, guint count, const GPtrArray *instances)
{
	struct critical_graph *j = critical_graph_new();
	if (count) { /* every rank's graph was built with the same rules */
		j->factors = graphs[0]->factors, j->factor_count = graphs[0]->factor_count;
		graphs[0]->factors = NULL;
	}
	g_autofree guint32 *offset = g_new0(guint32, count + 1);
	guint32 nodes = 0, edges = 0;
	for (guint g = 0; g < count; g++)
		offset[g] = nodes, nodes += graphs[g]->count, edges += graphs[g]->edges;
	offset[count] = nodes;
	g_autofree GHashTable **by_position = g_new0(GHashTable *, count + 1);
	for (guint g = 0; g < count; g++) {
		if (!graphs[g]->comms)
			continue;
		by_position[g] = g_hash_table_new(NULL, NULL);
		for (guint c = 0; c < graphs[g]->comms->len; c++) {
			struct critical_comm *comm = &g_array_index(graphs[g]->comms, struct critical_comm, c);
			g_hash_table_insert(by_position[g], GUINT_TO_POINTER(comm->position + 1), comm);
		}
	}
	/* the arrival nodes and their edges */
	g_autoptr(GArray) extra = g_array_new(FALSE, FALSE, sizeof(struct extra_edge));
	g_autoptr(GArray) arrival_time = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_autoptr(GArray) starts = g_array_new(FALSE, FALSE, sizeof(guint32));
	g_autoptr(GArray) ends = g_array_new(FALSE, FALSE, sizeof(guint32));
	for (guint i = 0; instances && i < instances->len; i++) {
		const GArray *instance = instances->pdata[i];
		g_array_set_size(starts, 0);
		g_array_set_size(ends, 0);
		gint64 last = G_MININT64;
		for (guint k = 0; k < instance->len; k++) {
			guint32 start, end;
			if (!find_comm(by_position, offset, count, &g_array_index(instance, struct critical_arrival, k),
				       &start, &end))
				continue;
			const struct critical_graph *g = graphs[g_array_index(instance, struct critical_arrival, k).rank];
			last = MAX(last, g->time[start - offset[g_array_index(instance, struct critical_arrival, k).rank]]);
			g_array_append_val(starts, start);
			g_array_append_val(ends, end);
		}
		if (starts->len < 2)
			continue;
		guint32 x = nodes + arrival_time->len;
		g_array_append_val(arrival_time, last);
		for (guint k = 0; k < starts->len; k++) {
			struct extra_edge in = { g_array_index(starts, guint32, k), x, CRITICAL_EDGE_ARRIVAL };
			g_array_append_val(extra, in);
			guint32 end = g_array_index(ends, guint32, k);
			guint rank = 0;
			while (end >= offset[rank + 1])
				rank++;
			if (graphs[rank]->time[end - offset[rank]] >= last) { /* else its clock disagrees: its own end */
				struct extra_edge out = { x, end, CRITICAL_EDGE_TRANSFER };
				g_array_append_val(extra, out);
			}
		}
	}
	guint32 n = j->count = nodes + arrival_time->len;
	guint32 m = j->edges = edges + extra->len;
	j->time = g_new(gint64, n + 1), j->type = g_new(guint8, n + 1), j->label = g_new(guint32, n + 1);
	j->factor = g_new(guint16, n + 1), j->event = g_new(guint32, n + 1), j->rank = g_new(guint32, n + 1);
	j->pred_first = g_new0(guint32, n + 1), j->pred = g_new(guint32, m + 1), j->pred_kind = g_new(guint8, m + 1);
	for (guint g = 0; g < count; g++) {
		const struct critical_graph *from = graphs[g];
		g_autofree guint32 *labels = g_new(guint32, from->labels->len + 1);
		for (guint l = 0; l < from->labels->len; l++) {
			const GString *text = from->labels->pdata[l];
			labels[l] = critical_label(j, text->str, text->len);
		}
		for (guint32 v = 0; v < from->count; v++) {
			guint32 at = offset[g] + v;
			j->time[at] = from->time[v], j->type[at] = from->type[v], j->label[at] = labels[from->label[v]];
			j->factor[at] = from->factor[v], j->event[at] = from->event[v], j->rank[at] = g;
			j->pred_first[at + 1] = from->pred_first[v + 1] - from->pred_first[v];
		}
		for (guint s = 0; s < from->steps->len; s++) {
			struct critical_step step = g_array_index(from->steps, struct critical_step, s);
			step.rank = g;
			if (step.end != CRITICAL_NONE)
				step.end += offset[g];
			g_array_append_val(j->steps, step);
		}
	}
	for (guint32 i = 0; i < arrival_time->len; i++) {
		guint32 x = nodes + i;
		j->time[x] = g_array_index(arrival_time, gint64, i), j->type[x] = CRITICAL_ARRIVAL;
		j->label[x] = CRITICAL_LABEL_OUTSIDE, j->factor[x] = 0, j->event[x] = CRITICAL_NONE;
		j->rank[x] = CRITICAL_NONE;
	}
	for (guint e = 0; e < extra->len; e++)
		j->pred_first[g_array_index(extra, struct extra_edge, e).to + 1]++;
	for (guint32 v = 0; v < n; v++)
		j->pred_first[v + 1] += j->pred_first[v];
	g_autofree guint32 *next = g_memdup2(j->pred_first, sizeof(guint32) * (n + 1));
	for (guint g = 0; g < count; g++) {
		const struct critical_graph *from = graphs[g];
		for (guint32 v = 0; v < from->count; v++)
			for (guint32 e = from->pred_first[v]; e < from->pred_first[v + 1]; e++) {
				guint32 at = next[offset[g] + v]++;
				j->pred[at] = from->pred[e] + offset[g];
				j->pred_kind[at] = from->pred_kind[e];
			}
	}
	for (guint e = 0; e < extra->len; e++) {
		const struct extra_edge *x = &g_array_index(extra, struct extra_edge, e);
		guint32 at = next[x->to]++;
		j->pred[at] = x->from;
		j->pred_kind[at] = x->kind;
	}
	for (guint g = 0; g < count; g++) {
		if (by_position[g])
			g_hash_table_destroy(by_position[g]);
		critical_graph_free(graphs[g]);
		graphs[g] = NULL;
	}
	return j;
}
