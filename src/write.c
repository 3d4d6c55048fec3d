#include "write.h"
#include <string.h>
#include "ordered.h"

#define SEGMENT_NODES 64 /* a row holds whole launch lists (megabytes, at times): few in flight */
#define SEGMENTS_IN_FLIGHT 2

/* A run of roots whose rows one thread formats. */
struct segment {
	GNode *first; /* roots [first, end) in the forest's list of roots */
	GNode *end;
	GString *text;
	struct write_result result;
};

/* The formatting thread's. */
struct formatter {
	struct node_row row;
	struct sink sink;
	struct path_walk walk;
	const struct selection *selection;
};

/* What a row visitor of format_segment needs. */
struct row_context {
	struct formatter *formatter;
	struct segment *segment;
};

static void count_join(struct write_result *result, const struct et_node *et, const struct event *event)
{
	if (!et)
		return;
	result->joined++;
	result->other_name += et->name != event->name && g_strcmp0(et->name->text, event->name->text) != 0;
}

static void format_row(guint node, const GString *path, gpointer data)
{
	struct row_context *c = data;
	struct node_row *row = &c->formatter->row;
	node_row_set(row, node, path);
	count_join(&c->segment->result, row->et_node, &row->forest->events[node]);
	sink_row(&c->formatter->sink, row, c->segment->text);
	c->segment->result.rows++;
}

static void segment_free(gpointer data)
{
	struct segment *segment = data;
	g_string_free(segment->text, TRUE);
	g_free(segment);
}

static void format_segment(gpointer data, gpointer user_data)
{
	struct segment *segment = data;
	struct formatter *f = user_data;
	struct row_context context = { f, segment };
	for (GNode *root = segment->first; root != segment->end; root = root->next)
		select_visit_tree(forest_index(f->row.forest, root), f->row.forest, f->selection, &f->walk, format_row,
				  &context);
}

/* The roots from FIRST whose subtrees hold about SEGMENT_NODES nodes. */
static GNode *segment_end(const struct forest *forest, GNode *first)
{
	guint nodes = 0;
	GNode *root = first;
	while (root && nodes < SEGMENT_NODES) {
		guint i = forest_index(forest, root);
		nodes += forest->subtree_end[i] - i;
		root = root->next;
	}
	return root;
}

static gboolean write_segment(struct output *out, struct segment *segment, struct write_result *result)
{
	gboolean ok = output_write(out, segment->text->str, segment->text->len);
	result->rows += segment->result.rows;
	result->joined += segment->result.joined;
	result->other_name += segment->result.other_name;
	segment_free(segment);
	return ok;
}

static gboolean write_header(struct output *out, struct sink *sink)
{
	g_autoptr(GString) text = g_string_new(NULL);
	sink_header(sink, text);
	return output_write(out, text->str, text->len);
}

/* A pipeline: one thread formats segments of roots while this one writes
 * them, in order. (Writing is bound by the kernel's copy into the page
 * cache; more formatting threads only hold more rows in memory.) */
gboolean write_nodes(struct output *out, const struct forest *forest, const struct attribution *attribution,
		     const struct write_config *config, struct write_result *result)
{
	struct formatter f = { .selection = config->selection };
	node_row_init(&f.row, forest, attribution, config->et, columns_flags(config->layout->picked),
		      config->communication);
	f.row.steps = config->selection->steps;
	f.row.rank = config->rank;
	sink_init(&f.sink, config->format, config->layout);
	path_walk_init(&f.walk, forest);
	struct ordered_pool *pool = ordered_pool_new(format_segment, &f, 1, segment_free);
	gboolean ok = write_header(out, &f.sink);
	memset(result, 0, sizeof *result);
	for (GNode *first = forest->root.children; ok && first;) {
		struct segment *segment = g_new0(struct segment, 1);
		segment->first = first;
		segment->end = first = segment_end(forest, first);
		segment->text = g_string_sized_new(1 << 16);
		ordered_pool_push(pool, segment);
		struct segment *done;
		while (ok && (done = ordered_pool_next(pool, ordered_pool_in_flight(pool) > SEGMENTS_IN_FLIGHT)))
			ok = write_segment(out, done, result);
	}
	struct segment *done;
	while (ok && (done = ordered_pool_next(pool, TRUE)))
		ok = write_segment(out, done, result);
	ordered_pool_free(pool);
	path_walk_clear(&f.walk);
	sink_clear(&f.sink);
	node_row_clear(&f.row);
	return ok;
}

gboolean write_rows(struct output *out, const struct write_config *config, const GPtrArray *rows)
{
	struct sink sink;
	sink_init(&sink, config->format, config->layout);
	g_autoptr(GString) text = g_string_new(NULL);
	sink_header(&sink, text);
	gboolean ok = output_write(out, text->str, text->len);
	for (guint i = 0; ok && i < rows->len; i++) {
		g_string_truncate(text, 0);
		sink_row(&sink, rows->pdata[i], text);
		ok = output_write(out, text->str, text->len);
	}
	sink_clear(&sink);
	return ok;
}
