#include "report/memory_report.h"
#include <string.h>
#include "util/timefmt.h"
#include "util/visible.h"

/* BYTES in GiB with two decimals, rounded half away from zero, exactly. */
static void append_gib(GString *line, gint64 bytes)
{
	guint64 magnitude = bytes < 0 ? -(guint64)bytes : (guint64)bytes;
	guint64 hundredths = (guint64)(((unsigned __int128)magnitude * 100 + (1u << 29)) >> 30);
	g_string_append_printf(line, "%s%" G_GUINT64_FORMAT ".%02u", bytes < 0 && hundredths ? "-" : "",
			       hundredths / 100, (guint)(hundredths % 100));
}

/* SPEC 21: per accelerator memory device with a peak,
 *   memory:        device 0 peak 2.52 GiB allocated (3.35 GiB reserved, 79.10 GiB capacity) at 812.5 ms in
 *                  nn.Module: Model$$aten::_softmax (ProfilerStep#3)
 * on one line, T from the start of the analysed span; "pid P device D"
 * when processes share a device number. */
void memory_report_print(FILE *out, const struct memory_devices *md, const struct attribution *a,
			 const struct forest *forest, const struct steps *steps)
{
	if (!md || !md->accelerators)
		return;
	gint64 start = memory_span_start(steps, a);
	g_autoptr(GString) line = g_string_new(NULL), path = g_string_new(NULL);
	guint written = 0, more = 0;
	for (guint i = 0; i < md->count; i++) {
		const struct memory_device *d = &md->devices[i];
		if (d->type == 0 || !d->has_peak)
			continue;
		if (written == MEMORY_REPORT_LINES) {
			more++;
			continue;
		}
		written++;
		g_string_assign(line, "  memory:        ");
		if (md->shared_ids) {
			g_string_append(line, "pid ");
			visible_append(line, d->pid, strlen(d->pid), VISIBLE_ESCAPE);
			g_string_append_c(line, ' ');
		}
		g_string_append(line, "device ");
		memory_device_label(line, d);
		g_string_append(line, " peak ");
		append_gib(line, d->peak);
		g_string_append(line, " GiB allocated");
		if (d->has_reserved_at_peak || d->has_capacity) {
			g_string_append(line, " (");
			if (d->has_reserved_at_peak) {
				append_gib(line, d->reserved_at_peak);
				g_string_append_printf(line, " GiB reserved%s", d->has_capacity ? ", " : "");
			}
			if (d->has_capacity) {
				append_gib(line, d->capacity);
				g_string_append(line, " GiB capacity");
			}
			g_string_append_c(line, ')');
		}
		const struct memory_event *e = &a->memory[d->peak_event];
		g_string_append(line, " at ");
		time_append_ms(line, e->ts - start);
		g_string_append(line, " ms ");
		guint owner = a->memory_owner[d->peak_event];
		if (owner != NO_OWNER) {
			forest_path(forest, owner, path);
			g_string_append(line, "in ");
			visible_append(line, path->str, path->len, VISIBLE_ESCAPE);
		} else {
			g_string_append(line, "outside monitored events");
		}
		guint s = steps ? steps_find(steps, e->thread, e->ts) : NO_STEP;
		g_string_append(line, " (");
		if (s != NO_STEP)
			visible_append(line, steps->events[s].name->text, steps->events[s].name->len, VISIBLE_ESCAPE);
		else
			g_string_append(line, "no step");
		g_string_append(line, ")\n");
		fputs(line->str, out);
	}
	if (more)
		fprintf(out, "  memory:        and %u more accelerator memory device%s (--summary memory lists every one)\n", more,
			more == 1 ? "" : "s");
}

/* The [OutOfMemory] warning, or NULL. */
static char *oom_warning(const struct memory_devices *md, const struct attribution *a, const struct forest *forest,
			 const struct steps *steps)
{
	if (!md || !md->oom)
		return NULL;
	const struct memory_event *e = &a->memory[md->first_oom];
	g_autoptr(GString) text = g_string_new(NULL), path = g_string_new(NULL);
	g_string_printf(text, "%u [OutOfMemory] event%s: the first at ", md->oom, md->oom == 1 ? "" : "s");
	time_append_ms(text, e->ts - memory_span_start(steps, a));
	guint owner = a->memory_owner[md->first_oom];
	if (owner != NO_OWNER) {
		forest_path(forest, owner, path);
		g_string_append(text, " ms, in ");
		g_string_append_len(text, path->str, path->len);
	} else {
		g_string_append(text, " ms, outside monitored events");
	}
	return g_string_free(g_steal_pointer(&text), FALSE);
}

GPtrArray *memory_report_warnings(const struct read_stats *stats, const struct memory_devices *md,
				  const struct attribution *a, const struct forest *forest, const struct steps *steps)
{
	GPtrArray *texts = g_ptr_array_new_with_free_func(g_free);
	for (int i = 0; i < MEMORY_FIELDS; i++)
		if (stats->memory_skipped[i])
			g_ptr_array_add(texts, g_strdup_printf("skipped %" G_GINT64_FORMAT " memory event%s ([memory], "
							       "[OutOfMemory]): %s is not %s; the first is event #%"
							       G_GINT64_FORMAT, stats->memory_skipped[i],
							       stats->memory_skipped[i] == 1 ? "" : "s", memory_field_name(i),
							       memory_field_range(i), stats->memory_first[i] - 1));
	if (stats->memory_sum_skipped)
		g_ptr_array_add(texts, g_strdup_printf("skipped %" G_GINT64_FORMAT " [memory] event%s: %s Bytes would take "
						       "the memory events' bytes past 2^63 - 1 in all (in magnitude), "
						       "which no sum holds; the first is event #%" G_GINT64_FORMAT,
						       stats->memory_sum_skipped, stats->memory_sum_skipped == 1 ? "" : "s",
						       stats->memory_sum_skipped == 1 ? "its" : "their",
						       stats->memory_sum_first - 1));
	char *oom = oom_warning(md, a, forest, steps);
	if (oom)
		g_ptr_array_add(texts, oom);
	return texts;
}
