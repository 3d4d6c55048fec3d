#include "summary.h"
#include <string.h>
#include "jsonl.h"
#include "timefmt.h"

struct group {
	char *key;
	gsize key_len;
	guint64 count, outermost, launch_count, device_events;
	gint64 host_total, host_min, host_max, self_host_total;
	gint64 device_total, self_device_total, launch_total;
};

/* A node being visited whose group is open: its subtree is [start, end). */
struct open_node {
	guint start, end;
	struct group *group;
};

struct summarizer {
	const struct forest *forest;
	const struct attribution *attribution;
	enum summary_mode mode;
	GHashTable *groups;   /* key -> struct group * */
	GArray *open;         /* struct open_node: the visited ancestors of the node at hand */
	GHashTable *open_count; /* struct group * -> how many open nodes are in it */
	GArray *launches;
};

static void group_free(gpointer data)
{
	struct group *group = data;
	g_free(group->key);
	g_free(group);
}

static struct group *group_of(struct summarizer *s, const char *key, gsize len)
{
	g_autofree char *probe = g_strndup(key, len);
	struct group *group = g_hash_table_lookup(s->groups, probe);
	if (!group) {
		group = g_new0(struct group, 1);
		group->key = g_steal_pointer(&probe);
		group->key_len = len;
		group->host_min = G_MAXINT64;
		g_hash_table_insert(s->groups, group->key, group);
	}
	return group;
}

static void adjust_open(struct summarizer *s, struct group *group, int by)
{
	guint count = GPOINTER_TO_UINT(g_hash_table_lookup(s->open_count, group)) + by;
	g_hash_table_insert(s->open_count, group, GUINT_TO_POINTER(count));
}

/* Closes the open nodes that are not ancestors of NODE. */
static void close_to(struct summarizer *s, guint node)
{
	while (s->open->len) {
		struct open_node *top = &g_array_index(s->open, struct open_node, s->open->len - 1);
		if (top->start <= node && node < top->end)
			break;
		adjust_open(s, top->group, -1);
		g_array_set_size(s->open, s->open->len - 1);
	}
}

static void add_node(struct summarizer *s, guint node, const GString *path)
{
	const struct event *event = &s->forest->events[node];
	close_to(s, node);
	struct group *group = s->mode == SUMMARY_PATH ? group_of(s, path->str, path->len)
						      : group_of(s, event->name->text, event->name->len);
	gboolean outermost = s->mode == SUMMARY_PATH || !g_hash_table_lookup(s->open_count, group);
	struct node_sums sums;
	attribution_node_sums(s->attribution, s->forest, node, s->launches, &sums);
	group->count++;
	group->self_host_total += node_self_host_time(s->forest, node);
	group->self_device_total += sums.self_device_time;
	if (outermost) {
		group->outermost++;
		group->host_total += event->dur;
		group->host_min = MIN(group->host_min, event->dur);
		group->host_max = MAX(group->host_max, event->dur);
		group->device_total += sums.device_time;
		group->launch_total += sums.launch_time;
		group->launch_count += s->launches->len;
		group->device_events += sums.device_events;
	}
	struct open_node open = { node, s->forest->subtree_end[node], group };
	g_array_append_val(s->open, open);
	adjust_open(s, group, +1);
}

static void visit(guint node, const GString *path, gpointer data)
{
	add_node(data, node, path);
}

static int compare_groups(gconstpointer x, gconstpointer y)
{
	const struct group *a = *(struct group *const *)x, *b = *(struct group *const *)y;
	if (a->device_total != b->device_total)
		return a->device_total > b->device_total ? -1 : 1;
	if (a->host_total != b->host_total)
		return a->host_total > b->host_total ? -1 : 1;
	int order = memcmp(a->key, b->key, MIN(a->key_len, b->key_len));
	return order ? order : (a->key_len > b->key_len) - (a->key_len < b->key_len);
}

/* host total / outermost nodes, to the nearest nanosecond (half up). */
static gint64 host_mean(const struct group *group)
{
	return group->outermost ? (group->host_total + (gint64)group->outermost / 2) / (gint64)group->outermost : 0;
}

static void append_cell(GString *field, enum summary_column column, const struct group *g)
{
	switch (column) {
	case SUM_NAME: g_string_append_len(field, g->key, g->key_len); break;
	case SUM_COUNT: g_string_append_printf(field, "%" G_GUINT64_FORMAT, g->count); break;
	case SUM_HOST_TOTAL: time_append_ms(field, g->host_total); break;
	case SUM_HOST_MEAN: time_append_ms(field, host_mean(g)); break;
	case SUM_HOST_MIN: time_append_ms(field, g->outermost ? g->host_min : 0); break;
	case SUM_HOST_MAX: time_append_ms(field, g->host_max); break;
	case SUM_SELF_HOST_TOTAL: time_append_ms(field, g->self_host_total); break;
	case SUM_DEVICE_TOTAL: time_append_ms(field, g->device_total); break;
	case SUM_SELF_DEVICE_TOTAL: time_append_ms(field, g->self_device_total); break;
	case SUM_LAUNCH_TOTAL: time_append_ms(field, g->launch_total); break;
	case SUM_LAUNCH_COUNT: g_string_append_printf(field, "%" G_GUINT64_FORMAT, g->launch_count); break;
	case SUM_DEVICE_EVENT_COUNT: g_string_append_printf(field, "%" G_GUINT64_FORMAT, g->device_events); break;
	case SUM_COLUMN_COUNT: break;
	}
}

