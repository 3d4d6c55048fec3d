#include "sinks/table_names.h"
#include <string.h>

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026, one character */
#define INDENT_KEPT 3 /* an indentation stays when this many characters of the name remain beside it */

struct table_names {
	GStringChunk *text; /* the cells noted, once each */
	GHashTable *cells;  /* cell -> its form at the width decided (g_free'd), NULL before */
	GPtrArray *order;   /* the cells, in the order they first came */
	guint width;        /* decided; 0: not yet */
};

guint table_text_width(const char *text, gsize len)
{
	return (guint)g_utf8_strlen(text, (gssize)len);
}

void table_shorten(GString *out, const char *text, gsize len, guint width, guint head)
{
	guint chars = table_text_width(text, len);
	if (chars <= width) {
		g_string_append_len(out, text, (gssize)len);
		return;
	}
	if (width == 0)
		return;
	head = MIN(head, width - 1);
	guint tail = width - 1 - head;
	const char *head_end = g_utf8_offset_to_pointer(text, head);
	const char *tail_start = g_utf8_offset_to_pointer(text, chars - tail);
	g_string_append_len(out, text, head_end - text);
	g_string_append(out, ELLIPSIS);
	g_string_append_len(out, tail_start, text + len - tail_start);
}

struct table_names *table_names_new(void)
{
	struct table_names *names = g_new0(struct table_names, 1);
	names->text = g_string_chunk_new(4096);
	names->cells = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, g_free);
	names->order = g_ptr_array_new();
	return names;
}

void table_names_free(struct table_names *names)
{
	if (!names)
		return;
	g_hash_table_destroy(names->cells);
	g_ptr_array_free(names->order, TRUE);
	g_string_chunk_free(names->text);
	g_free(names);
}

void table_names_add(struct table_names *names, const char *cell, gsize len)
{
	if (table_text_width(cell, len) <= TABLE_NAME_MIN && !g_strstr_len(cell, (gssize)len, ELLIPSIS))
		return; /* never shortened, and like no form */
	g_autofree char *key = g_strndup(cell, len); /* a cell holds no NUL (src/util/visible.h) */
	if (g_hash_table_contains(names->cells, key))
		return;
	char *kept = g_string_chunk_insert_len(names->text, cell, (gssize)len);
	g_hash_table_insert(names->cells, kept, NULL);
	g_ptr_array_add(names->order, kept);
}

/* CELL at WIDTH with HEAD characters of its start (after its indentation),
 * ending in TAG (NULL: none). */
static char *form_of(const char *cell, guint width, guint head, const char *tag)
{
	GString *form = g_string_new(NULL);
	gsize len = strlen(cell);
	guint indent = (guint)strspn(cell, " ");
	if (indent + INDENT_KEPT > width)
		indent = 0; /* too deep: the whole cell is shortened */
	g_string_append_len(form, cell, indent);
	guint tag_width = tag ? (guint)strlen(tag) : 0;
	guint room = width - indent > tag_width ? width - indent - tag_width : 1;
	table_shorten(form, cell + indent, len - indent, room, head);
	if (tag)
		g_string_append(form, tag);
	return g_string_free(form, FALSE);
}

/* The characters A and B have in common at their start. */
static guint common_start(const char *a, const char *b)
{
	gsize bytes = 0;
	while (a[bytes] && a[bytes] == b[bytes])
		bytes++;
	while (bytes && ((guchar)a[bytes] & 0xc0) == 0x80) /* not inside a character */
		bytes--;
	return table_text_width(a, bytes);
}

