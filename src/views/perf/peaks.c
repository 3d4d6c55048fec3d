#include "views/perf/peaks.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PKGDATADIR
#error "PKGDATADIR (where peaks.tsv is installed) comes from Makefile.am"
#endif

#define DECIMALS 6
#define CELLS 10 /* match, five peaks, bandwidth, host link, interconnect, source */
#define CELLS_OLD 8 /* PEAKS_HEADER_OLD's: no link columns */
#define COLUMNS "match, fp64, fp32, 16-bit, fp8, int8, bandwidth, host link(TB/s), interconnect(TB/s), source"
#define COLUMNS_OLD "match, fp64, fp32, 16-bit, fp8, int8, bandwidth, source" /* for messages */

G_DEFINE_QUARK(profile-parser-peaks-error-quark, peaks_error)

static const char *const kind_names[PEAK_KINDS] = { "fp64", "fp32",      "16-bit",          "fp8",
						    "int8", "bandwidth", "host link(TB/s)", "interconnect(TB/s)" };

const char *peak_kind_name(enum peak_kind kind)
{
	return kind < PEAK_KINDS ? kind_names[kind] : "?";
}

gboolean peaks_decimal(const char *text, const char *what, guint64 *millionths, GError **error)
{
	const char *p = text;
	guint64 value = 0;
	int decimals = -1; /* no point yet */
	gboolean digits = FALSE;
	for (; *p; p++) {
		if (*p == '.' && decimals < 0 && digits) {
			decimals = 0;
			digits = FALSE; /* a digit must follow the point */
			continue;
		}
		if (!g_ascii_isdigit(*p))
			break;
		if (decimals >= 0 && ++decimals > DECIMALS) {
			g_set_error(error, peaks_error_quark(), 0, "%s '%s' has more than %d decimals", what, text,
				    DECIMALS);
			return FALSE;
		}
		if (value > (guint64)(G_MAXINT64 - 9) / 10) {
			g_set_error(error, peaks_error_quark(), 0, "%s '%s' is too large", what, text);
			return FALSE;
		}
		value = value * 10 + (guint64)(*p - '0');
		digits = TRUE;
	}
	if (*p || !digits) {
		g_set_error(error, peaks_error_quark(), 0, "%s '%s' is not a decimal number (digits, then a point and at most %d decimals)",
			    what, text, DECIMALS);
		return FALSE;
	}
	for (int scale = decimals < 0 ? 0 : decimals; scale < DECIMALS; scale++) {
		if (value > (guint64)G_MAXINT64 / 10) {
			g_set_error(error, peaks_error_quark(), 0, "%s '%s' is too large", what, text);
			return FALSE;
		}
		value *= 10;
	}
	if (value == 0) {
		g_set_error(error, peaks_error_quark(), 0, "%s '%s' is not positive", what, text);
		return FALSE;
	}
	*millionths = value;
	return TRUE;
}

static void row_free(gpointer data)
{
	struct peak_row *row = data;
	g_free(row->match);
	g_free(row->source);
	g_free(row);
}

void peaks_free(struct peaks *peaks)
{
	if (!peaks)
		return;
	g_free(peaks->file);
	g_ptr_array_free(peaks->rows, TRUE);
	g_free(peaks);
}

/* LINE (number NUMBER of FILE, no newline), a row of PEAKS of WIDTH cells
 * (CELLS, or CELLS_OLD: its links unknown). */
static gboolean parse_row(struct peaks *peaks, const char *line, guint number, guint width, GError **error)
{
	g_auto(GStrv) cells = g_strsplit(line, "\t", -1);
	guint count = g_strv_length(cells);
	if (count != width) {
		g_autofree char *what = !*line ? g_strdup("an empty line") : g_strdup_printf("%u cell%s", count, count == 1 ? "" : "s");
		g_set_error(error, peaks_error_quark(), 0, "%s:%u: %s, not %u tab-separated cells (%s)", peaks->file,
			    number, what, width, width == CELLS ? COLUMNS : COLUMNS_OLD);
		return FALSE;
	}
	if (!*cells[0]) {
		g_set_error(error, peaks_error_quark(), 0, "%s:%u: no device name substring in the match cell", peaks->file,
			    number);
		return FALSE;
	}
	for (guint i = 0; i < peaks->rows->len; i++) {
		const struct peak_row *other = g_ptr_array_index(peaks->rows, i);
		if (strcmp(other->match, cells[0]) == 0) {
			g_set_error(error, peaks_error_quark(), 0, "%s:%u: match '%s' is already the one of line %u",
				    peaks->file, number, cells[0], other->line);
			return FALSE;
		}
	}
	struct peak_row *row = g_new0(struct peak_row, 1);
	for (int kind = 0; kind < (int)width - 2; kind++) { /* the old width: up to the bandwidth */
		const char *cell = cells[1 + kind];
		GError *bad = NULL;
		if (*cell && !peaks_decimal(cell, kind_names[kind], &row->figure[kind], &bad)) {
			g_set_error(error, peaks_error_quark(), 0, "%s:%u: %s", peaks->file, number, bad->message);
			g_error_free(bad);
			row_free(row);
			return FALSE;
		}
	}
	row->match = g_strdup(cells[0]);
	row->source = g_strdup(cells[width - 1]);
	row->line = number;
	g_ptr_array_add(peaks->rows, row);
	return TRUE;
}