static json_object *json_cell(enum summary_column column, const struct group *g)
{
	switch (column) {
	case SUM_NAME: return json_object_new_string_len(g->key, (int)g->key_len);
	case SUM_COUNT: return json_object_new_int64((gint64)g->count);
	case SUM_HOST_TOTAL: return jsonl_ms(g->host_total);
	case SUM_HOST_MEAN: return jsonl_ms(host_mean(g));
	case SUM_HOST_MIN: return jsonl_ms(g->outermost ? g->host_min : 0);
	case SUM_HOST_MAX: return jsonl_ms(g->host_max);
	case SUM_SELF_HOST_TOTAL: return jsonl_ms(g->self_host_total);
	case SUM_DEVICE_TOTAL: return jsonl_ms(g->device_total);
	case SUM_SELF_DEVICE_TOTAL: return jsonl_ms(g->self_device_total);
	case SUM_LAUNCH_TOTAL: return jsonl_ms(g->launch_total);
	case SUM_LAUNCH_COUNT: return json_object_new_int64((gint64)g->launch_count);
	case SUM_DEVICE_EVENT_COUNT: return json_object_new_int64((gint64)g->device_events);
	case SUM_COLUMN_COUNT: break;
	}
	return NULL;
}

static void append_json_line(GString *line, const struct write_config *config, const GArray *columns,
			     const struct group *group)
{
	json_object *row = json_object_new_object();
	for (guint m = 0; m < config->meta_count; m++)
		json_object_object_add(row, config->meta[m].name, json_object_new_string(config->meta[m].value));
	for (guint c = 0; c < columns->len; c++) {
		enum summary_column column = g_array_index(columns, enum summary_column, c);
		json_object_object_add(row, summary_column_name(column), json_cell(column, group));
	}
	jsonl_append(line, row);
}

static void append_line(GString *line, const struct write_config *config, const GArray *columns,
			const struct group *group)
{
	if (config->jsonl) {
		if (group) /* JSON Lines have no header */
			append_json_line(line, config, columns, group);
		return;
	}
	g_autoptr(GString) field = g_string_new(NULL);
	for (guint m = 0; m < config->meta_count; m++) {
		const char *text = group ? config->meta[m].value : config->meta[m].name;
		csv_append_field(line, text, strlen(text));
		g_string_append_c(line, ',');
	}
	for (guint c = 0; c < columns->len; c++) {
		enum summary_column column = g_array_index(columns, enum summary_column, c);
		g_string_truncate(field, 0);
		if (group)
			append_cell(field, column, group);
		else
			g_string_append(field, summary_column_name(column));
		csv_append_field(line, field->str, field->len);
		g_string_append(line, c + 1 < columns->len ? "," : "\r\n");
	}
}

gboolean write_summary(FILE *out, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, enum summary_mode mode, const GArray *columns,
		       guint64 *rows)
{
	struct summarizer s = {
		.forest = forest, .attribution = attribution, .mode = mode,
		.groups = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, group_free),
		.open = g_array_new(FALSE, FALSE, sizeof(struct open_node)),
		.open_count = g_hash_table_new(g_direct_hash, g_direct_equal),
		.launches = g_array_new(FALSE, FALSE, sizeof(guint)),
	};
	write_visit_rows(forest, config, visit, &s);
	g_autoptr(GPtrArray) groups = g_ptr_array_new();
	GHashTableIter iter;
	gpointer group;
	g_hash_table_iter_init(&iter, s.groups);
	while (g_hash_table_iter_next(&iter, NULL, &group))
		g_ptr_array_add(groups, group);
	g_ptr_array_sort(groups, compare_groups);
	g_autoptr(GString) line = g_string_new(NULL);
	append_line(line, config, columns, NULL);
	gboolean ok = fwrite(line->str, 1, line->len, out) == line->len;
	for (guint i = 0; ok && i < groups->len; i++) {
		g_string_truncate(line, 0);
		append_line(line, config, columns, groups->pdata[i]);
		ok = fwrite(line->str, 1, line->len, out) == line->len;
	}
	*rows = groups->len;
	g_hash_table_destroy(s.groups);
	g_array_free(s.open, TRUE);
	g_hash_table_destroy(s.open_count);
	g_array_free(s.launches, TRUE);
	return ok && fflush(out) == 0 && !ferror(out);
}
