/* Retrace: a trace file read a second time, as text, and copied with its
 * event array's elements handed one by one to a hook that writes each as it
 * is or changed, and a hook that adds elements before the array closes
 * (the annotated trace, SPEC 29). Every byte outside the elements is copied
 * as it is; nothing is parsed but what delimits the elements.
 *
 * A small state machine follows the document as src/input/read.c's does:
 * before the array, strings and brackets, and the key of depth 1 whose
 * value opens (traceEvents; a document that is an array is the array
 * itself); in the array, each element delimited by its strings, escapes and
 * brackets (a scalar by the next comma, bracket or blank). The file has
 * been read once already, so its syntax is not checked again; a file
 * without an event array is an error. An element lying whole in the chunk
 * read is handed over in place; one that straddles chunks is gathered
 * first. Memory: three chunks (a thread inflates ahead, as the reader's
 * does), the element under way and the output buffer (written out each
 * megabyte). Plain or gzip (zlib's gzread); not standard input, which
 * cannot be read again. O(bytes).
 *
 * retrace_members finds the values of an object's top-level members by
 * the same delimiting: O(the element's bytes). */
#ifndef PP_RETRACE_H
#define PP_RETRACE_H

#include <glib.h>

struct retrace_hooks {
	/* Element INDEX (from 0) of the event array, TEXT[LEN] as the file has
	 * it: TRUE when it appended to OUT (empty) the text written in its
	 * place; FALSE: the element is copied as it is (OUT untouched). */
	gboolean (*element)(gpointer data, guint64 index, const char *text, gsize len, GString *out);
	/* Before the array's closing bracket, after COUNT elements: appends
	 * what is added (each added element after a comma when COUNT or an
	 * earlier added one precedes it). */
	void (*end)(gpointer data, guint64 count, GString *out);
	/* Writes LEN bytes out; FALSE when that failed (the copy stops). */
	gboolean (*write)(gpointer data, const char *bytes, gsize len);
	gpointer data;
};

/* Copies the trace at PATH through HOOKS; FALSE, with ERROR set, when it
 * cannot be read, has no event array, or writing failed. */
gboolean retrace_file(const char *path, const struct retrace_hooks *hooks, GError **error);

/* A member's value in an element's text: [start, start + len); start is
 * -1 when the member is absent. */
struct retrace_span {
	gssize start;
	gsize len;
};

/* The values of the members KEYS[COUNT] (keys as written, no escapes) of
 * the object TEXT[LEN] (the first member of each key: the scan stops once
 * each was found), into SPANS[COUNT]. */
void retrace_members(const char *text, gsize len, const char *const *keys, guint count, struct retrace_span *spans);

#endif
