#include "attribution/idle.h"

gboolean idle_track_add(struct idle_track *t, const struct event *e, gboolean has_launch, gint64 launch_ts,
			struct idle_gap *gap)
{
	if (e->dur <= 0) /* no busy interval: no part in the rule */
		return FALSE;
	gint64 end = event_end(e);
	if (!t->started) {
		t->started = TRUE;
		t->end = end;
		return FALSE;
	}
	if (e->ts <= t->end) { /* the busy run goes on */
		t->end = MAX(t->end, end);
		return FALSE;
	}
	/* the first event after the run: it ends the gap [t->end, e->ts) */
	gap->start = t->end;
	gap->end = e->ts;
	gap->wait_end = has_launch ? idle_wait_end(gap->start, gap->end, launch_ts) : gap->start;
	t->gaps += gap->end - gap->start;
	t->wait += gap->wait_end - gap->start;
	t->end = end;
	return TRUE;
}

gboolean idle_launch_ts(const struct attribution *a, guint i, gint64 *ts)
{
	guint l = a->by_time_launch ? a->by_time_launch[i] : NO_LAUNCH;
	if (l == NO_LAUNCH)
		return FALSE;
	*ts = a->launches[l].ts;
	return TRUE;
}

void device_keys_init(struct device_keys *keys, const struct threads *threads)
{
	*keys = (struct device_keys){ .threads = threads };
}

const char *device_keys_pid(const struct device_keys *keys, guint32 thread, char number[THREADS_NUMBER_MAX])
{
	if (!keys->threads || thread >= threads_count(keys->threads))
		return "?";
	return threads_pid(keys->threads, thread, number);
}

guint device_key(struct device_keys *keys, const struct event *e)
{
	if (e->has_device)
		return e->device;
	gboolean known_thread = keys->threads && e->thread < threads_count(keys->threads);
	if (known_thread && !keys->thread_pid)
		keys->thread_pid = g_new0(guint, threads_count(keys->threads));
	if (known_thread && keys->thread_pid[e->thread])
		return IDLE_PID_KEYS + keys->thread_pid[e->thread] - 1;
	if (!keys->pids)
		keys->pids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	char buf[THREADS_NUMBER_MAX];
	const char *pid = device_keys_pid(keys, e->thread, buf);
	guint number = GPOINTER_TO_UINT(g_hash_table_lookup(keys->pids, pid));
	if (!number) {
		number = g_hash_table_size(keys->pids) + 1;
		g_hash_table_insert(keys->pids, g_strdup(pid), GUINT_TO_POINTER(number));
	}
	if (known_thread)
		keys->thread_pid[e->thread] = number;
	return IDLE_PID_KEYS + number - 1;
}

void device_keys_clear(struct device_keys *keys)
{
	if (keys->pids)
		g_hash_table_destroy(keys->pids);
	g_free(keys->thread_pid);
	*keys = (struct device_keys){ 0 };
}

void intervals_extend(GArray *list, gint64 start, gint64 end)
{
	if (end <= start)
		return;
	if (list->len) {
		struct idle_interval *last = &g_array_index(list, struct idle_interval, list->len - 1);
		if (start <= last->end) {
			last->end = MAX(last->end, end);
			return;
		}
	}
	struct idle_interval v = { start, end };
	g_array_append_val(list, v);
}

void intervals_clip(const struct idle_interval *list, guint count, gint64 from, gint64 to, GArray *out)
{
	guint low = 0, high = count;
	while (low < high) { /* the first that ends after FROM */
		guint mid = low + (high - low) / 2;
		if (list[mid].end <= from)
			low = mid + 1;
		else
			high = mid;
	}
	for (guint i = low; i < count && list[i].start < to; i++)
		intervals_extend(out, MAX(list[i].start, from), MIN(list[i].end, to));
}

void intervals_union(const GArray *a, const GArray *b, GArray *out)
{
	g_array_set_size(out, 0);
	const struct idle_interval *x = (const struct idle_interval *)a->data, *y = (const struct idle_interval *)b->data;
	guint i = 0, j = 0;
	while (i < a->len || j < b->len) { /* by start: each extends the union so far */
		const struct idle_interval *next = j == b->len || (i < a->len && x[i].start <= y[j].start) ? &x[i++] : &y[j++];
		intervals_extend(out, next->start, next->end);
	}
}

gint64 intervals_length(const GArray *list)
{
	gint64 length = 0;
	for (guint i = 0; i < list->len; i++)
		length += g_array_index(list, struct idle_interval, i).end - g_array_index(list, struct idle_interval, i).start;
	return length;
}

gint64 intervals_overlap(const GArray *a, const GArray *b)
{
	const struct idle_interval *x = (const struct idle_interval *)a->data, *y = (const struct idle_interval *)b->data;
	gint64 length = 0;
	for (guint i = 0, j = 0; i < a->len && j < b->len;) {
		gint64 start = MAX(x[i].start, y[j].start), end = MIN(x[i].end, y[j].end);
		if (end > start)
			length += end - start;
		if (x[i].end < y[j].end) /* the one that ends first meets nothing more */
			i++;
		else
			j++;
	}
	return length;
}
