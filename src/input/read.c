#include "input/read.h"
#include "input/batch.h"
#include "input/extract.h"
#include "util/fault.h"
#include <string.h>


/* Where the top-level document stands. */
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
	TOP_VALUE,   /* the tokener is inside a key or metadata value */
	TOP_ELEMENT, /* the scanner is inside an element of the event array */
	TOP_END,
};

/* How far the scanner is through an element, across chunks. */
struct scan {
	gint64 depth;
	gboolean in_string;
	gboolean escaped;
	gboolean scalar;
};

struct reader {
	json_tokener *tokener;
	enum top_state state;
	gboolean metadata_value; /* TOP_VALUE holds a metadata value, not a key */
	gboolean in_object;
	gboolean saw_events;
	gboolean saw_nodes; /* a top-level "nodes" key: an Execution Trace */
	gboolean saw_trace_events;
	gboolean execution_trace; /* reading one: the array is "nodes", its elements ET nodes */
	char *key;
	gint64 consumed; /* bytes fed before the current chunk */
	struct trace *trace;

	struct scan scan;
	struct element element; /* the one under way */
	struct batch *batch;    /* filling */
	struct batch_pool *pool;
};

struct reader *reader_new(const struct read_config *config)
{
	struct reader *r = g_new0(struct reader, 1);
	r->tokener = read_tokener_new();
	r->trace = trace_new();
	r->execution_trace = config->execution_trace;
	r->pool = batch_pool_new(config, r->trace);
	return r;
}

void reader_free(struct reader *r)
{
	if (!r)
		return;
	batch_pool_free(r->pool); /* waits for the batches under way */
	batch_free(r->batch);
	json_tokener_free(r->tokener);
	g_free(r->key);
	trace_free(r->trace);
	g_free(r);
}

struct trace *reader_steal_trace(struct reader *r)
{
	batch_pool_hand_over(r->pool, r->trace);
	return g_steal_pointer(&r->trace);
}

static gboolean submit_batch(struct reader *r, GError **error)
{
	return !r->batch || batch_pool_submit(r->pool, g_steal_pointer(&r->batch), error);
}

/* ---- the event array's elements ---- */

static gboolean is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* What the scanner stops at: inside a string, and between strings. */
enum { CLASS_PLAIN, CLASS_QUOTE, CLASS_BACKSLASH, CLASS_OPEN, CLASS_CLOSE };

static const guint8 string_class[256] = { ['"'] = CLASS_QUOTE, ['\\'] = CLASS_BACKSLASH };
static const guint8 structure_class[256] = {
	['"'] = CLASS_QUOTE, ['{'] = CLASS_OPEN, ['['] = CLASS_OPEN, ['}'] = CLASS_CLOSE, [']'] = CLASS_CLOSE,
};

/* Advances *P through the element under way; TRUE when it ended there.
 * Only strings, escapes and brackets are followed: json-c checks the rest. */
static gboolean scan_element(struct scan *s, const char **p, const char *end)
{
	const guchar *c = (const guchar *)*p, *stop = (const guchar *)end;
	while (c < stop) {
		if (s->in_string) {
			if (s->escaped) {
				s->escaped = FALSE;
				c++;
				continue;
			}
			while (c < stop && !string_class[*c])
				c++;
			if (c == stop)
				break;
			if (*c++ == '\\') {
				s->escaped = TRUE;
				continue;
			}
			s->in_string = FALSE;
			if (s->depth == 0)
				goto ended;
		} else if (s->scalar) {
			if (*c == ',' || *c == ']' || *c == '}' || *c == ':' || is_blank(*c))
				goto ended;
			c++;
		} else {
			while (c < stop && !structure_class[*c])
				c++;
			if (c == stop)
				break;
			switch (structure_class[*c++]) {
			case CLASS_QUOTE:
				s->in_string = TRUE;
				break;
			case CLASS_OPEN:
				s->depth++;
				break;
			case CLASS_CLOSE:
				if (--s->depth == 0)
					goto ended;
				break;
			}
		}
	}
	*p = (const char *)c;
	return FALSE;
ended:
	*p = (const char *)c;
	return TRUE;
}

