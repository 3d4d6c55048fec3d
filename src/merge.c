/* The reduce step (SPEC 13.3): per-rank JSON Lines summaries (--summary
 * path|name --format jsonl, which carry "rank") into the summary across
 * ranks. Each line gives a key's "name", "count", "host total(ms)" and
 * "device total(ms)"; durations are read from their decimal text, exactly
 * (json-c keeps a number's text). A file is read a chunk at a time (plain or
 * gzip), so memory holds one line and the reduced table. */
#include <errno.h>
#include <json-c/json.h>
#include <string.h>
#include <zlib.h>
#include "combine.h"
#include "timefmt.h"

/* A line read, added to the table once the whole file is read: a broken
 * file adds nothing. */
struct line {
	char *key;
	gsize key_len;
	guint64 count;
	gint64 rank, host, device;
};

static void line_clear(gpointer data)
{
	g_free(((struct line *)data)->key);
}

static json_object *member(json_object *object, const char *key)
{
	json_object *value = NULL;
	return json_object_object_get_ex(object, key, &value) ? value : NULL;
}

static gboolean duration_of(json_object *object, const char *key, gint64 *ns)
{
	json_object *value = member(object, key);
	if (!json_object_is_type(value, json_type_double) && !json_object_is_type(value, json_type_int))
		return FALSE;
	const char *text = json_object_get_string(value);
	return time_parse_ms(text, strlen(text), ns) && *ns >= 0;
}

/* The rank of a line: a whole number, or a string of one; else POSITION. */
static gint64 rank_of(json_object *line, gint64 position)
{
	json_object *rank = member(line, "rank");
	if (json_object_is_type(rank, json_type_int) && json_object_get_int64(rank) >= 0)
		return json_object_get_int64(rank);
	return json_object_is_type(rank, json_type_string) ? rank_number(json_object_get_string(rank), position)
							    : position;
}

/* One line of a summary; FALSE, with WHY, when it is not one. */
static gboolean merge_line(GArray *lines, const char *text, gsize len, gint64 position, const char **why)
{
	json_tokener *tokener = json_tokener_new();
	json_object *line = json_tokener_parse_ex(tokener, text, (int)len);
	gboolean parsed = json_tokener_get_error(tokener) == json_tokener_success &&
			  json_tokener_get_parse_end(tokener) == len;
	json_tokener_free(tokener);
	json_object *name = member(line, "name"), *count = member(line, "count");
	gint64 host, device;
	*why = !parsed ? "not JSON"
	       : !json_object_is_type(line, json_type_object) ? "not a JSON object"
	       : !json_object_is_type(name, json_type_string) ? "no \"name\" string"
	       : !json_object_is_type(count, json_type_int) || json_object_get_int64(count) < 0 ||
			 json_object_get_uint64(count) > G_MAXINT64 ? "no \"count\" number"
	       : !duration_of(line, "host total(ms)", &host) ? "no \"host total(ms)\" number"
	       : !duration_of(line, "device total(ms)", &device) ? "no \"device total(ms)\" number"
							      : NULL;
	if (!*why) {
		struct line kept = {
			.key = g_strndup(json_object_get_string(name), (gsize)json_object_get_string_len(name)),
			.key_len = (gsize)json_object_get_string_len(name),
			.count = (guint64)json_object_get_int64(count),
			.rank = rank_of(line, position), .host = host, .device = device,
		};
		g_array_append_val(lines, kept);
	}
	json_object_put(line);
	return *why == NULL;
}

gboolean merge_file(struct ranks *ranks, const char *path, gint64 position, GError **error)
{
	gzFile in = gzopen(path, "rb");
	if (!in) {
		int saved = errno;
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s", g_strerror(saved));
		return FALSE;
	}
	g_autoptr(GString) pending = g_string_new(NULL);
	g_autoptr(GArray) lines = g_array_new(FALSE, FALSE, sizeof(struct line));
	g_array_set_clear_func(lines, line_clear);
	char chunk[1 << 16];
	int n;
	guint64 number = 0;
	gboolean ok = TRUE;
	while (ok && (n = gzread(in, chunk, sizeof chunk)) > 0) {
		g_string_append_len(pending, chunk, n);
		gsize start = 0;
		for (const char *nl; ok && (nl = memchr(pending->str + start, '\n', pending->len - start));) {
			gsize len = (gsize)(nl - pending->str) - start;
			const char *why;
			number++;
			if (len && !merge_line(lines, pending->str + start, len, position, &why)) {
				g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "line %" G_GUINT64_FORMAT ": %s: not a "
					    "JSON Lines summary (--summary path|name --format jsonl)", number, why);
				ok = FALSE;
			}
			start += len + 1;
		}
		g_string_erase(pending, 0, (gssize)start);
	}
	const char *why;
	if (ok && n < 0) {
		int code;
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "%s", gzerror(in, &code));
		ok = FALSE;
	} else if (ok && pending->len && !merge_line(lines, pending->str, pending->len, position, &why)) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "line %" G_GUINT64_FORMAT ": %s: not a JSON Lines "
			    "summary (--summary path|name --format jsonl)", number + 1, why);
		ok = FALSE;
	}
	gzclose(in);
	for (guint i = 0; ok && i < lines->len; i++) {
		const struct line *l = &g_array_index(lines, struct line, i);
		ranks_add(ranks, l->rank, l->key, l->key_len, l->count, l->host, l->device);
	}
	return ok;
}
