/* Read config: what the reader is asked to keep of a trace, and how reading
 * fails (READ_ERROR, with the byte offset in the message); shared by the
 * document scanner (src/input/read.c) and the batches' workers
 * (src/input/batch.c), with the one json-c configuration they both parse with. */
#ifndef PP_READ_CONFIG_H
#define PP_READ_CONFIG_H

#include <glib.h>
#include <json-c/json.h>

#define READ_ERROR (read_error_quark())
GQuark read_error_quark(void);

enum read_error_code {
	READ_ERROR_IO,       /* the file or stream could not be read */
	READ_ERROR_SYNTAX,   /* not JSON */
	READ_ERROR_NOT_TRACE, /* JSON, but not a trace */
};

struct read_config {
	char **monitor_cats; /* category lists as given; aliases are resolved by src/input/roles.c */
	char **host_cats;
	char **device_cats;
	gboolean all_python_functions;
	gboolean module_class; /* --module-class: nn.Module: NAME_N events named nn.Module: NAME (src/input/module_class.h) */
	guint threads; /* workers parsing events; 0: one per processor */
	gboolean event_extras; /* keep struct event_extra of monitored events (dataset export, --et) */
	/* with event_extras, when not NULL: keep them only for the monitored
	 * events whose name it accepts (the perf models read only their ops') */
	gboolean (*extras_wanted)(const char *name, gsize len);
	gboolean execution_trace; /* read a PyTorch Execution Trace: its nodes, into trace.et_nodes */
	gboolean memory; /* read [memory] instant events (cpu_instant_event), into trace.memory */
	gboolean steps;  /* read ProfilerStep#N events (SPEC 11.2), into trace.steps */
	/* read the host events of every category (SPEC 26.1), into trace.host:
	 * the categories not named by the lists become host events
	 * (src/input/roles.h, roles_add_host) */
	gboolean host_events;
	gboolean sync;   /* read cuda_sync events (SPEC 24), into trace.syncs: the critical path's (SPEC 30) */
	gboolean json_values; /* keep args, shapes and types as JSON text (for --format jsonl) */
	gboolean launch_kernels; /* a launch event's args: the text of its args.kernel (SPEC 14.1, capture traces) */
	/* no view of the run reads an event's args (a path or name summary):
	 * none is kept, its invalid UTF-8 still counted (issue 33: 7 MB of a
	 * 41 MB trace's literals) */
	gboolean drop_args;
	/* with drop_args, the args of device events and of record_param_comms
	 * ops are kept all the same: a trace's collectives' 15.2 figures (a
	 * single trace's --summary findings, SPEC 26.5) */
	gboolean keep_comms_args;
	/* Called now and then while a file is read: bytes read (uncompressed), and
	 * the fraction of the file read (-1 when unknown); once more with DONE. */
	void (*progress)(const char *path, gint64 bytes, double fraction, gboolean done);
};

/* The reader's json-c, for the workers and the document scanner alike:
 * strict JSON, 128 levels in a value, ending where the next separator begins. */
#define READ_TOKENER_DEPTH 129 /* 128 levels in an event, within the group's array */
/* strict JSON, but a value ends where the document's next separator begins */
#define READ_TOKENER_FLAGS (JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS)
json_tokener *read_tokener_new(void);
/* The reader's errors: "WHAT at byte OFFSET", in ERROR; returns FALSE. */
gboolean read_fail(GError **error, int code, gint64 offset, const char *what);

#endif