static void begin_element(struct reader *r, char first, gint64 at)
{
	if (!r->batch)
		r->batch = batch_pool_take(r->pool);
	memset(&r->scan, 0, sizeof r->scan);
	r->scan.scalar = first != '{' && first != '[' && first != '"';
	r->element.start = r->batch->bytes->len;
	r->element.offset = at;
	r->element.index = r->trace->stats.events++;
	r->state = TOP_ELEMENT;
}

static gboolean end_element(struct reader *r, GError **error)
{
	r->element.len = r->batch->bytes->len - r->element.start;
	g_array_append_val(r->batch->elements, r->element);
	r->state = TOP_EVENTS_NEXT;
	return r->batch->bytes->len < BATCH_BYTES || submit_batch(r, error);
}

/* ---- metadata ---- */

/* The text of OBJECT[KEY] (a number as written), or NULL when it is absent
 * or null. json-c prints a number into a buffer it allocates: NULL from it
 * is memory that could not be had. */
static char *member_text(json_object *object, const char *key)
{
	json_object *value = json_member(object, key);
	return value ? g_strdup(FAULT_CHECK(json_object_get_string(value))) : NULL;
}

/* What the report says of a device; it formats the line (src/report/report.c). */
static void add_device(struct trace *trace, json_object *device)
{
	struct device_info info = {
		.id = member_text(device, "id"),
		.name = member_text(device, "name"),
		.compute_major = member_text(device, "computeMajor"),
		.compute_minor = member_text(device, "computeMinor"),
		.num_sms = member_text(device, "numSms"),
	};
	json_object *memory = json_member(device, "totalGlobalMem");
	info.has_memory = memory != NULL;
	info.total_global_mem = json_object_get_double(memory);
	g_array_append_val(trace->devices, info);
}

/* Whether KEY names a version (schemaVersion, cuda_runtime_version...). */
static gboolean version_key(const char *key)
{
	gsize len = strlen(key);
	return len >= 7 && g_ascii_strcasecmp(key + len - 7, "version") == 0;
}

static void handle_metadata(struct reader *r, const char *key, json_object *value)
{
	if (version_key(key) && (json_object_is_type(value, json_type_string) || json_object_is_type(value, json_type_int) ||
				 json_object_is_type(value, json_type_double)))
		g_ptr_array_add(r->trace->versions,
				g_strdup_printf("%s: %s", key, FAULT_CHECK(json_object_get_string(value))));
	if (strcmp(key, "deviceProperties") == 0 && json_object_is_type(value, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(value); i++) {
			json_object *device = json_object_array_get_idx(value, i);
			if (!json_object_is_type(device, json_type_object))
				continue;
			add_device(r->trace, device);
		}
	} else if (strcmp(key, "distributedInfo") == 0 && json_object_is_type(value, json_type_object)) {
		json_object *rank = json_member(value, "rank");
		if (rank) {
			g_free(r->trace->rank);
			r->trace->rank = g_strdup(FAULT_CHECK(json_object_get_string(rank)));
		}
		char *world_size = member_text(value, "world_size");
		if (world_size) {
			g_free(r->trace->world_size);
			r->trace->world_size = world_size;
		}
	}
}

/* ---- the top-level document ---- */

static void value_done(struct reader *r, json_object *value)
{
	if (r->metadata_value) {
		handle_metadata(r, r->key, value);
		r->state = TOP_OBJECT_NEXT;
		return;
	}
	g_free(r->key);
	/* a key with a NUL in it is none of those read ("traceEvents\u0000x" is not traceEvents) */
	const char *key = json_object_get_string(value);
	r->key = g_strdup(strlen(key) == (gsize)json_object_get_string_len(value) ? key : "");
	r->saw_nodes = r->saw_nodes || strcmp(r->key, "nodes") == 0;
	r->saw_trace_events = r->saw_trace_events || strcmp(r->key, "traceEvents") == 0;
	r->state = TOP_OBJECT_COLON;
}

