#include "views/table/write.h"
#include <string.h>
#include "util/fault.h"
#include "util/ordered.h"
#include "util/spool.h"
#include "views/table/sort.h"

#define FLUSH_BYTES (1 << 16) /* rows: handed on, or written out, in pieces of this size */
#define SPOOL_BYTES (1 << 18) /* formatted and not yet written: a row is never split, so a piece may be more */

/* The formatting thread's: the rows of every root, in order, in pieces
 * given to SPOOL (or, when no thread could be started, written to OUT). */
struct formatter {
	struct node_row row;
	struct sink sink;
	struct path_walk walk;
	const struct selection *selection;
	struct spool *spool; /* NULL: this thread writes */
	struct output *out;
	GString *piece;      /* the rows not yet handed on */
	struct write_result result;
	gboolean ok;         /* FALSE: writing failed; nothing more is formatted */
	const char *context; /* the trace, for messages (src/util/fault.h) */
};

static void count_join(struct write_result *result, const struct et_node *et, const struct event *event)
{
	if (!et)
		return;
	result->joined++;
	result->other_name += et->name != event->name && g_strcmp0(et->name->text, event->name->text) != 0;
}

/* The rows formatted so far, handed to the writer (or written). */
static void hand_on(struct formatter *f)
{
	if (!f->piece->len)
		return;
	if (!f->spool) {
		f->ok = output_write(f->out, f->piece->str, f->piece->len);
		g_string_truncate(f->piece, 0);
		return;
	}
	f->ok = spool_put(f->spool, g_steal_pointer(&f->piece));
	f->piece = spool_piece(f->spool);
}

static void format_row(guint node, guint depth, const GString *path, gpointer data)
{
	struct formatter *f = data;
	struct node_row *row = &f->row;
	node_row_set(row, node, depth, path);
	count_join(&f->result, row->et_node, &row->forest->events[node]);
	sink_row(&f->sink, row, f->piece);
	f->result.rows++;
	if (f->piece->len >= FLUSH_BYTES)
		hand_on(f);
}

static void format_all(struct formatter *f)
{
	const struct forest *forest = f->row.forest;
	for (guint root = forest->first_root; f->ok && root != FOREST_END; root = forest_next_root(forest, root))
		select_visit_tree(root, forest, f->selection, &f->walk, format_row, f);
	if (f->ok)
		hand_on(f);
	if (f->spool)
		spool_close(f->spool);
}

static gpointer format_thread(gpointer data)
{
	struct formatter *f = data;
	fault_set_context(f->context);
	format_all(f);
	return NULL;
}

static gboolean write_header(struct output *out, struct sink *sink)
{
	g_autoptr(GString) text = g_string_new(NULL);
	sink_header(sink, text);
	return output_write(out, text->str, text->len);
}

static gboolean write_footer(struct output *out, struct sink *sink)
{
	g_autoptr(GString) text = g_string_new(NULL);
	sink_footer(sink, text);
	return !text->len || output_write(out, text->str, text->len);
}

static gboolean sorts(const struct write_config *config)
{
	return config->sort && config->sort->len;
}

/* Gathering: the rows' nodes and depths, as one id, with their sort keys. */
#define GATHERED(node, depth) ((guint64)(depth) << 32 | (node))
#define GATHERED_NODE(id) ((guint)((id) & G_MAXUINT32))
#define GATHERED_DEPTH(id) ((guint)((id) >> 32))

struct gather {
	struct node_row row; /* the keys' row */
	struct sorter *sorter;
	gboolean keys;
};

static void gather_row(guint node, guint depth, const GString *path, gpointer data)
{
	struct gather *g = data;
	if (g->keys)
		node_row_set(&g->row, node, depth, path);
	sorter_add(g->sorter, GATHERED(node, depth), &g->row);
}

/* A node row for the columns of FLAGS, with what CONFIG knows of the trace. */
static void row_init(struct node_row *row, const struct forest *forest, const struct attribution *attribution,
		     const struct write_config *config, guint flags)
{
	node_row_init(row, forest, attribution, config->et, flags, config->communication);
	row->steps = config->selection->steps;
	row->rank = config->rank;
	row->perf = config->perf;
	row->memory_devices = config->memory;
}

/* The nodes CONFIG selects (GATHERED ids), sorted and cut as it says; *BUSY gets
 * the busy times when a key needed them. */
static GArray *gather_nodes(const struct forest *forest, const struct attribution *attribution,
			    const struct write_config *config, gint64 **busy)
{
	struct gather g = { .sorter = sorter_new(config->sort, config->top), .keys = sorts(config) };
	if (g.keys)
		row_init(&g.row, forest, attribution, config, columns_flags(config->sort));
	select_visit(forest, config->selection, gather_row, &g);
	if (g.keys) {
		*busy = g_steal_pointer(&g.row.busy);
		node_row_clear(&g.row);
	}
	return sorter_finish(g.sorter);
}

