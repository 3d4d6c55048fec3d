/* The summary's options: --summary path|name|step|kernel|perf|collective|timeline|idle and --bins (src/views/summaries/summary.h). */
#ifndef PP_SUMMARY_OPTIONS_H
#define PP_SUMMARY_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options summary_view_options;

/* OPTION's VALUE, a summary's mode (path, name, step, kernel), into
 * options->summary; a usage error names OPTION. */
gboolean summary_mode_parse(const char *value, struct options *options, GError **error);

#endif
