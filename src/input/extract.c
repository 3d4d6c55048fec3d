#include "input/extract.h"
#include "input/extract_roles.h"
#include "util/pylit.h"
#include "input/roles.h"
#include "util/timefmt.h"
#include "util/fault.h"
#include "util/json_digits.h"
#include <errno.h>
#include <string.h>

#define LEGACY_CPU_PID "CPU functions"

/* The members of an event that matter, found in one pass over its keys. */
struct fields {
	json_object *ph, *cat, *name, *pid, *tid, *ts, *dur, *args;
};

static void gather_fields(json_object *event, struct fields *f)
{
	memset(f, 0, sizeof *f);
	json_object_object_foreach(event, key, value) {
		switch (key[0]) {
		case 'p':
			if (strcmp(key, "ph") == 0)
				f->ph = value;
			else if (strcmp(key, "pid") == 0)
				f->pid = value;
			break;
		case 't':
			if (strcmp(key, "ts") == 0)
				f->ts = value;
			else if (strcmp(key, "tid") == 0)
				f->tid = value;
			break;
		case 'c':
			if (strcmp(key, "cat") == 0)
				f->cat = value;
			break;
		case 'n':
			if (strcmp(key, "name") == 0)
				f->name = value;
			break;
		case 'd':
			if (strcmp(key, "dur") == 0)
				f->dur = value;
			break;
		case 'a':
			if (strcmp(key, "args") == 0)
				f->args = value;
			break;
		}
	}
}

static const struct name *intern_text(struct extractor *x, json_object *value)
{
	char digits[24];
	gsize len;
	const char *text = json_text(value, digits, &len);
	return names_intern(x->names, text, len, &x->out->stats.invalid_utf8);
}

static guint32 thread_of(struct extractor *x, json_object *pid, json_object *tid)
{
	return threads_add_json(x->out->threads, pid, tid, x->names, &x->out->stats.invalid_utf8);
}

enum time_status { TIME_OK, TIME_MISSING, TIME_BAD };

/* A time in microseconds, as a JSON number or a string holding one, into ns.
 * (A JSON null is a json-c NULL, so it reads as missing.) */
static enum time_status time_of(json_object *value, gint64 *ns)
{
	const char *text;
	switch (json_object_get_type(value)) {
	case json_type_null:
		return TIME_MISSING;
	case json_type_int: {
		gint64 us = json_object_get_int64(value);
		if (us >= G_MAXINT64 / 1000 || us <= G_MININT64 / 1000)
			return TIME_BAD; /* also catches json-c's saturation of huge integers */
		*ns = us * 1000;
		return TIME_OK;
	}
	case json_type_double:
		text = json_object_get_userdata(value); /* NULL for NaN and Infinity */
		return text && time_parse_us(text, strlen(text), ns) ? TIME_OK : TIME_BAD;
	case json_type_string:
		return time_parse_us(json_object_get_string(value), json_object_get_string_len(value), ns)
			       ? TIME_OK : TIME_BAD;
	default:
		return TIME_BAD;
	}
}

/* ARGS' member KEY as an integer (a JSON integer, or a string of one) of 64
 * bits, signed or not: 1 when it is not negative (its bits in *NUMBER, up to
 * 2^64 - 1), 2 when it is, 0 when there is none (nor for one past 64 bits). */
static guint8 integer_arg(json_object *args, const char *key, gint64 *number)
{
	json_object *value = json_object_is_type(args, json_type_object) ? json_member(args, key) : NULL;
	if (json_object_is_type(value, json_type_int) && !json_digits(value)) {
		gint64 signed_value = json_object_get_int64(value); /* json-c keeps those above INT64_MAX as uint64 */
		*number = signed_value < 0 ? signed_value : (gint64)json_object_get_uint64(value);
		return signed_value < 0 ? 2 : 1;
	}
	if (json_object_is_type(value, json_type_string)) {
		char *end;
		const char *text = json_object_get_string(value);
		gboolean sign = strchr(text, '-') != NULL;
		errno = 0;
		*number = sign ? g_ascii_strtoll(text, &end, 10) : (gint64)g_ascii_strtoull(text, &end, 10);
		return *text && !*end && errno != ERANGE ? 1 + (sign && *number < 0) : 0;
	}
	return 0;
}

/* An event of PyTorch's legacy format (no Kineto): no cat, pid "CPU functions". */
static gboolean legacy_event(const struct fields *f)
{
	return !f->cat && json_object_is_type(f->pid, json_type_string) &&
	       strcmp(json_object_get_string(f->pid), LEGACY_CPU_PID) == 0;
}

