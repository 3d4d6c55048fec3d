#include "attribution/graft_layout.h"
#include <stdlib.h>
#include <string.h>

static int compare_placements(const void *x, const void *y, void *data)
{
	const struct placement *a = x, *b = y;
	const struct graft_node *g = data;
	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	if (a->root != b->root)
		return a->root - b->root;
	if (!a->root && a->r != b->r)
		return a->r > b->r ? -1 : 1; /* the inner R's subtrees end first */
	if (a->root && a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1; /* at a thread's end, the next thread may begin */
	if (a->root && (a->ts != b->ts || a->index != b->index))
		return a->ts != b->ts ? (a->ts < b->ts ? -1 : 1) : (a->index < b->index ? -1 : 1);
	const struct graft_node *u = &g[a->top], *v = &g[b->top];
	if (u->first_ts != v->first_ts)
		return u->first_ts < v->first_ts ? -1 : 1;
	if (u->first_index != v->first_index)
		return u->first_index < v->first_index ? -1 : 1;
	return a->top < b->top ? -1 : a->top > b->top;
}

/* The first node of FOREST whose thread is THREAD or later (AFTER: later). */
static guint thread_bound(const struct forest *f, guint32 thread, gboolean after)
{
	guint first = 0, end = f->count;
	while (first < end) {
		guint middle = first + (end - first) / 2;
		guint32 t = f->events[middle].thread;
		if (t < thread || (after && t == thread))
			first = middle + 1;
		else
			end = middle;
	}
	return first;
}

/* The roots of each thread, found when a grafted root needs them. */
static const GArray *roots_of(GHashTable *roots, const struct forest *f, guint32 thread)
{
	GArray *list = g_hash_table_lookup(roots, GUINT_TO_POINTER(thread + 1));
	if (list)
		return list;
	list = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint r = thread_bound(f, thread, FALSE), end = thread_bound(f, thread, TRUE); r < end; r = f->subtree_end[r])
		g_array_append_val(list, r);
	g_hash_table_insert(roots, GUINT_TO_POINTER(thread + 1), list);
	return list;
}

/* Where a grafted root of LAUNCH goes: before the first root of its thread
 * that a zero-length event at the launch comes before (SPEC 3's order). */
static guint root_place(GHashTable *roots, const struct forest *f, const struct event *launch)
{
	struct event point = *launch;
	point.dur = 0;
	const GArray *list = roots_of(roots, f, launch->thread);
	guint first = 0, end = list->len;
	while (first < end) {
		guint middle = first + (end - first) / 2;
		if (event_compare(&f->events[g_array_index(list, guint, middle)], &point) <= 0)
			first = middle + 1;
		else
			end = middle;
	}
	return first < list->len ? g_array_index(list, guint, first) : thread_bound(f, launch->thread, TRUE);
}

/* Lays the subtree of placement P into F from *AT, in pre-order. */
static void lay_subtree(struct grafting *g, struct forest *f, const struct placement *p, const guint *new_index,
			guint *at)
{
	guint top = p->top;
	for (guint x = top;;) {
		struct graft_node *n = NODE(g, x);
		const struct event *launch = &g->a->launches[n->launch];
		const struct capture_node *c = &g_array_index(g->capture->nodes, struct capture_node, n->capture_node);
		f->events[*at] = (struct event){ .ts = launch->ts, .name = c->name, .index = launch->index,
						 .thread = launch->thread, .category = c->category_id };
		f->up[*at] = n->parent != NONE ? NODE(g, n->parent)->index : p->root ? FOREST_ROOT : new_index[p->r];
		f->grafted_under[*at] = p->root ? FOREST_END : new_index[p->r];
		n->index = (*at)++;
		if (n->first_child != NONE) {
			x = n->first_child;
			continue;
		}
		while (x != top && NODE(g, x)->next_sibling == NONE)
			x = NODE(g, x)->parent;
		if (x == top)
			return;
		x = NODE(g, x)->next_sibling;
	}
}

/* The new forest: the old nodes in their order, the grafted subtrees laid in. */
static struct forest *lay_forest(struct grafting *g, const struct forest *old, guint *new_index)
{
	g_autoptr(GHashTable) roots = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify)g_array_unref);
	for (guint k = 0; k < g->tops->len; k++) {
		struct placement *p = &g_array_index(g->tops, struct placement, k);
		const struct event *launch = &g->a->launches[NODE(g, p->top)->launch];
		p->root = p->r == NO_OWNER;
		p->at = p->root ? root_place(roots, old, launch) : old->subtree_end[p->r];
		p->thread = launch->thread, p->ts = launch->ts, p->index = launch->index;
	}
	g_array_sort_with_data(g->tops, compare_placements, g->nodes->data);
	struct forest *f = g_new0(struct forest, 1);
	f->count = old->count + g->nodes->len;
	f->events = f->own_events = g_new(struct event, f->count);
	f->up = g_new(guint32, f->count);
	f->subtree_end = g_new(guint32, f->count);
	f->replayed_by = g_new0(const struct event *, f->count);
	f->grafted_under = g_new(guint32, f->count);
	f->grafted = g->nodes->len;
	f->thread_ids = old->thread_ids;
	guint at = 0, k = 0;
	for (guint i = 0; i <= old->count; i++) {
		for (; k < g->tops->len && g_array_index(g->tops, struct placement, k).at == i; k++)
			lay_subtree(g, f, &g_array_index(g->tops, struct placement, k), new_index, &at);
		if (i == old->count)
			break;
		guint parent = forest_parent(old, i);
		new_index[i] = at;
		f->grafted_under[at] = FOREST_END;
		f->events[at] = old->events[i];
		f->up[at++] = parent == FOREST_END ? FOREST_ROOT : new_index[parent];
	}
	g_autofree guint *depth = g_new(guint, f->count);
	for (guint x = 0; x < f->count; x++) {
		f->subtree_end[x] = x + 1;
		depth[x] = f->up[x] & FOREST_ROOT ? 1 : depth[f->up[x]] + 1;
		f->deepest = MAX(f->deepest, depth[x]);
	}
	for (guint x = f->count; x-- > 0;)
		if (!(f->up[x] & FOREST_ROOT))
			f->subtree_end[f->up[x]] = MAX(f->subtree_end[f->up[x]], f->subtree_end[x]);
	forest_link_roots(f);
	return f;
}

