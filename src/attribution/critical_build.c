#include "attribution/critical_build.h"
#include <fnmatch.h>
#include <string.h>
#include "util/short_name.h"

void critical_build_init(struct critical_build *b, const struct trace *trace, const struct forest *forest,
			 const struct attribution *attribution, const struct steps *steps,
			 const struct critical_config *config)
{
	memset(b, 0, sizeof *b);
	b->graph = critical_graph_new();
	b->graph->factors = config->factor_count ? g_memdup2(config->factors, sizeof *config->factors * config->factor_count)
						 : NULL;
	b->graph->factor_count = config->factor_count;
	b->trace = trace;
	b->forest = forest;
	b->a = attribution;
	b->steps = steps;
	b->config = config;
	b->nodes = g_array_new(FALSE, FALSE, sizeof(struct critical_node_tmp));
	b->edges = g_array_new(FALSE, FALSE, sizeof(struct critical_edge_tmp));
	guint launches = attribution->launch_count, devices = trace->device->len;
	b->launch_start = g_new(guint32, launches + 1);
	b->launch_end = g_new(guint32, launches + 1);
	b->outermost = g_new(guint32, launches + 1);
	for (guint l = 0; l < launches; l++)
		b->launch_start[l] = b->launch_end[l] = CRITICAL_NONE, b->outermost[l] = l;
	b->device_start = g_new(guint32, devices + 1);
	guint32 threads = threads_count(trace->threads);
	b->thread_pid = g_new(guint32, threads + 1);
	g_autoptr(GHashTable) pids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint32 t = 0; t < threads; t++) {
		char buf[THREADS_NUMBER_MAX];
		const char *pid = threads_pid(trace->threads, t, buf);
		gpointer number = g_hash_table_lookup(pids, pid);
		if (!number) {
			number = GUINT_TO_POINTER(g_hash_table_size(pids) + 1);
			g_hash_table_insert(pids, g_strdup(pid), number);
		}
		b->thread_pid[t] = GPOINTER_TO_UINT(number) - 1;
	}
	b->name_label = g_hash_table_new(NULL, NULL);
	b->name_factor = g_hash_table_new(NULL, NULL);
	b->short_label = g_hash_table_new(NULL, NULL);
	b->step_end = g_hash_table_new(NULL, NULL);
}

guint32 critical_node_add(struct critical_build *b, guint8 type, gint64 time, guint32 label, guint16 factor,
			  guint32 event)
{
	struct critical_node_tmp node = { time, label, event, factor, type };
	g_array_append_val(b->nodes, node);
	return b->nodes->len - 1;
}

void critical_edge_add(struct critical_build *b, guint32 from, guint32 to, guint8 kind)
{
	if (from == to || critical_node_time(b, from) > critical_node_time(b, to))
		return; /* back in time: clocks that disagree, or a thread's broken nesting */
	struct critical_edge_tmp edge = { from, to, kind };
	g_array_append_val(b->edges, edge);
}

guint32 critical_name_label(struct critical_build *b, const struct name *name)
{
	gpointer found = g_hash_table_lookup(b->name_label, name);
	if (found)
		return GPOINTER_TO_UINT(found) - 1;
	guint32 label = critical_label(b->graph, name->text, name->len);
	g_hash_table_insert(b->name_label, (gpointer)name, GUINT_TO_POINTER(label + 1));
	return label;
}

guint32 critical_short_label(struct critical_build *b, const struct name *name)
{
	gpointer found = g_hash_table_lookup(b->short_label, name);
	if (found)
		return GPOINTER_TO_UINT(found) - 1;
	g_autoptr(GString) text = g_string_new(NULL);
	short_name_append(text, name->text, name->len);
	guint32 label = critical_label(b->graph, text->str, text->len);
	g_hash_table_insert(b->short_label, (gpointer)name, GUINT_TO_POINTER(label + 1));
	return label;
}

guint16 critical_name_factor(struct critical_build *b, const struct name *name)
{
	if (!b->config->factor_count)
		return 0;
	gpointer found = g_hash_table_lookup(b->name_factor, name);
	if (found)
		return (guint16)(GPOINTER_TO_UINT(found) - 1);
	guint16 factor = 0;
	for (guint f = 0; f < b->config->factor_count && !factor; f++)
		if (fnmatch(b->config->factors[f].glob, name->text, 0) == 0)
			factor = (guint16)(f + 1);
	g_hash_table_insert(b->name_factor, (gpointer)name, GUINT_TO_POINTER((guint)factor + 1));
	return factor;
}

struct critical_graph *critical_build_finish(struct critical_build *b)
{
	struct critical_graph *g = b->graph;
	guint32 n = g->count = b->nodes->len, m = g->edges = b->edges->len;
	g->time = g_new(gint64, n + 1);
	g->type = g_new(guint8, n + 1);
	g->label = g_new(guint32, n + 1);
	g->factor = g_new(guint16, n + 1);
	g->event = g_new(guint32, n + 1);
	const struct critical_node_tmp *nodes = (const struct critical_node_tmp *)b->nodes->data;
	for (guint32 v = 0; v < n; v++) {
		g->time[v] = nodes[v].time;
		g->type[v] = nodes[v].type;
		g->label[v] = nodes[v].label;
		g->factor[v] = nodes[v].factor;
		g->event[v] = nodes[v].event;
	}
	g->pred_first = g_new0(guint32, n + 1);
	g->pred = g_new(guint32, m + 1);
	g->pred_kind = g_new(guint8, m + 1);
	const struct critical_edge_tmp *edges = (const struct critical_edge_tmp *)b->edges->data;
	for (guint32 e = 0; e < m; e++)
		g->pred_first[edges[e].to + 1]++;
	for (guint32 v = 0; v < n; v++)
		g->pred_first[v + 1] += g->pred_first[v];
	g_autofree guint32 *next = g_memdup2(g->pred_first, sizeof(guint32) * (n + 1));
	for (guint32 e = 0; e < m; e++) {
		guint32 at = next[edges[e].to]++;
		g->pred[at] = edges[e].from;
		g->pred_kind[at] = edges[e].kind;
	}
	g_array_free(b->nodes, TRUE);
	g_array_free(b->edges, TRUE);
	g_free(b->launch_start);
	g_free(b->launch_end);
	g_free(b->outermost);
	g_free(b->device_start);
	g_free(b->thread_pid);
	g_hash_table_destroy(b->name_label);
	g_hash_table_destroy(b->name_factor);
	g_hash_table_destroy(b->short_label);
	g_hash_table_destroy(b->step_end);
	b->graph = NULL;
	return g;
}

guint32 *critical_bucket(const guint32 *key, guint32 count, guint32 keys, guint32 **first)
{
	guint32 *f = g_new0(guint32, keys + 2), *items = g_new(guint32, count + 1);
	for (guint32 i = 0; i < count; i++)
		if (key[i] != CRITICAL_NONE)
			f[key[i] + 1]++;
	for (guint32 k = 0; k < keys; k++)
		f[k + 1] += f[k];
	g_autofree guint32 *next = g_memdup2(f, sizeof(guint32) * (keys + 1));
	for (guint32 i = 0; i < count; i++)
		if (key[i] != CRITICAL_NONE)
			items[next[key[i]]++] = i;
	*first = f;
	return items;
}