/* Runs the tokener over what is left of the chunk from *P. */
static gboolean continue_value(struct reader *r, const char **p, const char *data, const char *end, GError **error)
{
	json_object *value = json_tokener_parse_ex(r->tokener, *p, (int)(end - *p));
	enum json_tokener_error status = json_tokener_get_error(r->tokener);
	if (status == json_tokener_continue) {
		*p = end;
		return TRUE;
	}
	gint64 at = r->consumed + (*p - data) + (gint64)json_tokener_get_parse_end(r->tokener);
	if (status != json_tokener_success) {
		g_autofree char *what = g_strdup_printf("JSON syntax error (%s)", json_tokener_error_desc(status));
		return read_fail(error, READ_ERROR_SYNTAX, at, what);
	}
	/* a key is a string: json-c 0.16 gives NULL, as if done, when it cannot allocate one */
	if (!value && !r->metadata_value)
		fault_out_of_memory();
	*p += json_tokener_get_parse_end(r->tokener);
	json_tokener_reset(r->tokener);
	value_done(r, value);
	json_object_put(value);
	return TRUE;
}

static void start_value(struct reader *r, gboolean metadata)
{
	r->metadata_value = metadata;
	r->state = TOP_VALUE;
}

static gboolean end_events(struct reader *r, GError **error)
{
	r->state = r->in_object ? TOP_OBJECT_NEXT : TOP_END;
	return submit_batch(r, error);
}

static gboolean step_start(struct reader *r, char c, gint64 at, GError **error)
{
	if (c == '{') {
		r->in_object = TRUE;
		r->state = TOP_OBJECT_FIRST_KEY;
	} else if (c == '[') {
		r->saw_events = TRUE;
		r->state = TOP_EVENTS_FIRST;
	} else if (c && strchr("\"-0123456789tfn", c)) {
		return read_fail(error, READ_ERROR_NOT_TRACE, at, "not a trace: the document is neither an object nor an array");
	} else {
		return read_fail(error, READ_ERROR_SYNTAX, at, "not JSON (unexpected character)");
	}
	return TRUE;
}

/* One significant character between values; FALSE when it is out of place.
 * *CONSUMED is FALSE when the character begins a value, read from it on. */
static gboolean step(struct reader *r, char c, gboolean *consumed, gint64 at, GError **error)
{
	*consumed = TRUE;
	switch (r->state) {
	case TOP_START:
		return step_start(r, c, at, error);
	case TOP_OBJECT_FIRST_KEY:
		if (c == '}') {
			r->state = TOP_END;
			return TRUE;
		}
		/* fall through */
	case TOP_OBJECT_KEY:
		if (c != '"')
			return read_fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected a key)");
		*consumed = FALSE;
		start_value(r, FALSE);
		return TRUE;
	case TOP_OBJECT_COLON:
		if (c != ':')
			return read_fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ':')");
		r->state = TOP_OBJECT_VALUE;
		return TRUE;
	case TOP_OBJECT_VALUE:
		if (strcmp(r->key, r->execution_trace ? "nodes" : "traceEvents") != 0) {
			*consumed = FALSE;
			start_value(r, TRUE);
		} else if (r->saw_events) {
			return read_fail(error, READ_ERROR_NOT_TRACE, at,
				    r->execution_trace ? "not an Execution Trace: a second nodes member (which one is meant?)"
						       : "not a trace: a second traceEvents member (which one is meant?)");
		} else if (c == '[') {
			r->saw_events = TRUE;
			r->state = TOP_EVENTS_FIRST;
		} else {
			return read_fail(error, READ_ERROR_NOT_TRACE, at,
				    r->execution_trace ? "not an Execution Trace: nodes is not an array"
						       : "not a trace: traceEvents is not an array");
		}
		return TRUE;
	case TOP_OBJECT_NEXT:
		if (c == ',')
			r->state = TOP_OBJECT_KEY;
		else if (c == '}')
			r->state = TOP_END;
		else
			return read_fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ',' or '}')");
		return TRUE;
	case TOP_EVENTS_FIRST:
		if (c == ']')
			return end_events(r, error);
		/* fall through */
	case TOP_EVENTS_VALUE:
		if (c == ']')
			return read_fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (']' after ',')");
		if (r->trace->stats.events >= TRACE_EVENTS_MAX) /* positions are 31 bits (src/model/trace.h) */
			return read_fail(error, READ_ERROR_NOT_TRACE, at, "more than 2147483646 events: not supported");
		*consumed = FALSE;
		begin_element(r, c, at);
		return TRUE;
	case TOP_EVENTS_NEXT:
		if (c == ',')
			r->state = TOP_EVENTS_VALUE;
		else if (c == ']')
			return end_events(r, error);
		else
			return read_fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ',' or ']')");
		return TRUE;
	case TOP_END:
		return read_fail(error, READ_ERROR_SYNTAX, at, "data after the end of the JSON document");
	case TOP_VALUE:
	case TOP_ELEMENT:
		break;
	}
	g_assert_not_reached();
}

