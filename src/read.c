#include "read.h"
#include "pylit.h"
#include "timefmt.h"
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#define TOKENER_DEPTH 128
#define READ_CHUNK (1 << 20)
#define LEGACY_CPU_PID "CPU functions"

G_DEFINE_QUARK(profile-parser-read-error-quark, read_error)

/* Where the top-level document stands between values. */
enum top_state {
	TOP_START,
	TOP_OBJECT_FIRST_KEY,
	TOP_OBJECT_KEY,
	TOP_OBJECT_COLON,
	TOP_OBJECT_VALUE,
	TOP_OBJECT_NEXT,
	TOP_EVENTS_FIRST,
	TOP_EVENTS_VALUE,
	TOP_EVENTS_NEXT,
	TOP_VALUE, /* the tokener is inside a value, possibly across chunks */
	TOP_END,
};

/* What the value under the tokener is. */
enum value_purpose {
	VALUE_KEY,
	VALUE_METADATA,
	VALUE_EVENT,
};

struct reader {
	json_tokener *tokener;
	GHashTable *roles; /* canonical category -> enum event_role bits */
	gboolean all_python_functions;
	enum top_state state;
	enum value_purpose purpose;
	gboolean in_object;
	gboolean saw_events;
	gboolean saw_nodes; /* a top-level "nodes" key: an Execution Trace */
	char *key;       /* the top-level key whose value comes next */
	gint64 consumed; /* bytes fed before the current chunk */
	struct trace *trace;
	GHashTable *thread_index; /* "len:pid" "tid" -> index + 1 */
	GPtrArray *open_b; /* per thread: GPtrArray of the B events still open */
	GString *key_text;
	GString *literal;
};

static const struct {
	const char *alias;
	const char *canonical;
} category_aliases[] = {
	{ "Operator", "cpu_op" },
	{ "Runtime", "cuda_runtime" },
	{ "Kernel", "kernel" },
	{ "Memcpy", "gpu_memcpy" },
	{ "Memset", "gpu_memset" },
};

const char *category_canonical(const char *category)
{
	for (gsize i = 0; i < G_N_ELEMENTS(category_aliases); i++)
		if (strcmp(category, category_aliases[i].alias) == 0)
			return category_aliases[i].canonical;
	return category;
}

static void add_roles(GHashTable *roles, char **categories, enum event_role role)
{
	for (char **c = categories; c && *c; c++) {
		const char *canonical = category_canonical(*c);
		guint bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, canonical));
		g_hash_table_insert(roles, g_strdup(canonical), GUINT_TO_POINTER(bits | role));
	}
}

static void open_b_free(gpointer data)
{
	g_ptr_array_free(data, TRUE);
}

