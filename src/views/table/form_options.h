/* The output's form: --format and --compress, and what the name of -d says
 * (x.jsonl, x.csv.gz). Settled first of the views: the others read the
 * format. */
#ifndef PP_FORM_OPTIONS_H
#define PP_FORM_OPTIONS_H

#include "views/table/settings.h"

extern const struct view_options format_view_options;   /* --format; settles the form */
extern const struct view_options compress_view_options; /* --compress */

#endif