struct peaks *peaks_parse(const char *text, gsize length, const char *file, GError **error)
{
	g_autoptr(Peaks) peaks = g_new0(struct peaks, 1);
	peaks->file = g_strdup(file);
	peaks->rows = g_ptr_array_new_with_free_func(row_free);
	const char *end;
	if (!g_utf8_validate(text, (gssize)length, &end)) {
		g_set_error(error, peaks_error_quark(), 0, "%s: not UTF-8 (at byte %zu)", file, (size_t)(end - text));
		return NULL;
	}
	guint width = 0; /* of the header: none yet */
	guint number = 0;
	for (const char *line = text; line < text + length; number++) {
		const char *newline = memchr(line, '\n', (size_t)(text + length - line));
		const char *stop = newline ? newline : text + length;
		g_autofree char *content = g_strndup(line, (gsize)(stop - line));
		gsize size = strlen(content);
		if (size != (gsize)(stop - line)) {
			g_set_error(error, peaks_error_quark(), 0, "%s:%u: a NUL byte", file, number + 1);
			return NULL;
		}
		if (size && content[size - 1] == '\r') /* a file saved with CRLF */
			content[size - 1] = '\0';
		line = newline ? newline + 1 : stop;
		if (content[0] == '#')
			continue;
		if (!width) {
			width = strcmp(content, PEAKS_HEADER) == 0 ? CELLS : strcmp(content, PEAKS_HEADER_OLD) == 0 ? CELLS_OLD : 0;
			if (!width) {
				g_set_error(error, peaks_error_quark(), 0,
					    "%s:%u: not the header of a peaks table (tab-separated: %s; or, without "
					    "the links, %s)", file, number + 1, COLUMNS, COLUMNS_OLD);
				return NULL;
			}
			continue;
		}
		if (!parse_row(peaks, content, number + 1, width, error))
			return NULL;
	}
	if (!width) {
		g_set_error(error, peaks_error_quark(), 0, "%s: no header (tab-separated: %s)", file, COLUMNS);
		return NULL;
	}
	return g_steal_pointer(&peaks);
}

struct peaks *peaks_load(const char *file, GError **error)
{
	FILE *in = fopen(file, "rb");
	g_autoptr(GString) text = g_string_new(NULL);
	char buffer[16384];
	size_t n;
	while (in && (n = fread(buffer, 1, sizeof buffer, in)) > 0)
		g_string_append_len(text, buffer, (gssize)n);
	if (!in || ferror(in)) { /* a directory reads as EISDIR */
		int saved = errno;
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s: %s", file, g_strerror(saved));
		if (in)
			fclose(in);
		return NULL;
	}
	fclose(in);
	return peaks_parse(text->str, text->len, file, error);
}

char *peaks_locate(const char *exe_dir)
{
	if (exe_dir) {
		g_autofree char *built = g_build_filename(exe_dir, "data", PEAKS_FILE_NAME, NULL);
		if (g_file_test(built, G_FILE_TEST_IS_REGULAR))
			return g_steal_pointer(&built);
	}
	return g_build_filename(PKGDATADIR, PEAKS_FILE_NAME, NULL);
}

char *peaks_default_file(void)
{
	g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
	g_autofree char *dir = exe ? g_path_get_dirname(exe) : NULL;
	return peaks_locate(dir);
}

/* Whether ROW gives some figure: a row of empty cells says nothing. */
static gboolean row_filled(const struct peak_row *row)
{
	for (int kind = 0; kind < PEAK_KINDS; kind++)
		if (row->figure[kind] != PEAK_UNKNOWN)
			return TRUE;
	return FALSE;
}

const struct peak_row *peaks_find(const struct peaks *peaks, const char *device)
{
	const struct peak_row *best = NULL;
	size_t best_length = 0;
	for (guint i = 0; device && i < peaks->rows->len; i++) {
		const struct peak_row *row = g_ptr_array_index(peaks->rows, i);
		size_t length = strlen(row->match);
		if (length > best_length && row_filled(row) && strstr(device, row->match))
			best = row, best_length = length;
	}
	return best;
}

guint64 peaks_figure(const struct peaks *peaks, const struct peak_row *row, enum peak_kind kind)
{
	guint64 override = kind == PEAK_BANDWIDTH ? peaks->bandwidth_override
			   : kind < PEAK_BANDWIDTH ? peaks->flops_override
						   : PEAK_UNKNOWN; /* the links: the table's alone */
	if (override != PEAK_UNKNOWN)
		return override;
	return row && kind < PEAK_KINDS ? row->figure[kind] : PEAK_UNKNOWN;
}
