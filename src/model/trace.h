/* The compact form of a trace: what the reader keeps of each event that
 * matters, and the tables its events point into. */
#ifndef PP_TRACE_H
#define PP_TRACE_H

#include <glib.h>
#include "model/names.h"
#include "model/threads.h"

/* What an event is for; a category may serve several roles at once. */
enum event_role {
	ROLE_MONITORED = 1 << 0,
	ROLE_LAUNCH = 1 << 1,
	ROLE_DEVICE = 1 << 2,
	ROLE_MEMORY = 1 << 3, /* [memory] instant events, read when asked for */
	ROLE_HOST = 1 << 4,   /* host events of every category, for the causes of host wait (SPEC 26.1), read when asked for */
	ROLE_SYNC = 1 << 5,   /* cuda_sync events (SPEC 24, 30), read when asked for */
};

/* A [memory] instant event: an allocation (bytes > 0) or a free (< 0); or
 * an [OutOfMemory] instant (SPEC 24), counted on its memory device only. */
struct memory_event {
	gint64 ts;
	gint64 index;
	gint64 bytes;
	gint64 total_allocated; /* Total Allocated (bytes after the event), when has_total */
	gint64 total_reserved;  /* Total Reserved (bytes after the event), when has_reserved */
	gint64 device_id;       /* Device Id (0 when absent) */
	gint64 device_type;     /* Device Type (0 when absent) */
	guint32 thread;
	gboolean device;        /* Device Type other than 0 */
	guint8 accelerator;     /* Device Type there and not 0: a memory device of SPEC 21 other than the host */
	guint8 has_total;       /* Total Allocated there, a number */
	guint8 has_reserved;    /* Total Reserved there, a number */
	guint8 has_type;        /* Device Type there: a memory event of SPEC 21 (without it, only 8.7's sums count it) */
	guint8 out_of_memory;   /* an [OutOfMemory] instant: in no sum and on no curve */
};

/* A cuda_sync event (SPEC 24): what a synchronizing runtime call waited
 * for, read only for the critical path (SPEC 30, read_config.sync). Its
 * args.correlation is the runtime call's; -1 stands for a member absent. */
enum sync_kind {
	SYNC_OTHER,
	SYNC_STREAM,      /* "Stream Sync": args.stream */
	SYNC_CONTEXT,     /* "Context Sync": args.device */
	SYNC_EVENT,       /* "Event Sync": the event recorded on wait_on_stream */
	SYNC_STREAM_WAIT, /* "Stream Wait Event": stream waits for the event recorded on wait_on_stream */
};

struct sync_event {
	gint64 ts, dur;
	gint64 correlation;        /* args.correlation (has_correlation) */
	gint64 stream;             /* args.stream */
	gint64 wait_stream;        /* args.wait_on_stream */
	gint64 record_correlation; /* args.wait_on_cuda_event_record_corr_id */
	gint64 device;             /* args.device */
	guint32 index;
	guint8 kind;               /* enum sync_kind, by the event's name */
	guint8 has_correlation;
};

/* What dataset export and the performance models (src/views/perf/perf_model.h)
 * need of a monitored event's args, kept only when asked. The literals are
 * JSON text instead with read_config.json_values (--format jsonl). */
struct event_extra {
	const char *input_dims; /* Python literal of "Input Dims" (or "Input dims"); NULL when absent */
	const char *input_type; /* Python literal of "Input type"; NULL when absent */
	const char *concrete_inputs; /* Python literal of "Concrete Inputs"; NULL when absent */
	gboolean shapes_empty;  /* Input Dims missing, empty, or only empty lists */
	gint64 join_id;         /* "Record function id" (else "External id"), for --et */
	gboolean has_join_id;
};

/* A node of a PyTorch Execution Trace, with what the join writes of it. */
struct et_node {
	gint64 id;
	gint64 rf_id; /* 0: joins nothing */
	const struct name *name;
	const char *op_schema;     /* plain text; NULL when absent */
	const char *input_shapes;  /* Python literals; NULL when absent */
	const char *input_types;
	const char *output_shapes;
	const char *output_types;
};

struct event {
	gint64 ts;  /* nanoseconds */
	gint64 dur; /* nanoseconds, never negative */
	union {
		gint64 correlation; /* launch and device events: the bits of a guint64, or of a negative gint64 */
		const struct event_extra *extra; /* monitored events: NULL unless asked for */
	};
	const struct name *name;
	/* Monitored and device events: a Python literal (JSON text with
	 * read_config.json_values); NULL when the event has no args. Launch
	 * events: NULL, but with read_config.launch_kernels the plain text of
	 * args.kernel when that is a JSON string (up to a NUL in it, invalid
	 * UTF-8 replaced as in names), else NULL (SPEC 14.1). */
	const char *args;
	guint32 index;     /* position in the trace's event array (the reader refuses more than TRACE_EVENTS_MAX) */
	guint32 thread;    /* index into trace.threads */
	guint16 category;  /* category_name()'s id, after aliasing; CATEGORY_NONE for steps */
	guint8 has_correlation; /* 0: none; 1: not negative; 2: negative (-1 is not 2^64 - 1) */
	guint8 has_device; /* device events: args.device is an integer from 0 to 65535 */
	guint16 device;    /* that integer, when has_device */
};

/* 56 bytes: a GB trace keeps millions of these (SPEC 7's peak memory). */
#if GLIB_SIZEOF_VOID_P == 8
G_STATIC_ASSERT(sizeof(struct event) == 56);
#endif

/* A host event of SPEC 26.1 as the causes read it (src/attribution/causes.h):
 * no category, args or correlation, 32 bytes in place of 56 (a trace of
 * python_function events keeps one for each). */