struct reader *reader_new(const struct read_config *config)
{
	struct reader *r = g_new0(struct reader, 1);
	r->tokener = json_tokener_new_ex(TOKENER_DEPTH);
	/* strict JSON, but values end where the next separator of the document begins */
	json_tokener_set_flags(r->tokener, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
	r->roles = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	add_roles(r->roles, config->monitor_cats, ROLE_MONITORED);
	add_roles(r->roles, config->host_cats, ROLE_LAUNCH);
	add_roles(r->roles, config->device_cats, ROLE_DEVICE);
	r->all_python_functions = config->all_python_functions;
	r->trace = trace_new();
	r->thread_index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	r->open_b = g_ptr_array_new_with_free_func(open_b_free);
	r->key_text = g_string_new(NULL);
	r->literal = g_string_new(NULL);
	return r;
}

void reader_free(struct reader *r)
{
	if (!r)
		return;
	json_tokener_free(r->tokener);
	g_hash_table_destroy(r->roles);
	g_free(r->key);
	trace_free(r->trace);
	g_hash_table_destroy(r->thread_index);
	g_ptr_array_free(r->open_b, TRUE);
	g_string_free(r->key_text, TRUE);
	g_string_free(r->literal, TRUE);
	g_free(r);
}

struct trace *reader_steal_trace(struct reader *r)
{
	struct trace *trace = r->trace;
	r->trace = NULL;
	return trace;
}

/* ---- events ---- */

static void note_skip(struct reader *r, gint64 index, enum skip_reason reason)
{
	struct read_stats *stats = &r->trace->stats;
	if (stats->first_skipped_index < 0) {
		stats->first_skipped_index = index;
		stats->first_skipped_reason = reason;
	}
	stats->skipped[reason]++;
}

static json_object *member(json_object *object, const char *key)
{
	json_object *value = NULL;
	json_object_object_get_ex(object, key, &value);
	return value;
}

/* The text form of a pid or tid: a string as it is, a number as written. */
static const char *id_text(json_object *value)
{
	return value ? json_object_get_string(value) : "";
}

static guint32 thread_of(struct reader *r, json_object *event)
{
	const char *pid = id_text(member(event, "pid")), *tid = id_text(member(event, "tid"));
	g_string_printf(r->key_text, "%zu:%s%s", strlen(pid), pid, tid);
	gpointer found = g_hash_table_lookup(r->thread_index, r->key_text->str);
	if (found)
		return GPOINTER_TO_UINT(found) - 1;
	struct thread_id *thread = g_new(struct thread_id, 1);
	thread->pid = g_strdup(pid);
	thread->tid = g_strdup(tid);
	g_ptr_array_add(r->trace->threads, thread);
	guint32 index = r->trace->threads->len - 1;
	g_hash_table_insert(r->thread_index, g_strdup(r->key_text->str), GUINT_TO_POINTER(index + 1));
	return index;
}

enum time_status { TIME_OK, TIME_MISSING, TIME_BAD };

/* A time in microseconds, as a JSON number or a string holding one, into ns. */
static enum time_status time_of(json_object *value, gint64 *ns)
{
	const char *text;
	switch (json_object_get_type(value)) {
	case json_type_null:
		return value ? TIME_BAD : TIME_MISSING;
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

static gboolean correlation_of(json_object *args, gint64 *correlation)
{
	json_object *value = args ? member(args, "correlation") : NULL;
	if (json_object_is_type(value, json_type_int)) {
		*correlation = json_object_get_int64(value);
		return TRUE;
	}
	if (json_object_is_type(value, json_type_string)) {
		char *end;
		const char *text = json_object_get_string(value);
		errno = 0;
		*correlation = g_ascii_strtoll(text, &end, 10);
		return *text && !*end && errno == 0;
	}
	return FALSE;
}

static const char *category_of(json_object *event)
{
	json_object *cat = member(event, "cat");
	if (cat)
		return category_canonical(json_object_get_string(cat));
	json_object *pid = member(event, "pid");
	if (json_object_is_type(pid, json_type_string) && strcmp(json_object_get_string(pid), LEGACY_CPU_PID) == 0)
		return "cpu_op";
	return "";
}

static guint roles_of(struct reader *r, const char *category)
{
	return GPOINTER_TO_UINT(g_hash_table_lookup(r->roles, category));
}

static gboolean kept_python_function(struct reader *r, const char *category, const char *name)
{
	return r->all_python_functions || strcmp(category, "python_function") != 0 ||
	       g_str_has_prefix(name, "nn.Module");
}

static const char *args_literal(struct reader *r, json_object *args)
{
	if (!args)
		return NULL;
	g_string_truncate(r->literal, 0);
	if (pylit_append_json(r->literal, args))
		r->trace->stats.invalid_utf8++;
	return g_string_chunk_insert_len(r->trace->text, r->literal->str, r->literal->len);
}

static const struct name *intern(struct reader *r, json_object *value)
{
	const char *text = value ? json_object_get_string(value) : "";
	gsize len = json_object_is_type(value, json_type_string) ? (gsize)json_object_get_string_len(value)
								: strlen(text);
	return names_intern(r->trace->names, text, len, &r->trace->stats.invalid_utf8);
}

/* Times of a complete event: from X's ts and dur, or from B's ts to E's. */
static gboolean event_times(struct reader *r, json_object *begin, json_object *end, gint64 index,
			    gint64 *ts, gint64 *dur)
{
	enum time_status status = time_of(member(begin, "ts"), ts);
	if (status != TIME_OK) {
		note_skip(r, index, status == TIME_MISSING ? SKIP_NO_TS : SKIP_BAD_TS);
		return FALSE;
	}
	if (end) {
		gint64 end_ts;
		status = time_of(member(end, "ts"), &end_ts);
		if (status != TIME_OK) {
			note_skip(r, index, status == TIME_MISSING ? SKIP_NO_TS : SKIP_BAD_TS);
			return FALSE;
		}
		if ((end_ts < 0 && *ts > G_MAXINT64 + end_ts) || (end_ts >= 0 && *ts < G_MININT64 + end_ts)) {
			note_skip(r, index, SKIP_BAD_DUR);
			return FALSE;
		}
		*dur = end_ts - *ts;
	} else {
		status = time_of(member(begin, "dur"), dur);
		if (status != TIME_OK) {
			note_skip(r, index, status == TIME_MISSING ? SKIP_NO_DUR : SKIP_BAD_DUR);
			return FALSE;
		}
	}
	if (*dur < 0) {
		note_skip(r, index, SKIP_NEGATIVE_DUR);
		return FALSE;
	}
	if (*ts > G_MAXINT64 - *dur) {
		note_skip(r, index, SKIP_BAD_DUR);
		return FALSE;
	}
	return TRUE;
}

/* Keeps the complete event BEGIN (an X, or a B closed by END) in the arrays
 * of its roles. ARGS are the event's args (B's updated with E's). */
static void keep_event(struct reader *r, json_object *begin, json_object *end, json_object *args, gint64 index)
{
	const char *category = category_of(begin);
	guint roles = roles_of(r, category);
	struct event event = { .index = index };
	if (!roles || !event_times(r, begin, end, index, &event.ts, &event.dur))
		return;
	event.name = intern(r, member(begin, "name"));
	if (!kept_python_function(r, category, event.name->text))
		roles &= ~ROLE_MONITORED;
	if (!roles)
		return;
	event.category = names_intern(r->trace->names, category, strlen(category), NULL);
	event.thread = thread_of(r, begin);
	event.has_correlation = correlation_of(args, &event.correlation);
	if (roles & (ROLE_MONITORED | ROLE_DEVICE))
		event.args = args_literal(r, args);
	if (roles & ROLE_MONITORED)
		g_array_append_val(r->trace->monitored, event);
	if (roles & ROLE_LAUNCH)
		g_array_append_val(r->trace->launches, event);
	if (roles & ROLE_DEVICE)
		g_array_append_val(r->trace->device, event);
}

/* A B event waiting for its E. */
struct open_event {
	json_object *begin;
	gint64 index;
};

static void open_event_free(gpointer data)
{
	struct open_event *open = data;
	json_object_put(open->begin);
	g_free(open);
}

static GPtrArray *open_b_of(struct reader *r, guint32 thread)
{
	while (r->open_b->len <= thread)
		g_ptr_array_add(r->open_b, g_ptr_array_new_with_free_func(open_event_free));
	return g_ptr_array_index(r->open_b, thread);
}

/* B's args updated with E's, as Python's dict.update does. */
static json_object *merged_args(json_object *begin, json_object *end)
{
	json_object *args = member(begin, "args"), *more = member(end, "args");
	if (!json_object_is_type(args, json_type_object) || !json_object_is_type(more, json_type_object))
		return more ? more : args;
	json_object_object_foreach(more, key, value)
		json_object_object_add(args, key, json_object_get(value));
	return args;
}

static void close_b(struct reader *r, json_object *end, gint64 index)
{
	GPtrArray *stack = open_b_of(r, thread_of(r, end));
	if (!stack->len) {
		note_skip(r, index, SKIP_UNMATCHED_E);
		return;
	}
	struct open_event *open = g_ptr_array_steal_index(stack, stack->len - 1);
	keep_event(r, open->begin, end, merged_args(open->begin, end), open->index);
	open_event_free(open);
}

static void open_b(struct reader *r, json_object *begin, gint64 index)
{
	struct open_event *open = g_new(struct open_event, 1);
	open->begin = json_object_get(begin);
	open->index = index;
	g_ptr_array_add(open_b_of(r, thread_of(r, begin)), open);
}

static void handle_event(struct reader *r, json_object *event)
{
	gint64 index = r->trace->stats.events++;
	if (!json_object_is_type(event, json_type_object)) {
		note_skip(r, index, SKIP_NOT_OBJECT);
		return;
	}
	const char *phase = json_object_get_string(member(event, "ph"));
	if (!phase || phase[0] == 0 || phase[1] != 0)
		return;
	switch (phase[0]) {
	case 'X':
		keep_event(r, event, NULL, member(event, "args"), index);
		break;
	case 'B':
		open_b(r, event, index);
		break;
	case 'E':
		close_b(r, event, index);
		break;
	}
}

static void count_unmatched_b(struct reader *r)
{
	for (guint t = 0; t < r->open_b->len; t++) {
		GPtrArray *open = g_ptr_array_index(r->open_b, t);
		for (guint i = 0; i < open->len; i++)
			note_skip(r, ((struct open_event *)open->pdata[i])->index, SKIP_UNMATCHED_B);
		g_ptr_array_set_size(open, 0);
	}
}

/* ---- metadata ---- */

static void describe_device(GString *line, json_object *device)
{
	json_object *value;
	if ((value = member(device, "id")))
		g_string_append_printf(line, "device %s:", json_object_get_string(value));
	else
		g_string_append(line, "device:");
	if ((value = member(device, "name")))
		g_string_append_printf(line, " %s", json_object_get_string(value));
	if ((value = member(device, "totalGlobalMem")))
		g_string_append_printf(line, ", %.1f GiB", json_object_get_double(value) / (1 << 30));
	json_object *major = member(device, "computeMajor"), *minor = member(device, "computeMinor");
	if (major)
		g_string_append_printf(line, ", compute capability %s.%s", json_object_get_string(major),
				       minor ? json_object_get_string(minor) : "?");
	if ((value = member(device, "numSms")))
		g_string_append_printf(line, ", %s SMs", json_object_get_string(value));
}

static void handle_metadata(struct reader *r, const char *key, json_object *value)
{
	if (strcmp(key, "deviceProperties") == 0 && json_object_is_type(value, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(value); i++) {
			json_object *device = json_object_array_get_idx(value, i);
			if (!json_object_is_type(device, json_type_object))
				continue;
			GString *line = g_string_new(NULL);
			describe_device(line, device);
			g_ptr_array_add(r->trace->devices, g_string_free(line, FALSE));
		}
	} else if (strcmp(key, "distributedInfo") == 0 && json_object_is_type(value, json_type_object)) {
		json_object *rank = member(value, "rank");
		if (rank) {
			g_free(r->trace->rank);
			r->trace->rank = g_strdup(json_object_get_string(rank));
		}
	}
}

/* ---- the top-level document ---- */

static gboolean is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean fail(GError **error, int code, gint64 offset, const char *what)
{
	g_set_error(error, READ_ERROR, code, "%s at byte %" G_GINT64_FORMAT, what, offset);
	return FALSE;
}

static void value_done(struct reader *r, json_object *value)
{
	switch (r->purpose) {
	case VALUE_KEY:
		g_free(r->key);
		r->key = g_strdup(json_object_get_string(value));
		r->saw_nodes = r->saw_nodes || strcmp(r->key, "nodes") == 0;
		r->state = TOP_OBJECT_COLON;
		break;
	case VALUE_METADATA:
		handle_metadata(r, r->key, value);
		r->state = TOP_OBJECT_NEXT;
		break;
	case VALUE_EVENT:
		handle_event(r, value);
		r->state = TOP_EVENTS_NEXT;
		break;
	}
}

/* Runs the tokener over what is left of the chunk from *P. */
static gboolean continue_value(struct reader *r, const char **p, const char *data, const char *end, GError **error)
{
	int len = (int)(end - *p);
	json_object *value = json_tokener_parse_ex(r->tokener, *p, len);
	enum json_tokener_error status = json_tokener_get_error(r->tokener);
	if (status == json_tokener_continue) {
		*p = end;
		return TRUE;
	}
	gint64 at = r->consumed + (*p - data) + (gint64)json_tokener_get_parse_end(r->tokener);
	if (status != json_tokener_success) {
		g_autofree char *what = g_strdup_printf("JSON syntax error (%s)", json_tokener_error_desc(status));
		return fail(error, READ_ERROR_SYNTAX, at, what);
	}
	*p += json_tokener_get_parse_end(r->tokener);
	json_tokener_reset(r->tokener);
	value_done(r, value);
	json_object_put(value);
	return TRUE;
}

static void start_value(struct reader *r, enum value_purpose purpose)
{
	r->purpose = purpose;
	r->state = TOP_VALUE;
}

static void end_events(struct reader *r)
{
	r->state = r->in_object ? TOP_OBJECT_NEXT : TOP_END;
}

/* One significant character between values; FALSE when it is out of place. */
static gboolean step(struct reader *r, char c, gboolean *consumed, gint64 at, GError **error)
{
	*consumed = TRUE;
	switch (r->state) {
	case TOP_START:
		if (c == '{') {
			r->in_object = TRUE;
			r->state = TOP_OBJECT_FIRST_KEY;
		} else if (c == '[') {
			r->saw_events = TRUE;
			r->state = TOP_EVENTS_FIRST;
		} else if (strchr("\"-0123456789tfn", c)) {
			return fail(error, READ_ERROR_NOT_TRACE, at, "not a trace: the document is neither an object nor an array");
		} else {
			return fail(error, READ_ERROR_SYNTAX, at, "not JSON (unexpected character)");
		}
		return TRUE;
	case TOP_OBJECT_FIRST_KEY:
		if (c == '}') {
			r->state = TOP_END;
			return TRUE;
		}
		/* fall through */
	case TOP_OBJECT_KEY:
		if (c != '"')
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected a key)");
		*consumed = FALSE;
		start_value(r, VALUE_KEY);
		return TRUE;
	case TOP_OBJECT_COLON:
		if (c != ':')
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ':')");
		r->state = TOP_OBJECT_VALUE;
		return TRUE;
	case TOP_OBJECT_VALUE:
		if (strcmp(r->key, "traceEvents") != 0) {
			*consumed = FALSE;
			start_value(r, VALUE_METADATA);
		} else if (c == '[') {
			r->saw_events = TRUE;
			r->state = TOP_EVENTS_FIRST;
		} else {
			return fail(error, READ_ERROR_NOT_TRACE, at, "not a trace: traceEvents is not an array");
		}
		return TRUE;
	case TOP_OBJECT_NEXT:
		if (c == ',')
			r->state = TOP_OBJECT_KEY;
		else if (c == '}')
			r->state = TOP_END;
		else
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ',' or '}')");
		return TRUE;
	case TOP_EVENTS_FIRST:
		if (c == ']') {
			end_events(r);
			return TRUE;
		}
		/* fall through */
	case TOP_EVENTS_VALUE:
		if (c == ']')
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (']' after ',')");
		*consumed = FALSE;
		start_value(r, VALUE_EVENT);
		return TRUE;
	case TOP_EVENTS_NEXT:
		if (c == ',')
			r->state = TOP_EVENTS_VALUE;
		else if (c == ']')
			end_events(r);
		else
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ',' or ']')");
		return TRUE;
	case TOP_END:
		return fail(error, READ_ERROR_SYNTAX, at, "data after the end of the JSON document");
	case TOP_VALUE:
		break;
	}
	g_assert_not_reached();
}

