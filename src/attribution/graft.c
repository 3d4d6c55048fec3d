#include "attribution/graft.h"
#include "attribution/graft_layout.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A nested graph launch without device events (a driver cuGraphLaunch
 * inside cudaGraphLaunch) is part of the one around it, not a replay. */
static gboolean counted(const struct attribution *a, guint l)
{
	return !(a->virtual_launch && a->virtual_launch[l]) &&
	       (!a->nested[l] || a->device_first[l + 1] > a->device_first[l]);
}

static gboolean is_graph_launch(const struct attribution *a, guint l)
{
	return counted(a, l) && capture_is_graph_launch(a->launches[l].name);
}

void graft_count(const struct attribution *a, struct graft_stats *s)
{
	memset(s, 0, sizeof *s);
	const struct name *last = NULL; /* names are interned: a run of one name is judged once */
	gboolean last_graph = FALSE;
	for (guint l = 0; l < a->launch_count; l++) {
		if (a->launches[l].name != last) {
			last = a->launches[l].name;
			last_graph = capture_is_graph_launch(last);
		}
		if (!last_graph || !counted(a, l))
			continue;
		s->graph_launches++;
		s->replayed_events += a->device_first[l + 1] - a->device_first[l];
		s->replayed_time += a->device_time[l];
	}
}