static const char *category_of(const struct fields *f)
{
	if (f->cat)
		return category_canonical(FAULT_CHECK(json_object_get_string(f->cat)));
	return legacy_event(f) ? "cpu_op" : "";
}

/* VALUE (NULL: a JSON null) as the text the output writes of it: a Python
 * literal, or JSON for --format jsonl; always valid UTF-8. */
static const char *value_text(struct extractor *x, json_object *value, gboolean keep)
{
	g_string_truncate(x->literal, 0);
	gsize replaced;
	if (x->json_values)
		replaced = pylit_append_json_text(x->literal, value);
	else
		replaced = pylit_append_json(x->literal, value);
	if (replaced)
		x->out->stats.invalid_utf8++;
	return keep ? g_string_chunk_insert_len(x->text, x->literal->str, x->literal->len) : NULL;
}

gboolean extract_keep_args(const struct extractor *x, guint roles, const char *name, gsize len)
{
	return !x->drop_args ||
	       (x->keep_comms_args && ((roles & ROLE_DEVICE) || (len == 18 && memcmp(name, "record_param_comms", 18) == 0)));
}

/* Without KEEP, NULL: the literal is made for its invalid UTF-8 to be counted only. */
static const char *args_literal(struct extractor *x, json_object *args, gboolean keep)
{
	return args ? value_text(x, args, keep) : NULL;
}

/* The text of ARGS' member "kernel" when it is a JSON string, up to a NUL
 * character in it (a C string), with invalid UTF-8 replaced as names_intern()
 * replaces it, so that it compares with device events' names; NULL when
 * there is none. Repeated kernel names are kept once. */
static const char *kernel_text(struct extractor *x, json_object *args)
{
	json_object *kernel = json_object_is_type(args, json_type_object) ? json_member(args, "kernel") : NULL;
	if (!json_object_is_type(kernel, json_type_string))
		return NULL;
	const char *text = json_object_get_string(kernel);
	gsize len = strlen(text); /* a NUL inside truncates */
	if (pylit_utf8_valid(text, len))
		return g_string_chunk_insert_const(x->text, text);
	g_string_truncate(x->literal, 0);
	pylit_append_utf8(x->literal, text, len);
	x->out->stats.invalid_utf8++;
	return g_string_chunk_insert_const(x->text, x->literal->str);
}

/* Only empty lists (or none): [], [[], []]. */
static gboolean shapes_empty(json_object *dims)
{
	if (!json_object_is_type(dims, json_type_array))
		return dims == NULL;
	for (size_t i = 0; i < json_object_array_length(dims); i++) {
		json_object *item = json_object_array_get_idx(dims, i);
		if (!json_object_is_type(item, json_type_array) || json_object_array_length(item) > 0)
			return FALSE;
	}
	return TRUE;
}

/* The text of object[KEY] (or object[OTHER_KEY]); NULL when neither is there. */
static const char *member_literal(struct extractor *x, json_object *object, const char *key, const char *other_key)
{
	json_object *value = NULL;
	if (!json_object_is_type(object, json_type_object) ||
	    (!json_object_object_get_ex(object, key, &value) &&
	     !(other_key && json_object_object_get_ex(object, other_key, &value))))
		return NULL;
	return value_text(x, value, TRUE);
}

static const struct event_extra *extra_of(struct extractor *x, json_object *args)
{
	struct event_extra *extra = g_new0(struct event_extra, 1);
	json_object *dims = NULL;
	if (json_object_is_type(args, json_type_object) && !json_object_object_get_ex(args, "Input Dims", &dims))
		json_object_object_get_ex(args, "Input dims", &dims);
	extra->input_dims = member_literal(x, args, "Input Dims", "Input dims");
	extra->input_type = member_literal(x, args, "Input type", NULL);
	extra->concrete_inputs = member_literal(x, args, "Concrete Inputs", NULL);
	extra->shapes_empty = shapes_empty(dims);
	json_object *join = NULL;
	if (json_object_is_type(args, json_type_object) && !json_object_object_get_ex(args, "Record function id", &join))
		json_object_object_get_ex(args, "External id", &join);
	extra->has_join_id = json_object_is_type(join, json_type_int) && !json_digits(join); /* none past 64 bits */
	extra->join_id = extra->has_join_id ? json_object_get_int64(join) : 0;
	g_ptr_array_add(x->extras, extra);
	return extra;
}