static const char utf8_bom[] = "\xEF\xBB\xBF";

gboolean reader_feed(struct reader *r, const char *data, gsize len, GError **error)
{
	const char *p = data, *end = data + len;
	while (p < end) {
		gint64 at = r->consumed + (p - data);
		if (at < 3 && r->state == TOP_START && *p == utf8_bom[at]) {
			p++; /* a byte order mark, which may come a byte at a time */
			continue;
		}
		if (r->state == TOP_VALUE) {
			if (!continue_value(r, &p, data, end, error))
				return FALSE;
			continue;
		}
		if (is_blank(*p)) {
			p++;
			continue;
		}
		gboolean consumed;
		if (!step(r, *p, &consumed, at, error))
			return FALSE;
		if (consumed)
			p++;
	}
	r->consumed += len;
	r->trace->stats.bytes = r->consumed;
	return TRUE;
}

gboolean reader_finish(struct reader *r, GError **error)
{
	if (r->state == TOP_START)
		return fail(error, READ_ERROR_NOT_TRACE, r->consumed, "not a trace: no JSON document (empty input)");
	if (r->state != TOP_END)
		return fail(error, READ_ERROR_SYNTAX, r->consumed, "the document is cut short (truncated)");
	if (!r->saw_events)
		return fail(error, READ_ERROR_NOT_TRACE, r->consumed,
			    r->saw_nodes ? "not a trace: a PyTorch Execution Trace (nodes, no traceEvents)"
					 : "not a trace: no traceEvents array");
	count_unmatched_b(r);
	return TRUE;
}

