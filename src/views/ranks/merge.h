/* Merge: the per-rank JSON Lines summaries of a map step, read into ranks
 * (src/views/ranks/ranks.h) as --across-ranks would have reduced the traces. */
#ifndef PP_MERGE_H
#define PP_MERGE_H

#include "views/ranks/ranks.h"

/* The summaries of --merge's SOURCES: files, and the regular *.jsonl[.gz]
 * of directories, each once; NOTES gets, for the report, what was skipped
 * or named twice. NULL, ERROR set, for a directory that cannot be read or
 * has no summary. */
GPtrArray *merge_list(char **sources, GString *notes, GError **error);
struct merger;
/* A merger of summaries into RANKS; MEMBERS (ranks_members) the perf
 * members every line must have, for the perf columns asked for. */
struct merger *merger_new(struct ranks *ranks, guint members);
void merger_free(struct merger *merger);
#define MERGE_ERROR (merge_error_quark())
GQuark merge_error_quark(void);
enum { MERGE_ERROR_MIX }; /* summaries of another view or options than the first: none may be merged */
/* Reads the JSON Lines summary PATH into the merger, POSITION being its rank
 * when a line has none; FALSE, ERROR set, when it cannot be read or is no
 * summary (nothing of it is added), or, in MERGE_ERROR, when it mixes. */
gboolean merge_file(struct merger *merger, const char *path, gint64 position, GError **error);

#endif
