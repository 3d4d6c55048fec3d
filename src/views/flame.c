#include "views/flame.h"
#include "sinks/flame_svg.h"

gboolean flame_format(const struct sink_class *format)
{
	return format == &folded_sink || format == &svg_sink;
}

gboolean flame_weight_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	options->weight_given = TRUE;
	return flame_weight_parse(value, &options->weight, error);
}

gboolean flame_options_check(const struct options *options, GError **error)
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

gboolean flame_write(struct output *out, const struct forest *forest, const struct attribution *attribution,
		     const struct options *options, const char *src, guint64 *stacks)
{
	g_autoptr(FlameTree) tree = flame_tree_build(forest, attribution, options->weight, options->max_depth,
						     options->communication);
	*stacks = tree->stacks->len;
	if (options->format == &folded_sink)
		return folded_write(out, tree);
	guint64 frames;
	g_autofree char *base = g_strcmp0(src, "-") == 0 ? g_strdup("standard input") : g_path_get_basename(src);
	return flame_svg_write(out, tree, base, &frames);
}
