#include "input/input.h"
#include "util/fault.h"
#include "input/read.h"
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

struct trace *read_trace_file(const char *path, const struct read_config *config, GError **error)
{
	errno = 0;
	gzFile in = open_input(path, error);
	if (!in)
		return NULL;
	/* zlib inflates into the chunk, and reads a plain file into it: its own buffers are only memory */
	gzbuffer(in, 128 << 10);
	g_autoptr(Reader) r = reader_new(config);
	g_autofree char *buffer = g_malloc(READ_CHUNK);
	gboolean ok = TRUE;
	int n;
	gint64 size = file_size(path), fed = 0; /* bytes the reader took */
	while (ok && (n = gzread(in, buffer, READ_CHUNK)) > 0) {
		ok = reader_feed(r, buffer, n, error);
		fed += ok ? n : 0;
		if (config->progress)
			config->progress(path, fed, size > 0 ? (double)gzoffset(in) / size : -1, FALSE);
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
	g_clear_pointer(&r, reader_free);
	release_free_memory();
	return trace;
}
