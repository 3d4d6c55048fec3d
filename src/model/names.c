#include "model/names.h"
#include "util/pylit.h"
#include <string.h>

/* Strings this long or longer are allocated exactly, each on its own, and
 * freed with the table: a GStringChunk gives a string longer than its block
 * a block of the next power of two. */
#define LONG_TEXT (64 << 10)

struct names {
	GHashTable *table; /* struct name * -> itself, hashed on the original bytes */
	GStringChunk *text;
	GPtrArray *long_text; /* char *, the strings of LONG_TEXT bytes or more */
};

/* Keys are hashed on the bytes as read, so that lookups need no sanitizing;
 * a key under lookup lives on the stack. */
struct name_key {
	struct name name;
	const char *raw;
	gsize raw_len;
};

guint names_hash_text(const char *text, gsize len)
{
	guint hash = 5381;
	for (gsize i = 0; i < len; i++)
		hash = hash * 33 + (guchar)text[i];
	return hash;
}

static guint name_key_hash(gconstpointer key)
{
	const struct name_key *k = key;
	return names_hash_text(k->raw, k->raw_len);
}

static gboolean name_key_equal(gconstpointer a, gconstpointer b)
{
	const struct name_key *x = a, *y = b;
	return x->raw_len == y->raw_len && memcmp(x->raw, y->raw, x->raw_len) == 0;
}

struct names *names_new(void)
{
	struct names *names = g_new0(struct names, 1);
	names->table = g_hash_table_new_full(name_key_hash, name_key_equal, g_free, NULL);
	names->text = g_string_chunk_new(1 << 16);
	names->long_text = g_ptr_array_new_with_free_func(g_free);
	return names;
}

void names_free(struct names *names)
{
	if (!names)
		return;
	g_hash_table_destroy(names->table);
	g_string_chunk_free(names->text);
	g_ptr_array_free(names->long_text, TRUE);
	g_free(names);
}

/* LEN bytes of TEXT, kept until the table is freed (NUL-ended). */
static const char *keep_bytes(struct names *names, const char *text, gsize len)
{
	if (len < LONG_TEXT)
		return g_string_chunk_insert_len(names->text, text, len);
	char *copy = g_malloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = 0;
	g_ptr_array_add(names->long_text, copy);
	return copy;
}

/* An empty GString with room for SIZE bytes and its NUL, and no more when
 * long (g_string_sized_new rounds up to a power of two); it grows as any
 * other when more come. */
static GString *sized_exactly(gsize size)
{
	GString *string = g_string_sized_new(size < LONG_TEXT ? size : 0);
	if (size < LONG_TEXT)
		return string;
	string->str = g_realloc(string->str, size + 1);
	string->allocated_len = size + 1;
	return string;
}

/* STRING's text, kept until the table is freed; STRING is freed. */
static const char *keep_string(struct names *names, GString *string, gsize *len)
{
	*len = string->len;
	if (string->len < LONG_TEXT) {
		const char *text = g_string_chunk_insert_len(names->text, string->str, string->len);
		g_string_free(string, TRUE);
		return text;
	}
	char *text = g_realloc(g_string_free(string, FALSE), *len + 1); /* its own bytes, no copy */
	g_ptr_array_add(names->long_text, text);
	return text;
}

static gboolean is_ascii(const char *text, gsize len)
{
	for (gsize i = 0; i < len; i++)
		if ((guchar)text[i] >= 0x80)
			return FALSE;
	return TRUE;
}

const struct name *names_intern(struct names *names, const char *text, gsize len, gint64 *replaced)
{
	struct name_key probe = { .raw = text, .raw_len = len };
	struct name_key *found = g_hash_table_lookup(names->table, &probe);
	if (found)
		return &found->name;

	struct name_key *key = g_new0(struct name_key, 1);
	key->raw = keep_bytes(names, text, len);
	key->raw_len = len;
	key->name.text = key->raw; /* when no byte is replaced: ASCII (NUL included) is valid UTF-8 */
	key->name.len = len;
	if (!is_ascii(text, len)) {
		GString *clean = sized_exactly(len);
		gsize bad = pylit_append_utf8(clean, text, len);
		if (replaced && bad)
			(*replaced)++;
		if (bad)
			key->name.text = keep_string(names, clean, &key->name.len);
		else
			g_string_free(clean, TRUE);
	}
	GString *literal = sized_exactly(key->name.len + 2); /* quoted, nothing escaped: the common case */
	pylit_append_string(literal, key->name.text, key->name.len);
	key->name.literal = keep_string(names, literal, &key->name.literal_len);
	g_hash_table_add(names->table, key);
	return &key->name;
}

guint name_text_hash(gconstpointer name)
{
	const struct name *n = name;
	return names_hash_text(n->text, n->len);
}

int name_text_order(const struct name *a, const struct name *b)
{
	int c = memcmp(a->text, b->text, MIN(a->len, b->len));
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

gboolean name_text_equal(gconstpointer a, gconstpointer b)
{
	return name_text_order(a, b) == 0;
}
