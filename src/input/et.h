/* The Execution Trace join: the nodes of a PyTorch Execution Trace, found by
 * the rf_id that a monitored event carries as its "Record function id" arg
 * (when it has one, else its "External id"). */
#ifndef PP_ET_H
#define PP_ET_H

#include "model/trace.h"

struct et {
	struct trace *nodes; /* the Execution Trace, read: its et_nodes */
	GHashTable *by_rf_id; /* gint64 * -> struct et_node *; rf_id 0 is left out */
	char *rank; /* the last number in its file name, or NULL */
};

/* Reads the Execution Trace at PATH (plain or gzip), as a stream; shapes and
 * types are kept as JSON text with JSON_VALUES, else as Python literals. */
struct et *et_read_file(const char *path, guint threads, gboolean json_values, GError **error);
void et_free(struct et *et);

/* The node EVENT joins, or NULL. */
const struct et_node *et_lookup(const struct et *et, const struct event *event);

/* The last number in the file name of PATH (rank3.json.gz: "3"), or NULL. */
char *rank_of_file_name(const char *path);

typedef struct et Et;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Et, et_free)

#endif