/* The new attribution: each old launch, then, for a graph launch with
 * grafted events, a virtual launch for each run of its device events (in
 * (ts, position) order) that go to one grafted node, or back to its owner
 * after a run that did not: a row's launches, in order, then give its
 * device events in (ts, position) order, as the list columns want. */
/* Launches (indices into DATA, the owners) by (owner, index). */
static int compare_by_owner(const void *x, const void *y, void *data)
{
	const guint *owner = data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	if (owner[a] != owner[b])
		return owner[a] < owner[b] ? -1 : 1;
	return (a > b) - (a < b);
}

static struct attribution *lay_attribution(struct grafting *g, const guint *new_index)
{
	const struct attribution *a = g->a;
	guint virtuals = 0;
	for (guint l = 0; l < a->launch_count; l++)
		for (guint d = a->device_first[l], current = NONE; d < a->device_first[l + 1]; d++)
			if (g->dest[d] != current)
				virtuals++, current = g->dest[d];
	struct attribution *b = g_new0(struct attribution, 1);
	*b = *a;
	guint count = a->launch_count + virtuals, events = a->device_first[a->launch_count + 1];
	b->launch_count = count;
	b->virtual_count = a->virtual_count + virtuals;
	b->launches = b->own_launches = g_new(struct event, count + 1);
	b->owner = g_new(guint, count + 1);
	b->nested = g_new(guint8, count + 1);
	b->virtual_launch = g_new0(guint8, count + 1);
	b->device_order = g_new(guint, events + 1);
	b->device_first = g_new0(guint, count + 2);
	b->device_time = g_new0(gint64, count + 1);
	memcpy(b->device_order, a->device_order, sizeof(guint) * events); /* the order stays; only the groups split */
	guint nl = 0;
	for (guint l = 0; l < a->launch_count; l++) {
		guint owner = a->owner[l] == NO_OWNER ? NO_OWNER : new_index[a->owner[l]];
		b->launches[nl] = a->launches[l];
		b->owner[nl] = owner;
		b->nested[nl] = a->nested[l];
		b->device_first[nl++] = a->device_first[l];
		for (guint d = a->device_first[l], current = NONE; d < a->device_first[l + 1]; d++) {
			guint x = g->dest[d];
			if (x != current) { /* a run that goes elsewhere: a virtual launch of its own */
				current = x;
				b->launches[nl] = a->launches[l];
				b->launches[nl].dur = 0;
				b->owner[nl] = x == NONE ? owner : NODE(g, x)->index;
				b->nested[nl] = TRUE;
				b->virtual_launch[nl] = 1;
				b->device_first[nl++] = d;
			}
			b->device_time[nl - 1] += attribution_device(a, d)->dur;
		}
	}
	b->device_first[nl] = a->device_first[a->launch_count]; /* the unclaimed device events */
	b->device_first[nl + 1] = events;
	b->device_time[nl] = a->device_time[a->launch_count];
	b->virtual_by_owner = g_new(guint, b->virtual_count + 1);
	for (guint l = 0, v = 0; l < count; l++)
		if (b->virtual_launch[l])
			b->virtual_by_owner[v++] = l;
	g_qsort_with_data(b->virtual_by_owner, (gint)b->virtual_count, sizeof(guint), compare_by_owner, b->owner);
	b->memory_owner = g_new(guint, a->memory_count + 1);
	for (guint m = 0; m < a->memory_count; m++)
		b->memory_owner[m] = a->memory_owner[m] == NO_OWNER ? NO_OWNER : new_index[a->memory_owner[m]];
	return b;
}

void graft_layout(struct grafting *g, struct forest **forest, struct attribution **attribution)
{
	g_autofree guint *new_index = g_new(guint, (*forest)->count + 1);
	struct forest *f = lay_forest(g, *forest, new_index);
	struct attribution *b = lay_attribution(g, new_index);
	/* the launch a grafted node's events were replayed by */
	g_autofree guint *new_launch = g_new(guint, g->a->launch_count + 1);
	for (guint l = 0, nl = 0; l < b->launch_count; l++)
		if (!b->virtual_launch[l])
			new_launch[nl++] = l;
	for (guint x = 0; x < g->nodes->len; x++)
		f->replayed_by[NODE(g, x)->index] = &b->launches[new_launch[NODE(g, x)->launch]];
	/* the time-ordered events keep their launch: the graph launch, renumbered */
	guint events = g->a->claimed + g->a->unclaimed;
	b->by_time_launch = g_new(guint, events + 1);
	for (guint i = 0; i < events; i++) {
		guint l = g->a->by_time_launch[i];
		b->by_time_launch[i] = l == NO_LAUNCH ? NO_LAUNCH : new_launch[l];
	}
	forest_free(*forest);
	attribution_free(*attribution);
	*forest = f;
	*attribution = b;
	g->forest = f;
	g->a = b;
}
