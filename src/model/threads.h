/* Threads: the (pid, tid) pairs that events name, numbered in the order
 * they are added. A trace may name millions of them (one per event), so a
 * pid or tid in plain decimal is kept as a number (1 to 8 bytes and a tag),
 * any other as its text and a NUL; past 65536 threads only every 16th's
 * start is kept (8 bytes), and while threads are being added an index
 * takes 6 to 8 bytes a thread. */
#ifndef PP_THREADS_H
#define PP_THREADS_H

#include <glib.h>
#include <json-c/json.h>
#include "model/names.h"

struct threads;

struct threads *threads_new(void);
void threads_free(struct threads *threads);
/* Empties THREADS, keeping its room for as many again. */
void threads_clear(struct threads *threads);
guint32 threads_count(const struct threads *threads);

/* The number of the thread PID, TID (PID_LEN and TID_LEN bytes of valid
 * UTF-8, NUL characters included), added when it is new. The last pair
 * given is remembered: a run of one thread's events costs a compare. */
guint32 threads_add(struct threads *threads, const char *pid, gsize pid_len, const char *tid, gsize tid_len);
/* The same, of the JSON values PID and TID as an event gives them (a number
 * as written, src/util/json_text.h): invalid UTF-8 in them is interned
 * in NAMES, to be replaced (and counted in *REPLACED) as in names. */
guint32 threads_add_json(struct threads *threads, json_object *pid, json_object *tid, struct names *names,
			 gint64 *replaced);
/* The number in INTO of the thread numbered THREAD in FROM (another table). */
guint32 threads_add_from(struct threads *into, const struct threads *from, guint32 thread);

#define THREADS_NUMBER_MAX 24 /* room for a number written in decimal */

/* THREAD's pid and tid as C strings (so up to a NUL character they hold):
 * one kept as a number is written into BUF, which is returned; one kept as
 * text is returned where it lies, and moves when a thread is added. */
const char *threads_pid(const struct threads *threads, guint32 thread, char buf[THREADS_NUMBER_MAX]);
const char *threads_tid(const struct threads *threads, guint32 thread, char buf[THREADS_NUMBER_MAX]);

/* No more are coming, as far as one knows: gives back the index (built
 * again should one be added) and the spare room. */
void threads_trim(struct threads *threads);

/* For tests: sparse past COUNT threads, rather than 65536. */
void threads_sparse_past(struct threads *threads, guint32 count);

#endif
