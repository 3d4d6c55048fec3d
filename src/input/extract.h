/* Extract: one parsed event (json-c objects) into the compact events of
 * trace.h. Each of the reader's workers runs an extractor of its own, with
 * its own names and text; what a batch of events became is merged into the
 * trace in document order by the reader. */
#ifndef PP_EXTRACT_H
#define PP_EXTRACT_H

#include <json-c/json.h>
#include "input/roles.h"
#include "util/json_text.h"
#include "model/trace.h"
#include "input/extracted.h"

struct extractor {
	GHashTable *roles; /* canonical category -> enum event_role bits; shared, read-only */
	gboolean all_python_functions;
	gboolean steps; /* keep ProfilerStep#N events (src/input/roles.h) */
	GPtrArray *extras; /* struct event_extra *, owned; NULL: none are kept */
	gboolean (*extras_wanted)(const char *name, gsize len); /* read_config.extras_wanted */
	gboolean json_values; /* args, shapes and types kept as JSON rather than Python literals */
	gboolean launch_kernels; /* a launch event's args: its args.kernel's text (read_config.launch_kernels) */
	gboolean drop_args; /* no args kept, their invalid UTF-8 counted (read_config.drop_args) */
	gboolean keep_comms_args; /* but those of device events and record_param_comms ops (read_config) */
	struct names *names;
	GStringChunk *text;
	GString *literal;
	struct extracted *out;
	/* the fast reader's last category kept (canonical, shorter than 64
	 * bytes) and its id: a run of events of one category costs no lookup */
	char last_category[64];
	guint16 last_category_id;
	gboolean has_last_category;
};


/* An event that serves a role (src/input/roles.c) becomes compact events, B and E
 * events wait in out->begin_end, others are ignored; anything but an object
 * is skipped and counted. */
void extract_event(struct extractor *x, json_object *event, gint64 index);
/* A node of an Execution Trace (schema 1.0.1, or a chakra one with attrs). */
void extract_et_node(struct extractor *x, json_object *node, gint64 index);
/* The complete event of BEGIN (an X, or a B closed by END) with ARGS. */
void extract_complete(struct extractor *x, json_object *begin, json_object *end, json_object *args, gint64 index);

/* Whether an event of ROLES named NAME (LEN bytes) keeps its args (drop_args, keep_comms_args). */
gboolean extract_keep_args(const struct extractor *x, guint roles, const char *name, gsize len);
/* SPEC 11.3: a device event's args.device, when it is an integer (KIND 1: not
 * negative, as integer_arg() and the fast reader say) from 0 to 65535; else no device. */
static inline void extract_set_device(struct event *event, guint8 kind, gint64 device)
{
	if (kind == 1 && (guint64)device <= G_MAXUINT16)
		event->has_device = TRUE, event->device = (guint16)device;
}
/* Whether the monitored EVENT keeps its extras (Input Dims and the others):
 * read_config.event_extras, and extras_wanted when set. */
static inline gboolean extract_extras_wanted(const struct extractor *x, const struct event *event)
{
	return x->extras && (!x->extras_wanted || x->extras_wanted(event->name->text, event->name->len));
}

#endif
