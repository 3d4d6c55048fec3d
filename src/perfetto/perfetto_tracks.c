#include "perfetto/perfetto_tracks.h"
#include <string.h>
#include "output/chrome_trace.h"
#include "sinks/sink_jsonl.h"
#include "util/percent.h"
#include "util/timefmt.h"
#include "views/findings/finding.h"

#define FINDING_GAPS_MAX 1000
#define LAUNCH_BOUND_GAP 100000 /* ns: SPEC 26.2's launch-bound gaps are shorter */

/* Where the events go. */
struct writer {
	GString *out;
	guint64 pid;
	gboolean comma;
	guint64 added;
	guint64 next_tid;
};

static GString *event(struct writer *w)
{
	g_string_append(w->out, w->comma ? ",\n" : "\n"); /* an added event a line */
	w->comma = TRUE;
	w->added++;
	return w->out;
}

/* A slice to place. */
struct slice {
	gint64 start, end;
	const char *name;
	char *args; /* JSON text, owned */
};

static void slice_clear(gpointer p)
{
	g_free(((struct slice *)p)->args);
}

static gint by_start(gconstpointer a, gconstpointer b)
{
	const struct slice *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start ? 1 : x->end < y->end ? 1 : x->end > y->end ? -1 : 0;
}

/* A track's threads: a min-heap of (end, tid). */
struct lane {
	gint64 end;
	guint64 tid;
};

static void heap_down(struct lane *h, guint n, guint i)
{
	for (;;) {
		guint least = i, l = 2 * i + 1, r = l + 1;
		if (l < n && h[l].end < h[least].end)
			least = l;
		if (r < n && h[r].end < h[least].end)
			least = r;
		if (least == i)
			return;
		struct lane t = h[i];
		h[i] = h[least], h[least] = t;
		i = least;
	}
}

