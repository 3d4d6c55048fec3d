#include "names.h"
#include "pylit.h"
#include <string.h>

struct names {
	GHashTable *table; /* struct name * -> itself, hashed on the original bytes */
	GStringChunk *text;
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
	return names;
}

void names_free(struct names *names)
{
	if (!names)
		return;
	g_hash_table_destroy(names->table);
	g_string_chunk_free(names->text);
	g_free(names);
}

const struct name *names_intern(struct names *names, const char *text, gsize len, gint64 *replaced)
{
	struct name_key probe = { .raw = text, .raw_len = len };
	struct name_key *found = g_hash_table_lookup(names->table, &probe);
	if (found)
		return &found->name;

	struct name_key *key = g_new0(struct name_key, 1);
	g_autoptr(GString) clean = g_string_sized_new(len);
	gsize bad = pylit_append_utf8(clean, text, len);
	if (replaced && bad)
		(*replaced)++;
	key->raw = g_string_chunk_insert_len(names->text, text, len);
	key->raw_len = len;
	key->name.text = g_string_chunk_insert_len(names->text, clean->str, clean->len);
	key->name.len = clean->len;
	g_autoptr(GString) literal = g_string_sized_new(len + 2);
	pylit_append_string(literal, clean->str, clean->len);
	key->name.literal = g_string_chunk_insert_len(names->text, literal->str, literal->len);
	key->name.literal_len = literal->len;
	g_hash_table_add(names->table, key);
	return &key->name;
}
