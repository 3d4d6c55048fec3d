#include "views/nodes/page_tree.h"
#include <string.h>
#include "sinks/html_names.h"
#include "sinks/html_text.h"
#include "sinks/sink_html.h"

#define OPEN_LEVELS 2 /* the levels shown open, and the path of most device time (SPEC 23) */

/* A candidate: its keys and its node. */
struct ranked {
	gint64 device, host;
	guint node;
};

/* Whether A ranks below B: less device time, then less host time, then later. */
static gboolean below(const struct ranked *a, const struct ranked *b)
{
	if (a->device != b->device)
		return a->device < b->device;
	if (a->host != b->host)
		return a->host < b->host;
	return a->node > b->node;
}

/* The min-heap of the LIMIT best: HEAP[0] ranks lowest. */
static void sift_down(struct ranked *heap, guint len, guint i)
{
	for (;;) {
		guint low = i, l = 2 * i + 1, r = l + 1;
		if (l < len && below(&heap[l], &heap[low]))
			low = l;
		if (r < len && below(&heap[r], &heap[low]))
			low = r;
		if (low == i)
			return;
		struct ranked t = heap[i];
		heap[i] = heap[low], heap[low] = t;
		i = low;
	}
}

static void sift_up(struct ranked *heap, guint i)
{
	while (i && below(&heap[i], &heap[(i - 1) / 2])) {
		struct ranked t = heap[i];
		heap[i] = heap[(i - 1) / 2], heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* The value of COLUMN on ROW's node as a number (0 when empty). */
static gint64 number_of(const struct column *column, const struct node_row *row)
{
	struct value value = { VALUE_EMPTY };
	column->get(row, &value);
	return value.type == VALUE_EMPTY || value.type == VALUE_TEXT || value.type == VALUE_LITERAL ||
			       value.type == VALUE_ENTRIES
		       ? 0
		       : value.number;
}

/* Marks in KEEP the nodes shown; returns how many; *CANDIDATES: the nodes considered. */
static guint choose(const struct forest *forest, const struct attribution *attribution, const struct write_config *config,
		    guint limit, const guint *depth, gboolean *keep, guint *candidates, gint64 *device)
{
	g_autoptr(GPtrArray) keys = g_ptr_array_new();
	catalogue_pick(node_catalogue(), "device duration(ms),host duration(ms)", 0, keys, NULL);
	struct node_row row;
	node_row_init(&row, forest, attribution, config->et, columns_flags(keys), config->communication);
	g_autoptr(GString) path = g_string_new(NULL);
	struct ranked *heap = g_new(struct ranked, MAX(limit, 1));
	guint len = 0;
	int max_depth = config->selection->max_depth;
	*candidates = 0;
	for (guint i = 0; i < forest->count; i++) {
		if (max_depth > 0 && depth[i] > (guint)max_depth)
			continue;
		++*candidates;
		node_row_set(&row, i, depth[i], path);
		struct ranked r = { number_of(keys->pdata[0], &row), number_of(keys->pdata[1], &row), i };
		device[i] = r.device;
		if (len < limit) {
			heap[len] = r;
			sift_up(heap, len++);
		} else if (limit && below(&heap[0], &r)) {
			heap[0] = r;
			sift_down(heap, len, 0);
		}
	}
	guint shown = 0;
	for (guint h = 0; h < len; h++)
		for (guint n = heap[h].node; n != FOREST_END && !keep[n]; n = forest_parent(forest, n)) {
			keep[n] = TRUE;
			shown++;
		}
	g_free(heap);
	node_row_clear(&row);
	return shown;
}

/* SPEC 23: marks in HOT the path of most device time among the kept nodes:
 * the root with the most, then its child with the most, and so on (ties:
 * the first). Each kept node is looked at once at most. */
static void mark_hot(const struct forest *forest, const gboolean *keep, const gint64 *device, gboolean *hot)
{
	guint best = FOREST_END;
	for (guint i = 0; i < forest->count; i = forest->subtree_end[i]) /* the roots */
		if (keep[i] && (best == FOREST_END || device[i] > device[best]))
			best = i;
	while (best != FOREST_END) {
		hot[best] = TRUE;
		guint parent = best;
		best = FOREST_END;
		for (guint i = parent + 1; i < forest->subtree_end[parent]; i = forest->subtree_end[i]) /* its children */
			if (keep[i] && (best == FOREST_END || device[i] > device[best]))
				best = i;
	}
}

/* One node's line: its name, then its values, in a row of the grid. */
static void append_cells(GString *body, const struct forest *forest, guint node, struct node_row *row,
			 const GPtrArray *columns, GString *scratch, struct html_names *names, const guint *decimals)
{
	const struct name *name = forest->events[node].name;
	g_string_truncate(scratch, 0); /* SPEC 23: a name cut to its box shows whole on hover */
	html_names_cut(scratch, name->text, name->len);
	g_string_append(body, "<span class=\"name\" title=\"");
	html_append_text(body, scratch->str, scratch->len);
	g_string_append(body, "\">");
	html_names_append(names, body, name->text, name->len);
	g_string_append(body, "</span>");
	for (guint c = 0; c < columns->len; c++) {
		const struct column *column = columns->pdata[c];
		struct value value = { VALUE_EMPTY };
		column->get(row, &value);
		g_string_append(body, "<span>");
		html_append_aligned(body, &value, decimals[c], scratch, names);
		g_string_append(body, "</span>");
	}
}

/* The layout's columns but the name (the path). */
static GPtrArray *value_columns(const struct layout *layout)
{
	GPtrArray *columns = g_ptr_array_new();
	for (guint i = 0; i < layout->picked->len; i++) {
		const struct column *column = layout->picked->pdata[i];
		if (!(column->flags & NODE_PATH))
			g_ptr_array_add(columns, (gpointer)column);
	}
	return columns;
}

/* The kept nodes in preorder, nested: a node with kept children is a
 * <details>, the others a line; OPEN holds the kept nodes not yet closed. */
static void append_nodes(GString *body, const struct forest *forest, const struct attribution *attribution,
			 const struct write_config *config, const gboolean *keep, const guint *depth,
			 const GPtrArray *columns, const gboolean *hot)
{
	struct node_row row;
	node_row_init(&row, forest, attribution, config->et, columns_flags(columns), config->communication);
	row.steps = config->selection->steps;
	row.rank = config->rank;
	row.perf = config->perf;
	row.memory_devices = config->memory;
	g_autoptr(GString) path = g_string_new(NULL), scratch = g_string_new(NULL);
	g_autoptr(GArray) open = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autofree guint *decimals = g_new0(guint, columns->len); /* SPEC 23: one number of decimals a column */
	for (guint i = 0; i < forest->count; i++) {
		if (!keep[i])
			continue;
		node_row_set(&row, i, depth[i], path);
		for (guint c = 0; c < columns->len; c++) {
			struct value value = { VALUE_EMPTY };
			((const struct column *)columns->pdata[c])->get(&row, &value);
			html_measure_decimals(&value, &decimals[c]);
		}
	}
	for (guint i = 0; i <= forest->count; i++) {
		if (i < forest->count && !keep[i])
			continue;
		while (open->len && (i == forest->count || forest->subtree_end[g_array_index(open, guint, open->len - 1)] <= i)) {
			g_string_append(body, "</div></details>\n");
			g_array_set_size(open, open->len - 1);
		}
		if (i == forest->count)
			break;
		guint next = i + 1;
		while (next < forest->subtree_end[i] && !keep[next])
			next++;
		node_row_set(&row, i, depth[i], path);
		if (next < forest->subtree_end[i]) { /* a kept descendant, hence a kept child */
			g_string_append_printf(body, "<details%s><summary class=\"row\" style=\"--d:%u\">",
					       depth[i] <= OPEN_LEVELS || hot[i] ? " open" : "", depth[i] - 1);
			append_cells(body, forest, i, &row, columns, scratch, config->page_names, decimals);
			g_string_append(body, "</summary><div class=\"kids\">\n");
			g_array_append_val(open, i);
		} else {
			g_string_append_printf(body, "<div class=\"row leaf\" style=\"--d:%u\">", depth[i] - 1);
			append_cells(body, forest, i, &row, columns, scratch, config->page_names, decimals);
			g_string_append(body, "</div>\n");
		}
	}
	node_row_clear(&row);
}

guint page_tree_append(GString *body, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config, guint limit)
{
	if (!forest->count) {
		g_string_append(body, "<p class=\"empty\">No monitored event: the tree is empty.</p>\n");
		return 0;
	}
	g_autofree guint *depth = g_new(guint, forest->count);
	for (guint i = 0; i < forest->count; i++) { /* a parent comes before its children */
		guint parent = forest_parent(forest, i);
		depth[i] = parent == FOREST_END ? 1 : depth[parent] + 1;
	}
	g_autofree gboolean *keep = g_new0(gboolean, forest->count);
	guint candidates;
	g_autofree gint64 *device = g_new0(gint64, forest->count);
	g_autofree gboolean *hot = g_new0(gboolean, forest->count);
	guint shown = choose(forest, attribution, config, limit, depth, keep, &candidates, device);
	mark_hot(forest, keep, device, hot);
	g_autoptr(GPtrArray) columns = value_columns(config->layout);
	if (shown < candidates)
		g_string_append_printf(body, "<p class=\"note\">%u of %u nodes shown: those with the most device time, then "
				       "host time, and their ancestors; %u left out.</p>\n", shown, candidates,
				       candidates - shown);
	else
		g_string_append_printf(body, "<p class=\"note\">%s %u node%s shown.</p>\n", shown == 1 ? "The" : "All", shown,
				       shown == 1 ? "" : "s");
	g_string_append_printf(body, "<div class=\"scroll\"><div class=\"tree\" style=\"--cols: %u\">\n<div class=\"row head\"><span>name</span>",
			       columns->len);
	for (guint c = 0; c < columns->len; c++) {
		g_string_append(body, "<span>");
		html_append(body, ((const struct column *)columns->pdata[c])->name);
		g_string_append(body, "</span>");
	}
	g_string_append(body, "</div>\n");
	append_nodes(body, forest, attribution, config, keep, depth, columns, hot);
	g_string_append(body, "</div></div>\n");
	return shown;
}
