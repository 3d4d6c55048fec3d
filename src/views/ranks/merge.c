/* The reduce step (SPEC 13.3): per-rank JSON Lines summaries (--summary
 * path|name --format jsonl) into the summary across ranks.
 * - The files: those named, and the *.jsonl and *.jsonl.gz of directories
 *   in name order, where what is not a regular file (a FIFO, a socket, a
 *   directory) is skipped, said in the report; each file is read once, by
 *   identity (device and inode: a link, or a name given twice, is the same
 *   file). A file is opened without blocking and refused unless regular, so
 *   that a FIFO is never waited on.
 * - A file is read a chunk at a time (plain or gzip): memory holds a line,
 *   the file's lines and the reduced table. A UTF-8 BOM and blank lines are
 *   skipped. Each line is strict JSON (as traces are read: no 00012, no NaN)
 *   and gives a key's "name" (bytes, NUL included), "count",
 *   "host total(ms)" and "device total(ms)" (durations from their decimal
 *   text, exactly: json-c keeps a number's text; one finer than the ns is
 *   refused, never rounded), and its "rank": a whole
 *   number from 0 to 2^63 - 1, or null (the file's place in the list).
 *   A file adds nothing unless every line is one, and no (rank, name) comes
 *   twice. With perf columns asked for, each line also gives the members
 *   they read ("flops", "bytes", "roofline(ms)", "bound": null when the
 *   rank has none; "device busy total(ms)"): a line without one is an
 *   error naming it, never a silent 0. A flops or bytes past 2^63 - 1 (the
 *   map writes its digits) is a figure the rank lacks: its ranks' cell is
 *   empty, as --across-ranks leaves it, never a sum of the other ranks.
 * - "summary" (the view) and "options" (src/cli/shape.h) are the same on every
 *   line of every file; where none are recorded (older summaries), on none.
 *   Files of another view or options than the first file read are a mix:
 *   nothing is merged.
 * - A rank that another file already had is warned about (src/views/ranks/ranks.c). */
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "views/ranks/merge.h"
#include "output/output.h"
#include "output/output_names.h"
#include "util/timefmt.h"
#include "views/table/shape_text.h"

G_DEFINE_QUARK(profile-parser-merge-error-quark, merge_error)

#define NOT_A_SUMMARY "not a JSON Lines summary (--summary path|name --format jsonl)"

/* A line read, added to the table once the whole file is read. */
struct line {
	char *key;
	gsize key_len;
	guint64 count;
	gint64 rank, host, device;
	gboolean by_position; /* no rank recorded: the file's place */
	struct rank_perf perf; /* with the perf columns' members */
};

static void line_clear(gpointer data)
{
	g_free(((struct line *)data)->key);
}

/* The view and options of summaries (NULL: not recorded), and where they were read. */
struct shape {
	char *view, *options;
	char *file; /* as messages show it */
	guint64 line;
};

static void shape_clear(struct shape *shape)
{
	g_free(shape->view);
	g_free(shape->options);
	g_free(shape->file);
}

static gboolean shape_equal(const struct shape *a, const struct shape *b)
{
	return g_strcmp0(a->view, b->view) == 0 && g_strcmp0(a->options, b->options) == 0;
}

struct merger {
	struct ranks *ranks;
	guint members; /* RANKS_FLOPS...: the perf members every line must have */
	struct shape shape; /* the first file's, once one is read */
	gboolean shaped;
};

struct merger *merger_new(struct ranks *ranks, guint members)
{
	struct merger *merger = g_new0(struct merger, 1);
	merger->ranks = ranks;
	merger->members = members;
	return merger;
}

void merger_free(struct merger *merger)
{
	if (!merger)
		return;
	shape_clear(&merger->shape);
	g_free(merger);
}

/* ---- the files ---- */

