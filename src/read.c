#include "read.h"
#include "extract.h"
#include "ordered.h"
#include "roles.h"
#include "skim.h"
#include "pylit.h"
#include <errno.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define TOKENER_DEPTH 129 /* 128 levels in an event, within the batch's array */
#define READ_CHUNK (4 << 20)
#define BATCH_BYTES (512 << 10)
#define GROUP_EVENTS 64
#define BATCHES_PER_WORKER 2 /* in flight: enough to keep workers busy, few to keep memory low */

G_DEFINE_QUARK(profile-parser-read-error-quark, read_error)

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

/* An element of the event array: its bytes in the batch, and where it was. */
struct element {
	gsize start;
	gsize len;
	gint64 offset; /* in the document */
	gint64 index;  /* in the event array */
};

struct batch {
	guint64 seq;
	GString *bytes; /* the elements, one after the other */
	GArray *elements;
	struct extracted *out;
	GError *error;
};

/* An element copied into a worker's group, at START of the group's bytes. */
struct group_entry {
	gsize start;
	const struct element *element;
};

struct worker {
	struct extractor extractor;
	gboolean execution_trace; /* elements are ET nodes, all of them needed */
	json_tokener *tokener;
	GString *group;   /* "[" the elements that may matter, "," "]" */
	GArray *entries;  /* struct group_entry */
};

struct reader {
	json_tokener *tokener;
	GHashTable *roles; /* canonical category -> enum event_role bits */
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
	guint max_in_flight;
	gboolean merge_failed; /* the error at hand came from a batch: the earliest */
	struct ordered_pool *pool; /* parses batches */
	GAsyncQueue *idle;  /* struct worker *, free */
	GPtrArray *workers;
	GPtrArray *spare;   /* merged batches, to fill again: no new megabyte each time */

	struct extractor main; /* for B/E pairs, matched while merging */
	GHashTable *thread_index; /* GBytes "len:pid" "tid" -> index + 1 */
	GPtrArray *open_b; /* per thread: GPtrArray of struct open_event */
};

static void init_extractor(struct extractor *x, const struct reader *r, const struct read_config *config,
			   struct names *names, GStringChunk *text)
{
	x->roles = r->roles;
	x->all_python_functions = config->all_python_functions;
	x->names = names;
	x->text = text;
	x->literal = g_string_new(NULL);
	x->extras = config->event_extras ? g_ptr_array_new_with_free_func(g_free) : NULL;
	x->json_values = config->json_values;
}

static void clear_extractor(struct extractor *x)
{
	g_string_free(x->literal, TRUE);
	if (x->extras)
		g_ptr_array_unref(x->extras);
}

static void worker_free(gpointer data)
{
	struct worker *w = data;
	names_free(w->extractor.names);
	if (w->extractor.text)
		g_string_chunk_free(w->extractor.text);
	clear_extractor(&w->extractor);
	json_tokener_free(w->tokener);
	g_string_free(w->group, TRUE);
	g_array_free(w->entries, TRUE);
	g_free(w);
}

static json_tokener *new_tokener(void)
{
	json_tokener *tokener = json_tokener_new_ex(TOKENER_DEPTH);
	/* strict JSON, but a value ends where the document's next separator begins */
	json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
	return tokener;
}

static void batch_free(gpointer data)
{
	struct batch *b = data;
	if (!b)
		return;
	g_string_free(b->bytes, TRUE);
	g_array_free(b->elements, TRUE);
	extracted_free(b->out);
	g_clear_error(&b->error);
	g_free(b);
}

static void parse_batch(gpointer data, gpointer user_data);

static void open_b_free(gpointer data)
{
	g_ptr_array_free(data, TRUE);
}

struct reader *reader_new(const struct read_config *config)
{
	struct reader *r = g_new0(struct reader, 1);
	r->tokener = new_tokener();
	r->roles = roles_new(config->monitor_cats, config->host_cats, config->device_cats, config->memory);
	r->trace = trace_new();
	r->execution_trace = config->execution_trace;
	guint workers = ordered_pool_threads(config->threads);
	r->max_in_flight = workers * BATCHES_PER_WORKER;
	r->idle = g_async_queue_new();
	r->workers = g_ptr_array_new_with_free_func(worker_free);
	for (guint i = 0; i < workers; i++) {
		struct worker *w = g_new0(struct worker, 1);
		init_extractor(&w->extractor, r, config, names_new(), g_string_chunk_new(1 << 20));
		w->tokener = new_tokener();
		w->execution_trace = config->execution_trace;
		w->group = g_string_sized_new(1 << 16);
		w->entries = g_array_new(FALSE, FALSE, sizeof(struct group_entry));
		g_ptr_array_add(r->workers, w);
		g_async_queue_push(r->idle, w);
	}
	r->pool = ordered_pool_new(parse_batch, r, workers, batch_free);
	r->spare = g_ptr_array_new_with_free_func(batch_free);
	init_extractor(&r->main, r, config, r->trace->names, r->trace->text);
	r->main.out = extracted_new();
	r->thread_index = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	r->open_b = g_ptr_array_new_with_free_func(open_b_free);
	return r;
}