static int compare_cells(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The window of the cells of GROUP that holds where each differs from the
 * others (by their starts after the indentation, *WINDOW characters of the
 * ROOM beside it): its first character, 0 when there is none. */
static guint window_start(const GPtrArray *group, guint room, guint *window)
{
	g_autoptr(GPtrArray) sorted = g_ptr_array_copy((GPtrArray *)group, NULL, NULL);
	g_ptr_array_sort(sorted, compare_cells);
	guint first = G_MAXUINT, last = 0; /* where two of them first differ: the least, the most */
	for (guint i = 0; i + 1 < sorted->len; i++) {
		const char *a = sorted->pdata[i], *b = sorted->pdata[i + 1];
		guint indent = (guint)strspn(a, " ");
		guint at = common_start(a + indent, b + indent);
		first = MIN(first, at);
		last = MAX(last, at);
	}
	*window = room > 2 ? (room - 2) / 2 : 0; /* "…WINDOW…END": the end gets the rest */
	if (first == G_MAXUINT || !*window || last - first >= *window)
		return 0;
	guint context = (*window - 1 - (last - first)) / 2;
	return first > context ? first - context : 1;
}

/* CELL at WIDTH: WINDOW characters from START (after the indentation), then its end. */
static char *window_form(const char *cell, guint width, guint start, guint window)
{
	GString *form = g_string_new(NULL);
	gsize len = strlen(cell);
	guint indent = (guint)strspn(cell, " ");
	if (indent + INDENT_KEPT > width)
		indent = 0;
	const char *rest = cell + indent;
	guint chars = table_text_width(rest, len - indent), room = width - indent;
	g_string_append_len(form, cell, indent);
	if (chars <= room || window + 2 > room || start + window >= chars) {
		table_shorten(form, rest, len - indent, room, 0);
		return g_string_free(form, FALSE);
	}
	const char *from = g_utf8_offset_to_pointer(rest, start);
	g_string_append(form, ELLIPSIS);
	g_string_append_len(form, from, g_utf8_offset_to_pointer(from, window) - from);
	guint tail = room - 2 - window;
	g_string_append(form, ELLIPSIS);
	g_string_append(form, g_utf8_offset_to_pointer(rest, chars - tail));
	return g_string_free(form, FALSE);
}

/* Whether FORMS[COUNT] are apart from each other and from those TAKEN. */
static gboolean apart_forms(char **forms, guint count, GHashTable *taken)
{
	g_autoptr(GHashTable) these = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint i = 0; i < count; i++)
		if (g_hash_table_contains(taken, forms[i]) || !g_hash_table_add(these, forms[i]))
			return FALSE;
	return TRUE;
}

/* Gives the cells of GROUP (sharing one form of their end) forms apart from
 * each other and from those TAKEN, which get them too: the end, else a
 * start and the end, else a window where they differ and the end, else
 * the end numbered. */
static void decide_group(struct table_names *names, const GPtrArray *group, GHashTable *taken)
{
	guint width = names->width;
	char **forms = g_new0(char *, group->len);
	gboolean apart = FALSE;
	for (guint head = 0; head < width && !apart; head++) {
		for (guint i = 0; i < group->len; i++) {
			g_free(forms[i]);
			forms[i] = form_of(group->pdata[i], width, head, NULL);
		}
		apart = apart_forms(forms, group->len, taken);
	}
	const char *cell = group->pdata[0];
	guint indent = (guint)strspn(cell, " ");
	guint window, room = width - (indent + INDENT_KEPT > width ? 0 : indent);
	guint start = apart ? 0 : window_start(group, room, &window);
	if (start) {
		for (guint i = 0; i < group->len; i++) {
			g_free(forms[i]);
			forms[i] = window_form(group->pdata[i], width, start, window);
		}
		apart = apart_forms(forms, group->len, taken);
	}
	for (guint i = 0, n = 1; !apart && i < group->len; i++) { /* alike in any cut: numbered */
		do {
			g_autofree char *tag = g_strdup_printf("~%u", n++);
			g_free(forms[i]);
			forms[i] = form_of(group->pdata[i], width, 0, tag);
		} while (g_hash_table_contains(taken, forms[i]));
		g_hash_table_add(taken, g_strdup(forms[i]));
	}
	for (guint i = 0; i < group->len; i++) {
		if (apart)
			g_hash_table_add(taken, g_strdup(forms[i]));
		g_hash_table_insert(names->cells, group->pdata[i], forms[i]);
	}
	g_free(forms);
}

void table_names_decide(struct table_names *names, guint width)
{
	names->width = MAX(width, 1);
	g_autoptr(GHashTable) taken = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	g_autoptr(GHashTable) groups = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
							       (GDestroyNotify)g_ptr_array_unref);
	g_autoptr(GPtrArray) group_order = g_ptr_array_new();
	for (guint i = 0; i < names->order->len; i++) {
		const char *cell = names->order->pdata[i];
		if (table_text_width(cell, strlen(cell)) <= names->width) {
			g_hash_table_add(taken, g_strdup(cell)); /* shown whole */
			continue;
		}
		char *end = form_of(cell, names->width, 0, NULL);
		GPtrArray *group = g_hash_table_lookup(groups, end);
		if (!group) {
			group = g_ptr_array_new();
			g_hash_table_insert(groups, end, group);
			g_ptr_array_add(group_order, group);
		} else {
			g_free(end);
		}
		g_ptr_array_add(group, (gpointer)cell);
	}
	for (guint g = 0; g < group_order->len; g++)
		decide_group(names, group_order->pdata[g], taken);
}

void table_names_append(const struct table_names *names, GString *out, const char *cell, gsize len)
{
	if (table_text_width(cell, len) <= names->width) {
		g_string_append_len(out, cell, (gssize)len);
		return;
	}
	g_autofree char *key = g_strndup(cell, len);
	const char *form = g_hash_table_lookup(names->cells, key);
	if (form) {
		g_string_append(out, form);
		return;
	}
	g_autofree char *end = form_of(key, names->width, 0, NULL); /* not noted: not expected */
	g_string_append(out, end);
}
