/* Output names: the file each trace's output goes to (DIR/STEM.EXT, unique
 * among the traces of one run), what a name says of the output's form, and
 * names as messages show them. Decided before any trace is read, so that
 * the names never depend on the order in which the jobs end. */
#ifndef PP_OUTPUT_NAMES_H
#define PP_OUTPUT_NAMES_H

#include <glib.h>

/* Whether DST names a directory: "DIR/", or an existing directory. */
gboolean output_is_directory(const char *dst);
/* The file to write for the trace SRC: DST itself, or, for a directory,
 * DST/STEM.EXTENSION, STEM being SRC's file name without its .gz, .json
 * and .pt.trace endings ("stdin" for "-"). */
char *output_path(const char *dst, const char *src, const char *extension);
/* The files to write for COUNT traces SOURCES (distinct files) in the
 * directory DST: output_path's, but where several would be the same, each
 * is prefixed by the shortest run of its trace's parent folders (the
 * innermost ones, joined by '_') that tells them apart: a/t.json and
 * b/t.json write DST/a_t.EXT and DST/b_t.EXT; x/a/t.json and y/a/t.json,
 * x_a_t.EXT and y_a_t.EXT. Traces of one folder that only their endings
 * tell apart (t.json, t.json.gz) keep their whole file name as STEM. A
 * NULL-terminated array of COUNT paths. */
char **output_unique_paths(const char *dst, char *const *sources, guint count, const char *extension);
/* What DST's name says of the output's form: its extension (".csv",
 * ".txt"), not counting a last ".gz", or NULL ("-", DIR/, no extension);
 * *GZIP: whether the name ends in ".gz". */
char *output_name_extension(const char *dst, gboolean *gzip);
/* PATH as messages show it (src/util/visible.h): control characters as \\n,
 * \\r, \\t or \\xNN, so that a name cannot forge a line of the report,
 * C1 and bidirectional controls as \\u0085, \\u202e. NULL for NULL. */
char *output_shown(const char *path);

#endif