void reader_free(struct reader *r)
{
	if (!r)
		return;
	ordered_pool_free(r->pool); /* waits for the batches under way */
	while (g_async_queue_try_pop(r->idle))
		;
	g_async_queue_unref(r->idle);
	g_ptr_array_free(r->workers, TRUE);
	g_ptr_array_free(r->spare, TRUE);
	batch_free(r->batch);
	json_tokener_free(r->tokener);
	g_hash_table_destroy(r->roles);
	g_free(r->key);
	extracted_free(r->main.out);
	clear_extractor(&r->main);
	trace_free(r->trace);
	g_hash_table_destroy(r->thread_index);
	g_ptr_array_free(r->open_b, TRUE);
	g_free(r);
}

struct trace *reader_steal_trace(struct reader *r)
{
	struct trace *trace = r->trace;
	for (guint i = 0; i < r->workers->len; i++) {
		struct worker *w = r->workers->pdata[i];
		g_ptr_array_add(trace->worker_names, g_steal_pointer(&w->extractor.names));
		g_ptr_array_add(trace->worker_text, g_steal_pointer(&w->extractor.text));
		if (w->extractor.extras)
			g_ptr_array_add(trace->extras, g_ptr_array_ref(w->extractor.extras));
	}
	if (r->main.extras)
		g_ptr_array_add(trace->extras, g_ptr_array_ref(r->main.extras));
	r->trace = NULL;
	return trace;
}

static gboolean fail(GError **error, int code, gint64 offset, const char *what)
{
	g_set_error(error, READ_ERROR, code, "%s at byte %" G_GINT64_FORMAT, what, offset);
	return FALSE;
}

/* ---- workers ---- */

static void element_error(struct batch *b, const struct element *e, gsize pos, const char *why)
{
	g_autofree char *what = g_strdup_printf("JSON syntax error (%s)", why);
	fail(&b->error, READ_ERROR_SYNTAX, e->offset + (gint64)MIN(pos, e->len), what);
}

/* The group entry holding byte POS of the group (the one before it, for a separator). */
static const struct group_entry *entry_at(GArray *entries, gsize pos)
{
	guint low = 0, high = entries->len;
	while (high - low > 1) {
		guint middle = low + (high - low) / 2;
		if (g_array_index(entries, struct group_entry, middle).start <= pos)
			low = middle;
		else
			high = middle;
	}
	return &g_array_index(entries, struct group_entry, low);
}

/* Parses the group "[e1,e2,...]" with one call to the tokener. (json-c sets
 * up a C locale on each call, under a lock that workers calling once per
 * event would queue on; a whole batch at once would not stay in the cache.) */
static gboolean parse_group(struct worker *w, struct batch *b)
{
	if (!w->entries->len)
		return TRUE;
	g_string_append_c(w->group, ']');
	json_tokener_reset(w->tokener);
	json_object *group = json_tokener_parse_ex(w->tokener, w->group->str, (int)w->group->len);
	enum json_tokener_error status = json_tokener_get_error(w->tokener);
	gboolean ok = status == json_tokener_success;
	if (ok) {
		for (guint i = 0; i < w->entries->len; i++) {
			json_object *element = json_object_array_get_idx(group, i);
			gint64 index = g_array_index(w->entries, struct group_entry, i).element->index;
			if (w->execution_trace)
				extract_et_node(&w->extractor, element, index);
			else
				extract_event(&w->extractor, element, index);
		}
	} else {
		gsize pos = json_tokener_get_parse_end(w->tokener);
		const struct group_entry *entry = entry_at(w->entries, pos);
		element_error(b, entry->element, pos - entry->start, json_tokener_error_desc(status));
	}
	json_object_put(group);
	g_string_truncate(w->group, 0);
	g_array_set_size(w->entries, 0);
	return ok;
}

