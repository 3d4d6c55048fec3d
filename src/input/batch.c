#include "input/batch.h"
#include "util/fault.h"
#include "util/ordered.h"
#include "input/pair.h"
#include "input/roles.h"
#include "input/skim.h"
#include "input/fastev.h"
#include <json-c/printbuf.h>
#include <limits.h>
#include <string.h>

#define GROUP_EVENTS 64
#define BATCHES_PER_WORKER 2 /* in flight: enough to keep workers busy, few to keep memory low */

/* An element copied into a worker's group, at START of the group's bytes. */
struct group_entry {
	gsize start;
	const struct element *element;
};

/* An event read without json-c (src/input/fastev.h), waiting for the group's
 * elements before it: BEFORE of them. */
struct fast_entry {
	guint before;
	struct fastev event;
};

struct worker {
	struct extractor extractor;
	gboolean execution_trace; /* elements are ET nodes, all of them needed */
	json_tokener *tokener;
	GString *group;   /* "[" the elements that may matter, "," "]" */
	GArray *entries;  /* struct group_entry */
	GArray *fast;     /* struct fast_entry: events read while the group is not empty */
	GString *staging; /* their literals */
};

struct batch_pool {
	GHashTable *roles; /* canonical category -> enum event_role bits */
	struct trace *trace; /* the caller's, merged into */
	guint max_in_flight;
	gboolean failed; /* the error at hand came from a batch: the earliest */
	struct ordered_pool *pool; /* parses batches */
	GAsyncQueue *idle;  /* struct worker *, free */
	GPtrArray *workers;
	GPtrArray *spare;   /* merged batches, to fill again: no new megabyte each time */

	/* What any sum can reach: the durations of each role added up, and the
	 * memory events' bytes (in magnitude); when none wraps, no sum over some
	 * of them can. The least start and the greatest end bound every span. */
	gint64 total[OUT_ROLES], bytes, first, last;
	guint wrapped; /* 1 << role, 1 << OUT_ROLES for the bytes */

	struct extractor main; /* for B/E pairs, matched while merging */
	struct pairs *pairs;
};

static void init_extractor(struct extractor *x, GHashTable *roles, const struct read_config *config,
			   struct names *names, GStringChunk *text)
{
	x->roles = roles;
	x->all_python_functions = config->all_python_functions;
	x->steps = config->steps;
	x->names = names;
	x->text = text;
	x->literal = g_string_new(NULL);
	x->extras = config->event_extras ? g_ptr_array_new_with_free_func(g_free) : NULL;
	x->extras_wanted = config->extras_wanted;
	x->json_values = config->json_values;
	x->launch_kernels = config->launch_kernels;
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
	g_array_free(w->fast, TRUE);
	g_string_free(w->staging, TRUE);
	g_free(w);
}

void batch_free(struct batch *b)
{
	if (!b)
		return;
	g_string_free(b->bytes, TRUE);
	g_array_free(b->elements, TRUE);
	g_byte_array_unref(b->pairing);
	extracted_free(b->out);
	g_clear_error(&b->error);
	g_free(b);
}

static void parse_batch(gpointer data, gpointer user_data);

struct batch_pool *batch_pool_new(const struct read_config *config, struct trace *trace)
{
	struct batch_pool *pool = g_new0(struct batch_pool, 1);
	pool->roles = roles_new(config->monitor_cats, config->host_cats, config->device_cats, config->memory);
	pool->trace = trace;
	guint workers = ordered_pool_threads(config->threads);
	pool->max_in_flight = workers * BATCHES_PER_WORKER;
	pool->idle = g_async_queue_new();
	pool->workers = g_ptr_array_new_with_free_func(worker_free);
	for (guint i = 0; i < workers; i++) {
		struct worker *w = g_new0(struct worker, 1);
		init_extractor(&w->extractor, pool->roles, config, names_new(), g_string_chunk_new(1 << 20));
		w->tokener = read_tokener_new();
		w->execution_trace = config->execution_trace;
		w->group = g_string_sized_new(1 << 16);
		w->entries = g_array_new(FALSE, FALSE, sizeof(struct group_entry));
		w->fast = g_array_new(FALSE, FALSE, sizeof(struct fast_entry));
		w->staging = g_string_sized_new(1 << 16);
		g_ptr_array_add(pool->workers, w);
		g_async_queue_push(pool->idle, w);
	}
	pool->pool = ordered_pool_new(parse_batch, pool, workers, (GDestroyNotify)batch_free);
	pool->spare = g_ptr_array_new_with_free_func((GDestroyNotify)batch_free);
	init_extractor(&pool->main, pool->roles, config, trace->names, trace->text);
	pool->main.out = extracted_new();
	pool->pairs = pairs_new();
	pool->first = G_MAXINT64;
	pool->last = G_MININT64;
	return pool;
}

