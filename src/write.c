#include "write.h"
#include "jsonl.h"
#include "ordered.h"
#include "timefmt.h"
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEGMENT_NODES 64 /* a row holds whole launch lists (megabytes, at times): few in flight */
#define SEGMENTS_IN_FLIGHT 2

void csv_append_field(GString *out, const char *text, gsize len)
{
	const char *end = text + len;
	g_string_append_c(out, '"');
	while (text < end) {
		const char *quote = memchr(text, '"', end - text);
		const char *stop = quote ? quote + 1 : end;
		g_string_append_len(out, text, stop - text);
		if (quote)
			g_string_append_c(out, '"');
		text = stop;
	}
	g_string_append_c(out, '"');
}

/* What formatting rows needs (the formatting thread has one). */
struct row {
	GString *field; /* the field under way, before quoting */
	GString *line;  /* the rows of the segment under way */
	GArray *launches;
	GString *path;
	gsize *path_end; /* where the name at depth d ends in path */
};

static void end_field(struct row *row, gboolean last)
{
	csv_append_field(row->line, row->field->str, row->field->len);
	g_string_append(row->line, last ? "\r\n" : ",");
	g_string_truncate(row->field, 0);
}

static void append_entry_start(GString *field, const struct name *name)
{
	if (field->len)
		g_string_append_c(field, ',');
	g_string_append_c(field, '{');
	g_string_append_len(field, name->literal, name->literal_len);
	g_string_append(field, ": ");
}

/* {'NAME': VALUE} for each launch (or device event, with DEVICE set). */
enum entry_value { ENTRY_DURATION, ENTRY_TIMESTAMP, ENTRY_ARGS };

static void append_entry(GString *field, const struct event *event, enum entry_value value)
{
	append_entry_start(field, event->name);
	if (value == ENTRY_DURATION)
		time_append_ms(field, event->dur);
	else if (value == ENTRY_TIMESTAMP)
		time_append_us(field, event->ts);
	else
		g_string_append(field, event->args ? event->args : "{}");
	g_string_append_c(field, '}');
}

static void launch_list(struct row *row, const struct attribution *a, enum entry_value value)
{
	for (guint k = 0; k < row->launches->len; k++)
		append_entry(row->field, &a->launches[g_array_index(row->launches, guint, k)], value);
}

static void device_list(struct row *row, const struct attribution *a, enum entry_value value)
{
	for (guint k = 0; k < row->launches->len; k++) {
		guint l = g_array_index(row->launches, guint, k);
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			append_entry(row->field, &a->device[d], value);
	}
}

static void append_text(GString *field, const char *text)
{
	if (text)
		g_string_append(field, text);
}