static gboolean add_to_group(struct worker *w, struct batch *b, const struct element *e)
{
	if (e->len >= INT_MAX / 2) {
		fail(&b->error, READ_ERROR_SYNTAX, e->offset, "an event larger than 1 GB");
		return FALSE;
	}
	if (w->group->len + e->len >= INT_MAX / 2 && !parse_group(w, b))
		return FALSE;
	g_string_append_c(w->group, w->entries->len ? ',' : '[');
	struct group_entry entry = { w->group->len, e };
	g_array_append_val(w->entries, entry);
	g_string_append_len(w->group, b->bytes->str + e->start, e->len);
	return w->entries->len < GROUP_EVENTS || parse_group(w, b);
}

/* One element: skimmed, and given to json-c when it may matter. */
static gboolean take_element(struct worker *w, struct batch *b, const struct element *e)
{
	gsize pos;
	const char *why;
	if (w->execution_trace)
		return add_to_group(w, b, e);
	switch (skim_event(b->bytes->str + e->start, e->len, w->extractor.roles, &pos, &why)) {
	case SKIM_NEEDED:
		return add_to_group(w, b, e);
	case SKIM_IGNORED:
		return TRUE;
	case SKIM_NOT_OBJECT:
		read_stats_note_skip(&b->out->stats, e->index, SKIP_NOT_OBJECT);
		return TRUE;
	case SKIM_INVALID:
		if (parse_group(w, b)) /* an error in the group comes earlier */
			element_error(b, e, pos, why);
		return FALSE;
	}
	return FALSE;
}

static void parse_batch(gpointer data, gpointer user_data)
{
	struct batch *b = data;
	struct reader *r = user_data;
	struct worker *w = g_async_queue_pop(r->idle); /* one is free: there are as many as threads */
	if (!b->out)
		b->out = extracted_new();
	w->extractor.out = b->out;
	gboolean ok = TRUE;
	for (guint i = 0; ok && i < b->elements->len; i++)
		ok = take_element(w, b, &g_array_index(b->elements, struct element, i));
	if (ok)
		parse_group(w, b);
	g_string_truncate(w->group, 0);
	g_array_set_size(w->entries, 0);
	w->extractor.out = NULL;
	g_async_queue_push(r->idle, w);
}

/* ---- merging, in document order ---- */

static guint32 global_thread(struct reader *r, const struct thread_key *key)
{
	g_autoptr(GString) text = g_string_new(NULL);
	g_string_append_printf(text, "%zu:", key->pid->len);
	g_string_append_len(text, key->pid->text, key->pid->len);
	g_string_append_len(text, key->tid->text, key->tid->len);
	GBytes *bytes = g_bytes_new(text->str, text->len);
	gpointer found = g_hash_table_lookup(r->thread_index, bytes);
	if (found) {
		g_bytes_unref(bytes);
		return GPOINTER_TO_UINT(found) - 1;
	}
	struct thread_id *thread = g_new(struct thread_id, 1);
	thread->pid = g_strndup(key->pid->text, key->pid->len);
	thread->tid = g_strndup(key->tid->text, key->tid->len);
	g_ptr_array_add(r->trace->threads, thread);
	g_hash_table_insert(r->thread_index, bytes, GUINT_TO_POINTER(r->trace->threads->len));
	return r->trace->threads->len - 1;
}

static void append_extracted(struct reader *r, struct extracted *out)
{
	GArray *into[OUT_ROLES] = { r->trace->monitored, r->trace->launches, r->trace->device };
	g_autofree guint32 *global = g_new(guint32, out->keys->len + 1);
	for (guint k = 0; k < out->keys->len; k++)
		global[k] = global_thread(r, &g_array_index(out->keys, struct thread_key, k));
	for (int role = 0; role < OUT_ROLES; role++) {
		GArray *events = out->events[role];
		for (guint i = 0; i < events->len; i++) {
			struct event *event = &g_array_index(events, struct event, i);
			event->thread = global[event->thread];
		}
		g_array_append_vals(into[role], events->data, events->len);
		g_array_set_size(events, 0);
	}
	g_array_append_vals(r->trace->et_nodes, out->et_nodes->data, out->et_nodes->len);
	g_array_set_size(out->et_nodes, 0);
	for (guint i = 0; i < out->memory->len; i++) {
		struct memory_event *memory = &g_array_index(out->memory, struct memory_event, i);
		memory->thread = global[memory->thread];
	}
	g_array_append_vals(r->trace->memory, out->memory->data, out->memory->len);
	g_array_set_size(out->memory, 0);
	read_stats_add(&r->trace->stats, &out->stats);
	memset(&out->stats, 0, sizeof out->stats);
	out->stats.first_skipped_index = -1;
	g_array_set_size(out->keys, 0);
	g_hash_table_remove_all(out->key_index);
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
	json_object *args = json_member(begin, "args"), *more = json_member(end, "args");
	if (!json_object_is_type(args, json_type_object) || !json_object_is_type(more, json_type_object))
		return more ? more : args;
	json_object_object_foreach(more, key, value)
		json_object_object_add(args, key, json_object_get(value));
	return args;
}