static gboolean checked_time(struct extractor *x, json_object *value, gint64 index, gint64 *ns,
			     enum skip_reason missing, enum skip_reason bad)
{
	enum time_status status = time_of(value, ns);
	if (status != TIME_OK)
		read_stats_note_skip(&x->out->stats, index, status == TIME_MISSING ? missing : bad);
	return status == TIME_OK;
}

/* Times of a complete event: from X's ts and dur, or from B's ts to E's. */
static gboolean event_times(struct extractor *x, const struct fields *f, json_object *end, gint64 index,
			    gint64 *ts, gint64 *dur)
{
	if (!checked_time(x, f->ts, index, ts, SKIP_NO_TS, SKIP_BAD_TS))
		return FALSE;
	if (end) {
		gint64 end_ts;
		if (!checked_time(x, json_member(end, "ts"), index, &end_ts, SKIP_NO_TS, SKIP_BAD_TS))
			return FALSE;
		if ((end_ts < 0 && *ts > G_MAXINT64 + end_ts) || (end_ts >= 0 && *ts < G_MININT64 + end_ts)) {
			read_stats_note_skip(&x->out->stats, index, SKIP_BAD_DUR);
			return FALSE;
		}
		*dur = end_ts - *ts;
	} else if (!checked_time(x, f->dur, index, dur, SKIP_NO_DUR, SKIP_BAD_DUR)) {
		return FALSE;
	}
	enum skip_reason why = *dur < 0 ? SKIP_NEGATIVE_DUR : SKIP_BAD_DUR;
	if (*dur < 0 || *ts > G_MAXINT64 - *dur) {
		read_stats_note_skip(&x->out->stats, index, why);
		return FALSE;
	}
	return TRUE;
}

/* An event of CATEGORY, serving ROLES (not 0), into the events of those roles. */
/* A cuda_sync event (ROLE_SYNC): its kind by name, the ids of its args. */
static void keep_sync(struct extractor *x, const struct event *event, json_object *args)
{
	static const char *const kinds[] = { [SYNC_STREAM] = "Stream Sync", [SYNC_CONTEXT] = "Context Sync",
					     [SYNC_EVENT] = "Event Sync", [SYNC_STREAM_WAIT] = "Stream Wait Event" };
	struct sync_event sync = { .ts = event->ts, .dur = event->dur, .index = event->index };
	for (guint k = SYNC_STREAM; k < G_N_ELEMENTS(kinds); k++)
		if (strcmp(event->name->text, kinds[k]) == 0)
			sync.kind = (guint8)k;
	sync.has_correlation = integer_arg(args, "correlation", &sync.correlation);
	gint64 *members[] = { &sync.stream, &sync.wait_stream, &sync.record_correlation, &sync.device };
	const char *keys[] = { "stream", "wait_on_stream", "wait_on_cuda_event_record_corr_id", "device" };
	for (guint m = 0; m < G_N_ELEMENTS(keys); m++)
		if (!integer_arg(args, keys[m], members[m]))
			*members[m] = -1;
	g_array_append_val(x->out->syncs, sync);
}

static void keep(struct extractor *x, const struct fields *f, json_object *end, json_object *args, gint64 index,
		 const char *category, guint roles)
{
	struct event event = { .index = (guint32)index };
	if (!event_times(x, f, end, index, &event.ts, &event.dur))
		return;
	event.name = intern_text(x, f->name);
	if (roles & ROLE_SYNC) {
		keep_sync(x, &event, args);
		roles &= ~(guint)ROLE_SYNC;
	}
	roles = extract_roles_by_name(x->all_python_functions, roles, category, event.name);
	if (!roles)
		return;
	event.category = roles_category(x->roles, category);
	event.thread = thread_of(x, f->pid, f->tid);
	event.has_correlation = integer_arg(args, "correlation", &event.correlation);
	gint64 device = 0;
	if (roles & ROLE_DEVICE) {
		guint8 kind = integer_arg(args, "device", &device);
		extract_set_device(&event, kind, device);
	}
	if (roles & (ROLE_MONITORED | ROLE_DEVICE))
		event.args = args_literal(x, args, extract_keep_args(x, roles, event.name->text, event.name->len));
	const struct event_extra *extra =
		(roles & ROLE_MONITORED) && extract_extras_wanted(x, &event) ? extra_of(x, args) : NULL;
	const char *kernel = (roles & ROLE_LAUNCH) && x->launch_kernels ? kernel_text(x, args) : NULL;
	extract_keep_roles(x->out, x->launch_kernels, &event, roles, extra, kernel);
}

