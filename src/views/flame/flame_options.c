#include "views/flame/flame_options.h"
#include "views/flame/flame.h"

static gboolean weight_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	options->weight_given = TRUE;
	return flame_weight_parse(value, &options->weight, error);
}

static void entries(struct options *options, GArray *entries)
{
	(void)options;
	const GOptionEntry own[] = {
		{ "weight", 0, 0, G_OPTION_ARG_CALLBACK, weight_option, "What folded and svg weigh: device (time), launch (time) or host (self time) [device]", "WEIGHT" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

/* Once the output's format is known (src/views/table/form_options.h). */
static gboolean settle(struct options *options, GError **error)
{
	if (options->weight_given && !flame_format(options->format)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--weight is for --format folded and svg, not %s", options->format->format);
		return FALSE;
	}
	if (options->summary && flame_format(options->format)) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
			    "--summary writes a table, not --format %s (which draws every node)", options->format->format);
		return FALSE;
	}
	return TRUE;
}

const struct view_options flame_view_options = { .name = "flame", .entries = entries, .settle = settle };
