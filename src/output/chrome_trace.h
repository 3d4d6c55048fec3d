/* Chrome trace: the events of a Chrome-trace JSON document (the Trace Event
 * Format that Perfetto UI and chrome://tracing open) written as text, for
 * the annotated trace (SPEC 29): complete slices (ph X), counters (ph C)
 * and the metadata that names a process or a thread (ph M). It knows no
 * view: the caller gives names, times and the args' JSON text.
 *
 * Times are integer nanoseconds written as decimal microseconds with
 * exactly three fraction digits (1234567 ns is 1234.567), so that an
 * importer reading them back (Perfetto: ts * 1000, rounded) gets the ns
 * exactly; pids and tids are decimal integers (below 2^31); strings are
 * JSON strings, '"', '\\' and the control characters escaped (\n, \t, ...,
 * else \u00XX), every other byte as it is (the callers' text is UTF-8). An
 * args object is built member by member (chrome_args_*): each appends
 * ",\"KEY\":VALUE" or "\"KEY\":VALUE" as the first, and chrome_args_end
 * closes it. Every call is O(its text). */
#ifndef PP_CHROME_TRACE_H
#define PP_CHROME_TRACE_H

#include <glib.h>

/* Appends TEXT (LEN bytes) as a JSON string, quotes included. */
void chrome_string(GString *out, const char *text, gsize len);
/* Appends NS as decimal microseconds with three fraction digits ("-0.005"). */
void chrome_us(GString *out, gint64 ns);

/* Opens an event object: {"ph":"PH","pid":PID,"tid":TID,"name":NAME; the
 * caller adds members (chrome_member_*) and closes it with chrome_event_end. */
void chrome_event_begin(GString *out, char ph, guint64 pid, guint64 tid, const char *name, gsize len);
void chrome_member_us(GString *out, const char *key, gint64 ns);
void chrome_event_end(GString *out);

/* A complete slice [TS, TS + DUR) on (PID, TID); ARGS the JSON text of an
 * object, or NULL for none. */
void chrome_slice(GString *out, guint64 pid, guint64 tid, const char *name, gint64 ts, gint64 dur,
		  const char *args, gsize args_len);
/* A counter NAME of PID with the value VALUE (a JSON number's text) of
 * series KEY from TS on. */
void chrome_counter(GString *out, guint64 pid, const char *name, gint64 ts, const char *key, const char *value);
/* Metadata naming process PID (TID ignored, KIND "process_name") or thread
 * (PID, TID) (KIND "thread_name") NAME; "process_sort_index" and
 * "thread_sort_index" take a number's text as NAME. */
void chrome_metadata(GString *out, guint64 pid, guint64 tid, const char *kind, const char *name);

/* The args object under way: ARGS->len == 0 before its first member. */
void chrome_args_string(GString *args, const char *key, const char *text, gsize len);
/* A member whose value is JSON text as it is (a number, an object...). */
void chrome_args_raw(GString *args, const char *key, const char *json, gsize len);
void chrome_args_int(GString *args, const char *key, gint64 value);
/* Closes ARGS ("{}" when it has no member). */
void chrome_args_end(GString *args);

#endif
