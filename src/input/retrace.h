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
 * megabyte). Plain or gzip (src/input/unzip.h: the checksums the first
 * read checked are not checked again); not standard input, which
 * cannot be read again. O(bytes).
 *
 * The scan notes the first strings of depth 1 that read pid and args, so
 * that a hook finds those members without a second look. retrace_members
 * finds the values of an object's top-level members by the same
 * delimiting: O(the element's bytes). */
#ifndef PP_RETRACE_H
#define PP_RETRACE_H

#include <glib.h>

/* The keys of depth 1 noted as an element is scanned: pid, args. */
enum { RETRACE_PID, RETRACE_ARGS, RETRACE_KEYS };
extern const char *const retrace_keys[RETRACE_KEYS];

/* An element of the event array, as the file has it. */
struct retrace_element {
	guint64 index; /* from 0 */
	const char *text;
	gsize len;
	/* the offset in TEXT of the opening quote of the first string of depth
	 * 1 whose text is retrace_keys[K] (a key when a colon follows it: a
	 * value of that text is noted too), or -1; a string split between two
	 * reads of the file is not noted */
	gssize keys[RETRACE_KEYS];
};

struct retrace_hooks {
	/* An element ended: TRUE when the hook appended to OUT (empty) the
	 * text written in its place; FALSE: it is copied as it is (OUT
	 * untouched). */
	gboolean (*element)(gpointer data, const struct retrace_element *element, GString *out);
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
