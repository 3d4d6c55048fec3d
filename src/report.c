#include "report.h"
#include <string.h>
#include "flame.h"
#include "timefmt.h"
#include "warnings.h"

/* A device's fields, as far as the trace gives them. The friendly names
 * (compute capability, SMs) are NVIDIA's meaning of those fields; other
 * devices (AMD's computeMajor is a GFX version, numSms counts compute units)
 * are shown with the trace's own field names. A device is NVIDIA's by its
 * warp size of 32, or, when the trace does not give it, by its name. */
static gboolean is_nvidia(const struct device_info *device)
{
	static const char *const brands[] = { "NVIDIA", "Tesla", "Quadro", "GeForce", "TITAN" };
	if (device->warp_size) /* AMD's wavefronts are 64 wide */
		return strcmp(device->warp_size, "32") == 0;
	for (gsize i = 0; device->name && i < G_N_ELEMENTS(brands); i++)
		if (g_str_has_prefix(device->name, brands[i]))
			return TRUE;
	return FALSE;
}

static void describe_fields(GString *text, const struct device_info *device)
{
	gboolean nvidia = is_nvidia(device);
	gsize start = text->len;
#define SEPARATE() (text->len > start ? ", " : "")
	if (device->name && *device->name)
		g_string_append(text, device->name);
	if (device->has_memory)
		g_string_append_printf(text, "%s%.1f GiB", SEPARATE(), device->total_global_mem / (1 << 30));
	if (nvidia && device->compute_major)
		g_string_append_printf(text, "%scompute capability %s.%s", SEPARATE(), device->compute_major,
				       device->compute_minor ? device->compute_minor : "?");
	else if (device->compute_major)
		g_string_append_printf(text, "%scomputeMajor %s", SEPARATE(), device->compute_major);
	if (!nvidia && device->compute_minor)
		g_string_append_printf(text, "%scomputeMinor %s", SEPARATE(), device->compute_minor);
	if (device->num_sms)
		g_string_append_printf(text, nvidia ? "%s%s SMs" : "%snumSms %s", SEPARATE(), device->num_sms);
#undef SEPARATE
}

/* IDS (char *) as ranges: "0-7", "0-3,5"; numbers in a row are a range. */
static void append_ids(GString *text, GPtrArray *ids)
{
	for (guint i = 0; i < ids->len;) {
		char *end;
		gint64 first = g_ascii_strtoll(ids->pdata[i], &end, 10);
		gboolean number = *(const char *)ids->pdata[i] && !*end;
		guint j = i + 1;
		while (number && j < ids->len) {
			gint64 next = g_ascii_strtoll(ids->pdata[j], &end, 10);
			if (*end || next != first + (gint64)(j - i))
				break;
			j++;
		}
		g_string_append_printf(text, "%s%s", i ? "," : "", (const char *)ids->pdata[i]);
		if (j - i > 1)
			g_string_append_printf(text, "-%s", (const char *)ids->pdata[j - 1]);
		i = j;
	}
}

struct device_group {
	char *fields;
	GPtrArray *ids; /* char * of the devices with an id */
	guint count;
};

