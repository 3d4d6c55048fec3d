#include "output/output.h"
#include <limits.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "output/cleanup.h"
#include "util/fault.h"

#define GZIP_BUFFER (1 << 17) /* zlib's own is 8 KiB: fewer, larger writes */

static void set_errno_error(GError **error, const char *what)
{
	int saved = errno;
	g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s: %s", what, g_strerror(saved));
}

static mode_t file_mode = 0644;

void output_init(void)
{
	mode_t mask = umask(0); /* the only way to read it; done once, before any thread */
	umask(mask);
	file_mode = 0666 & ~mask;
	cleanup_install();
}

static void output_reset(struct output *output)
{
	memset(output, 0, sizeof *output);
	output->slot = -1;
}

/* Writes to FD, plainly or through gzip; FD is the output's from now on. */
static gboolean attach(struct output *output, int fd, gboolean compress, GError **error)
{
	errno = 0;
	if (compress) {
		output->gz = gzdopen(fd, "wb");
		if (output->gz)
			gzbuffer(output->gz, GZIP_BUFFER);
	} else {
		output->file = fdopen(fd, "wb");
	}
	if (output->gz || output->file)
		return TRUE;
	if (errno == ENOMEM)
		fault_out_of_memory();
	set_errno_error(error, "cannot open");
	close(fd);
	return FALSE;
}

static gboolean open_stdout(struct output *output, gboolean compress, GError **error)
{
	output->path = g_strdup("-");
	if (!compress) {
		output->file = stdout;
		output->borrowed = TRUE;
		return TRUE;
	}
	fflush(stdout);
	int fd = dup(STDOUT_FILENO); /* gzclose closes it; standard output stays open */
	if (fd < 0) {
		set_errno_error(error, "cannot open");
		return FALSE;
	}
	return attach(output, fd, TRUE, error);
}

/* An existing destination that is not a regular file (a device, a FIFO) is
 * written in place: renaming over it would replace /dev/null by a file. */
static gboolean open_in_place(struct output *output, const char *path, gboolean compress, GError **error)
{
	output->path = g_strdup(path);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0) {
		set_errno_error(error, "cannot open");
		return FALSE;
	}
	return attach(output, fd, compress, error);
}

/* A temporary file beside OUTPUT's path: PATH.XXXXXX, whose name says what
 * it belongs to should a crash leave it; or, for names too long for that,
 * the short and hidden .profile_parser.XXXXXX. */
static int make_temporary(struct output *output, GError **error)
{
	g_autofree char *directory = g_path_get_dirname(output->path);
	if (g_mkdir_with_parents(directory, 0777) != 0) {
		set_errno_error(error, "cannot create its directory");
		return -1;
	}
	g_autofree char *name = g_path_get_basename(output->path);
	output->temporary = strlen(name) + strlen(".XXXXXX") <= NAME_MAX
				    ? g_strconcat(output->path, ".XXXXXX", NULL)
				    : g_build_filename(directory, ".profile_parser.XXXXXX", NULL);
	int fd = cleanup_mkstemp(output->temporary, &output->slot);
	if (fd < 0) {
		set_errno_error(error, "cannot create a temporary file beside it");
		g_clear_pointer(&output->temporary, g_free);
	}
	return fd;
}

/* PATH with its symbolic links resolved, also one that names a file yet to
 * be made (the shell's > creates it); PATH itself when it is no link; NULL,
 * errno set, for a loop of links. */
static char *link_target(const char *path)
{
	g_autofree char *at = g_strdup(path);
	for (int hops = 0; hops < 40; hops++) { /* as the kernel's limit on links in a path */
		char *target = realpath(at, NULL);
		if (target)
			return target;
		g_autofree char *link = g_file_read_link(at, NULL);
		if (!link) /* the file a link names, to be made */
			return g_steal_pointer(&at);
		g_autofree char *directory = g_path_get_dirname(at);
		g_free(at);
		at = g_path_is_absolute(link) ? g_strdup(link) : g_build_filename(directory, link, NULL);
	}
	errno = ELOOP; /* a loop of links: refused, as the shell's > refuses it */
	return NULL;
}