static const char utf8_bom[] = "\xEF\xBB\xBF";

/* Errors come in document order: an error found here is reported only if
 * no batch before it, still being parsed, holds one. */
static gboolean settle(struct reader *r, GError **error)
{
	GError *earlier = NULL;
	if (batch_pool_drain(r->pool, &earlier))
		return FALSE;
	g_clear_error(error);
	g_propagate_error(error, earlier);
	return FALSE;
}

static gboolean feed(struct reader *r, const char *data, gsize len, GError **error)
{
	const char *p = data, *end = data + len;
	while (p < end) {
		if (r->state == TOP_ELEMENT) {
			const char *start = p;
			gboolean ended = scan_element(&r->scan, &p, end);
			g_string_append_len(r->batch->bytes, start, p - start);
			if (ended && !end_element(r, error))
				return FALSE;
			continue;
		}
		if (r->state == TOP_VALUE) {
			if (!continue_value(r, &p, data, end, error))
				return FALSE;
			continue;
		}
		gint64 at = r->consumed + (p - data);
		if (at < 3 && r->state == TOP_START && *p == utf8_bom[at]) {
			p++; /* a byte order mark, which may come a byte at a time */
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
	return TRUE;
}

gboolean reader_feed(struct reader *r, const char *data, gsize len, GError **error)
{
	if (!feed(r, data, len, error))
		return batch_pool_failed(r->pool) ? FALSE : settle(r, error);
	r->consumed += len;
	r->trace->stats.bytes = r->consumed;
	return TRUE;
}

gboolean reader_finish(struct reader *r, GError **error)
{
	/* a batch cut by the end still holds complete elements, whose errors come first */
	if (!submit_batch(r, error))
		return FALSE;
	if (!batch_pool_drain(r->pool, error))
		return FALSE;
	if (r->state == TOP_START)
		return read_fail(error, READ_ERROR_NOT_TRACE, r->consumed, "not a trace: no JSON document (empty input)");
	if (r->state != TOP_END)
		return read_fail(error, READ_ERROR_SYNTAX, r->consumed, "the document is cut short (truncated)");
	if (!r->saw_events && r->execution_trace)
		return read_fail(error, READ_ERROR_NOT_TRACE, r->consumed,
			    r->saw_trace_events ? "not an Execution Trace: a Kineto trace (traceEvents, no nodes)"
						: "not an Execution Trace: no nodes array");
	if (!r->saw_events)
		return read_fail(error, READ_ERROR_NOT_TRACE, r->consumed,
			    r->saw_nodes ? "not a trace: a PyTorch Execution Trace (nodes, no traceEvents)"
					 : "not a trace: no traceEvents array");
	return batch_pool_finish(r->pool, error);
}