gboolean graft_args_integer(const char *args, const char *key, gint64 *value)
{
	if (!args || *args != '{')
		return FALSE;
	gsize key_len = strlen(key);
	int depth = 0;
	for (const char *p = args; *p; p++) {
		char c = *p;
		if (c == '{' || c == '[' || c == '(') {
			depth++;
		} else if (c == '}' || c == ']' || c == ')') {
			depth--;
		} else if (c == '\'' || c == '"') {
			const char *start = p + 1;
			for (p++; *p && *p != c; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return FALSE;
			if (depth != 1 || (gsize)(p - start) != key_len || memcmp(start, key, key_len) != 0)
				continue;
			const char *q = p + 1;
			while (*q == ' ')
				q++;
			if (*q != ':')
				continue; /* a value, not a key */
			for (q++; *q == ' ';)
				q++;
			char *end;
			errno = 0;
			gint64 v = *q == '-' ? g_ascii_strtoll(q, &end, 10) : (gint64)g_ascii_strtoull(q, &end, 10);
			if (end == q || errno == ERANGE || (*end != ',' && *end != '}' && *end != ' '))
				return FALSE;
			*value = v;
			return TRUE;
		}
	}
	return FALSE;
}

/* The graft node of capture node C under graph launch L (numbered SEQ): made,
 * with its parents, when it is not there yet. The capture nodes not yet
 * grafted are gathered first, innermost first (no recursion: paths can be
 * 100,000 deep), then made root-most first. */
static guint graft_node_of(struct grafting *g, guint l, guint seq, guint c)
{
	g_array_set_size(g->chain, 0);
	guint parent = NONE;
	for (guint x = c; x != NONE; x = g_array_index(g->capture->nodes, struct capture_node, x).parent) {
		if (g->stamp[x] == seq + 1) {
			parent = g->graft_of[x];
			break;
		}
		g_array_append_val(g->chain, x);
	}
	for (guint k = g->chain->len; k-- > 0;) {
		guint x = g_array_index(g->chain, guint, k);
		struct graft_node node = { .capture_node = x, .parent = parent, .launch = l, .first_child = NONE,
					   .last_child = NONE, .next_sibling = NONE,
					   .first_ts = G_MAXINT64, .first_index = G_MAXUINT32 };
		guint at = g->nodes->len;
		g_array_append_val(g->nodes, node);
		if (parent != NONE) {
			struct graft_node *p = NODE(g, parent);
			if (p->last_child == NONE)
				p->first_child = at;
			else
				NODE(g, p->last_child)->next_sibling = at;
			p->last_child = at;
		} else {
			struct placement top = { .top = at, .r = g->a->owner[l] };
			g_array_append_val(g->tops, top);
		}
		g->stamp[x] = seq + 1;
		g->graft_of[x] = at;
		parent = at;
	}
	return g->graft_of[c];
}

static int compare_launch_order(const void *x, const void *y, void *data)
{
	const struct event *launches = data;
	const struct event *a = &launches[*(const guint *)x], *b = &launches[*(const guint *)y];
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* The matcher's view of the windows: one name per captured launch. */
static struct gm_window *windows_of(const struct capture *capture, struct gm_name **names)
{
	*names = g_new0(struct gm_name, capture->launches->len + 1);
	for (guint c = 0; c < capture->launches->len; c++) {
		const struct name *name = g_array_index(capture->launches, struct captured_launch, c).name;
		if (name)
			(*names)[c] = (struct gm_name){ name->text, name->len };
	}
	struct gm_window *windows = g_new0(struct gm_window, capture->windows->len + 1);
	for (guint w = 0; w < capture->windows->len; w++) {
		const struct capture_window *window = &g_array_index(capture->windows, struct capture_window, w);
		windows[w] = (struct gm_window){ *names + window->first, window->count };
	}
	return windows;
}

/* The matcher's view of the graph launches ORDER: their device events' names and graph ids. */
struct launch_inputs {
	struct gm_launch *launches;
	struct gm_name *names;
	gint64 *graph_id, *node_id;
	gboolean *has_ids;
};

static void launch_inputs_init(struct launch_inputs *in, const struct attribution *a, const GArray *order)
{
	guint total = 0;
	for (guint i = 0; i < order->len; i++) {
		guint l = g_array_index(order, guint, i);
		total += a->device_first[l + 1] - a->device_first[l];
	}
	in->launches = g_new0(struct gm_launch, order->len + 1);
	in->names = g_new0(struct gm_name, total + 1);
	in->graph_id = g_new0(gint64, total + 1);
	in->node_id = g_new0(gint64, total + 1);
	in->has_ids = g_new0(gboolean, total + 1);
	guint at = 0;
	for (guint i = 0; i < order->len; i++) {
		guint l = g_array_index(order, guint, i);
		guint first = at;
		gboolean any_ids = FALSE;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++, at++) {
			const struct event *e = attribution_device(a, d);
			in->names[at] = (struct gm_name){ e->name->text, e->name->len };
			in->has_ids[at] = graft_args_integer(e->args, "graph id", &in->graph_id[at]) &&
					  graft_args_integer(e->args, "graph node id", &in->node_id[at]);
			any_ids |= in->has_ids[at];
		}
		in->launches[i] = (struct gm_launch){ in->names + first, any_ids ? in->graph_id + first : NULL,
						      any_ids ? in->node_id + first : NULL,
						      any_ids ? in->has_ids + first : NULL, at - first };
	}
}

static void launch_inputs_clear(struct launch_inputs *in)
{
	g_free(in->launches);
	g_free(in->names);
	g_free(in->graph_id);
	g_free(in->node_id);
	g_free(in->has_ids);
}

/* The first graph launch with device events left unplaced for want of a match. */
static void note_unmatched(struct graft_stats *s, const struct event *launch, enum gm_reason reason)
{
	if (s->unmatched_launches || s->unmatched_events)
		return;
	s->first_unmatched_correlation = launch->correlation;
	s->first_unmatched_has_correlation = launch->has_correlation;
	s->first_unmatched_reason = reason;
}

/* The device events of graph launch L (the SEQ-th), matched as R says, to grafted nodes. */
static void place(struct grafting *g, guint l, guint seq, const struct gm_result *r, const struct capture_window *w,
		  gboolean *ends, struct graft_stats *s)
{
	const struct attribution *a = g->a;
	for (guint j = 0, d = a->device_first[l]; d < a->device_first[l + 1]; j++, d++) {
		const struct event *e = attribution_device(a, d);
		if (r->to[j] == NONE) {
			note_unmatched(s, &a->launches[l], GM_REASON_NONE);
			s->unmatched_events++;
			s->unmatched_time += e->dur;
			s->unfit_events++;
			s->unfit_time += e->dur;
			continue;
		}
		guint end = g_array_index(g->capture->launches, struct captured_launch, w->first + r->to[j]).path_end;
		if (end == NONE)
			continue; /* an empty capture path: R's own */
		guint node = graft_node_of(g, l, seq, end);
		g->dest[d] = node;
		NODE(g, node)->own++;
		for (guint x = node; x != NONE && NODE(g, x)->first_ts == G_MAXINT64; x = NODE(g, x)->parent)
			NODE(g, x)->first_ts = e->ts, NODE(g, x)->first_index = e->index; /* events come in (ts, position) order */
		s->placed_events++;
		s->placed_time += e->dur;
		if (!ends[end])
			ends[end] = TRUE, s->captured_ops++;
	}
}

void graft_apply(struct forest **forest, struct attribution **attribution, const struct capture *capture,
		 struct graft_stats *s)
{
	struct attribution *a = *attribution;
	graft_count(a, s);
	if (!s->graph_launches)
		return;
	g_autoptr(GArray) order = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint l = 0; l < a->launch_count; l++)
		if (is_graph_launch(a, l))
			g_array_append_val(order, l);
	g_array_sort_with_data(order, compare_launch_order, a->launches);
	g_autofree struct gm_name *window_names = NULL;
	g_autofree struct gm_window *windows = windows_of(capture, &window_names);
	struct launch_inputs in;
	launch_inputs_init(&in, a, order);
	g_autofree struct gm_result *results = g_new0(struct gm_result, order->len);
	graph_match(windows, capture->windows->len, in.launches, order->len, results);

	guint nodes = capture->nodes->len;
	struct grafting g = { .capture = capture, .forest = *forest, .a = a,
			      .nodes = g_array_new(FALSE, FALSE, sizeof(struct graft_node)),
			      .dest = g_new(guint, a->device_first[a->launch_count] + 1),
			      .graft_of = g_new(guint, nodes + 1), .stamp = g_new0(guint, nodes + 1),
			      .tops = g_array_new(FALSE, FALSE, sizeof(struct placement)),
			      .chain = g_array_new(FALSE, FALSE, sizeof(guint)) };
	for (guint d = 0; d < a->device_first[a->launch_count]; d++)
		g.dest[d] = NONE;
	g_autofree gboolean *ends = g_new0(gboolean, nodes + 1);
	for (guint i = 0; i < order->len; i++) {
		guint l = g_array_index(order, guint, i);
		const struct gm_result *r = &results[i];
		guint events = a->device_first[l + 1] - a->device_first[l];
		if (r->kind == GM_NONE) {
			if (!events)
				continue;
			note_unmatched(s, &a->launches[l], r->reason);
			s->unmatched_launches++;
			s->unmatched_events += events;
			s->unmatched_time += a->device_time[l];
			continue;
		}
		s->matched++;
		s->by_kind[r->kind]++;
		guint captured = g_array_index(capture->windows, struct capture_window, r->window).count;
		if (events < captured) /* a replay not all recorded (the incomplete-trace finding) */
			s->short_launches++, s->short_events += captured - events;
		s->unverified += r->unverified != 0;
		place(&g, l, i, r, &g_array_index(capture->windows, struct capture_window, r->window), ends, s);
	}
	gm_results_clear(results, order->len);
	launch_inputs_clear(&in);
	if (g.nodes->len)
		graft_layout(&g, forest, attribution);
	g_array_free(g.nodes, TRUE);
	g_array_free(g.tops, TRUE);
	g_array_free(g.chain, TRUE);
	g_free(g.dest);
	g_free(g.graft_of);
	g_free(g.stamp);
}
