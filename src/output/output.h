/* Output: where a table's text goes. Every sink writes through here: the
 * destination is standard output for "-", an existing non-regular file
 * (a device, a FIFO) written in place, or a temporary file beside it that
 * replaces it only when all went well (removed, too, when a signal ends the
 * run: src/output/cleanup.c); plain, or gzip-compressed through zlib. -d DIR/
 * names DIR/STEM.EXT, made unique when several traces share a STEM. */
#ifndef PP_OUTPUT_H
#define PP_OUTPUT_H

#include <stdio.h>
#include <glib.h>
#include <zlib.h>

struct output {
	FILE *file;      /* plain text, or NULL */
	gzFile gz;       /* compressed text, or NULL */
	char *path;
	char *temporary; /* NULL when written in place */
	int slot;        /* the temporary file's in the cleanup registry */
	gboolean borrowed; /* FILE is the caller's (output_wrap, stdout): left open */
};

/* Reads the umask, for the mode of the files made, and installs the signal
 * handlers that remove temporary files; call before any thread. */
void output_init(void);
/* Opens PATH for writing; COMPRESS: through gzip. */
gboolean output_open(struct output *output, const char *path, gboolean compress, GError **error);
/* An output that writes to FILE, which stays the caller's. */
void output_wrap(struct output *output, FILE *file);
/* Appends LEN bytes of DATA; FALSE, with errno set, when that fails. */
gboolean output_write(struct output *output, const char *data, gsize len);
/* Writes what is buffered and puts the file into place. */
gboolean output_commit(struct output *output, GError **error);
/* Removes the temporary file; the destination stays as it was. */
void output_abort(struct output *output);

#define OUTPUT_COLUMNS_DEFAULT 120
/* The width a table written to OUTPUT may take: $COLUMNS when it is a
 * number, else the terminal's when OUTPUT is one, else 120. */
guint output_columns(const struct output *output);

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