char *report_devices_text(const GArray *devices)
{
	/* identical devices, in the order of their first appearance */
	g_autoptr(GArray) groups = g_array_new(FALSE, FALSE, sizeof(struct device_group));
	g_autoptr(GString) fields = g_string_new(NULL);
	for (guint i = 0; i < devices->len; i++) {
		const struct device_info *device = &g_array_index(devices, struct device_info, i);
		g_string_truncate(fields, 0);
		describe_fields(fields, device);
		struct device_group *group = NULL;
		for (guint g = 0; g < groups->len && !group; g++)
			if (!strcmp(g_array_index(groups, struct device_group, g).fields, fields->str) &&
			    (g_array_index(groups, struct device_group, g).ids->len > 0) == (device->id != NULL))
				group = &g_array_index(groups, struct device_group, g);
		if (!group) {
			struct device_group new_group = { g_strdup(fields->str), g_ptr_array_new(), 0 };
			g_array_append_val(groups, new_group);
			group = &g_array_index(groups, struct device_group, groups->len - 1);
		}
		group->count++;
		if (device->id)
			g_ptr_array_add(group->ids, device->id);
	}
	GString *text = g_string_new(NULL);
	for (guint g = 0; g < groups->len; g++) {
		struct device_group *group = &g_array_index(groups, struct device_group, g);
		g_string_append(text, "  ");
		if (group->ids->len) {
			g_string_append_printf(text, "device%s ", group->count > 1 ? "s" : "");
			append_ids(text, group->ids);
		} else {
			g_string_append_printf(text, group->count > 1 ? "%u devices" : "device", group->count);
		}
		g_string_append_printf(text, ":%s%s\n", *group->fields ? " " : "", group->fields);
		g_free(group->fields);
		g_ptr_array_free(group->ids, TRUE);
	}
	return g_string_free(text, FALSE);
}

static void print_devices(FILE *out, const struct trace *trace)
{
	g_autofree char *text = report_devices_text(trace->devices);
	fputs(text, out);
	if (trace->rank)
		fprintf(out, "  rank %s\n", trace->rank);
}

static void print_join(FILE *out, const struct run_summary *run)
{
	if (!run->et)
		return;
	fprintf(out, "  et:            %u nodes read; %" G_GUINT64_FORMAT " rows joined, %" G_GUINT64_FORMAT " not joined\n",
		run->et->nodes->et_nodes->len, run->joined, run->rows - run->joined);
}

/* SPEC 10.2: where the device time went, as far as the rows can tell. */
static void print_coverage(FILE *out, const struct coverage *c)
{
	if (!c->events)
		return;
	g_autoptr(GString) line = g_string_new("  device time:   ");
	time_append_ms(line, c->total);
	g_string_append_printf(line, " ms in %u device event%s; ", c->events, c->events == 1 ? "" : "s");
	time_append_ms(line, c->monitored);
	g_string_append_printf(line, " ms (%.1f%%) under monitored events; ", c->total ? 100.0 * c->monitored / c->total : 100.0);
	time_append_ms(line, c->outside);
	g_string_append_printf(line, " ms from %u launch%s outside any monitored event\n", c->outside_launches,
			       c->outside_launches == 1 ? "" : "es");
	fputs(line->str, out);
}

/* SPEC 11.3: per device, busy time over its span, and busy time by class:
 *   device 0:      busy 2.0 ms of a 2.5 ms span (80.0%)
 *                  busy by class: compute 1.5, communication 1.0 (0.5 overlapped with compute), memcpy 0.0, memset 0.0 ms
 * The percentage is rounded down to a tenth: 100.0% means busy for the whole span. */
static void print_timeline(FILE *out, const struct timeline *t)
{
	g_autoptr(GString) line = g_string_new(NULL);
	for (guint i = 0; t && i < t->count; i++) {
		const struct timeline_device *d = &t->devices[i];
		g_autofree char *label = d->has_device ? g_strdup_printf("device %u:", d->device)
						       : g_strdup_printf("device ? (pid %s):", d->pid);
		g_string_printf(line, "  %-14s busy ", label);
		time_append_ms(line, d->busy);
		g_string_append(line, " ms of a ");
		time_append_ms(line, d->last - d->first);
		g_string_append(line, " ms span");
		gint64 permille = timeline_permille(d);
		if (permille >= 0)
			g_string_append_printf(line, " (%" G_GINT64_FORMAT ".%d%%)", permille / 10, (int)(permille % 10));
		g_string_append(line, "\n                 busy by class: ");
		for (guint c = 0; c < CLASS_COUNT; c++) {
			g_string_append_printf(line, "%s%s ", c ? ", " : "", device_class_name(c));
			time_append_ms(line, d->class_busy[c]);
			if (c == CLASS_COMMUNICATION) {
				g_string_append(line, " (");
				time_append_ms(line, d->overlap);
				g_string_append(line, " overlapped with compute)");
			}
		}
		g_string_append(line, " ms\n");
		fputs(line->str, out);
	}
}