static int compare_paths(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static gboolean is_summary_name(const char *name)
{
	return g_str_has_suffix(name, ".jsonl") || g_str_has_suffix(name, ".jsonl.gz");
}

/* The regular *.jsonl[.gz] of DIRECTORY, sorted, into FILES; the others said in NOTES. */
static gboolean list_directory(const char *directory, GPtrArray *files, GString *notes, GError **error)
{
	g_autoptr(GDir) dir = g_dir_open(directory, 0, error);
	if (!dir) {
		g_prefix_error(error, "%s: ", directory);
		return FALSE;
	}
	g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func(g_free);
	for (const char *name; (name = g_dir_read_name(dir));)
		if (is_summary_name(name))
			g_ptr_array_add(found, g_build_filename(directory, name, NULL));
	g_ptr_array_sort(found, compare_paths);
	guint kept = 0;
	for (guint i = 0; i < found->len; i++) {
		struct stat status;
		if (stat(found->pdata[i], &status) == 0 && !S_ISREG(status.st_mode)) { /* a dangling link is an error later */
			g_autofree char *shown = output_shown(found->pdata[i]);
			g_string_append_printf(notes, "profile_parser: %s: not a regular file: skipped\n", shown);
			continue;
		}
		g_ptr_array_add(files, g_steal_pointer(&found->pdata[i]));
		kept++;
	}
	if (!kept) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s: a directory without summaries (*.jsonl)",
			    directory);
		return FALSE;
	}
	return TRUE;
}

GPtrArray *merge_list(char **sources, GString *notes, GError **error)
{
	g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func(g_free);
	for (char **source = sources; *source; source++) {
		if (!g_file_test(*source, G_FILE_TEST_IS_DIR))
			g_ptr_array_add(listed, g_strdup(*source));
		else if (!list_directory(*source, listed, notes, error))
			return NULL;
	}
	/* each file once: by its name, and by its identity where it has one */
	GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GHashTable) by_name = g_hash_table_new(g_str_hash, g_str_equal);
	g_autoptr(GHashTable) by_identity = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < listed->len; i++) {
		const char *path = listed->pdata[i];
		struct stat status;
		g_autofree char *id = stat(path, &status) == 0 && S_ISREG(status.st_mode)
					      ? g_strdup_printf("%ju:%ju", (uintmax_t)status.st_dev, (uintmax_t)status.st_ino)
					      : NULL;
		const char *first = g_hash_table_lookup(by_name, path);
		if (!first && id)
			first = g_hash_table_lookup(by_identity, id);
		if (first) {
			g_autofree char *again = output_shown(path), *before = output_shown(first);
			g_string_append_printf(notes, "profile_parser: %s is %s again: read once\n", again, before);
			continue;
		}
		g_hash_table_insert(by_name, (gpointer)path, (gpointer)path);
		if (id)
			g_hash_table_insert(by_identity, g_steal_pointer(&id), (gpointer)path);
		g_ptr_array_add(files, g_strdup(path));
	}
	return files;
}

/* PATH opened for reading, without waiting on a FIFO: NULL unless it is a regular file. */
static gzFile open_summary(const char *path, GError **error)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat status;
	if (fd < 0 || fstat(fd, &status) != 0) {
		int saved = errno;
		if (fd >= 0)
			close(fd);
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s", g_strerror(saved));
		return NULL;
	}
	if (!S_ISREG(status.st_mode)) {
		close(fd);
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "not a regular file (%s): --merge reads summary files",
			    S_ISDIR(status.st_mode) ? "a directory" : S_ISFIFO(status.st_mode) ? "a FIFO" : "a device or socket");
		return NULL;
	}
	errno = 0;
	int flags = fcntl(fd, F_GETFL);
	gzFile in = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ? NULL : gzdopen(fd, "rb");
	if (!in) {
		int saved = errno ? errno : ENOMEM;
		close(fd);
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s", g_strerror(saved));
	}
	return in;
}

/* ---- the lines ---- */

/* One file being read. */
struct reader {
	GArray *lines;    /* struct line */
	GHashTable *seen; /* GBytes of the rank (8 bytes) and the name -> its line number */
	struct shape shape; /* of its first line */
	gint64 position;
	guint members;
};

static json_object *member(json_object *object, const char *key)
{
	json_object *value = NULL;
	return json_object_object_get_ex(object, key, &value) ? value : NULL;
}

/* The duration KEY of OBJECT (ms, whole ns) into *NS; FALSE when it is none,
 * *FINER (KEY) when finer than the ns: rounded, it would merge another time. */
static gboolean duration_of(json_object *object, const char *key, gint64 *ns, const char **finer)
{
	json_object *value = member(object, key);
	if (!json_object_is_type(value, json_type_double) && !json_object_is_type(value, json_type_int))
		return FALSE;
	const char *text = json_object_get_string(value);
	gboolean sub_ns = FALSE;
	gboolean whole = time_parse_ms_whole(text, strlen(text), ns, &sub_ns);
	if (sub_ns)
		*finer = key;
	return whole && *ns >= 0;
}

