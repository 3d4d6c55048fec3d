#include "views/summaries/summary.h"
#include "views/perf/perf_columns.h"
#include <string.h>
#include "input/roles.h"
#include "attribution/sums.h"
#include "attribution/busy.h"
#include "views/nodes/path_order.h"

/* A node being visited whose group is open: its subtree is [start, end). */
struct open_node {
	guint start, end;
	struct group *group;
};

enum { GROUPS_BLOCK = 1024 };

struct summarizer {
	const struct forest *forest;
	const struct attribution *attribution;
	enum summary_mode mode;
	struct groups *groups;
	const struct path_walk *walk; /* with SUMMARY_PATH: the walk, whose key is the node visited's */
	GArray *open;         /* struct open_node: the visited ancestors of the node at hand (by name) */
	GHashTable *open_count; /* struct group * -> how many open nodes are in it */
	struct sums *sums;    /* the nodes' figures, O(1) each (SPEC 11.4) */
	const struct group_config *config;
};

void groups_free(struct groups *groups)
{
	if (!groups)
		return;
	for (guint i = 0; i < groups->list->len; i++)
		g_free(((struct group *)groups->list->pdata[i])->perf);
	g_ptr_array_free(groups->list, TRUE);
	g_ptr_array_free(groups->blocks, TRUE);
	key_trie_free(groups->trie);
	g_free(groups);
}