static void match_begin_end(struct reader *r, GArray *pending)
{
	for (guint i = 0; i < pending->len; i++) {
		struct pending_event *p = &g_array_index(pending, struct pending_event, i);
		GPtrArray *stack = open_b_of(r, global_thread(r, &p->thread));
		if (p->phase == 'B') {
			struct open_event *open = g_new(struct open_event, 1);
			open->begin = json_object_get(p->event);
			open->index = p->index;
			g_ptr_array_add(stack, open);
		} else if (!stack->len) {
			read_stats_note_skip(&r->main.out->stats, p->index, SKIP_UNMATCHED_E);
		} else {
			struct open_event *open = g_ptr_array_steal_index(stack, stack->len - 1);
			extract_complete(&r->main, open->begin, p->event, merged_args(open->begin, p->event), open->index);
			open_event_free(open);
		}
	}
}

static gboolean merge_batch(struct reader *r, struct batch *b, GError **error)
{
	if (b->error) {
		r->merge_failed = TRUE;
		g_propagate_error(error, g_steal_pointer(&b->error));
		return FALSE;
	}
	append_extracted(r, b->out);
	if (b->out->begin_end->len) {
		match_begin_end(r, b->out->begin_end);
		append_extracted(r, r->main.out);
	}
	return TRUE;
}

static void recycle_batch(struct reader *r, struct batch *b)
{
	if (r->spare->len >= r->max_in_flight) {
		batch_free(b);
		return;
	}
	g_string_truncate(b->bytes, 0);
	g_array_set_size(b->elements, 0);
	extracted_clear(b->out); /* its arrays keep their room for the next batch */
	g_clear_error(&b->error);
	g_ptr_array_add(r->spare, b);
}