/* An integer from 0 to 2^63 - 1 (json-c clamps larger ones: their unsigned value differs). */
static gboolean whole_number(json_object *value, gint64 *number)
{
	if (!json_object_is_type(value, json_type_int))
		return FALSE;
	*number = json_object_get_int64(value);
	return *number >= 0 && json_object_get_uint64(value) == (guint64)*number;
}

/* An integer past 2^63 - 1 (a flops or bytes figure that no cell but JSON's holds): json-c clamps it. */
static gboolean past_63(json_object *value)
{
	return json_object_is_type(value, json_type_int) && json_object_get_int64(value) == G_MAXINT64 &&
	       json_object_get_uint64(value) != (guint64)G_MAXINT64;
}

/* The rank of LINE: a whole number, or null or none: the file's place (*BY_POSITION). */
static gboolean rank_of(json_object *line, gint64 position, gint64 *rank, gboolean *by_position)
{
	json_object *value = member(line, "rank");
	*by_position = value == NULL;
	*rank = position;
	return *by_position || whole_number(value, rank);
}

/* A text member (NULL when absent or null) into *TEXT; FALSE when it is another value. */
static gboolean text_of(json_object *line, const char *key, const char **text)
{
	json_object *value = member(line, key);
	*text = json_object_is_type(value, json_type_string) ? json_object_get_string(value) : NULL;
	return !value || *text;
}

/* The perf member KEY of LINE: a whole number (*FIGURE), or null or for flops
 * and bytes one past 2^63 - 1 (-1); *GIVEN unless null. Absent or other: FALSE. */
static gboolean perf_number(json_object *line, const char *key, gboolean duration, gint64 *figure, gboolean *given,
			    const char **finer)
{
	json_object *value;
	if (!json_object_object_get_ex(line, key, &value))
		return FALSE;
	*figure = -1;
	*given |= value != NULL;
	if (!value)
		return TRUE;
	if (duration)
		return duration_of(line, key, figure, finer);
	if (whole_number(value, figure))
		return TRUE;
	*figure = -1;
	return past_63(value);
}

/* The perf members of LINE that MEMBERS asks for, into *PERF; the name of
 * the first missing or wrong one (*FINER: a duration finer than the ns). A
 * rank has counted ops under the key when a member read is not null (the
 * map writes flops, with all its digits, whenever it has): one whose flops
 * or bytes is past 63 bits lacks that figure, never has none. */
static const char *perf_members(json_object *line, guint members, struct rank_perf *perf, const char **finer)
{
	const char *bound = NULL;
	gboolean given = FALSE, busy = FALSE;
	if (members & RANKS_FLOPS && !perf_number(line, "flops", FALSE, &perf->flops, &given, finer))
		return "flops";
	if (members & RANKS_BYTES && !perf_number(line, "bytes", FALSE, &perf->bytes, &given, finer))
		return "bytes";
	if (members & RANKS_ROOFLINE && !perf_number(line, "roofline(ms)", TRUE, &perf->roofline, &given, finer))
		return "roofline(ms)";
	if (members & RANKS_BUSY &&
	    (!perf_number(line, "device busy total(ms)", TRUE, &perf->busy, &busy, finer) || perf->busy < 0))
		return "device busy total(ms)";
	if (members & RANKS_BOUND && (!json_object_object_get_ex(line, "bound", NULL) || !text_of(line, "bound", &bound) ||
				      (bound && strcmp(bound, "compute") != 0 && strcmp(bound, "memory") != 0)))
		return "bound";
	perf->bound = bound ? strcmp(bound, "compute") == 0 : -1;
	perf->ops = given || bound;
	perf->busy = MAX(perf->busy, 0);
	return NULL;
}

