#include "attribution/memory_devices.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* An event of a memory device, for the sort. */
struct record {
	guint pid;   /* its process's number */
	guint m;     /* index into attribution->memory */
	gint64 type, id, ts, index;
};

static int compare_records(const void *x, const void *y)
{
	const struct record *a = x, *b = y;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

static gboolean same_device(const struct record *a, const struct record *b)
{
	return a->pid == b->pid && a->type == b->type && a->id == b->id;
}

/* Whether TEXT is an integer in decimal ("-" allowed), and its value.
 * Only ERANGE says the number is bad: errno may hold another value that a
 * call made on the way left (a futex's EAGAIN), not a verdict on TEXT. */
static gboolean decimal(const char *text, gint64 *value)
{
	if (!*text)
		return FALSE;
	char *end;
	errno = 0;
	*value = g_ascii_strtoll(text, &end, 10);
	return !*end && errno != ERANGE && !g_ascii_isspace(*text) && *text != '+';
}

/* Pids in decimal by value (ties in byte order), then the others in byte order. */
static int compare_pids(const char *a, const char *b)
{
	gint64 x, y;
	gboolean dx = decimal(a, &x), dy = decimal(b, &y);
	if (dx != dy)
		return dx ? -1 : 1;
	if (dx && x != y)
		return x < y ? -1 : 1;
	return strcmp(a, b);
}

static int compare_devices(const void *x, const void *y)
{
	const struct memory_device *a = x, *b = y;
	if ((a->type != 0) != (b->type != 0))
		return a->type != 0 ? 1 : -1;
	int pid = compare_pids(a->pid, b->pid);
	if (pid)
		return pid;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	return (a->type > b->type) - (a->type < b->type);
}

static guint pid_of(struct memory_devices *d, guint32 thread)
{
	gboolean known = thread < d->thread_count;
	if (known && d->thread_pid[thread])
		return d->thread_pid[thread] - 1;
	char buf[THREADS_NUMBER_MAX];
	const char *text = known ? threads_pid(d->threads, thread, buf) : "?";
	guint number = GPOINTER_TO_UINT(g_hash_table_lookup(d->pids, text));
	if (!number) {
		char *key = g_strdup(text);
		number = g_hash_table_size(d->pids) + 1;
		g_hash_table_insert(d->pids, key, GUINT_TO_POINTER(number));
		g_ptr_array_add(d->pid_texts, key);
	}
	if (known)
		d->thread_pid[thread] = number;
	return number - 1;
}

/* The pid text of NUMBER: the key of d->pids that maps to it. */
static const char *pid_text(const struct memory_devices *d, guint number)
{
	return number < d->pid_texts->len ? d->pid_texts->pdata[number] : "?";
}

void memory_device_label(GString *out, const struct memory_device *device)
{
	if (device->type == 0)
		g_string_append(out, "cpu");
	else
		g_string_append_printf(out, "%" G_GINT64_FORMAT, device->id);
	if (device->ambiguous && device->type == 0)
		g_string_append_printf(out, " (Device Id %" G_GINT64_FORMAT ")", device->id);
	else if (device->ambiguous)
		g_string_append_printf(out, " (Device Type %" G_GINT64_FORMAT ")", device->type);
}

/* totalGlobalMem of the deviceProperties entry whose id is ID. */
static gboolean capacity_of(const GArray *devices, gint64 id, gint64 *capacity)
{
	for (guint i = 0; devices && i < devices->len; i++) {
		const struct device_info *info = &g_array_index(devices, struct device_info, i);
		gint64 value;
		if (info->id && info->has_memory && decimal(info->id, &value) && value == id) {
			*capacity = (gint64)info->total_global_mem;
			return TRUE;
		}
	}
	return FALSE;
}

/* The better of positions I and J of VALUES, I before J: the larger value, I on a tie. */
static inline guint better(const gint64 *values, guint i, guint j)
{
	return values[j] > values[i] ? j : i;
}

/* TREE (2N nodes) over VALUES: node N + i is leaf i, node k holds the
 * first position of the largest value below it. */
static void tree_build(const gint64 *values, guint n, guint *tree)
{
	for (guint i = 0; i < n; i++)
		tree[n + i] = i;
	for (guint k = n; k-- > 1;)
		tree[k] = better(values, tree[2 * k], tree[2 * k + 1]);
}

/* The first position of the largest value in [LOW, HIGH) (LOW < HIGH). */
static guint tree_query(const gint64 *values, guint n, const guint *tree, guint low, guint high)
{
	guint left = G_MAXUINT, right = G_MAXUINT;
	for (low += n, high += n; low < high; low /= 2, high /= 2) {
		if (low & 1) {
			guint k = tree[low++];
			left = left == G_MAXUINT ? k : better(values, left, k);
		}
		if (high & 1) {
			guint k = tree[--high];
			right = right == G_MAXUINT ? k : better(values, k, right);
		}
	}
	if (left == G_MAXUINT)
		return right;
	return right == G_MAXUINT ? left : better(values, left, right);
}

/* Walks the events RECORDS[from, to) of one device into D's next device. */
static void walk_device(struct memory_devices *d, const struct attribution *a, const struct record *records, guint from,
			guint to, GArray *curve)
{
	struct memory_device *device = &d->devices[d->count];
	memset(device, 0, sizeof *device);
	device->type = records[from].type;
	device->id = records[from].id;
	device->first_oom = MEMORY_NONE;
	device->curve_first = curve->len;
	gboolean has_reserved = FALSE;
	gint64 reserved = 0;
	for (guint r = from; r < to; r++) {
		const struct memory_event *e = &a->memory[records[r].m];
		if (e->out_of_memory) {
			if (!device->out_of_memory++)
				device->first_oom = records[r].m;
			continue;
		}
		device->events++;
		device->allocations += e->bytes > 0;
		device->frees += e->bytes < 0;
		if (e->bytes > 0)
			device->allocated_total += e->bytes;
		if (e->has_reserved) {
			has_reserved = TRUE, reserved = e->total_reserved;
			if (!device->has_reserved || e->total_reserved > device->peak_reserved)
				device->peak_reserved = e->total_reserved;
			device->has_reserved = TRUE;
		}
		if (!e->has_total)
			continue;
		if (!device->has_peak || e->total_allocated > device->peak) {
			device->peak = e->total_allocated;
			device->peak_event = records[r].m;
			device->has_reserved_at_peak = has_reserved;
			device->reserved_at_peak = reserved;
		}
		device->has_peak = TRUE;
		device->final = e->total_allocated;
		if (device->type != 0) {
			gint64 point[3] = { e->ts, e->index, e->total_allocated };
			g_array_append_vals(curve, point, 1);
		}
	}
	device->curve_count = curve->len - device->curve_first;
}

struct memory_devices *memory_devices_compute(const struct attribution *a, const struct threads *threads,
					      const GArray *infos, const struct steps *steps,
					      const struct step_range *range)
{
	struct memory_devices *d = g_new0(struct memory_devices, 1);
	d->threads = threads;
	d->thread_count = threads ? threads_count(threads) : 0;
	d->thread_pid = g_new0(guint, d->thread_count ? d->thread_count : 1);
	d->pids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	d->pid_texts = g_ptr_array_new();
	d->first_oom = MEMORY_NONE;
	gboolean clip = steps && range && range->given;
	g_autofree struct record *records = g_new(struct record, a->memory_count ? a->memory_count : 1);
	guint n = 0;
	for (guint m = 0; m < a->memory_count; m++) {
		const struct memory_event *e = &a->memory[m];
		if (!e->has_type || (clip && !steps_kept(steps, range, steps_find(steps, e->thread, e->ts))))
			continue;
		records[n++] = (struct record){ pid_of(d, e->thread), m, e->device_type, e->device_id, e->ts, e->index };
	}
	if (n > 1)
		qsort(records, n, sizeof *records, compare_records);
	guint runs = 0;
	for (guint r = 0; r < n; r++)
		runs += r == 0 || !same_device(&records[r - 1], &records[r]);
	d->devices = g_new0(struct memory_device, runs ? runs : 1);
	GArray *curve = g_array_new(FALSE, FALSE, 3 * sizeof(gint64));
	for (guint r = 0, end; r < n; r = end) {
		for (end = r + 1; end < n && same_device(&records[r], &records[end]); end++)
			;
		walk_device(d, a, records, r, end, curve);
		struct memory_device *device = &d->devices[d->count];
		if (device->out_of_memory) {
			d->oom += device->out_of_memory;
			const struct memory_event *e = &a->memory[device->first_oom], *f;
			if (d->first_oom == MEMORY_NONE || (f = &a->memory[d->first_oom], e->ts < f->ts ||
							    (e->ts == f->ts && e->index < f->index)))
				d->first_oom = device->first_oom;
		}
		if (!device->events) { /* [OutOfMemory] only: no row */
			g_array_set_size(curve, device->curve_first);
			continue;
		}
		device->pid = pid_text(d, records[r].pid);
		if (device->type != 0)
			device->has_capacity = capacity_of(infos, device->id, &device->capacity);
		d->count++;
	}
	/* the curves in arrays of their own, and the devices in row order */
	guint points = curve->len;
	d->curve_ts = g_new(gint64, points ? points : 1);
	d->curve_index = g_new(gint64, points ? points : 1);
	d->curve_total = g_new(gint64, points ? points : 1);
	for (guint i = 0; i < points; i++) {
		const gint64 *point = (const gint64 *)(curve->data + (gsize)i * 3 * sizeof(gint64));
		d->curve_ts[i] = point[0], d->curve_index[i] = point[1], d->curve_total[i] = point[2];
	}
	g_array_free(curve, TRUE);
	d->tree = g_new(guint, 2 * (gsize)points + 1);
	for (guint i = 0; i < d->count; i++) {
		const struct memory_device *device = &d->devices[i];
		tree_build(d->curve_total + device->curve_first, device->curve_count, d->tree + 2 * (gsize)device->curve_first);
	}
	struct memory_device *sorted = d->devices; /* in row order, in place */
	qsort(sorted, d->count, sizeof *sorted, compare_devices);
	for (guint i = 1; i < d->count; i++) { /* written alike: adjacent in row order */
		struct memory_device *a = &sorted[i - 1], *b = &sorted[i];
		if (a->pid == b->pid && (a->type == 0) == (b->type == 0) && (a->type == 0 || a->id == b->id))
			a->ambiguous = b->ambiguous = TRUE;
	}
	/* the pids' accelerators: contiguous in row order */
	d->pid_slots = g_hash_table_size(d->pids);
	d->pid_first = g_new0(guint, d->pid_slots + 1);
	d->pid_count = g_new0(guint, d->pid_slots + 1);
	g_autoptr(GHashTable) by_id = g_hash_table_new(g_int64_hash, g_int64_equal); /* Device Id -> a pid having it */
	for (guint i = 0; i < d->count; i++) {
		const struct memory_device *device = &sorted[i];
		if (device->type == 0)
			continue;
		d->accelerators++;
		guint p = GPOINTER_TO_UINT(g_hash_table_lookup(d->pids, device->pid)) - 1;
		if (!d->pid_count[p]++)
			d->pid_first[p] = i;
		const char *other = g_hash_table_lookup(by_id, &device->id);
		if (other && strcmp(other, device->pid) != 0)
			d->shared_ids = TRUE;
		g_hash_table_insert(by_id, (gpointer)&device->id, (gpointer)device->pid);
	}
	return d;
}

void memory_devices_free(struct memory_devices *d)
{
	if (!d)
		return;
	g_free(d->devices);
	g_free(d->curve_ts);
	g_free(d->curve_index);
	g_free(d->curve_total);
	g_free(d->tree);
	g_free(d->pid_first);
	g_free(d->pid_count);
	g_free(d->thread_pid);
	g_hash_table_destroy(d->pids);
	g_ptr_array_free(d->pid_texts, TRUE);
	g_free(d);
}

/* The first of the N times TS at or after T (AFTER: after T). */
static guint first_at(const gint64 *ts, guint n, gint64 t, gboolean after)
{
	guint low = 0, high = n;
	while (low < high) {
		guint mid = low + (high - low) / 2;
		if (ts[mid] < t || (after && ts[mid] == t))
			low = mid + 1;
		else
			high = mid;
	}
	return low;
}

void memory_devices_window(const struct memory_devices *cd, guint32 thread, gint64 from, gint64 to,
			   struct memory_window *w)
{
	struct memory_devices *d = (struct memory_devices *)cd; /* the pid cache only */
	memset(w, 0, sizeof *w);
	guint p = pid_of(d, thread);
	if (p >= d->pid_slots) /* a process without memory events */
		return;
	for (guint i = d->pid_first[p]; i < d->pid_first[p] + d->pid_count[p]; i++) {
		const struct memory_device *device = &d->devices[i];
		const gint64 *ts = d->curve_ts + device->curve_first, *total = d->curve_total + device->curve_first,
			     *index = d->curve_index + device->curve_first;
		guint n = device->curve_count;
		guint low = first_at(ts, n, from, FALSE), high = first_at(ts, n, to, TRUE);
		if (low >= high)
			continue;
		guint k = tree_query(total, n, d->tree + 2 * (gsize)device->curve_first, low, high);
		gint64 before = low ? total[low - 1] : 0;
		w->increase = MAX(w->increase, total[k] - before);
		const struct memory_device *holder = w->found ? &d->devices[w->device] : NULL;
		gboolean first = !holder || total[k] > w->peak;
		if (holder && total[k] == w->peak) { /* the first to reach it */
			const gint64 *hts = d->curve_ts + holder->curve_first, *hindex = d->curve_index + holder->curve_first;
			guint hk = tree_query(d->curve_total + holder->curve_first, holder->curve_count,
					      d->tree + 2 * (gsize)holder->curve_first,
					      first_at(hts, holder->curve_count, from, FALSE),
					      first_at(hts, holder->curve_count, to, TRUE));
			first = ts[k] < hts[hk] || (ts[k] == hts[hk] && index[k] < hindex[hk]);
		}
		if (first) {
			w->found = TRUE;
			w->peak = total[k];
			w->device = i;
			w->last = total[high - 1];
			w->before = before;
			w->has_before = low > 0;
		}
	}
}

gint64 memory_span_start(const struct steps *steps, const struct attribution *a)
{
	gint64 start = G_MAXINT64;
	if (steps && steps->count) {
		for (guint s = 0; s < steps->count; s++)
			start = MIN(start, steps->events[s].ts);
		return start;
	}
	for (guint l = 0; l < a->launch_count; l++)
		start = MIN(start, a->launches[l].ts);
	if (a->claimed + a->unclaimed)
		start = MIN(start, a->by_time[0].ts);
	for (guint m = 0; start == G_MAXINT64 && m < a->memory_count; m++) /* none: from the first memory event */
		start = MIN(start, a->memory[m].ts);
	return start == G_MAXINT64 ? 0 : start;
}