static void append_field(struct row *row, enum column column, guint node, const struct forest *f,
			 const struct attribution *a, const struct row_facts *facts)
{
	const struct node_sums *sums = &facts->sums;
	const struct memory_sums *memory = &facts->memory;
	const struct et_node *et = facts->et;
	const struct event *event = &f->events[node];
	const struct thread_id *thread = f->thread_ids->pdata[event->thread];
	GString *field = row->field;
	switch (column) {
	case COL_NAME: g_string_append_len(field, row->path->str, row->path->len); break;
	case COL_ARGS: append_text(field, event->args); break;
	case COL_HOST_DURATION: time_append_ms(field, event->dur); break;
	case COL_DEVICE_DURATION: time_append_ms(field, sums->device_time); break;
	case COL_LAUNCH_DURATION: time_append_ms(field, sums->launch_time); break;
	case COL_CUDA_RUNTIME: launch_list(row, a, ENTRY_DURATION); break;
	case COL_KERNELS: device_list(row, a, ENTRY_DURATION); break;
	case COL_KERNEL_INFOS: device_list(row, a, ENTRY_ARGS); break;
	case COL_HOST_TS: time_append_us(field, event->ts); break;
	case COL_LAUNCH_TS: launch_list(row, a, ENTRY_TIMESTAMP); break;
	case COL_KERNEL_TS: device_list(row, a, ENTRY_TIMESTAMP); break;
	case COL_OPERATION: g_string_append_len(field, event->name->text, event->name->len); break;
	case COL_DEPTH: g_string_append_printf(field, "%u", f->depth[node]); break;
	case COL_PID: g_string_append(field, thread->pid); break;
	case COL_TID: g_string_append(field, thread->tid); break;
	case COL_CATEGORY: g_string_append_len(field, event->category->text, event->category->len); break;
	case COL_SELF_HOST_DURATION: time_append_ms(field, node_self_host_time(f, node)); break;
	case COL_SELF_DEVICE_DURATION: time_append_ms(field, sums->self_device_time); break;
	case COL_LAUNCH_COUNT: g_string_append_printf(field, "%u", row->launches->len); break;
	case COL_DEVICE_EVENT_COUNT: g_string_append_printf(field, "%" G_GUINT64_FORMAT, sums->device_events); break;
	case COL_INPUT_DIMS: append_text(field, event->extra ? event->extra->input_dims : NULL); break;
	case COL_INPUT_TYPE: append_text(field, event->extra ? event->extra->input_type : NULL); break;
	case COL_ET_NODE: if (et) g_string_append_printf(field, "%" G_GINT64_FORMAT, et->id); break;
	case COL_OP_SCHEMA: append_text(field, et ? et->op_schema : NULL); break;
	case COL_INPUT_SHAPES: append_text(field, et ? et->input_shapes : NULL); break;
	case COL_INPUT_TYPES: append_text(field, et ? et->input_types : NULL); break;
	case COL_OUTPUT_SHAPES: append_text(field, et ? et->output_shapes : NULL); break;
	case COL_OUTPUT_TYPES: append_text(field, et ? et->output_types : NULL); break;
	case COL_HOST_MEMORY: g_string_append_printf(field, "%" G_GINT64_FORMAT, memory->host); break;
	case COL_SELF_HOST_MEMORY: g_string_append_printf(field, "%" G_GINT64_FORMAT, memory->self_host); break;
	case COL_DEVICE_MEMORY: g_string_append_printf(field, "%" G_GINT64_FORMAT, memory->device); break;
	case COL_SELF_DEVICE_MEMORY: g_string_append_printf(field, "%" G_GINT64_FORMAT, memory->self_device); break;
	case COL_COUNT: break;
	}
}

static void count_join(struct write_result *result, const struct et_node *et, const struct event *event)
{
	if (!et)
		return;
	result->joined++;
	result->other_name += et->name != event->name && g_strcmp0(et->name->text, event->name->text) != 0;
}

static void append_row(struct row *row, guint node, const struct forest *f, const struct attribution *a,
		       const struct write_config *config, const struct row_facts *facts)
{
	for (guint m = 0; m < config->meta_count; m++) {
		csv_append_field(row->line, config->meta[m].value, strlen(config->meta[m].value));
		g_string_append_c(row->line, ',');
	}
	for (guint c = 0; c < config->columns->len; c++) {
		append_field(row, g_array_index(config->columns, enum column, c), node, f, a, facts);
		end_field(row, c + 1 == config->columns->len);
	}
}

static gboolean within(int depth, const struct write_config *config)
{
	return (config->min_depth < 0 || depth >= config->min_depth) &&
	       (config->max_depth < 0 || depth <= config->max_depth);
}

static gboolean named_in(GHashTable *names, const struct event *event)
{
	return names && g_hash_table_contains(names, event->name->text);
}

/* Whether node I gets a row, by the filters of dataset export. */
static gboolean written(guint i, gboolean opaque, const struct forest *f, const struct write_config *config)
{
	const struct event *event = &f->events[i];
	guint depth = f->depth[i];
	if (!within(depth, config) || named_in(config->exclude, event))
		return FALSE;
	if (config->skip_empty_shapes && (!event->extra || event->extra->shapes_empty))
		return FALSE;
	/* a leaf: no child of it could be written */
	return !config->leaves || opaque || f->subtree_end[i] == i + 1 ||
	       (config->max_depth >= 0 && depth == (guint)config->max_depth);
}

/* Pre-order over one root's subtree, which is the index range
 * [root, subtree_end[root]): VISIT for each node that gets a row, with its
 * path in PATH (PATH_END[d]: where the name at depth d ends). */