static void set_row(struct node_row *row, guint64 gathered, GString *path)
{
	guint node = GATHERED_NODE(gathered);
	if (row->flags & NODE_PATH)
		forest_path(row->forest, node, path);
	node_row_set(row, node, GATHERED_DEPTH(gathered), path);
}

/* PICKED with the name column as the tree shows it. */
static GPtrArray *tree_columns(const GPtrArray *picked)
{
	GPtrArray *columns = g_ptr_array_sized_new(picked->len);
	for (guint i = 0; i < picked->len; i++) {
		const struct column *column = picked->pdata[i];
		g_ptr_array_add(columns, (gpointer)(column->flags & NODE_PATH ? node_tree_column() : column));
	}
	return columns;
}

/* The rows of the gathered NODES through SINK into OUT. */
static gboolean write_node_list(struct output *out, const GArray *nodes, struct node_row *row, struct sink *sink,
				struct write_result *result)
{
	g_autoptr(GString) path = g_string_new(NULL);
	g_autoptr(GString) text = g_string_sized_new(FLUSH_BYTES + 4096);
	if (sink_measures(sink))
		for (guint i = 0; i < nodes->len; i++) {
			set_row(row, g_array_index(nodes, guint64, i), path);
			sink_measure(sink, row);
		}
	sink_header(sink, text);
	gboolean ok = TRUE;
	for (guint i = 0; ok && i < nodes->len; i++) {
		set_row(row, g_array_index(nodes, guint64, i), path);
		count_join(result, row->et_node, &row->forest->events[row->node]);
		sink_row(sink, row, text);
		result->rows++;
		if (text->len >= FLUSH_BYTES) {
			ok = output_write(out, text->str, text->len);
			g_string_truncate(text, 0);
		}
	}
	sink_footer(sink, text);
	return ok && output_write(out, text->str, text->len);
}

/* Per-node rows gathered, sorted and cut, then written in one thread; a
 * tree-showing sink gets the tree's names unless they are sorted. */
static gboolean write_gathered(struct output *out, const struct forest *forest,
			       const struct attribution *attribution, const struct write_config *config,
			       struct write_result *result)
{
	gint64 *busy = NULL;
	g_autoptr(GArray) nodes = gather_nodes(forest, attribution, config, &busy);
	struct layout layout = *config->layout;
	g_autoptr(GPtrArray) tree = config->format->tree && !sorts(config) ? tree_columns(layout.picked) : NULL;
	if (tree)
		layout.picked = tree;
	struct node_row row;
	row_init(&row, forest, attribution, config, columns_flags(layout.picked));
	row.busy = busy;
	row.indent_base = config->selection->min_depth > 0 ? (guint)config->selection->min_depth : 1;
	struct sink sink;
	sink_init(&sink, config->format, &layout);
	sink.width = output_columns(out);
	sink.sort = config->sort;
	sink.quiet = config->quiet;
	sink.context = config->page_names;
	memset(result, 0, sizeof *result);
	gboolean ok = write_node_list(out, nodes, &row, &sink, result);
	sink_clear(&sink);
	node_row_clear(&row);
	return ok;
}

/* A pipeline: one thread formats the rows while this one writes them, in
 * order, through a spool that holds about a megabyte, whatever the size of
 * the output. (Writing is bound by the kernel's copy into the page cache;
 * more formatting threads would only hold more rows in memory.) */
gboolean write_nodes(struct output *out, const struct forest *forest, const struct attribution *attribution,
		     const struct write_config *config, struct write_result *result)
{
	if (sorts(config) || config->top || config->format->measure)
		return write_gathered(out, forest, attribution, config, result);
	struct formatter f = { .selection = config->selection, .out = out, .ok = TRUE, .context = fault_context() };
	row_init(&f.row, forest, attribution, config, columns_flags(config->layout->picked));
	sink_init(&f.sink, config->format, config->layout);
	f.sink.context = config->page_names;
	path_walk_init(&f.walk, forest);
	gboolean ok = write_header(out, &f.sink);
	f.spool = spool_new(SPOOL_BYTES);
	f.piece = spool_piece(f.spool);
	GThread *thread = ok ? g_thread_try_new("format", format_thread, &f, NULL) : NULL;
	if (thread) {
		GString *piece;
		while (ok && (piece = spool_take(f.spool))) {
			ok = output_write(out, piece->str, piece->len);
			spool_give_back(f.spool, piece);
		}
		if (!ok)
			spool_cancel(f.spool);
		g_thread_join(thread);
	} else if (ok) { /* no thread could be started: this one formats and writes */
		spool_free(g_steal_pointer(&f.spool));
		format_all(&f);
		ok = f.ok;
	}
	spool_free(f.spool);
	if (f.piece)
		g_string_free(f.piece, TRUE);
	*result = f.result;
	ok = ok && write_footer(out, &f.sink);
	path_walk_clear(&f.walk);
	sink_clear(&f.sink);
	node_row_clear(&f.row);
	return ok;
}

