#include "views/collectives/collective_source.h"
#include <string.h>
#include "attribution/attribute.h"

#define RECORD_NAME "record_param_comms"
#define NOT_YET 0xffffffffu /* a node whose nearest record_param_comms is not known yet */

struct collective_source {
	const struct forest *forest;
	guint32 *nearest;    /* per node: the nearest record_param_comms on its chain, FOREST_END none, or NOT_YET */
	GArray *path;        /* guint: the nodes a walk up a chain passed */
	GHashTable *records; /* record_param_comms node -> its struct collective_args *, NULL when it has no Collective name */
};

static void args_free(gpointer data)
{
	if (data)
		collective_args_clear(data);
	g_free(data);
}

struct collective_source *collective_source_new(const struct forest *forest)
{
	struct collective_source *s = g_new0(struct collective_source, 1);
	s->forest = forest;
	s->path = g_array_new(FALSE, FALSE, sizeof(guint));
	s->records = g_hash_table_new_full(NULL, NULL, NULL, args_free);
	return s;
}

void collective_source_free(struct collective_source *s)
{
	if (!s)
		return;
	g_hash_table_destroy(s->records);
	g_array_free(s->path, TRUE);
	g_free(s->nearest);
	g_free(s);
}

static gboolean is_record(const struct forest *forest, guint node)
{
	const struct name *name = forest->events[node].name;
	return name->len == strlen(RECORD_NAME) && memcmp(name->text, RECORD_NAME, name->len) == 0;
}

/* The nearest record_param_comms on NODE's chain (NODE included), or
 * FOREST_END; every node passed on the way remembers the answer. */
static guint nearest_record(struct collective_source *s, guint node)
{
	if (!s->nearest) {
		s->nearest = g_new(guint32, s->forest->count);
		memset(s->nearest, 0xff, s->forest->count * sizeof *s->nearest); /* NOT_YET */
	}
	guint found = FOREST_END;
	g_array_set_size(s->path, 0);
	for (guint n = node; n != FOREST_END; n = forest_parent(s->forest, n)) {
		if (s->nearest[n] != NOT_YET) {
			found = s->nearest[n];
			break;
		}
		g_array_append_val(s->path, n);
		if (is_record(s->forest, n)) {
			found = n;
			break;
		}
	}
	for (guint i = 0; i < s->path->len; i++)
		s->nearest[g_array_index(s->path, guint, i)] = found;
	return found;
}

const struct collective_args *collective_source_recorded(struct collective_source *s, guint owner)
{
	if (owner == NO_OWNER || !s->forest->count)
		return NULL;
	guint record = nearest_record(s, owner);
	if (record == FOREST_END)
		return NULL;
	gpointer args;
	if (g_hash_table_lookup_extended(s->records, GUINT_TO_POINTER(record), NULL, &args))
		return args;
	struct collective_args *read = g_new0(struct collective_args, 1);
	if (!collective_args_read(s->forest->events[record].args, read)) {
		collective_args_clear(read);
		g_clear_pointer(&read, g_free);
	}
	g_hash_table_insert(s->records, GUINT_TO_POINTER(record), read);
	return read;
}
