#include "input/batch.h"
#include "util/fault.h"
#include "util/ordered.h"
#include "input/pair.h"
#include "input/roles.h"
#include "input/worker.h"
#include <string.h>

#define BATCHES_PER_WORKER 2 /* in flight: enough to keep workers busy, few to keep memory low */

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
	 * of them can. The least start and the greatest end bound every span.
	 * A memory event whose Bytes would take theirs past 2^63 - 1 is skipped
	 * (in document order; counted, a warning), not the trace refused: each
	 * is an integer read as SPEC 24 reads them, their sum what no figure
	 * can hold (issue 44). */
	gint64 total[OUT_ROLES], bytes, first, last;
	guint wrapped; /* 1 << role */

	struct extractor main; /* for B/E pairs, matched while merging */
	struct pairs *pairs;
};

static void parse_batch(gpointer data, gpointer user_data);

struct batch_pool *batch_pool_new(const struct read_config *config, struct trace *trace)
{
	struct batch_pool *pool = g_new0(struct batch_pool, 1);
	pool->roles = roles_new(config->monitor_cats, config->host_cats, config->device_cats, config->memory);
	if (config->host_events)
		roles_add_host(pool->roles, config->device_cats);
	if (config->sync)
		roles_add_sync(pool->roles);
	pool->trace = trace;
	guint workers = ordered_pool_threads(config->threads);
	pool->max_in_flight = workers * BATCHES_PER_WORKER;
	pool->idle = g_async_queue_new();
	pool->workers = g_ptr_array_new_with_free_func(worker_free);
	for (guint i = 0; i < workers; i++) {
		struct worker *w = worker_new(pool->roles, config);
		g_ptr_array_add(pool->workers, w);
		g_async_queue_push(pool->idle, w);
	}
	pool->pool = ordered_pool_new(parse_batch, pool, workers, (GDestroyNotify)batch_free);
	pool->spare = g_ptr_array_new_with_free_func((GDestroyNotify)batch_free);
	extractor_setup(&pool->main, pool->roles, config, trace->names, trace->text);
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
	extractor_teardown(&pool->main);
	pairs_free(pool->pairs);
	g_hash_table_destroy(pool->roles);
	g_free(pool);
}

void batch_pool_hand_over(struct batch_pool *pool, struct trace *trace)
{
	for (guint i = 0; i < pool->workers->len; i++) {
		struct extractor *x = worker_extractor(pool->workers->pdata[i]);
		g_ptr_array_add(trace->worker_names, g_steal_pointer(&x->names));
		g_ptr_array_add(trace->worker_text, g_steal_pointer(&x->text));
		if (x->extras)
			g_ptr_array_add(trace->extras, g_ptr_array_ref(x->extras));
	}
	if (pool->main.extras)
		g_ptr_array_add(trace->extras, g_ptr_array_ref(pool->main.extras));
}

static void parse_batch(gpointer data, gpointer user_data)
{
	struct batch_pool *pool = user_data;
	struct worker *w = g_async_queue_pop(pool->idle); /* one is free: there are as many as threads */
	worker_parse(w, data);
	g_async_queue_push(pool->idle, w);
}

/* ---- merging, in document order ---- */

static void append_extracted(struct batch_pool *pool, struct extracted *out)
{
	struct trace *trace = pool->trace;
	GArray *into[OUT_ROLES] = { trace->monitored, trace->launches, trace->device, trace->steps, trace->host };
	guint32 threads = threads_count(out->threads);
	g_autofree guint32 *global = g_new(guint32, threads + 1);
	for (guint32 k = 0; k < threads; k++) /* in the order of the batch: of the document */
		global[k] = threads_add_from(trace->threads, out->threads, k);
	for (int role = 0; role < OUT_ROLES; role++) {
		GArray *events = out->events[role];
		gboolean wrapped = FALSE;
		for (guint i = 0; i < events->len; i++) {
			gint64 ts, dur;
			guint32 *thread;
			if (role == OUT_HOST) {
				struct host_event *host = &g_array_index(events, struct host_event, i);
				ts = host->ts, dur = host->dur, thread = &host->thread;
			} else {
				struct event *event = &g_array_index(events, struct event, i);
				ts = event->ts, dur = event->dur, thread = &event->thread;
			}
			*thread = global[*thread];
			wrapped |= __builtin_add_overflow(pool->total[role], dur, &pool->total[role]);
			pool->first = MIN(pool->first, ts);
			pool->last = MAX(pool->last, ts + dur);
		}
		pool->wrapped |= (guint)wrapped << role;
		g_array_append_vals(into[role], events->data, events->len);
		g_array_set_size(events, 0);
	}
	g_array_append_vals(trace->et_nodes, out->et_nodes->data, out->et_nodes->len);
	g_array_set_size(out->et_nodes, 0);
	guint kept = 0;
	for (guint i = 0; i < out->memory->len; i++) {
		struct memory_event *memory = &g_array_index(out->memory, struct memory_event, i);
		memory->thread = global[memory->thread];
		gint64 bytes = memory->bytes, sum;
		if (!memory->out_of_memory) { /* in no sum */
			if (bytes == G_MININT64 || __builtin_add_overflow(pool->bytes, ABS(bytes), &sum)) {
				struct read_stats *stats = &out->stats;
				if (!stats->memory_sum_first || memory->index + 1 < stats->memory_sum_first)
					stats->memory_sum_first = memory->index + 1;
				stats->memory_sum_skipped++;
				continue;
			}
			pool->bytes = sum;
		}
		g_array_index(out->memory, struct memory_event, kept++) = *memory;
	}
	g_array_append_vals(trace->memory, out->memory->data, kept);
	g_array_set_size(out->memory, 0);
	g_array_append_vals(trace->syncs, out->syncs->data, out->syncs->len);
	g_array_set_size(out->syncs, 0);
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
	static const char *const what[OUT_ROLES] = {
		"the monitored events' durations", "the launches' durations", "the device events' durations",
		"the steps' durations", "the host events' durations",
	};
	for (int i = 0; i < OUT_ROLES; i++)
		if (pool->wrapped & (1u << i)) {
			g_set_error(error, READ_ERROR, READ_ERROR_NOT_TRACE, "%s add up past 2^63 ns (292 years): sums would be wrong",
				    what[i]);
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
