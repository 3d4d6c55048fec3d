#include "report.h"

void report_describe_device(GString *line, const struct device_info *device)
{
	if (device->id)
		g_string_append_printf(line, "device %s:", device->id);
	else
		g_string_append(line, "device:");
	if (device->name)
		g_string_append_printf(line, " %s", device->name);
	if (device->has_memory)
		g_string_append_printf(line, ", %.1f GiB", device->total_global_mem / (1 << 30));
	if (device->compute_major)
		g_string_append_printf(line, ", compute capability %s.%s", device->compute_major,
				       device->compute_minor ? device->compute_minor : "?");
	if (device->num_sms)
		g_string_append_printf(line, ", %s SMs", device->num_sms);
}

static void print_devices(FILE *out, const struct trace *trace)
{
	g_autoptr(GString) line = g_string_new(NULL);
	for (guint i = 0; i < trace->devices->len; i++) {
		g_string_truncate(line, 0);
		report_describe_device(line, &g_array_index(trace->devices, struct device_info, i));
		fprintf(out, "  %s\n", line->str);
	}
	if (trace->rank)
		fprintf(out, "  rank %s\n", trace->rank);
}

static void print_warnings(FILE *out, const struct run_summary *run)
{
	const struct read_stats *stats = &run->trace->stats;
	gint64 skipped = read_stats_skipped(stats);
	if (skipped)
		fprintf(out, "profile_parser: warning: %s: skipped %" G_GINT64_FORMAT " event%s; the first is event #%" G_GINT64_FORMAT " (%s)\n",
			run->src, skipped, skipped == 1 ? "" : "s", stats->first_skipped_index,
			skip_reason_text(stats->first_skipped_reason));
	if (stats->invalid_utf8)
		fprintf(out, "profile_parser: warning: %s: %" G_GINT64_FORMAT " string%s held invalid UTF-8, replaced by U+FFFD\n",
			run->src, stats->invalid_utf8, stats->invalid_utf8 == 1 ? "" : "s");
}

/* Joins whose names mostly differ, or none at all: the two traces are of
 * different runs (a node's rf_id is only unique within its run). */
static gboolean no_overlap(const struct run_summary *run)
{
	return run->rows && (run->joined == 0 || run->joined_other_name * 2 > run->joined);
}

static void print_join(FILE *out, const struct run_summary *run)
{
	if (!run->et)
		return;
	fprintf(out, "  et:            %u nodes read; %" G_GUINT64_FORMAT " rows joined, %" G_GUINT64_FORMAT " not joined\n",
		run->et->nodes->et_nodes->len, run->joined, run->rows - run->joined);
	if (no_overlap(run))
		fprintf(out, "profile_parser: warning: %s: the Execution Trace does not overlap the trace "
			     "(collected at different times?): %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
			     " joined rows name another operation\n",
			run->src, run->joined_other_name, run->joined);
}

void report_print(FILE *out, const struct run_summary *run)
{
	const struct read_stats *stats = &run->trace->stats;
	const struct attribution *a = run->attribution;
	print_warnings(out, run);
	fprintf(out, "profile_parser: %s\n", run->src);
	print_devices(out, run->trace);
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
	if (a->memory_count) {
		guint attributed = 0;
		for (guint m = 0; m < a->memory_count; m++)
			attributed += a->memory_owner[m] != NO_OWNER;
		fprintf(out, "  memory events: %u (%u attributed, %u unattributed)\n", a->memory_count, attributed,
			a->memory_count - attributed);
	}
	print_join(out, run);
	fprintf(out, "  rows:          %" G_GUINT64_FORMAT " written to %s\n", run->rows,
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