/* Merges parsed batches in order, waiting while more than LIMIT are in flight. */
static gboolean collect(struct reader *r, guint limit, GError **error)
{
	struct batch *b;
	while ((b = ordered_pool_next(r->pool, ordered_pool_in_flight(r->pool) > limit))) {
		gboolean ok = merge_batch(r, b, error);
		recycle_batch(r, b);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

static gboolean submit_batch(struct reader *r, GError **error)
{
	if (!r->batch)
		return TRUE;
	ordered_pool_push(r->pool, g_steal_pointer(&r->batch));
	return collect(r, r->max_in_flight, error);
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
	if (!r->batch && r->spare->len)
		r->batch = g_ptr_array_steal_index_fast(r->spare, r->spare->len - 1);
	if (!r->batch) {
		r->batch = g_new0(struct batch, 1);
		r->batch->bytes = g_string_sized_new(BATCH_BYTES + 65536);
		r->batch->elements = g_array_new(FALSE, FALSE, sizeof(struct element));
	}
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

/* The text of OBJECT[KEY] (a number as written), or NULL when it is absent or null. */
static char *member_text(json_object *object, const char *key)
{
	json_object *value = json_member(object, key);
	return value ? g_strdup(json_object_get_string(value)) : NULL;
}

/* What the report says of a device; it formats the line (src/report.c). */
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

static void handle_metadata(struct reader *r, const char *key, json_object *value)
{
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
			r->trace->rank = g_strdup(json_object_get_string(rank));
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
	r->key = g_strdup(json_object_get_string(value));
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
		return fail(error, READ_ERROR_SYNTAX, at, what);
	}
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
	} else if (strchr("\"-0123456789tfn", c)) {
		return fail(error, READ_ERROR_NOT_TRACE, at, "not a trace: the document is neither an object nor an array");
	} else {
		return fail(error, READ_ERROR_SYNTAX, at, "not JSON (unexpected character)");
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
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected a key)");
		*consumed = FALSE;
		start_value(r, FALSE);
		return TRUE;
	case TOP_OBJECT_COLON:
		if (c != ':')
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ':')");
		r->state = TOP_OBJECT_VALUE;
		return TRUE;
	case TOP_OBJECT_VALUE:
		if (strcmp(r->key, r->execution_trace ? "nodes" : "traceEvents") != 0) {
			*consumed = FALSE;
			start_value(r, TRUE);
		} else if (c == '[') {
			r->saw_events = TRUE;
			r->state = TOP_EVENTS_FIRST;
		} else {
			return fail(error, READ_ERROR_NOT_TRACE, at,
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
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ',' or '}')");
		return TRUE;
	case TOP_EVENTS_FIRST:
		if (c == ']')
			return end_events(r, error);
		/* fall through */
	case TOP_EVENTS_VALUE:
		if (c == ']')
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (']' after ',')");
		*consumed = FALSE;
		begin_element(r, c, at);
		return TRUE;
	case TOP_EVENTS_NEXT:
		if (c == ',')
			r->state = TOP_EVENTS_VALUE;
		else if (c == ']')
			return end_events(r, error);
		else
			return fail(error, READ_ERROR_SYNTAX, at, "JSON syntax error (expected ',' or ']')");
		return TRUE;
	case TOP_END:
		return fail(error, READ_ERROR_SYNTAX, at, "data after the end of the JSON document");
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
	if (collect(r, 0, &earlier))
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
		return r->merge_failed ? FALSE : settle(r, error);
	r->consumed += len;
	r->trace->stats.bytes = r->consumed;
	return TRUE;
}

static void count_unmatched_b(struct reader *r)
{
	for (guint t = 0; t < r->open_b->len; t++) {
		GPtrArray *open = g_ptr_array_index(r->open_b, t);
		for (guint i = 0; i < open->len; i++)
			read_stats_note_skip(&r->trace->stats, ((struct open_event *)open->pdata[i])->index,
					     SKIP_UNMATCHED_B);
		g_ptr_array_set_size(open, 0);
	}
}

gboolean reader_finish(struct reader *r, GError **error)
{
	/* a batch cut by the end still holds complete elements, whose errors come first */
	if (!submit_batch(r, error))
		return FALSE;
	if (!collect(r, 0, error))
		return FALSE;
	if (r->state == TOP_START)
		return fail(error, READ_ERROR_NOT_TRACE, r->consumed, "not a trace: no JSON document (empty input)");
	if (r->state != TOP_END)
		return fail(error, READ_ERROR_SYNTAX, r->consumed, "the document is cut short (truncated)");
	if (!r->saw_events && r->execution_trace)
		return fail(error, READ_ERROR_NOT_TRACE, r->consumed,
			    r->saw_trace_events ? "not an Execution Trace: a Kineto trace (traceEvents, no nodes)"
						: "not an Execution Trace: no nodes array");
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

/* What the workers freed stays in their malloc arenas: give it back, so
 * that the stages after reading do not add to the peak. */
static void release_free_memory(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

static gint64 file_size(const char *path)
{
	GStatBuf status;
	return strcmp(path, "-") != 0 && g_stat(path, &status) == 0 && S_ISREG(status.st_mode) ? status.st_size : -1;
}

struct trace *read_trace_file(const char *path, const struct read_config *config, GError **error)
{
	errno = 0;
	gzFile in = open_input(path, error);
	if (!in)
		return NULL;
	gzbuffer(in, 1 << 20);
	g_autoptr(Reader) r = reader_new(config);
	g_autofree char *buffer = g_malloc(READ_CHUNK);
	gboolean ok = TRUE;
	int n;
	gint64 size = file_size(path);
	while (ok && (n = gzread(in, buffer, READ_CHUNK)) > 0) {
		ok = reader_feed(r, buffer, n, error);
		if (config->progress)
			config->progress(path, r->consumed, size > 0 ? (double)gzoffset(in) / size : -1, FALSE);
	}
	if (config->progress)
		config->progress(path, r->consumed, 1, TRUE);
	if (ok) {
		int code;
		const char *message = gzerror(in, &code);
		if (n < 0 || code != Z_OK) { /* zlib reports a cut gzip stream only here */
			if (code == Z_ERRNO) {
				g_set_error(error, READ_ERROR, READ_ERROR_IO, "%s", g_strerror(errno));
			} else {
				if (g_str_has_prefix(message, path) && g_str_has_prefix(message + strlen(path), ": "))
					message += strlen(path) + 2; /* zlib names the file too */
				g_autofree char *where = r->consumed ? g_strdup_printf(" after %" G_GINT64_FORMAT " bytes", r->consumed)
								      : g_strdup("");
				g_set_error(error, READ_ERROR, READ_ERROR_IO, "gzip stream cut or corrupt (%s)%s", message,
					    where);
			}
			ok = FALSE;
		}
	}
	gzclose(in);
	if (!ok || !reader_finish(r, error))
		return NULL;
	struct trace *trace = reader_steal_trace(r);
	g_clear_pointer(&r, reader_free);
	release_free_memory();
	return trace;
}
