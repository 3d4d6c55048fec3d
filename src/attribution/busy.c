#include "attribution/busy.h"

/* A set of disjoint intervals, none adjacent to another. */
struct interval {
	gint64 start, end;
};

struct interval_set {
	GTree *tree; /* struct interval *, keyed and owned */
	gint64 length; /* of the union */
};

static gint compare_starts(gconstpointer x, gconstpointer y, gpointer unused)
{
	(void)unused;
	const struct interval *a = x, *b = y;
	return a->start < b->start ? -1 : a->start > b->start;
}

static struct interval_set *set_new(void)
{
	struct interval_set *set = g_new(struct interval_set, 1);
	set->tree = g_tree_new_full(compare_starts, NULL, g_free, NULL);
	set->length = 0;
	return set;
}

static void set_free(struct interval_set *set)
{
	if (!set)
		return;
	g_tree_destroy(set->tree);
	g_free(set);
}

/* Adds [START, END) to SET, merging it with the intervals it meets. */
static void set_add(struct interval_set *set, gint64 start, gint64 end)
{
	if (end <= start)
		return;
	struct interval probe = { start, end };
	GTreeNode *after = g_tree_upper_bound(set->tree, &probe); /* the first starting after START */
	GTreeNode *before = after ? g_tree_node_previous(after) : g_tree_node_last(set->tree);
	struct interval *at = before ? g_tree_node_key(before) : NULL;
	if (at && at->end >= start) {
		if (end <= at->end)
			return;
		set->length += end - at->end;
		at->end = end;
	} else {
		at = g_new(struct interval, 1);
		*at = probe;
		g_tree_insert(set->tree, at, at);
		set->length += end - start;
		after = g_tree_upper_bound(set->tree, at);
	}
	/* swallow the intervals that start within the grown one */
	while (after) {
		struct interval *next = g_tree_node_key(after);
		if (next->start > at->end)
			break;
		set->length -= next->end - next->start;
		if (next->end > at->end) {
			set->length += next->end - at->end;
			at->end = next->end;
		}
		g_tree_remove(set->tree, next);
		after = g_tree_upper_bound(set->tree, at);
	}
}

/* Merges FROM into INTO (the larger of the two is kept); frees the other. */
static struct interval_set *set_merge(struct interval_set *into, struct interval_set *from)
{
	if (!into || !from)
		return into ? into : from;
	if (g_tree_nnodes(from->tree) > g_tree_nnodes(into->tree)) {
		struct interval_set *swap = into;
		into = from;
		from = swap;
	}
	for (GTreeNode *node = g_tree_node_first(from->tree); node; node = g_tree_node_next(node)) {
		const struct interval *interval = g_tree_node_key(node);
		set_add(into, interval->start, interval->end);
	}
	set_free(from);
	return into;
}

gint64 *busy_compute(const struct attribution *a, const struct forest *forest)
{
	guint n = forest->count;
	gint64 *busy = g_new0(gint64, n);
	/* each node's own launches, by a counting sort on their owners */
	guint *first = g_new0(guint, n + 1);
	for (guint l = 0; l < a->launch_count; l++)
		if (a->owner[l] != NO_OWNER)
			first[a->owner[l] + 1]++;
	for (guint i = 0; i < n; i++)
		first[i + 1] += first[i];
	guint *own = g_new(guint, first[n] ? first[n] : 1);
	guint *next = g_memdup2(first, sizeof(guint) * n);
	for (guint l = 0; l < a->launch_count; l++)
		if (a->owner[l] != NO_OWNER)
			own[next[a->owner[l]]++] = l;
	g_free(next);
	struct interval_set **sets = g_new0(struct interval_set *, n);
	for (guint i = n; i-- > 0;) {
		struct interval_set *set = sets[i]; /* its children's, merged */
		for (guint k = first[i]; k < first[i + 1]; k++) {
			guint l = own[k];
			for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
				if (!set)
					set = set_new();
				set_add(set, attribution_device(a, d)->ts, event_end(attribution_device(a, d)));
			}
		}
		sets[i] = NULL;
		busy[i] = set ? set->length : 0;
		guint p = forest_parent(forest, i);
		if (p != FOREST_END) {
			sets[p] = set_merge(sets[p], set);
		} else {
			set_free(set);
		}
	}
	g_free(sets);
	g_free(own);
	g_free(first);
	return busy;
}
