#include "input/et.h"
#include "input/input.h"
#include "input/read.h"
#include <string.h>

struct et *et_read_file(const char *path, guint threads, gboolean json_values, GError **error)
{
	static char *none[] = { NULL };
	struct read_config config = {
		.monitor_cats = none, .host_cats = none, .device_cats = none,
		.threads = threads, .execution_trace = TRUE, .json_values = json_values,
	};
	struct trace *nodes = read_trace_file(path, &config, error);
	if (!nodes)
		return NULL;
	struct et *et = g_new0(struct et, 1);
	et->nodes = nodes;
	et->by_rf_id = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint i = 0; i < nodes->et_nodes->len; i++) {
		struct et_node *node = &g_array_index(nodes->et_nodes, struct et_node, i);
		if (node->rf_id != 0 && !g_hash_table_contains(et->by_rf_id, &node->rf_id))
			g_hash_table_insert(et->by_rf_id, &node->rf_id, node);
	}
	et->rank = rank_of_file_name(path);
	return et;
}

void et_free(struct et *et)
{
	if (!et)
		return;
	g_hash_table_destroy(et->by_rf_id);
	trace_free(et->nodes);
	g_free(et->rank);
	g_free(et);
}

const struct et_node *et_lookup(const struct et *et, const struct event *event)
{
	if (!et || !event->extra || !event->extra->has_join_id || event->extra->join_id == 0)
		return NULL;
	return g_hash_table_lookup(et->by_rf_id, &event->extra->join_id);
}

char *rank_of_file_name(const char *path)
{
	g_autofree char *name = g_path_get_basename(path);
	const char *end = NULL;
	for (const char *p = name; *p; p++)
		if (g_ascii_isdigit(*p) && !g_ascii_isdigit(p[1]))
			end = p + 1;
	if (!end)
		return NULL;
	const char *start = end;
	while (start > name && g_ascii_isdigit(start[-1]))
		start--;
	return g_strndup(start, end - start);
}