guint64 write_rows_count(const struct write_config *config, guint64 count)
{
	guint64 lead = MIN(config->lead, count);
	return config->top ? lead + MIN(count - lead, config->top) : count;
}

/* ROWS in the order CONFIG's keys give, cut to its top; NULL when they stay as they are. */
static GPtrArray *order_rows(const struct write_config *config, const GPtrArray *rows)
{
	guint lead = MIN(config->lead, rows->len);
	if (!sorts(config) && (!config->top || config->top >= rows->len - lead))
		return NULL;
	struct sorter *sorter = sorter_new(config->sort, config->top);
	for (guint i = lead; i < rows->len && sorter_add(sorter, i, rows->pdata[i]); i++)
		;
	g_autoptr(GArray) ids = sorter_finish(sorter);
	GPtrArray *ordered = g_ptr_array_sized_new(lead + ids->len);
	for (guint i = 0; i < lead; i++)
		g_ptr_array_add(ordered, rows->pdata[i]);
	for (guint i = 0; i < ids->len; i++)
		g_ptr_array_add(ordered, rows->pdata[g_array_index(ids, guint64, i)]);
	return ordered;
}

#define WRITE_CHUNK_ROWS 4096

/* A piece of rows [from, to) formatted apart, by a sink like MODEL. */
struct chunk {
	const struct sink *model;
	const GPtrArray *rows;
	guint from, to;
	GString *text;
};

static void format_chunk(gpointer item, gpointer user_data)
{
	(void)user_data;
	struct chunk *c = item;
	struct sink sink;
	sink_init(&sink, c->model->klass, c->model->layout);
	sink.width = c->model->width;
	sink.sort = c->model->sort;
	sink.quiet = c->model->quiet;
	c->text = g_string_sized_new(FLUSH_BYTES + 4096);
	for (guint i = c->from; i < c->to; i++)
		sink_row(&sink, c->rows->pdata[i], c->text);
	sink_clear(&sink);
}

static void chunk_free(gpointer item)
{
	struct chunk *c = item;
	if (c->text)
		g_string_free(c->text, TRUE);
	g_free(c);
}

/* ROWS after the header, formatted in pieces by THREADS threads, written in
 * order; at most twice THREADS pieces in flight. */
static gboolean write_apart(struct output *out, const struct sink *model, const GPtrArray *rows, guint threads)
{
	struct ordered_pool *pool = ordered_pool_new(format_chunk, NULL, threads, chunk_free);
	guint next = 0;
	gboolean ok = TRUE;
	for (;;) {
		while (next < rows->len && ordered_pool_in_flight(pool) < 2 * threads) {
			struct chunk *c = g_new0(struct chunk, 1);
			*c = (struct chunk){ model, rows, next, MIN(next + WRITE_CHUNK_ROWS, rows->len), NULL };
			next = c->to;
			ordered_pool_push(pool, c);
		}
		struct chunk *done = ordered_pool_next(pool, TRUE);
		if (!done)
			break;
		ok = ok && output_write(out, done->text->str, done->text->len);
		chunk_free(done);
		if (!ok)
			next = rows->len; /* nothing more is formatted */
	}
	ordered_pool_free(pool);
	return ok;
}

gboolean write_rows(struct output *out, const struct write_config *config, const GPtrArray *rows)
{
	g_autoptr(GPtrArray) ordered = order_rows(config, rows);
	if (ordered)
		rows = ordered;
	struct sink sink;
	sink_init(&sink, config->format, config->layout);
	sink.width = output_columns(out);
	sink.sort = sorts(config) ? config->sort : config->order;
	sink.quiet = config->quiet;
	sink.context = config->page_names;
	for (guint i = 0; sink_measures(&sink) && i < rows->len; i++)
		sink_measure(&sink, rows->pdata[i]);
	g_autoptr(GString) text = g_string_sized_new(FLUSH_BYTES + 4096);
	sink_header(&sink, text);
	gboolean ok = TRUE;
	guint threads = config->pure_rows && config->format->rows_apart && rows->len >= 2 * WRITE_CHUNK_ROWS
				? ordered_pool_threads(0)
				: 1;
	if (threads > 1) {
		ok = output_write(out, text->str, text->len) && write_apart(out, &sink, rows, threads);
		g_string_truncate(text, 0);
		ok = ok && write_footer(out, &sink);
		sink_clear(&sink);
		return ok;
	}
	for (guint i = 0; ok && i < rows->len; i++) {
		sink_row(&sink, rows->pdata[i], text);
		if (text->len >= FLUSH_BYTES) { /* written in pieces, not row by row */
			ok = output_write(out, text->str, text->len);
			g_string_truncate(text, 0);
		}
	}
	ok = ok && output_write(out, text->str, text->len) && write_footer(out, &sink);
	sink_clear(&sink);
	return ok;
}
