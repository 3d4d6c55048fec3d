/* Flame: the folded and SVG formats (SPEC 12) in the pipeline. They are
 * not row by row: the whole forest goes into one tree of stacks
 * (src/sinks/folded.h), written as folded lines or drawn (src/sinks/flame_svg.h).
 * Here: which formats they are, and the writing; their options are in
 * src/views/flame/flame_options.h. */
#ifndef PP_FLAME_H
#define PP_FLAME_H

#include "views/table/settings.h"

/* Whether FORMAT is folded or svg. */
gboolean flame_format(const struct sink_class *format);

/* Writes the stacks of the forest in OPTIONS' format (folded or svg),
 * titled by SRC; *STACKS: the distinct stacks. FALSE when OUT fails. */
gboolean flame_write(struct output *out, const struct forest *forest, const struct attribution *attribution,
		     const struct options *options, const char *src, guint64 *stacks);

#endif
