#include "views/perf/perf_options.h"
#include "views/nodes/columns.h"
#include "views/summaries/summary.h"
#include "sinks/sink_html.h"

/* VALUE of OPTION, a positive decimal number: *FIGURE, in millionths. */
static gboolean figure_option(const char *option, const char *value, guint64 *figure, GError **error)
{
	GError *bad = NULL;
	if (peaks_decimal(value, option, figure, &bad))
		return TRUE;
	g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, bad->message);
	g_error_free(bad);
	return FALSE;
}

static gboolean flops_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	return figure_option("--peak-flops", value, &options->peak_flops, error);
}

static gboolean bandwidth_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	return figure_option("--peak-bandwidth", value, &options->peak_bandwidth, error);
}

static void entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "peaks", 0, 0, G_OPTION_ARG_FILENAME, &options->peaks_file, "Device peaks for roofline(ms), roofline % and bound: a table (tab-separated; see profile_parser(1)) in place of the shipped one", "FILE" },
		{ "peak-flops", 0, 0, G_OPTION_ARG_CALLBACK, flops_option, "Peak TFLOP/s of every device and precision, in place of the table's", "TFLOPS" },
		{ "peak-bandwidth", 0, 0, G_OPTION_ARG_CALLBACK, bandwidth_option, "Peak memory bandwidth (TB/s) of every device, in place of the table's", "TBPS" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

static gboolean check(struct options *options, GError **error)
{
	if (options->peaks_file && !*options->peaks_file)
		return options_usage(error, "--peaks '' names no file");
	return TRUE;
}

const struct view_options perf_view_options = { .name = "perf", .entries = entries, .check = check };

struct peaks *perf_peaks_load(const struct options *options, GError **error)
{
	g_autofree char *shipped = options->peaks_file ? NULL : peaks_default_file();
	struct peaks *peaks = peaks_load(options->peaks_file ? options->peaks_file : shipped, error);
	if (peaks) {
		peaks->flops_override = options->peak_flops;
		peaks->bandwidth_override = options->peak_bandwidth;
	}
	return peaks;
}

gboolean perf_for_page(const struct options *options)
{
	return options->format == &html_sink && !options->summary && !options->compare;
}

gboolean perf_asked(const struct options *options)
{
	return ((columns_flags(options->columns) | columns_flags(options->sort)) & NODE_PERF) ||
	       options->summary == SUMMARY_PERF;
}