static void visit_tree(guint root, const struct forest *f, const struct write_config *config, GString *path,
		       gsize *path_end, row_visitor visit, gpointer data)
{
	for (guint i = root; i < f->subtree_end[root];) {
		guint depth = f->depth[i];
		if (config->max_depth >= 0 && depth > (guint)config->max_depth) {
			i = f->subtree_end[i];
			continue;
		}
		const struct event *event = &f->events[i];
		g_string_truncate(path, depth > 1 ? path_end[depth - 1] : 0);
		if (depth > 1)
			g_string_append(path, "$$");
		g_string_append_len(path, event->name->text, event->name->len);
		path_end[depth] = path->len;
		gboolean opaque = named_in(config->opaque, event);
		if (written(i, opaque, f, config))
			visit(i, path, data);
		i = opaque ? f->subtree_end[i] : i + 1; /* an opaque node's descendants are never written */
	}
}

void write_visit_rows(const struct forest *forest, const struct write_config *config, row_visitor visit,
		      gpointer data)
{
	g_autoptr(GString) path = g_string_new(NULL);
	g_autofree gsize *path_end = g_new0(gsize, forest->deepest + 1);
	for (GNode *root = forest->root.children; root; root = root->next)
		visit_tree(forest_index(forest, root), forest, config, path, path_end, visit, data);
}

/* A run of roots whose rows one thread formats. */
struct segment {
	GNode *first; /* roots [first, end) in the forest's list of roots */
	GNode *end;
	GString *text;
	struct write_result result;
};

/* The formatting thread's: the one row it formats at a time. */
struct writer {
	const struct forest *forest;
	const struct attribution *attribution;
	const struct write_config *config;
	gboolean memory; /* a memory column is asked for */
	struct row *row;
};

/* What a row visitor of format_segment needs. */
struct row_context {
	const struct writer *writer;
	struct write_result *result;
};

static void format_row(guint node, const GString *path, gpointer data)
{
	struct row_context *c = data;
	const struct writer *w = c->writer;
	const struct event *event = &w->forest->events[node];
	struct row_facts facts = { .et = et_lookup(w->config->et, event) };
	count_join(c->result, facts.et, event);
	attribution_node_sums(w->attribution, w->forest, node, w->row->launches, &facts.sums);
	if (w->memory)
		attribution_node_memory(w->attribution, w->forest, node, &facts.memory);
	if (w->config->jsonl)
		jsonl_append_row(w->row->line, node, path, w->forest, w->attribution, w->config, w->row->launches,
				 &facts);
	else
		append_row(w->row, node, w->forest, w->attribution, w->config, &facts);
	c->result->rows++;
}

static struct row *row_new(guint deepest)
{
	struct row *row = g_new0(struct row, 1);
	row->field = g_string_sized_new(4096);
	row->launches = g_array_new(FALSE, FALSE, sizeof(guint));
	row->path = g_string_new(NULL);
	row->path_end = g_new0(gsize, deepest + 1);
	return row;
}