void batch_pool_free(struct batch_pool *pool)
{
	if (!pool)
		return;
	ordered_pool_free(pool->pool); /* waits for the batches under way */
	while (g_async_queue_try_pop(pool->idle))
		;
	g_async_queue_unref(pool->idle);
	g_ptr_array_free(pool->workers, TRUE);
	g_ptr_array_free(pool->spare, TRUE);
	extracted_free(pool->main.out);
	clear_extractor(&pool->main);
	pairs_free(pool->pairs);
	g_hash_table_destroy(pool->roles);
	g_free(pool);
}

void batch_pool_hand_over(struct batch_pool *pool, struct trace *trace)
{
	for (guint i = 0; i < pool->workers->len; i++) {
		struct worker *w = pool->workers->pdata[i];
		g_ptr_array_add(trace->worker_names, g_steal_pointer(&w->extractor.names));
		g_ptr_array_add(trace->worker_text, g_steal_pointer(&w->extractor.text));
		if (w->extractor.extras)
			g_ptr_array_add(trace->extras, g_ptr_array_ref(w->extractor.extras));
	}
	if (pool->main.extras)
		g_ptr_array_add(trace->extras, g_ptr_array_ref(pool->main.extras));
}

/* ---- workers ---- */

static void element_error(struct batch *b, const struct element *e, gsize pos, const char *why)
{
	g_autofree char *what = g_strdup_printf("JSON syntax error (%s)", why);
	read_fail(&b->error, READ_ERROR_SYNTAX, e->offset + (gint64)MIN(pos, e->len), what);
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

/* An element as json-c made it, extracted; its B or E event waits as a record (src/input/pair.h). */
static void take_parsed(struct worker *w, struct batch *b, json_object *element, gint64 index)
{
	guint pending = b->out->begin_end->len;
	if (w->execution_trace)
		extract_et_node(&w->extractor, element, index);
	else
		extract_event(&w->extractor, element, index);
	pair_record_pending(b->pairing, b->out->begin_end, pending);
}

/* Room in json-c's buffer for a token of LEN bytes, before it reads: json-c before 0.17
 * drops, unsaid, what it cannot append to a string or number (0.17 says error_memory). */
static void make_room(json_tokener *tokener G_GNUC_UNUSED, gsize len G_GNUC_UNUSED)
{
#if JSON_C_VERSION_NUM < 0x001100
	if (tokener->pb->size < (int)len + 8 && printbuf_memset(tokener->pb, 0, 0, (int)len + 8) < 0)
		fault_out_of_memory();
	printbuf_reset(tokener->pb);
#endif
}

/* Whether json-c read a value ending at LEN (WHOLE: of the type and size asked). Memory that ran
 * out ends the run: json-c 0.16 gives up, as if done, when it cannot allocate (another value, or ending early). */
static gboolean parsed(json_tokener *tokener, gboolean whole, gsize len)
{
	enum json_tokener_error status = json_tokener_get_error(tokener);
#if JSON_C_VERSION_NUM >= 0x001100
	if (status == json_tokener_error_memory)
		fault_out_of_memory();
#endif
	if (status == json_tokener_success && (!whole || json_tokener_get_parse_end(tokener) != len))
		fault_out_of_memory();
	return status == json_tokener_success;
}

/* The events read without json-c that wait for fewer than SLOW of the group's elements. */
static void commit_fast(struct worker *w, guint *next, guint slow)
{
	for (; *next < w->fast->len; ++*next) {
		const struct fast_entry *f = &g_array_index(w->fast, struct fast_entry, *next);
		if (f->before > slow)
			return;
		fastev_commit(&w->extractor, &f->event, w->staging);
	}
}

static void clear_group(struct worker *w)
{
	g_string_truncate(w->group, 0);
	g_array_set_size(w->entries, 0);
	g_array_set_size(w->fast, 0);
	g_string_truncate(w->staging, 0);
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
	make_room(w->tokener, w->group->len); /* (no token is longer than the group) */
	json_object *group = json_tokener_parse_ex(w->tokener, w->group->str, (int)w->group->len);
	gboolean ok = parsed(w->tokener, json_object_is_type(group, json_type_array) &&
					     json_object_array_length(group) == w->entries->len, w->group->len);
	if (ok) {
		guint next = 0; /* the events read without json-c go between, in document order */
		for (guint i = 0; i < w->entries->len; i++) {
			commit_fast(w, &next, i);
			take_parsed(w, b, json_object_array_get_idx(group, i),
				    g_array_index(w->entries, struct group_entry, i).element->index);
		}
		commit_fast(w, &next, w->entries->len);
	} else {
		gsize pos = json_tokener_get_parse_end(w->tokener);
		const char *why = json_tokener_error_desc(json_tokener_get_error(w->tokener));
		if (pos < w->group->len && !w->group->str[pos]) /* json-c takes a NUL for the end */
			why = "a raw NUL byte";
		else if (pos && pos <= w->group->len && !w->group->str[pos - 1]) /* (after it, in a string) */
			pos--, why = "a raw NUL byte";
		const struct group_entry *entry = entry_at(w->entries, pos);
		element_error(b, entry->element, pos - entry->start, why);
	}
	json_object_put(group);
	clear_group(w);
	return ok;
}

/* An object of BATCH_BYTES bytes or more, parsed where it lies, not copied into the group, by
 * a tokener freed with its buffer; then the batch's copy goes (a batch is sent once it holds
 * BATCH_BYTES: it is the last). FALSE when it is not JSON: the group says why, as for any. */
static gboolean parse_alone(struct worker *w, struct batch *b, const struct element *e)
{
	json_tokener *tokener = FAULT_CHECK(json_tokener_new_ex(READ_TOKENER_DEPTH - 1)); /* as within the group's array */
	json_tokener_set_flags(tokener, READ_TOKENER_FLAGS);
	make_room(tokener, e->len);
	json_object *event = json_tokener_parse_ex(tokener, b->bytes->str + e->start, (int)e->len);
	gboolean ok = parsed(tokener, json_object_is_type(event, json_type_object), e->len);
	json_tokener_free(tokener);
	if (ok && e == &g_array_index(b->elements, struct element, b->elements->len - 1)) {
		g_string_free(b->bytes, TRUE);
		b->bytes = g_string_sized_new(BATCH_BYTES + 65536);
	}
	if (ok)
		take_parsed(w, b, event, e->index);
	json_object_put(event);
	return ok;
}

static gboolean add_to_group(struct worker *w, struct batch *b, const struct element *e)
{
	if (e->len >= INT_MAX / 2) {
		read_fail(&b->error, READ_ERROR_SYNTAX, e->offset, "an event larger than 1 GB");
		return FALSE;
	}
	if (e->len >= BATCH_BYTES && b->bytes->str[e->start] == '{') { /* (json-c sees where an object ends) */
		if (!parse_group(w, b)) /* the elements before it first */
			return FALSE;
		if (parse_alone(w, b, e))
			return TRUE;
	}
	if (w->group->len + e->len >= INT_MAX / 2 && !parse_group(w, b))
		return FALSE;
	g_string_append_c(w->group, w->entries->len ? ',' : '[');
	struct group_entry entry = { w->group->len, e };
	g_array_append_val(w->entries, entry);
	g_string_append_len(w->group, b->bytes->str + e->start, e->len);
	return w->entries->len < GROUP_EVENTS || parse_group(w, b);
}

/* A needed element read without json-c, when it can be: its events are kept at
 * once, or after the group's elements before it. */
static gboolean take_fast(struct worker *w, struct batch *b, const struct element *e)
{
	g_array_set_size(w->fast, w->fast->len + 1);
	struct fast_entry *f = &g_array_index(w->fast, struct fast_entry, w->fast->len - 1);
	f->before = w->entries->len;
	gboolean fast = fastev_parse(&w->extractor, b->bytes->str + e->start, e->len, e->index, w->staging, &f->event);
	if (fast && w->entries->len)
		return TRUE;
	if (fast) { /* nothing waits before it */
		fastev_commit(&w->extractor, &f->event, w->staging);
		g_string_truncate(w->staging, 0);
	}
	g_array_set_size(w->fast, w->fast->len - 1);
	return fast;
}

/* One element: skimmed, read without json-c when it can be, else given to
 * json-c when it may matter. */
static gboolean take_element(struct worker *w, struct batch *b, const struct element *e)
{
	gsize pos;
	const char *why;
	if (w->execution_trace)
		return add_to_group(w, b, e);
	switch (skim_event_counted(b->bytes->str + e->start, e->len, w->extractor.roles, w->extractor.steps, &pos,
				   &why, &b->out->categories)) {
	case SKIM_NEEDED:
		if (take_fast(w, b, e))
			return TRUE;
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
	struct batch_pool *pool = user_data;
	struct worker *w = g_async_queue_pop(pool->idle); /* one is free: there are as many as threads */
	if (!b->out)
		b->out = extracted_new();
	w->extractor.out = b->out;
	gboolean ok = TRUE;
	for (guint i = 0; ok && i < b->elements->len; i++)
		ok = take_element(w, b, &g_array_index(b->elements, struct element, i));
	if (ok)
		parse_group(w, b);
	clear_group(w);
	w->extractor.out = NULL;
	g_async_queue_push(pool->idle, w);
}

/* ---- merging, in document order ---- */

static void append_extracted(struct batch_pool *pool, struct extracted *out)
{
	struct trace *trace = pool->trace;
	GArray *into[OUT_ROLES] = { trace->monitored, trace->launches, trace->device, trace->steps };
	guint32 threads = threads_count(out->threads);
	g_autofree guint32 *global = g_new(guint32, threads + 1);
	for (guint32 k = 0; k < threads; k++) /* in the order of the batch: of the document */
		global[k] = threads_add_from(trace->threads, out->threads, k);
	for (int role = 0; role < OUT_ROLES; role++) {
		GArray *events = out->events[role];
		gboolean wrapped = FALSE;
		for (guint i = 0; i < events->len; i++) {
			struct event *event = &g_array_index(events, struct event, i);
			event->thread = global[event->thread];
			wrapped |= __builtin_add_overflow(pool->total[role], event->dur, &pool->total[role]);
			pool->first = MIN(pool->first, event->ts);
			pool->last = MAX(pool->last, event_end(event));
		}
		pool->wrapped |= (guint)wrapped << role;
		g_array_append_vals(into[role], events->data, events->len);
		g_array_set_size(events, 0);
	}
	g_array_append_vals(trace->et_nodes, out->et_nodes->data, out->et_nodes->len);
	g_array_set_size(out->et_nodes, 0);
	for (guint i = 0; i < out->memory->len; i++) {
		struct memory_event *memory = &g_array_index(out->memory, struct memory_event, i);
		memory->thread = global[memory->thread];
		gint64 bytes = memory->bytes;
		gboolean wrapped = bytes == G_MININT64 || __builtin_add_overflow(pool->bytes, ABS(bytes), &pool->bytes);
		pool->wrapped |= (guint)wrapped << OUT_ROLES;
	}
	g_array_append_vals(trace->memory, out->memory->data, out->memory->len);
	g_array_set_size(out->memory, 0);
	read_stats_add(&trace->stats, &out->stats);
	category_counts_move(trace->categories, &out->categories);
	memset(&out->stats, 0, sizeof out->stats);
	out->stats.first_skipped_index = -1;
	threads_clear(out->threads);
}

static gboolean merge_batch(struct batch_pool *pool, struct batch *b, GError **error)
{
	if (b->error) {
		pool->failed = TRUE;
		g_propagate_error(error, g_steal_pointer(&b->error));
		return FALSE;
	}
	append_extracted(pool, b->out);
	GArray *pending = b->out->begin_end;
	if (pending->len) {
		const guint8 *record = b->pairing->data;
		for (guint i = 0; i < pending->len; i++) {
			const struct pending_event *p = &g_array_index(pending, struct pending_event, i);
			pairs_take(pool->pairs, &pool->main, p, &record,
				   threads_add_from(pool->trace->threads, b->out->pending_threads, p->thread));
		}
		append_extracted(pool, pool->main.out);
	}
	return TRUE;
}

static void recycle_batch(struct batch_pool *pool, struct batch *b)
{
	if (pool->spare->len >= pool->max_in_flight) {
		batch_free(b);
		return;
	}
	g_string_truncate(b->bytes, 0);
	g_array_set_size(b->elements, 0);
	g_byte_array_set_size(b->pairing, 0);
	extracted_clear(b->out); /* its arrays keep their room for the next batch */
	g_clear_error(&b->error);
	g_ptr_array_add(pool->spare, b);
}

/* Merges parsed batches in order, waiting while more than LIMIT are in flight. */
static gboolean collect(struct batch_pool *pool, guint limit, GError **error)
{
	struct batch *b;
	while ((b = ordered_pool_next(pool->pool, ordered_pool_in_flight(pool->pool) > limit))) {
		gboolean ok = merge_batch(pool, b, error);
		recycle_batch(pool, b);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

struct batch *batch_pool_take(struct batch_pool *pool)
{
	if (pool->spare->len)
		return g_ptr_array_steal_index_fast(pool->spare, pool->spare->len - 1);
	struct batch *b = g_new0(struct batch, 1);
	b->bytes = g_string_sized_new(BATCH_BYTES + 65536);
	b->elements = g_array_new(FALSE, FALSE, sizeof(struct element));
	b->pairing = g_byte_array_new();
	return b;
}

gboolean batch_pool_submit(struct batch_pool *pool, struct batch *batch, GError **error)
{
	ordered_pool_push(pool->pool, batch);
	return collect(pool, pool->max_in_flight, error);
}

gboolean batch_pool_drain(struct batch_pool *pool, GError **error)
{
	return collect(pool, 0, error);
}

gboolean batch_pool_failed(const struct batch_pool *pool)
{
	return pool->failed;
}

gboolean batch_pool_finish(struct batch_pool *pool, GError **error)
{
	threads_trim(pool->trace->threads); /* all read */
	pairs_count_unmatched(pool->pairs, &pool->trace->stats);
	static const char *const what[OUT_ROLES + 1] = {
		"the monitored events' durations", "the launches' durations", "the device events' durations",
		"the steps' durations", "the memory events' bytes",
	};
	for (int i = 0; i <= OUT_ROLES; i++)
		if (pool->wrapped & (1u << i)) {
			g_set_error(error, READ_ERROR, READ_ERROR_NOT_TRACE, "%s add up past 2^63%s: sums would be wrong",
				    what[i], i < OUT_ROLES ? " ns (292 years)" : "");
			return FALSE;
		}
	gint64 span;
	if (pool->first < pool->last && __builtin_sub_overflow(pool->last, pool->first, &span)) {
		g_set_error_literal(error, READ_ERROR, READ_ERROR_NOT_TRACE,
				    "the events span more than 2^63 ns (292 years): spans would be wrong");
		return FALSE;
	}
	return TRUE;
}