/* A ProfilerStep#N event (src/input/roles.h), whatever roles it also has. */
static void keep_step(struct extractor *x, const struct fields *f, json_object *end, gint64 index, const char *category)
{
	guint64 number;
	if (!step_category(category) || !json_object_is_type(f->name, json_type_string) ||
	    !step_number(json_object_get_string(f->name), (gsize)json_object_get_string_len(f->name), &number))
		return;
	struct event step = { .index = (guint32)index };
	struct read_stats counted = x->out->stats; /* a bad step is counted where it is kept otherwise, once */
	gboolean timed = event_times(x, f, end, index, &step.ts, &step.dur);
	x->out->stats = counted;
	if (!timed)
		return;
	step.name = intern_text(x, f->name);
	step.category = CATEGORY_NONE; /* steps are found by name */
	step.thread = thread_of(x, f->pid, f->tid);
	g_array_append_val(x->out->events[OUT_STEP], step);
}

void extract_complete(struct extractor *x, json_object *begin, json_object *end, json_object *args, gint64 index)
{
	struct fields f;
	gather_fields(begin, &f);
	const char *category = category_of(&f);
	guint roles = event_roles(x->roles, "X", 1, category); /* the X the pair makes */
	if (x->steps)
		keep_step(x, &f, end, index, category);
	if (roles)
		keep(x, &f, end, args, index, category, roles);
}

/* A [memory] member read as SPEC 24 reads integers: FALSE when it is there
 * but is no integer of FIELD's range (memory_field_range: another JSON value,
 * or an integer past it, whose digits json-c clamps: refused, never
 * clamped); else *VALUE (0 when absent or null) and *GIVEN. */
static gboolean memory_integer(json_object *args, enum memory_field field, gint64 *value, gboolean *given)
{
	json_object *member = args ? json_member(args, memory_field_name(field)) : NULL;
	*value = 0;
	*given = member != NULL; /* a JSON null is a json-c NULL: absent */
	if (!member)
		return TRUE;
	if (!json_object_is_type(member, json_type_int) || json_digits(member))
		return FALSE;
	gint64 n = json_object_get_int64(member);
	if (n == G_MAXINT64 && json_object_get_uint64(member) != (guint64)G_MAXINT64)
		return FALSE; /* 2^63 to 2^64 - 1: json-c keeps it unsigned */
	if (n < 0 && (field == MEMORY_TOTAL_ALLOCATED || field == MEMORY_TOTAL_RESERVED))
		return FALSE;
	*value = n;
	return TRUE;
}

/* A [memory] instant event, or an [OutOfMemory] one (SPEC 24), of a category
 * with the memory role; skipped (counted by its first bad member) when one of
 * its integer members is no integer of its range. */
static void keep_memory(struct extractor *x, const struct fields *f, gint64 index)
{
	/* by name, as python_function events in keep() */
	const char *name = json_object_is_type(f->name, json_type_string) ? json_object_get_string(f->name) : "";
	gboolean oom = strcmp(name, "[OutOfMemory]") == 0;
	if (!oom && strcmp(name, "[memory]") != 0)
		return;
	struct memory_event memory = { .index = index, .out_of_memory = oom };
	if (!checked_time(x, f->ts, index, &memory.ts, SKIP_NO_TS, SKIP_BAD_TS))
		return;
	json_object *args = json_object_is_type(f->args, json_type_object) ? f->args : NULL;
	gint64 values[MEMORY_FIELDS];
	gboolean given[MEMORY_FIELDS];
	for (int i = 0; i < MEMORY_FIELDS; i++)
		if (!memory_integer(args, i, &values[i], &given[i])) {
			struct read_stats *stats = &x->out->stats;
			if (!stats->memory_first[i] || index + 1 < stats->memory_first[i])
				stats->memory_first[i] = index + 1;
			stats->memory_skipped[i]++;
			return;
		}
	memory.bytes = values[MEMORY_BYTES];
	memory.device = values[MEMORY_DEVICE_TYPE] != 0;
	memory.accelerator = given[MEMORY_DEVICE_TYPE] && memory.device;
	memory.device_id = values[MEMORY_DEVICE_ID];
	memory.has_total = given[MEMORY_TOTAL_ALLOCATED];
	memory.total_allocated = values[MEMORY_TOTAL_ALLOCATED];
	memory.has_reserved = given[MEMORY_TOTAL_RESERVED];
	memory.total_reserved = values[MEMORY_TOTAL_RESERVED];
	memory.has_type = given[MEMORY_DEVICE_TYPE];
	memory.device_type = values[MEMORY_DEVICE_TYPE];
	memory.thread = thread_of(x, f->pid, f->tid);
	g_array_append_val(x->out->memory, memory);
}

