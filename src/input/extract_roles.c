#include "input/extract_roles.h"
#include <string.h>
#include "input/roles.h"

guint extract_roles_by_name(gboolean all_python_functions, guint roles, const char *category, const struct name *name)
{
	/* by name: the extractor's part of the rule, the skimmer never sees names */
	if (!all_python_functions && (roles & ROLE_MONITORED) && strcmp(category, "python_function") == 0 &&
	    !g_str_has_prefix(name->text, "nn.Module"))
		roles &= ~ROLE_MONITORED;
	guint64 number;
	if ((roles & ROLE_HOST) && step_number(name->text, name->len, &number)) /* SPEC 26.1: steps hold everything */
		roles &= ~ROLE_HOST;
	return roles;
}

void extract_keep_roles(struct extracted *out, gboolean launch_kernels, const struct event *event, guint roles,
			const struct event_extra *extra, const char *kernel)
{
	if (roles & ROLE_MONITORED) {
		struct event node = *event;
		node.extra = extra; /* in place of the correlation */
		g_array_append_val(out->events[OUT_MONITORED], node);
	}
	if (roles & ROLE_LAUNCH) {
		struct event launch = *event;
		if (launch_kernels)
			launch.args = kernel;
		g_array_append_val(out->events[OUT_LAUNCH], launch);
	}
	if (roles & ROLE_DEVICE)
		g_array_append_val(out->events[OUT_DEVICE], *event);
	if (roles & ROLE_HOST) {
		struct host_event host = { event->ts, event->dur, event->name, event->index, event->thread };
		g_array_append_val(out->events[OUT_HOST], host);
	}
}
