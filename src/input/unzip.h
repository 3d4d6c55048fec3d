/* Unzip: a file's bytes read again, plain or gzip (every member, as
 * gzread reads them: bytes after a member that are not another member's
 * header end the data), for the annotated trace's second read (SPEC 29,
 * src/input/retrace.h). The file was read, and its gzip checksums checked,
 * by the first read (src/input/input.c): this read inflates raw deflate
 * data (zlib's inflate, windowBits -15) between the members' headers and
 * trailers it skips, and does not check the CRC again (about a twelfth of
 * the second read's work). A header that is not gzip's, or data zlib
 * refuses, is an error with a message. O(bytes); one buffer of input. */
#ifndef PP_UNZIP_H
#define PP_UNZIP_H

#include <glib.h>

typedef struct unzip Unzip;

/* PATH opened, or NULL with errno set. */
Unzip *unzip_open(const char *path);
/* Up to LEN bytes into BYTES: their count, 0 at the end, -1 on an error
 * (unzip_error says what). */
gssize unzip_read(Unzip *u, char *bytes, gsize len);
const char *unzip_error(const Unzip *u);
void unzip_close(Unzip *u);

#endif
