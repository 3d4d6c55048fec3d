/* Device peaks (SPEC 15.1): the table of each device's peak FLOP/s per
 * precision and memory bandwidth, shipped as data/peaks.tsv and installed
 * as $(pkgdatadir)/peaks.tsv, or given by --peaks FILE.
 *
 * The file is tab-separated UTF-8: '#' lines are comments, the first other
 * line is the header (PEAKS_HEADER), each further line a row of ten cells:
 * a name substring, five peaks in TFLOP/s (fp64, fp32, 16-bit, fp8, int8),
 * the memory bandwidth, the host link and the interconnect in TB/s (per
 * direction: PCIe or NVLink-C2C to the host, NVLink or xGMI to the peers,
 * SPEC 26.4, 26.5) and the source. A table with the header of Part III
 * (PEAKS_HEADER_OLD: no link columns, rows of eight cells) still loads,
 * its links unknown. Parsing is strict: a wrong header, a row of another
 * width than its header's, an empty or repeated substring, a cell that is
 * not a positive decimal number (digits, then at most six decimals after a
 * point) stop it with FILE:LINE. An empty cell is unknown.
 *
 * Figures are exact integers in millionths of the table's units: MFLOP/s
 * (10^6 FLOP/s) and MB/s (10^6 bytes/s); "989.4" TFLOP/s is 989400000.
 * The decimal text is read digit by digit, never through a double.
 *
 * A device's row is the one whose substring is the longest found in the
 * device's name (the first of the file among equally long ones), of the
 * rows that give at least one figure: a row of empty cells matches no
 * device, so that it never hides a shorter, filled one. The
 * overrides (--peak-flops, --peak-bandwidth) replace the compute or the
 * memory bandwidth figure of every device, known or not, and every
 * precision; neither touches the links. */
#ifndef PP_PEAKS_H
#define PP_PEAKS_H

#include <glib.h>

#define PEAKS_HEADER \
	"match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\thost link(TB/s)\tinterconnect(TB/s)\tsource"
#define PEAKS_HEADER_OLD "match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\tsource"
#define PEAKS_FILE_NAME "peaks.tsv"

enum peak_kind {
	PEAK_FP64,
	PEAK_FP32,
	PEAK_16BIT,
	PEAK_FP8,
	PEAK_INT8,
	PEAK_BANDWIDTH,
	PEAK_HOST_LINK,    /* host <-> device, per direction (SPEC 26.4) */
	PEAK_INTERCONNECT, /* device <-> peer device, per direction (SPEC 26.5) */
	PEAK_KINDS
};

/* The unknown figure (every figure of a table is positive). */
#define PEAK_UNKNOWN 0

struct peak_row {
	char *match;
	guint64 figure[PEAK_KINDS]; /* MFLOP/s (MOP/s for int8), MB/s; PEAK_UNKNOWN */
	char *source;
	guint line; /* in its file */
};

struct peaks {
	char *file;  /* where it was read from */
	GPtrArray *rows; /* struct peak_row *, in the file's order */
	guint64 flops_override;     /* MFLOP/s, or PEAK_UNKNOWN: none */
	guint64 bandwidth_override; /* MB/s, or PEAK_UNKNOWN: none */
};

/* The header's name of KIND ("fp64", ..., "bandwidth", "host link(TB/s)",
 * "interconnect(TB/s)"). */
const char *peak_kind_name(enum peak_kind kind);

/* TEXT, a positive decimal number of at most six decimals ("989.4", "2",
 * "0.5"), in millionths: *MILLIONTHS. FALSE otherwise (a sign, an exponent,
 * spaces, a bare point, zero, too many decimals, too large), with ERROR
 * saying why, about WHAT ("fp64", "--peak-flops"). */
gboolean peaks_decimal(const char *text, const char *what, guint64 *millionths, GError **error);

/* The table of TEXT (LENGTH bytes), read from FILE (for messages); NULL with
 * ERROR "FILE:LINE: ..." when it is not one. */
struct peaks *peaks_parse(const char *text, gsize length, const char *file, GError **error);

/* The table of FILE; NULL with ERROR when it cannot be read ("FILE:
 * REASON") or is not one ("FILE:LINE: ..."): the message names FILE. */
struct peaks *peaks_load(const char *file, GError **error);

void peaks_free(struct peaks *peaks);
typedef struct peaks Peaks;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Peaks, peaks_free)

/* Where the shipped table is, for a program in EXE_DIR (NULL: unknown):
 * EXE_DIR/data/peaks.tsv when that exists (the build tree: make copies the
 * table there in a build outside the source tree), else
 * $(pkgdatadir)/peaks.tsv. Newly allocated. */
char *peaks_locate(const char *exe_dir);

/* peaks_locate for this program (the folder of /proc/self/exe). */
char *peaks_default_file(void);

/* The row of DEVICE: the longest substring of its name among the rows
 * with a figure; NULL when none. */
const struct peak_row *peaks_find(const struct peaks *peaks, const char *device);

/* ROW's figure of KIND (ROW may be NULL: an unknown device), the overrides
 * applied; PEAK_UNKNOWN when unknown. */
guint64 peaks_figure(const struct peaks *peaks, const struct peak_row *row, enum peak_kind kind);

#endif