static void heap_up(struct lane *h, guint i)
{
	while (i && h[(i - 1) / 2].end > h[i].end) {
		struct lane t = h[i];
		h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* Writes SLICES (sorted here) as the track NAME, on as many threads as they need. */
static void write_track(struct writer *w, const char *name, GArray *slices)
{
	g_array_sort(slices, by_start);
	g_autoptr(GArray) heap = g_array_new(FALSE, FALSE, sizeof(struct lane));
	g_autoptr(GString) title = g_string_new(NULL);
	for (guint i = 0; i < slices->len; i++) {
		const struct slice *s = &g_array_index(slices, struct slice, i);
		struct lane *h = (struct lane *)heap->data;
		guint64 tid;
		if (heap->len && h[0].end <= s->start) {
			tid = h[0].tid;
			h[0].end = s->end;
			heap_down(h, heap->len, 0);
		} else {
			tid = w->next_tid++;
			g_string_assign(title, name);
			if (heap->len)
				g_string_append_printf(title, " #%u", heap->len + 1);
			chrome_metadata(event(w), w->pid, tid, "thread_name", title->str);
			g_string_printf(title, "%" G_GUINT64_FORMAT, tid);
			chrome_metadata(event(w), w->pid, tid, "thread_sort_index", title->str);
			struct lane lane = { s->end, tid };
			g_array_append_val(heap, lane);
			heap_up((struct lane *)heap->data, heap->len - 1);
		}
		chrome_slice(event(w), w->pid, tid, s->name, s->start, s->end - s->start, s->args, strlen(s->args));
	}
}

/* --summary gaps --format jsonl's row of ROW, as an object's text. */
static char *gap_args(struct sink *sink, const struct gap_row *row, GString *scratch)
{
	g_string_truncate(scratch, 0);
	sink_row(sink, row, scratch);
	while (scratch->len && scratch->str[scratch->len - 1] == '\n')
		g_string_truncate(scratch, scratch->len - 1);
	return g_strndup(scratch->str, scratch->len);
}

static void gap_tracks(struct writer *w, const struct gap_rows *gaps, struct sink *sink)
{
	g_autoptr(GString) scratch = g_string_new(NULL), name = g_string_new(NULL);
	for (guint i = 0; i < gaps->count;) {
		guint device = gaps->rows[i].device;
		g_autoptr(GArray) slices = g_array_new(FALSE, FALSE, sizeof(struct slice));
		g_array_set_clear_func(slices, slice_clear);
		for (; i < gaps->count && gaps->rows[i].device == device; i++) {
			const struct gap_row *row = &gaps->rows[i];
			struct slice s = { row->ts, row->ts + row->length, row->cause ? row->cause : "no host wait",
					   gap_args(sink, row, scratch) };
			g_array_append_val(slices, s);
		}
		g_string_printf(name, "gaps (device %u)", device);
		write_track(w, name->str, slices);
	}
}

/* The host-wait rule whose instants ROW's cause is, or NULL. */
static const char *gap_rule(const struct gap_row *row)
{
	if (!row->cause)
		return NULL;
	if (strcmp(row->cause, "data loading") == 0)
		return "data-loading";
	if (strcmp(row->cause, "outside") == 0)
		return "host-pause";
	if (strcmp(row->cause, "blocking") == 0)
		return "blocking-sync";
	return row->length < LAUNCH_BOUND_GAP ? "launch-bound" : "host-overhead";
}

static gint by_wait(gconstpointer a, gconstpointer b)
{
	const struct gap_row *x = *(const struct gap_row *const *)a, *y = *(const struct gap_row *const *)b;
	if (x->host_wait != y->host_wait)
		return x->host_wait > y->host_wait ? -1 : 1;
	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

static char *finding_args(const struct finding *f, const struct gap_row *gap, GString *scratch)
{
	GString *args = g_string_new(NULL);
	const char *severity = finding_severity_name(f->severity);
	if (severity)
		chrome_args_string(args, "severity", severity, strlen(severity));
	if (f->saving != FINDING_NO_SAVING) {
		g_string_truncate(scratch, 0);
		time_append_ms(scratch, f->saving);
		chrome_args_raw(args, "saving(ms)", scratch->str, scratch->len);
		g_string_truncate(scratch, 0);
		if (percent_append_share(scratch, f->saving, f->span))
			chrome_args_raw(args, "share(%)", scratch->str, scratch->len);
	}
	if (f->device != FINDING_NO_DEVICE) {
		g_string_truncate(scratch, 0);
		finding_device_append(scratch, f);
		chrome_args_string(args, "device", scratch->str, scratch->len);
	}
	if (f->evidence)
		chrome_args_string(args, "evidence", f->evidence, strlen(f->evidence));
	const char *advice = f->advice_text ? f->advice_text : f->advice;
	if (advice)
		chrome_args_string(args, "advice", advice, strlen(advice));
	if (gap) {
		g_string_truncate(scratch, 0);
		time_append_ms(scratch, gap->host_wait);
		chrome_args_raw(args, "gap host wait(ms)", scratch->str, scratch->len);
	}
	chrome_args_end(args);
	return g_string_free(args, FALSE);
}

static void findings_track(struct writer *w, const struct perfetto_tracks *in)
{
	g_autoptr(GArray) slices = g_array_new(FALSE, FALSE, sizeof(struct slice));
	g_array_set_clear_func(slices, slice_clear);
	g_autoptr(GString) scratch = g_string_new(NULL);
	g_autoptr(GPtrArray) picked = g_ptr_array_new();
	for (guint i = 0; i < in->findings->len; i++) {
		const struct finding *f = in->findings->pdata[i];
		const char *id = f->rule->id;
		g_ptr_array_set_size(picked, 0);
		const struct gap_rows *gaps = in->all_gaps;
		for (guint k = 0; gaps && f->device != FINDING_NO_DEVICE && k < gaps->count; k++) {
			const char *rule = gap_rule(&gaps->rows[k]);
			if (rule && strcmp(rule, id) == 0 && (gint64)gaps->rows[k].device == f->device)
				g_ptr_array_add(picked, &gaps->rows[k]);
		}
		if (!picked->len) {
			struct slice s = { in->first, in->first + in->span, id, finding_args(f, NULL, scratch) };
			g_array_append_val(slices, s);
			continue;
		}
		g_ptr_array_sort(picked, by_wait);
		for (guint k = 0; k < picked->len && k < FINDING_GAPS_MAX; k++) {
			const struct gap_row *row = picked->pdata[k];
			struct slice s = { row->ts, row->ts + row->length, id, finding_args(f, row, scratch) };
			g_array_append_val(slices, s);
		}
	}
	write_track(w, "findings", slices);
}

static void critical_track(struct writer *w, const struct critical_rows *critical)
{
	static const char *const kinds[] = { "host", "device", "launch delay", "queueing", "wait" };
	g_autoptr(GArray) slices = g_array_new(FALSE, FALSE, sizeof(struct slice));
	g_array_set_clear_func(slices, slice_clear);
	for (guint i = 0; i < critical->spans->len; i++) {
		const struct critical_span *c = &g_array_index(critical->spans, struct critical_span, i);
		GString *args = g_string_new(NULL);
		chrome_args_int(args, "step", (gint64)c->step);
		const char *kind = c->kind < G_N_ELEMENTS(kinds) ? kinds[c->kind] : "";
		chrome_args_string(args, "kind", kind, strlen(kind));
		chrome_args_end(args);
		struct slice s = { c->start, c->end, c->name, g_string_free(args, FALSE) };
		g_array_append_val(slices, s);
	}
	write_track(w, "critical path", slices);
}

static void counters(struct writer *w, const struct timeline_bins *bins)
{
	g_autoptr(GString) value = g_string_new(NULL), busy = g_string_new(NULL), memory = g_string_new(NULL);
	for (guint d = 0; d < bins->count; d++) {
		const struct timeline_bins_device *device = &bins->devices[d];
		const struct bins *b = &device->bins;
		if (!b->count)
			continue;
		g_string_printf(busy, "busy share (device %u)", device->device);
		g_string_printf(memory, "allocated memory (device %u)", device->device);
		for (guint k = 0; k < b->count; k++) {
			gint64 length = b->bounds[k + 1] - b->bounds[k];
			g_string_truncate(value, 0);
			if (!percent_append_share(value, device->figures[(gsize)k * BIN_FIGURES + BIN_BUSY], length))
				g_string_assign(value, "0.0");
			chrome_counter(event(w), w->pid, busy->str, b->bounds[k], "%", value->str);
			if (device->allocated[k] == BIN_NO_MEMORY)
				continue;
			g_string_printf(value, "%" G_GINT64_FORMAT, device->allocated[k]);
			chrome_counter(event(w), w->pid, memory->str, b->bounds[k], "bytes", value->str);
		}
		chrome_counter(event(w), w->pid, busy->str, b->bounds[b->count], "%", "0.0");
	}
}

guint64 perfetto_tracks_write(GString *out, guint64 pid, gboolean comma, const struct perfetto_tracks *in)
{
	struct writer w = { out, pid, comma, 0, 1 };
	chrome_metadata(event(&w), pid, 0, "process_name", "profile_parser");
	g_autoptr(GPtrArray) columns = g_ptr_array_new();
	catalogue_pick(gaps_summary_catalogue(), NULL, COLUMN_DEFAULT, columns, NULL);
	struct layout layout = { .picked = columns };
	struct sink sink;
	sink_init(&sink, &jsonl_sink, &layout);
	if (in->gaps)
		gap_tracks(&w, in->gaps, &sink);
	sink_clear(&sink);
	if (in->findings && in->findings->len)
		findings_track(&w, in);
	if (in->critical && in->critical->spans->len)
		critical_track(&w, in->critical);
	if (in->bins)
		counters(&w, in->bins);
	return w.added;
}