void report_print(FILE *out, const struct run_summary *run)
{
	const struct read_stats *stats = &run->trace->stats;
	const struct attribution *a = run->attribution;
	warnings_print(out, run);
	fprintf(out, "profile_parser: %s\n", run->src);
	print_devices(out, run->trace);
	if (run->categories->note)
		fputs(run->categories->note, out);
	fprintf(out, "  events:        %" G_GINT64_FORMAT " read (%.1f MB), %" G_GINT64_FORMAT " skipped"
		" (%" G_GINT64_FORMAT " malformed, %" G_GINT64_FORMAT " unmatched B/E)\n",
		stats->events, stats->bytes / 1e6, read_stats_skipped(stats),
		read_stats_skipped(stats) - stats->skipped[SKIP_UNMATCHED_B] - stats->skipped[SKIP_UNMATCHED_E],
		stats->skipped[SKIP_UNMATCHED_B] + stats->skipped[SKIP_UNMATCHED_E]);
	fprintf(out, "  nodes:         %u monitored on %u thread%s, deepest level %u\n", run->forest->count,
		run->forest->threads_with_nodes, run->forest->threads_with_nodes == 1 ? "" : "s", run->forest->deepest);
	fprintf(out, "  launches:      %u (%u attributed, %u unattributed)\n", a->launch_count, a->attributed,
		a->unattributed);
	fprintf(out, "  device events: %u (%u claimed, %u unclaimed)\n", a->claimed + a->unclaimed, a->claimed,
		a->unclaimed);
	print_coverage(out, &run->coverage);
	print_timeline(out, run->timeline);
	if (a->memory_count) {
		guint attributed = 0;
		for (guint m = 0; m < a->memory_count; m++)
			attributed += a->memory_owner[m] != NO_OWNER;
		fprintf(out, "  memory events: %u (%u attributed, %u unattributed)\n", a->memory_count, attributed,
			a->memory_count - attributed);
	}
	print_join(out, run);
	if (!run->dst)
		fprintf(out, "  keys:          %" G_GUINT64_FORMAT " kept for the comparison\n", run->rows);
	else
		fprintf(out, "  %-15s%" G_GUINT64_FORMAT " written to %s\n",
			flame_format(run->options->format) ? "stacks:" : "rows:", run->rows,
			g_strcmp0(run->dst, "-") == 0 ? "standard output" : run->dst);
	fprintf(out, "  wall time:     %.3f s (read %.3f, build %.3f, attribute %.3f, write %.3f)\n", run->seconds,
		run->stage_seconds[0], run->stage_seconds[1], run->stage_seconds[2], run->stage_seconds[3]);
}

#define PROGRESS_FROM (64 << 20)

void report_progress(const char *path, gint64 bytes, double fraction, gboolean done)
{
	static gint64 started, shown;
	gint64 now = g_get_monotonic_time();
	if (!started)
		started = now;
	if (done) {
		if (shown)
			fputs("\r\033[K", stderr); /* erase the line */
		started = shown = 0;
		return;
	}
	if (bytes < PROGRESS_FROM || now - shown < 250000)
		return;
	shown = now;
	double seconds = (now - started) / 1e6;
	fprintf(stderr, "\r\033[Kprofile_parser: reading %s: %.0f MB", g_strcmp0(path, "-") == 0 ? "standard input" : path,
		bytes / 1e6);
	if (fraction >= 0)
		fprintf(stderr, " (%.0f%%)", 100 * fraction);
	if (seconds > 0)
		fprintf(stderr, ", %.0f MB/s", bytes / 1e6 / seconds);
	fflush(stderr);
}
