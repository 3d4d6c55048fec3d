/* Interned byte strings (event names, categories), each with its Python
 * literal computed once, since the same name is printed in many rows. */
#ifndef PP_NAMES_H
#define PP_NAMES_H

#include <glib.h>

struct name {
	const char *text; /* valid UTF-8, may hold NUL characters */
	gsize len;
	const char *literal; /* Python repr of text */
	gsize literal_len;
};

struct names;

struct names *names_new(void);
void names_free(struct names *names);
/* The interned entry for these bytes; invalid UTF-8 is replaced by U+FFFD
 * (counted in *replaced when that is not NULL). */
const struct name *names_intern(struct names *names, const char *text, gsize len, gint64 *replaced);

/* The hash of LEN bytes of TEXT (djb2), for tables keyed by a name's text. */
guint names_hash_text(const char *text, gsize len);

/* Names compared by their text, not by entry: each reader worker interns
 * its own. For GHashTables keyed by struct name *, and their order: the
 * texts' bytes, a prefix first. */
guint name_text_hash(gconstpointer name);
gboolean name_text_equal(gconstpointer a, gconstpointer b);
int name_text_order(const struct name *a, const struct name *b);

#endif