static gzFile open_input(const char *path, GError **error)
{
	gzFile in = strcmp(path, "-") == 0 ? gzdopen(dup(0), "rb") : gzopen(path, "rb");
	if (!in)
		g_set_error(error, READ_ERROR, READ_ERROR_IO, "%s", errno ? g_strerror(errno) : "cannot open");
	return in;
}

struct trace *read_trace_file(const char *path, const struct read_config *config, GError **error)
{
	errno = 0;
	gzFile in = open_input(path, error);
	if (!in)
		return NULL;
	gzbuffer(in, READ_CHUNK);
	g_autoptr(Reader) r = reader_new(config);
	g_autofree char *buffer = g_malloc(READ_CHUNK);
	gboolean ok = TRUE;
	int n;
	while (ok && (n = gzread(in, buffer, READ_CHUNK)) > 0)
		ok = reader_feed(r, buffer, n, error);
	if (ok && n < 0) {
		int code;
		const char *message = gzerror(in, &code);
		g_set_error(error, READ_ERROR, READ_ERROR_IO, "%s", code == Z_ERRNO ? g_strerror(errno) : message);
		ok = FALSE;
	} else if (ok) {
		int code;
		const char *message = gzerror(in, &code);
		if (code != Z_OK) /* zlib reports a cut gzip stream only here */
			ok = fail(error, READ_ERROR_IO, r->consumed, message);
	}
	gzclose(in);
	if (!ok || !reader_finish(r, error))
		return NULL;
	return reader_steal_trace(r);
}
