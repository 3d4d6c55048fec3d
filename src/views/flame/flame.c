#include "views/flame/flame.h"
#include "sinks/flame_svg.h"

gboolean flame_format(const struct sink_class *format)
{
	return format == &folded_sink || format == &svg_sink;
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