/* The LINE (LEN bytes, NUMBER) of READER's file; FALSE, ERROR set, when it is none. */
static gboolean merge_line(struct reader *r, const char *text, gsize len, guint64 number, GError **error)
{
	json_tokener *tokener = json_tokener_new();
	json_tokener_set_flags(tokener, JSON_TOKENER_STRICT); /* as traces are read: no 00012, no NaN */
	json_object *line = json_tokener_parse_ex(tokener, text, (int)len);
	enum json_tokener_error failure = json_tokener_get_error(tokener);
	gboolean parsed = failure == json_tokener_success && json_tokener_get_parse_end(tokener) == len;
	json_tokener_free(tokener);
	g_autofree char *not_json = failure == json_tokener_success ? g_strdup("not JSON (text after the object)")
				    : g_strdup_printf("not JSON (%s)", json_tokener_error_desc(failure));
	json_object *name = member(line, "name");
	gint64 count = 0, host = 0, device = 0, rank = 0;
	gboolean by_position = FALSE;
	const char *view, *options, *no_perf = NULL, *finer = NULL;
	struct rank_perf perf = { .busy = 0, .flops = -1, .bytes = -1, .roofline = -1, .bound = -1 };
	const char *why = !parsed ? not_json
			  : !json_object_is_type(line, json_type_object) ? "not a JSON object"
			  : !json_object_is_type(name, json_type_string) ? "no \"name\" string"
			  : !whole_number(member(line, "count"), &count) ? "no \"count\" number"
			  : !duration_of(line, "host total(ms)", &host, &finer) ? "no \"host total(ms)\" number"
			  : !duration_of(line, "device total(ms)", &device, &finer) ? "no \"device total(ms)\" number"
			  : !rank_of(line, r->position, &rank, &by_position)
				  ? "a \"rank\" that is not a whole number from 0 to 2^63 - 1 (nor null)"
			  : !text_of(line, "summary", &view) ? "a \"summary\" that is not a string"
			  : !text_of(line, "options", &options) ? "an \"options\" that is not a string"
								   : NULL;
	if (!why)
		no_perf = perf_members(line, r->members, &perf, &finer);
	g_autofree char *finer_why = finer ? g_strdup_printf("\"%s\" %s is finer than the nanosecond (never rounded)", finer,
							      json_object_get_string(member(line, finer))) : NULL;
	why = finer_why ? finer_why : why; /* a number's text: digits, '.', 'e', '-' */
	if (!why && no_perf) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
			    "line %" G_GUINT64_FORMAT ": no \"%s\" figure (%s): the perf columns asked for read it; "
			    "write it in the map step (--columns +flops,bytes,device busy total(ms),roofline(ms),bound)",
			    number, no_perf,
			    strcmp(no_perf, "bound") == 0		      ? "compute, memory or null"
			    : strcmp(no_perf, "device busy total(ms)") == 0 ? "a number"
									    : "a number or null");
		json_object_put(line);
		return FALSE;
	}
	if (why) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "line %" G_GUINT64_FORMAT ": %s: " NOT_A_SUMMARY,
			    number, why);
		json_object_put(line);
		return FALSE;
	}
	struct shape shape = { (char *)view, (char *)options, NULL, number };
	if (!r->lines->len) {
		r->shape.view = g_strdup(view);
		r->shape.options = g_strdup(options);
		r->shape.line = number;
	} else if (!shape_equal(&shape, &r->shape)) {
		g_autofree char *this = summary_shape_shown(shape.view, shape.options),
				*first = summary_shape_shown(r->shape.view, r->shape.options);
		g_autofree char *this_line = g_strdup_printf("line %" G_GUINT64_FORMAT, number),
				*first_line = g_strdup_printf("line %" G_GUINT64_FORMAT, r->shape.line);
		g_autofree char *why = summary_shape_differs(r->shape.view, r->shape.options, first_line, shape.view,
							     shape.options, this_line);
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "line %" G_GUINT64_FORMAT ": %s, but line %" G_GUINT64_FORMAT
			    ": %s: one summary has one view and one set of options (%s)", number, this, r->shape.line, first, why);
		json_object_put(line);
		return FALSE;
	}
	gsize key_len = (gsize)json_object_get_string_len(name);
	GByteArray *pair = g_byte_array_sized_new((guint)(sizeof rank + key_len));
	g_byte_array_append(pair, (const guint8 *)&rank, sizeof rank);
	g_byte_array_append(pair, (const guint8 *)json_object_get_string(name), (guint)key_len);
	GBytes *seen = g_byte_array_free_to_bytes(pair);
	guint64 before = (guint64)(guintptr)g_hash_table_lookup(r->seen, seen);
	if (before) {
		g_bytes_unref(seen);
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
			    "line %" G_GUINT64_FORMAT ": the name and rank (%" G_GINT64_FORMAT ") of line %" G_GUINT64_FORMAT
			    " again: a summary has one line per name and rank", number, rank, before);
		json_object_put(line);
		return FALSE;
	}
	g_hash_table_insert(r->seen, seen, (gpointer)(guintptr)number);
	struct line kept = {
		.key = text_dup(json_object_get_string(name), key_len), .key_len = key_len, .count = (guint64)count,
		.rank = rank, .host = host, .device = device, .by_position = by_position, .perf = perf,
	};
	g_array_append_val(r->lines, kept);
	json_object_put(line);
	return TRUE;
}

