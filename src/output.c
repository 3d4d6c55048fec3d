#include "output.h"
#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
}

/* An existing destination that is not a regular file (a device, a FIFO) is
 * written in place: renaming over it would replace /dev/null by a file. */
static gboolean open_in_place(struct output *output, const char *path, GError **error)
{
	output->file = fopen(path, "wb");
	if (!output->file)
		set_errno_error(error, "cannot open");
	return output->file != NULL;
}

gboolean output_open(struct output *output, const char *path, GError **error)
{
	memset(output, 0, sizeof *output);
	if (strcmp(path, "-") == 0) {
		output->path = g_strdup(path);
		output->file = stdout;
		output->borrowed = TRUE;
		return TRUE;
	}
	struct stat status;
	if (stat(path, &status) == 0 && !S_ISREG(status.st_mode)) {
		output->path = g_strdup(path);
		return open_in_place(output, path, error);
	}
	/* through a symbolic link, the file it names is replaced, not the link */
	char *target = realpath(path, NULL);
	output->path = target ? target : g_strdup(path);
	g_autofree char *directory = g_path_get_dirname(output->path);
	if (g_mkdir_with_parents(directory, 0777) != 0) {
		set_errno_error(error, "cannot create its directory");
		return FALSE;
	}
	output->temporary = g_strconcat(output->path, ".XXXXXX", NULL);
	int fd = g_mkstemp(output->temporary);
	if (fd < 0) {
		set_errno_error(error, "cannot create a temporary file beside it");
		g_clear_pointer(&output->temporary, g_free);
		return FALSE;
	}
	fchmod(fd, file_mode); /* mkstemp makes 0600; a CSV is shared like any file */
	output->file = fdopen(fd, "wb");
	return TRUE;
}

void output_wrap(struct output *output, FILE *file)
{
	memset(output, 0, sizeof *output);
	output->file = file;
	output->borrowed = TRUE;
}

gboolean output_write(struct output *output, const char *data, gsize len)
{
	return fwrite(data, 1, len, output->file) == len;
}

gboolean output_commit(struct output *output, GError **error)
{
	gboolean ok = fflush(output->file) == 0 && !ferror(output->file);
	if (!output->borrowed)
		ok = fclose(output->file) == 0 && ok;
	output->file = NULL;
	if (!ok)
		set_errno_error(error, "cannot write");
	else if (output->temporary && g_rename(output->temporary, output->path) != 0) {
		set_errno_error(error, "cannot rename the temporary file into place");
		ok = FALSE;
	}
	if (!ok && output->temporary)
		g_unlink(output->temporary);
	g_free(output->temporary);
	g_free(output->path);
	memset(output, 0, sizeof *output);
	return ok;
}

void output_abort(struct output *output)
{
	if (output->file && !output->borrowed)
		fclose(output->file);
	if (output->temporary)
		g_unlink(output->temporary);
	g_free(output->temporary);
	g_free(output->path);
	memset(output, 0, sizeof *output);
}

gboolean output_is_directory(const char *dst)
{
	return strcmp(dst, "-") != 0 && (g_str_has_suffix(dst, "/") || g_file_test(dst, G_FILE_TEST_IS_DIR));
}

char *output_path(const char *dst, const char *src, const char *extension)
{
	if (!output_is_directory(dst))
		return g_strdup(dst);
	g_autofree char *stem = strcmp(src, "-") == 0 ? g_strdup("stdin") : g_path_get_basename(src);
	static const char *const endings[] = { ".gz", ".json", ".pt.trace" };
	for (gsize i = 0; i < G_N_ELEMENTS(endings); i++)
		if (g_str_has_suffix(stem, endings[i]) && strlen(stem) > strlen(endings[i]))
			stem[strlen(stem) - strlen(endings[i])] = 0;
	g_autofree char *file = g_strconcat(stem, extension, NULL);
	return g_build_filename(dst, file, NULL);
}
