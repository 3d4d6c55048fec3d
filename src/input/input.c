#include "input/input.h"
#include "util/fault.h"
#include "input/read.h"
#include "input/module_class.h"
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define READ_CHUNK (4 << 20)

static gzFile open_input(const char *path, GError **error)
{
	gzFile in = strcmp(path, "-") == 0 ? gzdopen(dup(0), "rb") : gzopen(path, "rb");
	if (!in && errno == ENOMEM)
		fault_out_of_memory();
	if (!in)
		g_set_error(error, READ_ERROR, READ_ERROR_IO, "%s", errno ? g_strerror(errno) : "cannot open");
	return in;
}

/* What the workers freed stays in their malloc arenas: give it back, so
 * that the stages after reading do not add to the peak. */
static void release_free_memory(void)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) /* AddressSanitizer's malloc is not glibc's */
	malloc_trim(0);
#endif
}

static gint64 file_size(const char *path)
{
	GStatBuf status;
	return strcmp(path, "-") != 0 && g_stat(path, &status) == 0 && S_ISREG(status.st_mode) ? status.st_size : -1;
}

/* ---- inflating ahead ----
 * A gzip stream is inflated by a thread of its own into one chunk while the
 * reader scans the other: two chunks of half a reading chunk each go back
 * and forth between the two threads, so the inflating costs no wall time
 * when a processor is free, and no more memory than reading in one thread. */
#define CHUNKS 2
#define INFLATED_CHUNK (READ_CHUNK / CHUNKS) /* the same memory as reading in this thread */

struct chunk {
	char *bytes;
	int len;       /* gzread's: 0 at the end, negative on an error */
	gint64 offset; /* gzoffset after it: the compressed bytes read */
};

struct prefetch {
	gzFile in;
	GAsyncQueue *full, *empty; /* struct chunk * */
	struct chunk chunks[CHUNKS];
	gint stop;    /* the reader wants no more */
	int last;     /* the last gzread's result */
	int last_errno; /* errno after it (errno is the thread's own) */
	GThread *thread;
};

static gpointer inflate_ahead(gpointer data)
{
	struct prefetch *p = data;
	for (;;) {
		struct chunk *c = g_async_queue_pop(p->empty);
		if (g_atomic_int_get(&p->stop)) {
			p->last = 0;
			return NULL;
		}
		errno = 0;
		c->len = p->last = gzread(p->in, c->bytes, INFLATED_CHUNK);
		p->last_errno = errno;
		c->offset = gzoffset(p->in);
		g_async_queue_push(p->full, c);
		if (c->len <= 0)
			return NULL;
	}
}

static void prefetch_free(struct prefetch *p)
{
	for (int i = 0; i < CHUNKS; i++)
		g_free(p->chunks[i].bytes);
	g_async_queue_unref(p->full);
	g_async_queue_unref(p->empty);
	g_free(p);
}

/* The thread started on IN; NULL when it cannot be (then read in this one). */
static struct prefetch *prefetch_start(gzFile in)
{
	struct prefetch *p = g_new0(struct prefetch, 1);
	p->in = in;
	p->full = g_async_queue_new();
	p->empty = g_async_queue_new();
	for (int i = 0; i < CHUNKS; i++) {
		p->chunks[i].bytes = g_malloc(INFLATED_CHUNK);
		g_async_queue_push(p->empty, &p->chunks[i]);
	}
	p->thread = g_thread_try_new("inflate", inflate_ahead, p, NULL);
	if (p->thread)
		return p;
	prefetch_free(p);
	return NULL;
}

/* The next chunk inflated, in order (waiting for it). */
static struct chunk *prefetch_next(struct prefetch *p)
{
	return g_async_queue_pop(p->full);
}

/* A chunk read: to be filled again. */
static void prefetch_done(struct prefetch *p, struct chunk *c)
{
	g_async_queue_push(p->empty, c);
}

/* Stops and joins the thread, frees P; gzread's last result (0 when
 * stopped early), with errno as gzread left it. */
static int prefetch_stop(struct prefetch *p)
{
	g_atomic_int_set(&p->stop, 1);
	g_async_queue_push(p->empty, &p->chunks[0]); /* wakes it if it waits; a chunk in hand is never read again */
	g_thread_join(p->thread);
	int last = p->last;
	errno = p->last_errno;
	prefetch_free(p);
	return last;
}

struct trace *read_trace_file(const char *path, const struct read_config *config, GError **error)
{
	errno = 0;
	gzFile in = open_input(path, error);
	if (!in)
		return NULL;
	/* zlib inflates into the chunk, and reads a plain file into it: its own buffers are only memory */
	gzbuffer(in, 128 << 10);
	g_autoptr(Reader) r = reader_new(config);
	gboolean ok = TRUE;
	int n;
	gint64 size = file_size(path), fed = 0; /* bytes the reader took */
	struct prefetch *ahead = gzdirect(in) ? NULL : prefetch_start(in);
	if (ahead) { /* gzip: one thread inflates while this one reads */
		struct chunk *c;
		while ((c = prefetch_next(ahead)) && (n = c->len) > 0) {
			ok = reader_feed(r, c->bytes, n, error);
			fed += ok ? n : 0;
			if (config->progress && ok)
				config->progress(path, fed, size > 0 ? (double)c->offset / size : -1, FALSE);
			prefetch_done(ahead, c);
			if (!ok)
				break;
		}
		n = prefetch_stop(ahead); /* joined: IN is this thread's again */
	} else {
		g_autofree char *buffer = g_malloc(READ_CHUNK);
		while (ok && (n = gzread(in, buffer, READ_CHUNK)) > 0) {
			ok = reader_feed(r, buffer, n, error);
			fed += ok ? n : 0;
			if (config->progress)
				config->progress(path, fed, size > 0 ? (double)gzoffset(in) / size : -1, FALSE);
		}
	}
	if (config->progress)
		config->progress(path, fed, 1, TRUE);
	if (ok) {
		int code;
		const char *message = gzerror(in, &code);
		if (code == Z_MEM_ERROR)
			fault_out_of_memory();
		if (n < 0 || code != Z_OK) { /* zlib reports a cut gzip stream only here */
			if (code == Z_ERRNO) {
				g_set_error(error, READ_ERROR, READ_ERROR_IO, "%s", g_strerror(errno));
			} else {
				if (g_str_has_prefix(message, path) && g_str_has_prefix(message + strlen(path), ": "))
					message += strlen(path) + 2; /* zlib names the file too */
				g_autofree char *where = fed ? g_strdup_printf(" after %" G_GINT64_FORMAT " bytes", fed)
							     : g_strdup("");
				g_set_error(error, READ_ERROR, READ_ERROR_IO, "gzip stream cut or corrupt (%s)%s", message,
					    where);
			}
			ok = FALSE;
		}
	}
	gzclose(in);
	if (!ok || !reader_finish(r, error))
		return NULL;
	struct trace *trace = reader_steal_trace(r);
	if (config->module_class)
		module_class_apply(trace);
	g_clear_pointer(&r, reader_free);
	release_free_memory();
	return trace;
}