/* TEXT (*LEN bytes) without JSON's white space at either end; the first line without a UTF-8 BOM. */
static const char *trimmed(const char *text, gsize *len, guint64 number)
{
	if (number == 1 && *len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		text += 3, *len -= 3;
	while (*len && strchr(" \t\r\n", text[0]))
		text++, (*len)--;
	while (*len && strchr(" \t\r\n", text[*len - 1]))
		(*len)--;
	return text;
}

/* The lines of IN into R; FALSE, ERROR set, at the first that is not a summary's. */
static gboolean read_lines(gzFile in, struct reader *r, GError **error)
{
	g_autoptr(GString) pending = g_string_new(NULL);
	char chunk[1 << 16];
	int n;
	guint64 number = 0;
	while ((n = gzread(in, chunk, sizeof chunk)) > 0) {
		g_string_append_len(pending, chunk, n);
		gsize start = 0;
		for (const char *nl; (nl = memchr(pending->str + start, '\n', pending->len - start));) {
			gsize len = (gsize)(nl - pending->str) - start;
			const char *text = trimmed(pending->str + start, &len, ++number);
			if (len && !merge_line(r, text, len, number, error))
				return FALSE;
			start = (gsize)(nl - pending->str) + 1;
		}
		g_string_erase(pending, 0, (gssize)start);
	}
	if (n < 0) {
		int code;
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "%s", gzerror(in, &code));
		return FALSE;
	}
	gsize len = pending->len;
	const char *text = trimmed(pending->str, &len, ++number);
	return !len || merge_line(r, text, len, number, error);
}

gboolean merge_file(struct merger *merger, const char *path, gint64 position, GError **error)
{
	gzFile in = open_summary(path, error);
	if (!in)
		return FALSE;
	struct reader r = {
		.lines = g_array_new(FALSE, FALSE, sizeof(struct line)),
		.seen = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL),
		.position = position,
		.members = merger->members,
	};
	g_array_set_clear_func(r.lines, line_clear);
	gboolean ok = read_lines(in, &r, error);
	gzclose(in);
	g_hash_table_destroy(r.seen);
	r.shape.file = output_shown(path);
	if (ok && r.lines->len && merger->shaped && !shape_equal(&r.shape, &merger->shape)) {
		g_autofree char *this = summary_shape_shown(r.shape.view, r.shape.options),
				*first = summary_shape_shown(merger->shape.view, merger->shape.options);
		g_autofree char *why = summary_shape_differs(merger->shape.view, merger->shape.options, merger->shape.file,
							     r.shape.view, r.shape.options, r.shape.file);
		g_set_error(error, merge_error_quark(), MERGE_ERROR_MIX,
			    "summaries of different views or options cannot be merged: %s: %s; %s: %s: %s", merger->shape.file,
			    first, r.shape.file, this, why);
		ok = FALSE;
	} else if (ok && r.lines->len && !merger->shaped) {
		merger->shape = r.shape;
		merger->shaped = TRUE;
		memset(&r.shape, 0, sizeof r.shape);
	}
	g_autoptr(GHashTable) claimed = g_hash_table_new(g_int64_hash, g_int64_equal);
	for (guint i = 0; ok && i < r.lines->len; i++) {
		struct line *l = &g_array_index(r.lines, struct line, i);
		ranks_add(merger->ranks, l->rank, ranks_key_text(merger->ranks, l->key, l->key_len), l->count, l->host, l->device,
			  merger->members ? &l->perf : NULL);
		if (!g_hash_table_contains(claimed, &l->rank)) { /* each rank of the file once, in the file's order */
			g_hash_table_add(claimed, &l->rank);
			ranks_claim(merger->ranks, l->rank, r.shape.file ? r.shape.file : merger->shape.file, l->by_position);
		}
	}
	shape_clear(&r.shape);
	g_array_free(r.lines, TRUE);
	return ok;
}
