/* Extract roles: where an event read goes, by json-c (src/input/extract.c)
 * or by the fast reader (src/input/fastev.c) alike, so that both keep the
 * same events: the part of the rule of src/input/roles.h that needs the
 * event's name (the skimmer never reads names), and the arrays of the
 * extracted events (src/input/extracted.h) each role keeps it in. */
#ifndef PP_EXTRACT_ROLES_H
#define PP_EXTRACT_ROLES_H

#include "input/extracted.h"

/* ROLES without ROLE_MONITORED for a python_function event NAME that is no
 * nn.Module one, unless all python functions are kept (SPEC 2.4); without
 * ROLE_HOST for a ProfilerStep#N (SPEC 26.1: steps hold everything). */
/* ALL_PYTHON_FUNCTIONS: --all-python-functions. */
guint extract_roles_by_name(gboolean all_python_functions, guint roles, const char *category, const struct name *name);
/* EVENT kept in the arrays of its ROLES: a monitored event with EXTRA in
 * place of its correlation, a launch with KERNEL as its args when
 * read_config.launch_kernels, a host event (SPEC 26.1) without its args
 * nor its correlation. */
/* Into OUT; LAUNCH_KERNELS: read_config.launch_kernels. */
void extract_keep_roles(struct extracted *out, gboolean launch_kernels, const struct event *event, guint roles,
			const struct event_extra *extra, const char *kernel);

#endif