static void row_free(struct row *row)
{
	g_string_free(row->field, TRUE);
	g_array_free(row->launches, TRUE);
	g_string_free(row->path, TRUE);
	g_free(row->path_end);
	g_free(row);
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
	struct writer *w = user_data;
	w->row->line = segment->text;
	struct row_context context = { w, &segment->result };
	for (GNode *root = segment->first; root != segment->end; root = root->next)
		visit_tree(forest_index(w->forest, root), w->forest, w->config, w->row->path, w->row->path_end,
			   format_row, &context);
	w->row->line = NULL;
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

static gboolean write_segment(FILE *out, struct segment *segment, struct write_result *result)
{
	gboolean ok = fwrite(segment->text->str, 1, segment->text->len, out) == segment->text->len;
	result->rows += segment->result.rows;
	result->joined += segment->result.joined;
	result->other_name += segment->result.other_name;
	segment_free(segment);
	return ok;
}

static gboolean write_header(FILE *out, const struct write_config *config)
{
	g_autoptr(GString) line = g_string_new(NULL);
	for (guint m = 0; m < config->meta_count; m++) {
		csv_append_field(line, config->meta[m].name, strlen(config->meta[m].name));
		g_string_append_c(line, ',');
	}
	for (guint c = 0; c < config->columns->len; c++) {
		const char *name = column_name(g_array_index(config->columns, enum column, c));
		csv_append_field(line, name, strlen(name));
		g_string_append(line, c + 1 < config->columns->len ? "," : "\r\n");
	}
	return fwrite(line->str, 1, line->len, out) == line->len;
}

/* A pipeline: one thread formats segments of roots while this one writes
 * them, in order. (Writing is bound by the kernel's copy into the page
 * cache; more formatting threads only hold more rows in memory.) */
gboolean write_csv(FILE *out, const struct forest *forest, const struct attribution *attribution,
		   const struct write_config *given, struct write_result *result)
{
	struct write_config effective = *given;
	g_autoptr(GArray) default_columns = g_array_new(FALSE, FALSE, sizeof(enum column));
	if (!effective.columns) {
		columns_parse(NULL, FALSE, default_columns, NULL);
		effective.columns = default_columns;
	}
	const struct write_config *config = &effective;
	struct writer w = { forest, attribution, config, columns_need_memory(config->columns), row_new(forest->deepest) };
	struct ordered_pool *pool = ordered_pool_new(format_segment, &w, 1, segment_free);
	gboolean ok = config->jsonl || write_header(out, config);
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
	row_free(w.row);
	return ok && fflush(out) == 0 && !ferror(out);
}

static void set_errno_error(GError **error, const char *what)
{
	int saved = errno;
	g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s: %s", what, g_strerror(saved));
}

static mode_t file_mode = 0644;

void output_init(void)
{
	mode_t mask = umask(0); /* the only way to read it; done once, before any thread */
	umask(mask);
	file_mode = 0666 & ~mask;
}

/* An existing destination that is not a regular file (a device, a FIFO) is
 * written in place: renaming over it would replace /dev/null by a file. */
static gboolean open_in_place(struct output *output, const char *path, GError **error)
{
	output->file = fopen(path, "wb");
	if (!output->file)
		set_errno_error(error, "cannot open");
	return output->file != NULL;
}

gboolean output_open(struct output *output, const char *path, GError **error)
{
	memset(output, 0, sizeof *output);
	if (strcmp(path, "-") == 0) {
		output->path = g_strdup(path);
		output->file = stdout;
		return TRUE;
	}
	struct stat status;
	if (stat(path, &status) == 0 && !S_ISREG(status.st_mode)) {
		output->path = g_strdup(path);
		return open_in_place(output, path, error);
	}
	/* through a symbolic link, the file it names is replaced, not the link */
	char *target = realpath(path, NULL);
	output->path = target ? target : g_strdup(path);
	g_autofree char *directory = g_path_get_dirname(output->path);
	if (g_mkdir_with_parents(directory, 0777) != 0) {
		set_errno_error(error, "cannot create its directory");
		return FALSE;
	}
	output->temporary = g_strconcat(output->path, ".XXXXXX", NULL);
	int fd = g_mkstemp(output->temporary);
	if (fd < 0) {
		set_errno_error(error, "cannot create a temporary file beside it");
		g_clear_pointer(&output->temporary, g_free);
		return FALSE;
	}
	fchmod(fd, file_mode); /* mkstemp makes 0600; a CSV is shared like any file */
	output->file = fdopen(fd, "wb");
	return TRUE;
}

gboolean output_commit(struct output *output, GError **error)
{
	gboolean ok = TRUE;
	if (output->temporary) {
		ok = fclose(output->file) == 0;
		output->file = NULL;
		if (!ok)
			set_errno_error(error, "cannot write");
		else if (g_rename(output->temporary, output->path) != 0) {
			set_errno_error(error, "cannot rename the temporary file into place");
			ok = FALSE;
		}
		if (!ok)
			g_unlink(output->temporary);
	} else if (output->file == stdout ? fflush(output->file) != 0 : fclose(output->file) != 0) {
		set_errno_error(error, "cannot write");
		ok = FALSE;
	}
	g_free(output->temporary);
	g_free(output->path);
	memset(output, 0, sizeof *output);
	return ok;
}

void output_abort(struct output *output)
{
	if (output->file && output->file != stdout)
		fclose(output->file);
	if (output->temporary)
		g_unlink(output->temporary);
	g_free(output->temporary);
	g_free(output->path);
	memset(output, 0, sizeof *output);
}
