/* Output: where a table's text goes. Every sink writes through here: the
 * destination is standard output for "-", an existing non-regular file
 * (a device, a FIFO) written in place, or a temporary file beside it that
 * replaces it only when all went well; -d DIR/ names DIR/STEM.EXT. */
#ifndef PP_OUTPUT_H
#define PP_OUTPUT_H

#include <stdio.h>
#include <glib.h>

struct output {
	FILE *file;
	char *path;
	char *temporary; /* NULL when written in place */
	gboolean borrowed; /* FILE is the caller's (output_wrap): left open */
};

/* Reads the umask, for the mode of the files made; call before any thread. */
void output_init(void);
gboolean output_open(struct output *output, const char *path, GError **error);
/* An output that writes to FILE, which stays the caller's. */
void output_wrap(struct output *output, FILE *file);
/* Appends LEN bytes of DATA; FALSE, with errno set, when that fails. */
gboolean output_write(struct output *output, const char *data, gsize len);
/* Writes what is buffered and puts the file into place. */
gboolean output_commit(struct output *output, GError **error);
/* Removes the temporary file; the destination stays as it was. */
void output_abort(struct output *output);

/* Whether DST names a directory: "DIR/", or an existing directory. */
gboolean output_is_directory(const char *dst);
/* The file to write for the trace SRC: DST itself, or, for a directory,
 * DST/STEM.EXTENSION, STEM being SRC's file name without its .gz, .json
 * and .pt.trace endings ("stdin" for "-"). */
char *output_path(const char *dst, const char *src, const char *extension);

#endif
