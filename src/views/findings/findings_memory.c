#include "views/findings/findings_memory.h"
#include <string.h>

/* BYTES in GiB with two decimals, rounded half away from zero, exactly. */
static void append_gib(GString *text, gint64 bytes)
{
	guint64 magnitude = bytes < 0 ? -(guint64)bytes : (guint64)bytes;
	guint64 hundredths = (guint64)(((unsigned __int128)magnitude * 100 + (1u << 29)) >> 30);
	g_string_append_printf(text, "%s%" G_GUINT64_FORMAT ".%02u GiB", bytes < 0 && hundredths ? "-" : "",
			       hundredths / 100, (guint)(hundredths % 100));
}

void findings_memory_capacity(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct memory_devices *m = in->memory;
	for (guint i = 0; m && i < m->count; i++) {
		const struct memory_device *d = &m->devices[i];
		if (!d->type || !d->has_capacity || !d->has_reserved || d->capacity <= 0 ||
		    (unsigned __int128)d->peak_reserved * 100 < (unsigned __int128)d->capacity * 95)
			continue;
		GString *text = g_string_new(NULL);
		if (m->shared_ids)
			g_string_append_printf(text, "pid %s ", d->pid);
		g_autoptr(GString) label = g_string_new(NULL);
		memory_device_label(label, d);
		g_string_append_printf(text, "device %s: peak reserved ", label->str);
		append_gib(text, d->peak_reserved);
		g_string_append(text, " of ");
		append_gib(text, d->capacity);
		g_string_append_printf(text, " capacity (%" G_GINT64_FORMAT " bytes of %" G_GINT64_FORMAT ")",
				       d->peak_reserved, d->capacity);
		if (d->has_peak) {
			g_string_append(text, "; peak allocated ");
			append_gib(text, d->peak);
		}
		finding_add_data(rule, in, out, g_string_free(text, FALSE));
		struct finding *f = out->pdata[out->len - 1];
		f->device = d->id;
		f->device_label = d->ambiguous ? g_strdup(label->str) : NULL;
	}
}

gboolean findings_growth_fires(const gint64 *growth, guint count, gint64 peak)
{
	if (count < 3)
		return FALSE;
	gint64 sum = 0;
	for (guint i = 0; i < count; i++) {
		if (growth[i] <= 0)
			return FALSE;
		sum += growth[i];
	}
	return (__int128)sum * 100 >= (__int128)peak;
}

void findings_memory_growth(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	const struct steps *steps = in->steps;
	if (!in->memory || !steps || !steps->count)
		return;
	g_autoptr(GArray) growth = g_array_new(FALSE, FALSE, sizeof(gint64));
	for (guint first = 0; first < steps->count;) {
		guint32 pid = steps->thread_pid[steps->events[first].thread];
		guint end = first + 1;
		while (end < steps->count && steps->thread_pid[steps->events[end].thread] == pid)
			end++;
		g_array_set_size(growth, 0);
		gint64 peak = 0;
		guint windows = 0;
		for (guint s = first; s < end; s++) {
			const struct event *e = &steps->events[s];
			struct memory_window w;
			memory_devices_window(in->memory, e->thread, e->ts, event_end(e), &w);
			if (!w.found)
				continue;
			if (!windows++ || w.peak > peak)
				peak = w.peak;
			if (s > first && w.has_before) {
				gint64 g = w.last - w.before;
				g_array_append_val(growth, g);
			}
		}
		if (windows && findings_growth_fires((const gint64 *)growth->data, growth->len, peak)) {
			char buf[THREADS_NUMBER_MAX];
			gint64 sum = 0;
			for (guint i = 0; i < growth->len; i++)
				sum += g_array_index(growth, gint64, i);
			GString *text = g_string_new(NULL);
			g_string_append_printf(text, "pid %s: allocated memory grew in each of %u steps after the first, ",
					       threads_pid(in->trace->threads, steps->events[first].thread, buf),
					       growth->len);
			g_string_append_printf(text, "%" G_GINT64_FORMAT " bytes in all (", sum);
			append_gib(text, sum);
			g_string_append_printf(text, "); the largest step peak %" G_GINT64_FORMAT " bytes", peak);
			finding_add_data(rule, in, out, g_string_free(text, FALSE));
		}
		first = end;
	}
}