static void keep_pending(struct extractor *x, const struct fields *f, json_object *event, gint64 index, char phase)
{
	struct pending_event pending = {
		.event = json_object_get(event),
		.index = index,
		.thread = threads_add_json(x->out->pending_threads, f->pid, f->tid, x->names,
					   &x->out->stats.invalid_utf8),
		.phase = phase,
	};
	g_array_append_val(x->out->begin_end, pending);
}

void extract_event(struct extractor *x, json_object *event, gint64 index)
{
	if (!json_object_is_type(event, json_type_object)) {
		read_stats_note_skip(&x->out->stats, index, SKIP_NOT_OBJECT);
		return;
	}
	struct fields f;
	gather_fields(event, &f);
	const char *phase = json_object_is_type(f.ph, json_type_string) ? json_object_get_string(f.ph) : "";
	const char *category = json_object_is_type(f.cat, json_type_string)
				       ? category_canonical(json_object_get_string(f.cat)) : NULL;
	gsize phase_len = strlen(phase);
	guint roles = event_roles(x->roles, phase, phase_len, category);
	if (roles & EVENT_UNDECIDED) {
		category = category_of(&f);
		roles = event_roles(x->roles, phase, phase_len, category);
	}
	if (phase_len == 1 && (phase[0] == 'X' || phase[0] == 'B')) { /* a pair counts once */
		const char *counted = category ? category : category_of(&f);
		if (*counted)
			category_counts_add(&x->out->categories, counted, strlen(counted));
		x->out->stats.legacy += legacy_event(&f);
	}
	if (x->steps && phase_len == 1 && phase[0] == 'X')
		keep_step(x, &f, NULL, index, category ? category : category_of(&f));
	if (roles & EVENT_PAIRED)
		keep_pending(x, &f, event, index, phase[0]);
	else if (roles && phase[0] == 'i')
		keep_memory(x, &f, index);
	else if (roles)
		keep(x, &f, NULL, f.args, index, category, roles);
}

/* ---- Execution Trace nodes ---- */

static const char *plain_text(struct extractor *x, json_object *value)
{
	if (!value)
		return NULL;
	const char *text = FAULT_CHECK(json_object_get_string(value));
	return names_intern(x->names, text, strlen(text), &x->out->stats.invalid_utf8)->text;
}

/* The value of the chakra attribute NAME: attrs is [{"name": .., "type": .., "value": ..}]. */
static json_object *chakra_attr(json_object *attrs, const char *name)
{
	for (size_t i = 0; i < json_object_array_length(attrs); i++) {
		json_object *attr = json_object_array_get_idx(attrs, i);
		json_object *attr_name = json_member(attr, "name");
		if (json_object_is_type(attr_name, json_type_string) && strcmp(json_object_get_string(attr_name), name) == 0)
			return json_member(attr, "value");
	}
	return NULL;
}

void extract_et_node(struct extractor *x, json_object *node, gint64 index)
{
	if (!json_object_is_type(node, json_type_object)) {
		read_stats_note_skip(&x->out->stats, index, SKIP_NOT_OBJECT);
		return;
	}
	struct et_node et = { .id = json_object_get_int64(json_member(node, "id")) };
	et.name = intern_text(x, json_member(node, "name"));
	json_object *attrs = json_member(node, "attrs");
	if (json_object_is_type(attrs, json_type_array)) { /* chakra */
		json_object *inputs = json_member(node, "inputs"), *outputs = json_member(node, "outputs");
		et.rf_id = json_object_get_int64(chakra_attr(attrs, "rf_id"));
		et.op_schema = plain_text(x, chakra_attr(attrs, "op_schema"));
		et.input_shapes = member_literal(x, inputs, "shapes", NULL);
		et.input_types = member_literal(x, inputs, "types", NULL);
		et.output_shapes = member_literal(x, outputs, "shapes", NULL);
		et.output_types = member_literal(x, outputs, "types", NULL);
	} else {
		et.rf_id = json_object_get_int64(json_member(node, "rf_id"));
		et.op_schema = plain_text(x, json_member(node, "op_schema"));
		et.input_shapes = member_literal(x, node, "input_shapes", NULL);
		et.input_types = member_literal(x, node, "input_types", NULL);
		et.output_shapes = member_literal(x, node, "output_shapes", NULL);
		et.output_types = member_literal(x, node, "output_types", NULL);
	}
	g_array_append_val(x->out->et_nodes, et);
}
