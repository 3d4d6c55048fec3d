/* Skim: one element of the event array checked for well-formed JSON without
 * building it, and judged by its "ph" and "cat" members: an event that cannot
 * matter (metadata, flows, instants, categories in no list) costs a pass over
 * its bytes instead of json-c's objects. Every event that may matter is left
 * to json-c, which checks it: skimming stops as soon as its leading members
 * show it is needed. The grammar is json-c's strict one as configured by the reader
 * (raw control characters in strings, NaN and Infinity are accepted). */
#ifndef PP_SKIM_H
#define PP_SKIM_H

#include <glib.h>
#include "input/roles.h"

#define SKIM_DEPTH 128

enum skim_verdict {
	SKIM_NEEDED,     /* json-c must parse it */
	SKIM_IGNORED,    /* well-formed, and no role could take it */
	SKIM_NOT_OBJECT, /* well-formed, but not an object */
	SKIM_INVALID,    /* not JSON: *error_pos and *error_what say where and why */
};

/* ROLES maps canonical categories to their roles, as roles_new() makes it; the
 * verdict follows event_roles() (src/input/roles.h). */
enum skim_verdict skim_event(const char *text, gsize len, GHashTable *roles, gsize *error_pos,
			     const char **error_what);

/* As skim_event, and an X event it sets aside is counted in COUNTS by its
 * category (the extractor counts the events it parses). With STEPS, an X
 * event that may be a step (src/input/roles.h) is needed whatever its category. */
enum skim_verdict skim_event_counted(const char *text, gsize len, GHashTable *roles, gboolean steps,
				     gsize *error_pos, const char **error_what, struct category_counts *counts);

#endif