static gboolean open_destination(struct output *output, const char *path, gboolean compress, GError **error)
{
	if (strcmp(path, "-") == 0)
		return open_stdout(output, compress, error);
	struct stat status;
	gboolean exists = stat(path, &status) == 0;
	if (exists && !S_ISREG(status.st_mode))
		return open_in_place(output, path, compress, error);
	/* through a symbolic link, the file it names is replaced, not the link */
	output->path = link_target(path);
	if (!output->path) {
		set_errno_error(error, "cannot open");
		return FALSE;
	}
	int fd = make_temporary(output, error);
	if (fd < 0)
		return FALSE;
	/* mkstemp makes 0600: a replaced file keeps its mode, a new one is shared like any file */
	fchmod(fd, exists ? status.st_mode & 0777 : file_mode);
	return attach(output, fd, compress, error);
}

gboolean output_open(struct output *output, const char *path, gboolean compress, GError **error)
{
	output_reset(output);
	if (open_destination(output, path, compress, error))
		return TRUE;
	output_abort(output); /* what was made of it: the temporary file, the names */
	return FALSE;
}

void output_wrap(struct output *output, FILE *file)
{
	output_reset(output);
	output->file = file;
	output->borrowed = TRUE;
}

static gboolean gz_write(gzFile gz, const char *data, gsize len)
{
	while (len) {
		unsigned chunk = (unsigned)MIN(len, 1u << 30); /* gzwrite counts in unsigned */
		if (gzwrite(gz, data, chunk) != (int)chunk) {
			int zlib_error;
			gzerror(gz, &zlib_error);
			if (zlib_error == Z_MEM_ERROR)
				fault_out_of_memory();
			if (zlib_error != Z_ERRNO)
				errno = EIO;
			return FALSE;
		}
		data += chunk;
		len -= chunk;
	}
	return TRUE;
}

gboolean output_write(struct output *output, const char *data, gsize len)
{
	if (output->gz)
		return gz_write(output->gz, data, len);
	return fwrite(data, 1, len, output->file) == len;
}

/* Flushes and closes what OUTPUT writes to; FALSE, errno set, on failure. */
static gboolean close_stream(struct output *output)
{
	gboolean ok;
	if (output->gz) {
		int status = gzclose(output->gz);
		if (status != Z_OK && status != Z_ERRNO)
			errno = EIO;
		ok = status == Z_OK;
	} else {
		ok = fflush(output->file) == 0 && !ferror(output->file);
		if (!output->borrowed)
			ok = fclose(output->file) == 0 && ok;
	}
	output->gz = NULL;
	output->file = NULL;
	return ok;
}

/* Removes the temporary file, if any, and frees what OUTPUT holds. */
static void output_finish(struct output *output)
{
	if (output->temporary)
		g_unlink(output->temporary);
	cleanup_forget(output->slot);
	g_free(output->temporary);
	g_free(output->path);
	output_reset(output);
}

gboolean output_commit(struct output *output, GError **error)
{
	gboolean ok = close_stream(output);
	if (!ok)
		set_errno_error(error, "cannot write");
	else if (output->temporary && g_rename(output->temporary, output->path) != 0) {
		set_errno_error(error, "cannot rename the temporary file into place");
		ok = FALSE;
	}
	if (ok)
		g_clear_pointer(&output->temporary, g_free); /* now the destination: kept */
	output_finish(output);
	return ok;
}

void output_abort(struct output *output)
{
	if (output->gz)
		gzclose(output->gz);
	else if (output->file && !output->borrowed)
		fclose(output->file);
	output_finish(output);
}

guint output_columns(const struct output *output)
{
	const char *columns = g_getenv("COLUMNS");
	char *end;
	guint64 width = columns ? g_ascii_strtoull(columns, &end, 10) : 0; /* past 64 bits: G_MAXUINT64 */
	if (columns && g_ascii_isdigit(*columns) && !*end && width >= 1)
		return (guint)MIN(width, (guint64)OUTPUT_COLUMNS_MAX);
	struct winsize size;
	if (output->file && !output->gz && isatty(fileno(output->file)) &&
	    ioctl(fileno(output->file), TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
		return size.ws_col;
	return OUTPUT_COLUMNS_DEFAULT;
}
