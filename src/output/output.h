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
#define OUTPUT_COLUMNS_MAX G_MAXINT /* wider than any table: a larger COLUMNS counts as this */
/* The width a table written to OUTPUT may take: $COLUMNS when it is a
 * whole number from 1 up (any size: one past OUTPUT_COLUMNS_MAX counts as
 * that, as wide as any table needs), else the terminal's when OUTPUT is
 * one, else 120. */
guint output_columns(const struct output *output);

#endif