struct host_event {
	gint64 ts, dur;
	const struct name *name;
	guint32 index, thread; /* as struct event's */
};

/* The most elements an event array may have: positions fit 31 bits, which
 * the forest's records need (src/model/build.h). A trace that long would be over
 * 6 GB of empty objects; real ones of a million events are about 500 MB. */
#define TRACE_EVENTS_MAX 0x7ffffffeu

static inline gint64 event_end(const struct event *e)
{
	return e->ts + e->dur;
}

/* An entry of the trace's deviceProperties, as far as it is described: each
 * member as the trace has it, NULL (or has_memory FALSE) when it is absent. */
struct device_info {
	char *id;   /* the member's text: a number as written */
	char *name;
	char *compute_major;
	char *compute_minor;
	char *num_sms;
	double total_global_mem; /* bytes */
	gboolean has_memory;     /* totalGlobalMem is there */
};

/* Why events were dropped; the first of each kind is remembered for the warning. */
enum skip_reason {
	SKIP_NO_TS,
	SKIP_BAD_TS,
	SKIP_NO_DUR,
	SKIP_BAD_DUR,
	SKIP_NEGATIVE_DUR,
	SKIP_UNMATCHED_B,
	SKIP_UNMATCHED_E,
	SKIP_NOT_OBJECT,
	SKIP_REASONS
};

/* The members of a [memory] (or [OutOfMemory]) event read as integers
 * (SPEC 21, read as SPEC 24 reads integers): an event whose member is there
 * but is no integer of its range (a fraction, an exponent, NaN, true, a
 * string; past 64 bits; a negative total) is skipped, counted by the first
 * such member, never clamped. */
enum memory_field {
	MEMORY_BYTES,           /* any integer of 64 bits */
	MEMORY_TOTAL_ALLOCATED, /* 0 to 2^63 - 1 */
	MEMORY_TOTAL_RESERVED,  /* 0 to 2^63 - 1 */
	MEMORY_DEVICE_TYPE,     /* any integer of 64 bits */
	MEMORY_DEVICE_ID,       /* any integer of 64 bits */
	MEMORY_FIELDS
};

struct read_stats {
	gint64 events; /* elements of the event array */
	gint64 skipped[SKIP_REASONS];
	gint64 first_skipped_index; /* -1 when none */
	enum skip_reason first_skipped_reason;
	gint64 invalid_utf8; /* strings in which bytes were replaced by U+FFFD */
	gint64 bytes; /* uncompressed bytes read */
	gint64 legacy; /* X and B events of no cat whose pid is "CPU functions" (PyTorch's legacy format) */
	gint64 memory_skipped[MEMORY_FIELDS]; /* memory events skipped for that member */
	gint64 memory_first[MEMORY_FIELDS];   /* the first such event's index + 1; 0: none */
	gint64 memory_sum_skipped, memory_sum_first; /* whose Bytes would take the bytes' sum past 2^63 - 1 */
};

struct trace {
	GArray *monitored; /* struct event */
	GArray *launches;  /* struct event */
	GArray *device;    /* struct event */
	GArray *et_nodes;  /* struct et_node: an Execution Trace's, read with read_config.execution_trace */
	GArray *memory;    /* struct memory_event, read with read_config.memory */
	GArray *steps;     /* struct event: ProfilerStep#N events, read with read_config.steps */
	/* struct host_event: with read_config.host_events, the host events of SPEC
	 * 26.1 (X events and B/E pairs of every category but the launch and
	 * device ones, gpu_user_annotation, cuda_sync and cuda_event; every
	 * python_function; no ProfilerStep#N), in document order; monitored
	 * events of those categories are in both arrays */
	GArray *host;
	GArray *syncs;     /* struct sync_event: cuda_sync events, read with read_config.sync */
	struct threads *threads; /* indexed by event.thread */
	struct names *names;
	GStringChunk *text; /* args literals */
	GPtrArray *worker_names; /* struct names *: the tables the reader's workers interned into */
	GPtrArray *worker_text;  /* GStringChunk *: the literals they printed */
	GPtrArray *extras;       /* GPtrArray * of struct event_extra *, from each extractor */
	GArray *devices;    /* struct device_info, one per object of deviceProperties */
	char *rank;         /* distributedInfo.rank, or NULL */
	char *world_size;   /* distributedInfo.world_size, or NULL */
	/* char *: "NAME: VALUE" of each top-level member whose name ends in
	 * "version" (any case) and whose value is a string or a number
	 * (schemaVersion, cuda_runtime_version...), in the trace's order */
	GPtrArray *versions;
	GHashTable *categories; /* canonical category -> guint64 *: how many X and B events have it */
	struct read_stats stats;
};

/* Canonical category -> guint64 *, both owned: trace.categories. */
GHashTable *category_table_new(void);
struct trace *trace_new(void);
void trace_free(struct trace *trace);
const char *skip_reason_text(enum skip_reason reason);
/* The member's name ("Total Allocated") and the integers it takes, for the warning. */
const char *memory_field_name(enum memory_field field);
const char *memory_field_range(enum memory_field field);
gint64 read_stats_skipped(const struct read_stats *stats);
/* Whether TRACE is in PyTorch's legacy format (what it writes without
 * Kineto: "CPU functions" events of no cat, args empty), which keeps no
 * shapes, memory events or ids: some event is of that form and every X and
 * B event with a category took it from that form (trace.categories counts
 * them all, the legacy ones as cpu_op). */
gboolean trace_legacy(const struct trace *trace);
/* Adds FROM's counts to INTO; the first skipped event is the one of lower index. */
void read_stats_add(struct read_stats *into, const struct read_stats *from);

typedef struct trace Trace;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Trace, trace_free)

#endif
