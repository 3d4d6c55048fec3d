#include "views/table/form_options.h"
#include <glib/gstdio.h>
#include <string.h>
#include "output/output_names.h"
#include "sinks/formats.h"

static gboolean format_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	options->format = sink_class_find(value);
	if (!options->format) {
		g_autofree char *formats = sink_formats();
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--format wants %s, not '%s'", formats, value);
		return FALSE;
	}
	return TRUE;
}

/* The format a name's extension (".jsonl") stands for, or NULL. */
static const struct sink_class *format_of_extension(const char *extension)
{
	const struct sink_class *format = extension ? sink_class_find(extension + 1) : NULL;
	return format && strcmp(format->extension, extension) == 0 ? format : NULL;
}

/* Whether --compress may write to DST without a name ending in .gz: standard
 * output, DIR/ (STEM.EXT.gz) and files that are not regular (FIFOs) have no
 * name to contradict. */
static gboolean may_compress_unnamed(const char *dst)
{
	GStatBuf status;
	return strcmp(dst, "-") == 0 || output_is_directory(dst) ||
	       (g_stat(dst, &status) == 0 && !S_ISREG(status.st_mode));
}

/* The output's form follows the name of -d (x.jsonl, x.csv.gz) unless
 * --format says otherwise; decided here, since the reader must know it. A
 * name that contradicts --format or --compress is a usage error. */
static gboolean settle(struct options *options, GError **error)
{
	gboolean gzip = FALSE;
	g_autofree char *extension = output_is_directory(options->dst) ? NULL : output_name_extension(options->dst, &gzip);
	const struct sink_class *named = format_of_extension(extension);
	if (named && options->format && named != options->format) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "-d %s names a %s file, but --format is %s", options->dst, named->format, options->format->format);
		return FALSE;
	}
	if (options->compress && !gzip && !may_compress_unnamed(options->dst)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--compress writes gzip: name the output %s.gz, or write to - or DIR/", options->dst);
		return FALSE;
	}
	if (!options->format)
		options->format = named ? named : &csv_sink;
	options->compress = options->compress || gzip;
	return TRUE;
}

static void format_entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "format", 0, 0, G_OPTION_ARG_CALLBACK, format_option, "csv; jsonl: one JSON object per row; table: aligned for reading; folded: stacks; svg: a flame graph; html: a page for a browser [by the name of -d, else csv]", "FORMAT" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static void compress_entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "compress", 0, 0, G_OPTION_ARG_NONE, &options->compress, "Write gzip (for -d - and DIR/; a name ending in .gz needs none)", NULL },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

/* The form is settled with --format: --compress is part of it. */
const struct view_options format_view_options = { .name = "format", .entries = format_entries, .settle = settle };
const struct view_options compress_view_options = { .name = "compress", .entries = compress_entries };
