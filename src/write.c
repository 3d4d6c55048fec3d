#include "write.h"
#include "timefmt.h"
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FLUSH_AT (1 << 20)

static const char *const header[] = {
	"name", "args", "host duration(ms)", "device duration(ms)", "cuda launch duration(ms)",
	"cuda_runtime", "kernels", "kernel infos", "host ts", "cuda launch ts", "kernel ts",
};

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

/* The fields of one row, built up before quoting. */
struct row {
	GString *field;
	GString *line;
	GArray *launches;
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

static void launch_list_field(struct row *row, const struct attribution *a, enum entry_value value)
{
	for (guint k = 0; k < row->launches->len; k++)
		append_entry(row->field, &a->launches[g_array_index(row->launches, guint, k)], value);
	end_field(row, FALSE);
}

static void device_list_field(struct row *row, const struct attribution *a, enum entry_value value, gboolean last)
{
	for (guint k = 0; k < row->launches->len; k++) {
		guint l = g_array_index(row->launches, guint, k);
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			append_entry(row->field, &a->device[d], value);
	}
	end_field(row, last);
}

static void time_fields(struct row *row, const struct event *event, const struct attribution *a)
{
	gint64 device_time = 0, launch_time = 0;
	for (guint k = 0; k < row->launches->len; k++) {
		guint l = g_array_index(row->launches, guint, k);
		device_time += a->device_time[l];
		if (!a->nested[l])
			launch_time += a->launches[l].dur;
	}
	time_append_ms(row->field, event->dur);
	end_field(row, FALSE);
	time_append_ms(row->field, device_time);
	end_field(row, FALSE);
	time_append_ms(row->field, launch_time);
	end_field(row, FALSE);
}

static void append_row(struct row *row, const GString *path, const struct event *event,
		       const struct attribution *a)
{
	csv_append_field(row->line, path->str, path->len);
	g_string_append_c(row->line, ',');
	if (event->args)
		g_string_append(row->field, event->args);
	end_field(row, FALSE);
	time_fields(row, event, a);
	launch_list_field(row, a, ENTRY_DURATION);
	device_list_field(row, a, ENTRY_DURATION, FALSE);
	device_list_field(row, a, ENTRY_ARGS, FALSE);
	time_append_us(row->field, event->ts);
	end_field(row, FALSE);
	launch_list_field(row, a, ENTRY_TIMESTAMP);
	device_list_field(row, a, ENTRY_TIMESTAMP, TRUE);
}

static gboolean flush_line(FILE *out, GString *line, gsize at_least)
{
	if (line->len < at_least)
		return TRUE;
	gboolean ok = fwrite(line->str, 1, line->len, out) == line->len;
	g_string_truncate(line, 0);
	return ok;
}

static gboolean within(int depth, const struct write_config *config)
{
	return (config->min_depth < 0 || depth >= config->min_depth) &&
	       (config->max_depth < 0 || depth <= config->max_depth);
}

/* Pre-order over one root's subtree, which is the index range
 * [root, subtree_end[root]); PATH_END[d] is where depth d's name ends in PATH. */
static gboolean write_tree(FILE *out, struct row *row, GString *path, gsize *path_end, guint root,
			   const struct forest *f, const struct attribution *a, const struct write_config *config,
			   guint64 *rows)
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
		if (within(depth, config)) {
			g_array_set_size(row->launches, 0);
			attribution_node_launches(a, f, i, row->launches);
			append_row(row, path, event, a);
			(*rows)++;
			if (!flush_line(out, row->line, FLUSH_AT))
				return FALSE;
		}
		i++;
	}
	return TRUE;
}

gboolean write_csv(FILE *out, const struct forest *forest, const struct attribution *attribution,
		   const struct write_config *config, guint64 *rows)
{
	struct row row = {
		.field = g_string_sized_new(4096),
		.line = g_string_sized_new(FLUSH_AT + 65536),
		.launches = g_array_new(FALSE, FALSE, sizeof(guint)),
	};
	g_autoptr(GString) path = g_string_new(NULL);
	g_autofree gsize *path_end = g_new0(gsize, forest->deepest + 1);
	gboolean ok = TRUE;
	*rows = 0;
	for (gsize i = 0; i < G_N_ELEMENTS(header); i++) {
		csv_append_field(row.line, header[i], strlen(header[i]));
		g_string_append(row.line, i + 1 < G_N_ELEMENTS(header) ? "," : "\r\n");
	}
	for (GNode *root = forest->root.children; ok && root; root = root->next)
		ok = write_tree(out, &row, path, path_end, forest_index(forest, root), forest, attribution, config, rows);
	ok = ok && flush_line(out, row.line, 0) && fflush(out) == 0 && !ferror(out);
	g_string_free(row.field, TRUE);
	g_string_free(row.line, TRUE);
	g_array_free(row.launches, TRUE);
	return ok;
}

static void set_errno_error(GError **error, const char *what)
{
	int saved = errno;
	g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s: %s", what, g_strerror(saved));
}

gboolean output_open(struct output *output, const char *path, GError **error)
{
	memset(output, 0, sizeof *output);
	output->path = g_strdup(path);
	if (strcmp(path, "-") == 0) {
		output->file = stdout;
		return TRUE;
	}
	g_autofree char *directory = g_path_get_dirname(path);
	if (g_mkdir_with_parents(directory, 0777) != 0) {
		set_errno_error(error, "cannot create its directory");
		return FALSE;
	}
	output->temporary = g_strconcat(path, ".XXXXXX", NULL);
	int fd = g_mkstemp(output->temporary);
	if (fd < 0) {
		set_errno_error(error, "cannot create a temporary file beside it");
		g_clear_pointer(&output->temporary, g_free);
		return FALSE;
	}
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask); /* mkstemp makes 0600; a CSV is shared like any file */
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
	} else if (fflush(output->file) != 0) {
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
	if (output->temporary) {
		if (output->file)
			fclose(output->file);
		g_unlink(output->temporary);
	}
	g_free(output->temporary);
	g_free(output->path);
	memset(output, 0, sizeof *output);
}
