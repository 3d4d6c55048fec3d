#include "views/table/sort.h"
#include <stdlib.h>
#include <errno.h>
#include <string.h>

#define CUT_AT_LEAST 4096 /* with --top N: rows held before the first cut */

/* A key's value in a row. */
struct sort_value {
	union {
		gint64 number;
		const char *text; /* in the sorter's chunk */
	};
	guint32 len;
	guint8 empty;
};

/* A row as the sorter keeps it; an element of a GArray of stride row_size. */
struct sort_row {
	guint64 id;
	guint position;
	struct sort_value keys[];
};

struct sorter {
	const struct column **keys;
	gboolean *text; /* per key: compared as text */
	guint key_count;
	guint top;
	gsize row_size;
	GArray *rows;        /* struct sort_row */
	GStringChunk *texts; /* the text keys' copies */
	guint added;
};

static const struct column *find_column(const struct catalogue *catalogue, const char *name)
{
	for (guint c = 0; c < catalogue->count; c++)
		if (g_ascii_strcasecmp(name, catalogue->columns[c].name) == 0)
			return &catalogue->columns[c];
	return NULL;
}

gboolean sort_pick(const struct catalogue *catalogue, const char *list, GPtrArray *keys, GError **error)
{
	if (!list)
		return TRUE;
	g_auto(GStrv) parts = g_strsplit(list, ",", -1);
	guint named = 0;
	for (char **part = parts; *part; part++) {
		char *name = g_strstrip(*part);
		if (!*name)
			continue;
		const struct column *column = find_column(catalogue, name);
		if (!column) {
			g_autofree char *known = catalogue_names(catalogue, 0);
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
				    "--sort: unknown column '%s'; the columns are: %s", name, known);
			return FALSE;
		}
		if (column->type == VALUE_ENTRIES) {
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
				    "--sort: '%s' is a list column; sort by a number or a text column", column->name);
			return FALSE;
		}
		g_ptr_array_add(keys, (gpointer)column);
		named++;
	}
	if (!named) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--sort names no column");
		return FALSE;
	}
	return TRUE;
}

gboolean sort_parse_top(const char *text, guint *top, GError **error)
{
	char *end;
	errno = 0;
	guint64 value = g_ascii_strtoull(text, &end, 10);
	if (g_ascii_isdigit(*text) && !*end && errno == 0 && value >= 1 && value <= G_MAXUINT) {
		*top = (guint)value;
		return TRUE;
	}
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
		    "--top wants a whole number of rows from 1 to %u, not '%s'", G_MAXUINT, text);
	return FALSE;
}

struct sorter *sorter_new(const GPtrArray *keys, guint top)
{
	struct sorter *s = g_new0(struct sorter, 1);
	s->key_count = keys ? keys->len : 0;
	s->keys = g_new(const struct column *, s->key_count + 1);
	s->text = g_new(gboolean, s->key_count + 1);
	for (guint k = 0; k < s->key_count; k++) {
		s->keys[k] = keys->pdata[k];
		s->text[k] = s->keys[k]->type == VALUE_TEXT || s->keys[k]->type == VALUE_LITERAL;
	}
	s->top = top;
	s->row_size = sizeof(struct sort_row) + s->key_count * sizeof(struct sort_value);
	s->rows = g_array_new(FALSE, FALSE, (guint)s->row_size);
	s->texts = g_string_chunk_new(1 << 16);
	return s;
}

#define ROW_AT(s, i) ((struct sort_row *)((s)->rows->data + (gsize)(i) * (s)->row_size))

static int compare_rows(gconstpointer x, gconstpointer y, gpointer data)
{
	const struct sorter *s = data;
	const struct sort_row *a = x, *b = y;
	for (guint k = 0; k < s->key_count; k++) {
		const struct sort_value *u = &a->keys[k], *v = &b->keys[k];
		if (u->empty || v->empty) {
			if (u->empty != v->empty)
				return u->empty ? 1 : -1; /* empty last */
			continue;
		}
		if (s->text[k]) {
			int order = text_compare(u->text, u->len, v->text, v->len);
			if (order)
				return order;
		} else if (u->number != v->number) {
			return u->number > v->number ? -1 : 1;
		}
	}
	return (a->position > b->position) - (a->position < b->position);
}

/* Sorts the rows held and keeps the first KEEP, their texts in a new chunk. */
static void cut(struct sorter *s, guint keep)
{
	g_array_sort_with_data(s->rows, compare_rows, s);
	if (s->rows->len <= keep)
		return;
	g_array_set_size(s->rows, keep);
	GStringChunk *texts = g_string_chunk_new(1 << 16);
	for (guint i = 0; i < s->rows->len; i++)
		for (guint k = 0; k < s->key_count; k++) {
			struct sort_value *value = &ROW_AT(s, i)->keys[k];
			if (s->text[k] && !value->empty)
				value->text = g_string_chunk_insert_len(texts, value->text, value->len);
		}
	g_string_chunk_free(s->texts);
	s->texts = texts;
}

gboolean sorter_add(struct sorter *s, guint64 id, const void *row)
{
	if (s->top && !s->key_count && s->rows->len >= s->top)
		return FALSE;
	g_array_set_size(s->rows, s->rows->len + 1);
	struct sort_row *kept = ROW_AT(s, s->rows->len - 1);
	kept->id = id;
	kept->position = s->added++;
	for (guint k = 0; k < s->key_count; k++) {
		struct value value;
		s->keys[k]->get(row, &value);
		struct sort_value *key = &kept->keys[k];
		memset(key, 0, sizeof *key);
		key->empty = value.type == VALUE_EMPTY;
		if (key->empty)
			continue;
		if (s->text[k]) {
			key->len = (guint32)MIN(value.text.len, G_MAXUINT32);
			key->text = g_string_chunk_insert_len(s->texts, value.text.text, key->len);
		} else {
			key->number = value.number;
		}
	}
	if (s->top && s->key_count && s->rows->len >= MAX((guint64)s->top * 2, CUT_AT_LEAST))
		cut(s, s->top);
	return !(s->top && !s->key_count && s->rows->len >= s->top);
}

GArray *sorter_finish(struct sorter *s)
{
	if (s->key_count)
		cut(s, s->top ? s->top : G_MAXUINT);
	guint count = s->top ? MIN(s->top, s->rows->len) : s->rows->len;
	GArray *ids = g_array_sized_new(FALSE, FALSE, sizeof(guint64), count);
	for (guint i = 0; i < count; i++)
		g_array_append_val(ids, ROW_AT(s, i)->id);
	g_array_free(s->rows, TRUE);
	g_string_chunk_free(s->texts);
	g_free(s->keys);
	g_free(s->text);
	g_free(s);
	return ids;
}