/* The group of KEY, made when new. */
static struct group *group_of(struct summarizer *s, struct key_node *key)
{
	struct group *group = key->value;
	if (!group) {
		guint at = s->groups->list->len % GROUPS_BLOCK;
		if (!at)
			g_ptr_array_add(s->groups->blocks, g_new0(struct group, GROUPS_BLOCK));
		group = (struct group *)s->groups->blocks->pdata[s->groups->blocks->len - 1] + at;
		group->key = key;
		group->host_min = G_MAXINT64;
		key->value = group;
		g_ptr_array_add(s->groups->list, group);
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

static void add_node(struct summarizer *s, guint node)
{
	const struct event *event = &s->forest->events[node];
	gboolean by_path = s->mode == SUMMARY_PATH;
	if (!by_path)
		close_to(s, node);
	/* a path's key is the walk's, normalized as asked (select.h) */
	const char *key = event->name->text;
	gsize key_len = event->name->len;
	guint64 number;
	if (s->mode == SUMMARY_NAME && s->config->normalize && step_number(key, key_len, &number)) {
		key = STEP_PREFIX "*";
		key_len = strlen(key);
	}
	struct group *group = group_of(s, by_path ? s->walk->key
						  : key_trie_add(s->groups->trie, NULL, key, key_len));
	gboolean outermost = by_path || !g_hash_table_lookup(s->open_count, group); /* a path has no ancestor in its group */
	group->count++;
	group->self_host_total += node_self_host_time(s->forest, node);
	group->self_device_total += sums_self(s->sums, FIGURE_DEVICE_TIME, node);
	gint64 waiting = s->config->waiting ? waiting_node(s->config->waiting, node) : 0;
	if (waiting) /* a node without device waiting has no self device waiting */
		group->self_waiting_total += waiting_self(s->config->waiting, node);
	if (outermost) {
		group->outermost++;
		group->host_total += event->dur;
		group->host_min = MIN(group->host_min, event->dur);
		group->host_max = MAX(group->host_max, event->dur);
		group->device_total += sums_inclusive(s->sums, FIGURE_DEVICE_TIME, node);
		group->launch_total += sums_inclusive(s->sums, FIGURE_LAUNCH_TIME, node);
		group->launch_count += (guint64)sums_inclusive(s->sums, FIGURE_LAUNCHES, node);
		group->device_events += (guint64)sums_inclusive(s->sums, FIGURE_DEVICE_EVENTS, node);
		group->device_launches += (guint64)sums_inclusive(s->sums, FIGURE_DEVICE_LAUNCHES, node);
		if (s->config->busy)
			group->busy_total += s->config->busy[node];
		group->waiting_total += waiting;
		const struct perf *perf = s->config->perf;
		if (perf) {
			struct perf_sums sums = { 0 };
			perf_add_range(perf, node, s->forest->subtree_end[node], &sums);
			if (!group->perf)
				group->perf = g_new0(struct group_perf_sums, 1);
			struct group_perf_sums *g = group->perf;
			g->flops += sums.flops;
			g->bytes += sums.bytes;
			g->roofline += sums.roofline;
			g->compute += sums.compute;
			g->memory += sums.memory;
			g->ops += sums.ops;
			g->unknown += sums.unknown;
		}
	}
	if (by_path)
		return;
	struct open_node open = { node, s->forest->subtree_end[node], group };
	g_array_append_val(s->open, open);
	adjust_open(s, group, +1);
}

static void visit(guint node, guint depth, const GString *path, gpointer data)
{
	(void)path;
	(void)depth;
	add_node(data, node);
}

static int compare_groups(gconstpointer x, gconstpointer y)
{
	const struct group *a = *(struct group *const *)x, *b = *(struct group *const *)y;
	if (a->device_total != b->device_total)
		return a->device_total > b->device_total ? -1 : 1;
	if (a->host_total != b->host_total)
		return a->host_total > b->host_total ? -1 : 1;
	return key_node_compare(a->key, b->key);
}


/* Visits the nodes SELECTION keeps with their paths' keys in S's trie (s->walk->key). */
static void walk_paths(struct summarizer *s, const struct selection *selection, row_visitor visitor)
{
	struct path_walk walk;
	path_walk_init_keys(&walk, s->forest, s->groups->trie, s->config->normalize);
	s->walk = &walk;
	for (guint root = s->forest->first_root; root != FOREST_END; root = forest_next_root(s->forest, root))
		select_visit_tree(root, s->forest, selection, &walk, visitor, s);
	path_walk_clear(&walk);
	s->walk = NULL;
}

static struct groups *groups_new(void)
{
	struct groups *groups = g_new(struct groups, 1);
	groups->trie = key_trie_new();
	groups->list = g_ptr_array_new();
	groups->blocks = g_ptr_array_new_with_free_func(g_free);
	return groups;
}

/* S, making GROUPS of the nodes' sums, for a summary of CONFIG. */
static void summarizer_init(struct summarizer *s, const struct forest *forest, const struct attribution *attribution,
			    const struct group_config *config, struct groups *groups)
{
	*s = (struct summarizer){
		.forest = forest, .attribution = attribution, .mode = config->mode, .config = config,
		.groups = groups,
		.open = g_array_new(FALSE, FALSE, sizeof(struct open_node)),
		.open_count = g_hash_table_new(g_direct_hash, g_direct_equal),
		.sums = sums_new(forest, attribution,
				 FIGURE_BIT(FIGURE_DEVICE_TIME) | FIGURE_BIT(FIGURE_LAUNCH_TIME) |
					 FIGURE_BIT(FIGURE_LAUNCHES) | FIGURE_BIT(FIGURE_DEVICE_EVENTS) |
					 (config->device_launches ? FIGURE_BIT(FIGURE_DEVICE_LAUNCHES) : 0),
				 NULL, FALSE),
	};
}

/* S's groups; the rest of it freed. */
static struct groups *summarizer_finish(struct summarizer *s)
{
	g_array_free(s->open, TRUE);
	g_hash_table_destroy(s->open_count);
	sums_free(s->sums);
	return s->groups;
}

struct groups *summary_groups(const struct forest *forest, const struct attribution *attribution,
			      const struct selection *selection, const struct group_config *config)
{
	struct summarizer s;
	summarizer_init(&s, forest, attribution, config, groups_new());
	if (config->mode == SUMMARY_PATH)
		walk_paths(&s, selection, visit);
	else
		select_visit(forest, selection, visit, &s);
	return summarizer_finish(&s);
}

/* The second pass: the nodes of the paths kept only (their keys hold their groups). */
static void visit_kept(guint node, guint depth, const GString *path, gpointer data)
{
	struct summarizer *s = data;
	if (s->walk->key->value)
		visit(node, depth, path, data);
}

/* The first TOP groups of a path summary in its order (compare_groups),
 * as summary_groups() and summary_sorted() would give them, made for the
 * rows written only (issue 33): the paths are picked first
 * (src/views/nodes/path_order.h), then a second walk works out their groups. */
static struct groups *summary_top(const struct forest *forest, const struct attribution *attribution,
				  const struct selection *selection, const struct group_config *config, guint top)
{
	struct groups *groups = groups_new();
	g_autoptr(GArray) first = path_order_first(forest, attribution, selection, groups->trie, config->normalize, top);
	struct summarizer s;
	summarizer_init(&s, forest, attribution, config, groups);
	for (guint i = 0; i < first->len; i++) /* made in order: the list is sorted */
		group_of(&s, key_trie_node(groups->trie, g_array_index(first, guint, i)));
	walk_paths(&s, selection, visit_kept);
	return summarizer_finish(&s);
}

GPtrArray *summary_sorted(const struct groups *groups)
{
	GPtrArray *sorted = g_ptr_array_sized_new(groups->list->len);
	for (guint i = 0; i < groups->list->len; i++)
		g_ptr_array_add(sorted, groups->list->pdata[i]);
	g_ptr_array_sort(sorted, compare_groups);
	return sorted;
}

gboolean write_group_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			     const struct write_config *config, enum summary_mode mode, guint64 *rows)
{
	guint flags = columns_flags(config->layout->picked) | columns_flags(config->sort);
	g_autofree gint64 *busy = flags & SUMMARY_BUSY ? busy_compute(attribution, forest) : NULL;
	g_autoptr(Waiting) waiting = flags & SUMMARY_WAITING ? waiting_compute(attribution, forest) : NULL;
	struct group_config group_config = { .mode = mode, .busy = busy,
					     .perf = flags & SUMMARY_PERF_FIGURES ? config->perf : NULL,
					     .waiting = waiting,
					     .device_launches = (flags & SUMMARY_DEVICE_LAUNCHES) != 0 };
	/* with --top and the summary's own order, a path summary's groups are made for the rows written only */
	gboolean top = mode == SUMMARY_PATH && config->top && !(config->sort && config->sort->len);
	struct groups *groups = top ? summary_top(forest, attribution, config->selection, &group_config, config->top)
				    : summary_groups(forest, attribution, config->selection, &group_config);
	g_autoptr(GPtrArray) sorted = top ? g_ptr_array_copy(groups->list, NULL, NULL) : summary_sorted(groups);
	const struct group_meta meta = { config->rank, mode == SUMMARY_PATH ? "path" : "name", config->shape };
	for (guint i = 0; i < sorted->len; i++)
		((struct group *)sorted->pdata[i])->meta = &meta;
	gboolean ok = write_rows(out, config, sorted);
	*rows = write_rows_count(config, sorted->len);
	groups_free(groups);
	return ok;
}
