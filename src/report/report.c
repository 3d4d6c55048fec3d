#include "report/report.h"
#include "views/findings/findings.h"
#include "analysis/graphs.h"
#include "attribution/blocking.h"
#include "report/perf_report.h"
#include "views/perf/perf_options.h"
#include "views/collectives/summary_collective.h"
#include "output/output_names.h"
#include <string.h>
#include "views/flame/flame.h"
#include "util/timefmt.h"
#include "util/percent.h"
#include "util/visible.h"
#include "report/memory_report.h"

/* VALUE by FORMAT ("%.1f") with a '.', whatever the locale: the report is read
 * by scripts too. */
#define DECIMAL(buffer, format, value) g_ascii_formatd(buffer, sizeof buffer, format, value)

/* A device's fields, as far as the trace gives them, in the same words for
 * every vendor: "compute M.m" for computeMajor and computeMinor (NVIDIA's
 * compute capability, AMD's GFX version) and "N SMs" for numSms (NVIDIA's
 * streaming multiprocessors, AMD's compute units), so that no vendor's
 * meaning is read into another's devices. A missing major is "?"
 * ("compute ?.4"), a missing minor is left out ("compute 9"), as is any
 * missing field. */
static void describe_fields(GString *text, const struct device_info *device)
{
	gsize start = text->len;
#define SEPARATE() (text->len > start ? ", " : "")
	if (device->name && *device->name)
		g_string_append(text, device->name);
	char gib[G_ASCII_DTOSTR_BUF_SIZE];
	if (device->has_memory)
		g_string_append_printf(text, "%s%s GiB", SEPARATE(),
				       DECIMAL(gib, "%.1f", device->total_global_mem / (1 << 30)));
	if (device->compute_major || device->compute_minor)
		g_string_append_printf(text, "%scompute %s%s%s", SEPARATE(),
				       device->compute_major ? device->compute_major : "?",
				       device->compute_minor ? "." : "", device->compute_minor ? device->compute_minor : "");
	if (device->num_sms)
		g_string_append_printf(text, "%s%s SMs", SEPARATE(), device->num_sms);
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
	/* "I" or "-" (with an id or without), then the fields -> 1 + the group's index: one lookup a device */
	g_autoptr(GHashTable) index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < devices->len; i++) {
		const struct device_info *device = &g_array_index(devices, struct device_info, i);
		g_string_assign(fields, device->id ? "I" : "-");
		describe_fields(fields, device);
		guint found = GPOINTER_TO_UINT(g_hash_table_lookup(index, fields->str));
		if (!found) {
			struct device_group new_group = { g_strdup(fields->str + 1), g_ptr_array_new(), 0 };
			g_array_append_val(groups, new_group);
			found = groups->len;
			g_hash_table_insert(index, g_strdup(fields->str), GUINT_TO_POINTER(found));
		}
		struct device_group *group = &g_array_index(groups, struct device_group, found - 1);
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
		g_string_append_printf(text, ":%s", *group->fields ? " " : "");
		visible_append(text, group->fields, strlen(group->fields), VISIBLE_ESCAPE); /* the trace's text */
		g_string_append_c(text, '\n');
		g_free(group->fields);
		g_ptr_array_free(group->ids, TRUE);
	}
	return g_string_free(text, FALSE);
}

static void print_devices(FILE *out, const struct trace *trace)
{
	g_autofree char *text = report_devices_text(trace->devices);
	fputs(text, out);
	g_autofree char *rank = output_shown(trace->rank);
	g_autofree char *world = output_shown(trace->world_size);
	if (rank)
		fprintf(out, "  rank %s%s%s\n", rank, world ? " of " : "", world ? world : "");
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
	g_string_append(line, " ms (");
	percent_append(line, c->total ? tenths_of_percent(c->monitored, c->total) : 1000);
	g_string_append(line, "%) under monitored events; ");
	time_append_ms(line, c->outside);
	g_string_append_printf(line, " ms from %u launch%s outside any monitored event\n", c->outside_launches,
			       c->outside_launches == 1 ? "" : "es");
	fputs(line->str, out);
}

/* SPEC 11.3: per device, busy time over its span, and each class's busy
 * time (the union of its events, not their sum as the class columns are),
 * the classes without events left out:
 *   device 0:      busy 2.0 ms of a 2.5 ms span (80.0%)
 *                  compute busy 1.5, communication busy 1.0 (0.5 overlapped with compute), memcpy busy 0.2 ms
 *                  idle 0.5 ms of the span: host wait 0.2 ms (40.0%), other 0.3 ms
 * The percentages have one decimal, half away from zero, as every
 * percentage of every output (src/util/percent.h). The idle line (SPEC
 * 15.3) splits the span less the busy time into host wait (the host had
 * not yet asked for the work that ended a gap) and the rest; without idle
 * time it has no percentage. */
void report_timeline_device(GString *line, const struct timeline_device *d)
{
	g_autofree char *label = d->has_device ? g_strdup_printf("device %u:", d->device)
					       : g_strdup_printf("device ? (pid %s):", d->pid);
	g_string_append_printf(line, "  %-14s busy ", label);
	time_append_ms(line, d->busy);
	g_string_append(line, " ms of a ");
	time_append_ms(line, d->last - d->first);
	g_string_append(line, " ms span");
	gint64 tenths = timeline_permille(d);
	if (tenths >= 0) {
		g_string_append(line, " (");
		percent_append(line, tenths);
		g_string_append(line, "%)");
	}
	g_string_append(line, "\n                 ");
	gboolean first = TRUE;
	for (guint c = 0; c < CLASS_COUNT; c++) {
		if (!d->class_events[c])
			continue;
		g_string_append_printf(line, "%s%s busy ", first ? "" : ", ", device_class_name(c));
		first = FALSE;
		time_append_ms(line, d->class_busy[c]);
		if (c == CLASS_COMMUNICATION && d->class_events[CLASS_COMPUTE]) {
			g_string_append(line, " (");
			time_append_ms(line, d->overlap);
			g_string_append(line, " overlapped with compute)");
		}
	}
	g_string_append(line, " ms\n                 idle ");
	time_append_ms(line, d->idle);
	g_string_append(line, " ms of the span: host wait ");
	time_append_ms(line, d->host_wait);
	g_string_append(line, " ms");
	tenths = timeline_wait_permille(d);
	if (tenths >= 0) {
		g_string_append(line, " (");
		percent_append(line, tenths);
		g_string_append(line, "%)");
	}
	g_string_append(line, ", other ");
	time_append_ms(line, d->idle - d->host_wait);
	g_string_append(line, " ms\n");
}

static void print_timeline(FILE *out, const struct timeline *t)
{
	g_autoptr(GString) line = g_string_new(NULL);
	for (guint i = 0; t && i < t->count; i++) {
		g_string_truncate(line, 0);
		report_timeline_device(line, &t->devices[i]);
		fputs(line->str, out);
	}
}

/* The performance findings, one line each (SPEC 22), then what --fail-on
 * (AT_LEAST, or SEVERITY_NONE) made of them: the first FINDINGS_LISTED of
 * them, then how many more (issue 44); the fail-on line counts every one
 * and names those listed. */
static void report_findings(FILE *out, const GPtrArray *findings, guint at_least)
{
	g_autoptr(GString) line = g_string_new(NULL);
	g_autoptr(GString) failed = g_string_new(NULL);
	guint fired = 0, named = 0, listed = 0, more = 0;
	for (guint i = 0; i < findings->len; i++) {
		const struct finding *f = findings->pdata[i];
		if (f->rule->kind != FINDING_PERFORMANCE)
			continue;
		gboolean fires = at_least && f->severity >= at_least;
		if (listed == FINDINGS_LISTED) { /* counted, not listed: FINDINGS_LISTED lines at most */
			more++;
			fired += fires;
			continue;
		}
		listed++;
		g_string_printf(line, "  finding:       %s (%s)", f->rule->id, finding_severity_name(f->severity));
		if (f->saving >= 0) { /* without a saving: "ID (SEVERITY) on device D: ..." */
			g_string_append(line, ": saves up to ");
			time_append_ms(line, f->saving);
			g_string_append(line, " ms (");
			percent_append(line, finding_share(f));
			g_string_append(line, "%)");
		}
		if (f->device != FINDING_NO_DEVICE) {
			g_string_append(line, " on device ");
			finding_device_append(line, f);
		}
		g_string_append_printf(line, ": %s; to do: %s\n", f->evidence, f->advice);
		fputs(line->str, out);
		if (fires) {
			g_string_append_printf(failed, "%s%s", fired ? ", " : "", f->rule->id);
			if (f->device != FINDING_NO_DEVICE) {
				g_string_append(failed, " on device ");
				finding_device_append(failed, f);
			}
			fired++, named++;
		}
	}
	if (more)
		fprintf(out, "  finding:       and %u more performance finding%s (--summary findings lists every one)\n", more,
			more == 1 ? "" : "s");
	if (fired > named)
		g_string_append_printf(failed, ", and %u more", fired - named);
	if (fired)
		fprintf(out, "  fail-on:       exit status 3: %u performance finding%s of severity %s or above (%s)\n", fired,
			fired == 1 ? "" : "s", finding_severity_name(at_least), failed->str);
}

/* SPEC 19.3: the host wait of every device (each counted on its own), split
 * by what the thread that then launched was doing:
 *   host wait 0.5 ms: 0.1 ms with the launching thread outside monitored events, 0.4 ms inside them (most in aten::copy_, 0.3 ms) */
void report_waiting_line(GString *line, const struct waiting_report *w)
{
	g_string_append(line, "host wait ");
	time_append_ms(line, w->host_wait);
	g_string_append(line, " ms: ");
	time_append_ms(line, w->outside);
	g_string_append(line, " ms with the launching thread outside monitored events, ");
	time_append_ms(line, w->inside);
	g_string_append(line, " ms inside them");
	if (w->inside && w->most) {
		g_string_append(line, " (most in ");
		visible_append(line, w->most->text, w->most->len, VISIBLE_ESCAPE); /* the trace's text */
		g_string_append(line, ", ");
		time_append_ms(line, w->most_waiting);
		g_string_append(line, " ms)");
	}
}

/* SPEC 26.8: the host wait of every device by cause (src/attribution/causes.h), largest first:
 *   host wait 0.5 ms: data loading 0.3 ms, framework 0.15 ms, outside 0.05 ms (most in aten::copy_, 0.1 ms) */
void report_causes_line(GString *line, const struct causes_summary *s)
{
	g_string_append(line, "host wait ");
	time_append_ms(line, s->host_wait);
	g_string_append(line, " ms");
	guint order[CAUSE_COUNT];
	guint n = causes_summary_order(s, order);
	for (guint i = 0; i < n; i++) {
		g_string_append(line, i ? ", " : ": ");
		g_string_append(line, cause_name(order[i]));
		g_string_append_c(line, ' ');
		time_append_ms(line, s->by_cause[order[i]]);
		g_string_append(line, " ms");
	}
	if (s->most.op) {
		g_string_append(line, " (most in ");
		visible_append(line, s->most.op->text, s->most.op->len, VISIBLE_ESCAPE); /* the trace's text */
		g_string_append(line, ", ");
		time_append_ms(line, s->most.time);
		g_string_append(line, " ms)");
	}
}

/* Issue 45, item 8: an incomplete trace, said before any figure it distorts. */
static void print_incomplete(FILE *out, const GPtrArray *findings)
{
	for (guint i = 0; findings && i < findings->len; i++) {
		const struct finding *f = findings->pdata[i];
		if (strcmp(f->rule->id, "incomplete-trace") == 0)
			fprintf(out, "  incomplete:    %s: %s\n", f->evidence, f->advice);
	}
}

/* SPEC 19.1: the calls that returned only once the device was done, when
 * the trace has launches:
 *   blocking calls: 3, 42.5 ms (synchronize 0.5 ms, copies to the host 42.0 ms) */
static void print_blocking(FILE *out, const struct attribution *a, const struct blocking_totals *t)
{
	if (a->launch_count == a->virtual_count)
		return;
	g_autoptr(GString) line = g_string_new(NULL);
	g_string_printf(line, "  blocking calls: %u, ", t->blocking);
	time_append_ms(line, t->blocking_time);
	g_string_append(line, " ms (synchronize ");
	time_append_ms(line, t->synchronize_time);
	g_string_append(line, " ms, copies to the host ");
	time_append_ms(line, t->blocking_time - t->synchronize_time);
	g_string_append(line, " ms)\n");
	fputs(line->str, out);
}

void report_print(FILE *out, const struct run_summary *run)
{
	const struct read_stats *stats = &run->trace->stats;
	const struct attribution *a = run->attribution;
	if (run->label) /* the label first: the warnings that follow are the trace's */
		fprintf(out, "profile_parser: %s: %s\n", run->label, run->src);
	warnings_print(out, run);
	if (!run->label)
		fprintf(out, "profile_parser: %s\n", run->src);
	print_incomplete(out, run->findings);
	print_devices(out, run->trace);
	if (run->categories->note)
		fputs(run->categories->note, out);
	char mb[G_ASCII_DTOSTR_BUF_SIZE], seconds[5][G_ASCII_DTOSTR_BUF_SIZE];
	fprintf(out, "  events:        %" G_GINT64_FORMAT " read (%s MB), %" G_GINT64_FORMAT " skipped"
		" (%" G_GINT64_FORMAT " malformed, %" G_GINT64_FORMAT " unmatched B/E)\n",
		stats->events, DECIMAL(mb, "%.1f", stats->bytes / 1e6), read_stats_skipped(stats),
		read_stats_skipped(stats) - stats->skipped[SKIP_UNMATCHED_B] - stats->skipped[SKIP_UNMATCHED_E],
		stats->skipped[SKIP_UNMATCHED_B] + stats->skipped[SKIP_UNMATCHED_E]);
	fprintf(out, "  nodes:         %u monitored on %u thread%s, deepest level %u", run->forest->count - run->forest->grafted,
		run->forest->threads_with_nodes, run->forest->threads_with_nodes == 1 ? "" : "s", run->forest->deepest);
	if (run->forest->grafted)
		fprintf(out, "; %u grafted (--graph-capture)", run->forest->grafted);
	fputc('\n', out);
	struct blocking_totals blocking;
	blocking_totals(a, &blocking);
	fprintf(out, "  launches:      %u (%u with device work; %u attributed, %u unattributed)\n",
		a->launch_count - a->virtual_count, blocking.device_launches, a->attributed, a->unattributed);
	print_blocking(out, a, &blocking);
	fprintf(out, "  device events: %u (%u claimed, %u unclaimed)\n", a->claimed + a->unclaimed, a->claimed,
		a->unclaimed);
	print_coverage(out, &run->coverage);
	if (run->graft)
		graphs_report(out, run->graft, run->options->graph_captures != NULL, run->coverage.total);
	if (run->perf && (perf_asked(run->options) || run->perf->shapes)) /* the page's own figures: when it has shapes */
		perf_report_print(out, run->perf, run->coverage.total);
	if (run->collectives) {
		g_autofree char *collectives = collectives_report_text(run->collectives);
		fputs(collectives, out);
	}
	print_timeline(out, run->timeline);
	if (run->waiting || run->wait_causes) {
		g_autoptr(GString) line = g_string_new("  ");
		if (run->wait_causes)
			report_causes_line(line, run->wait_causes);
		else
			report_waiting_line(line, run->waiting);
		g_string_append_c(line, '\n');
		fputs(line->str, out);
	}
	if (run->critical)
		fputs(run->critical, out);
	guint memory = 0, attributed = 0; /* [memory] events: not [OutOfMemory] ones (SPEC 24) */
	for (guint m = 0; m < a->memory_count; m++)
		if (!a->memory[m].out_of_memory)
			memory++, attributed += a->memory_owner[m] != NO_OWNER;
	if (memory)
		fprintf(out, "  memory events: %u (%u attributed, %u unattributed)\n", memory, attributed, memory - attributed);
	memory_report_print(out, run->memory, a, run->forest, run->selection->steps);
	print_join(out, run);
	if (!run->dst && (run->options->summary == SUMMARY_MEMORY || run->options->summary == SUMMARY_FINDINGS ||
			  run->options->summary == SUMMARY_CRITICAL)) /* several traces, one table */
		fprintf(out, "  rows:          %" G_GUINT64_FORMAT " kept for the table of every trace\n", run->rows);
	else if (!run->dst && run->options->compare == COMPARE_RANK) /* SPEC 20: the rank's figures and its communication events */
		fprintf(out, "  ranks:         %" G_GUINT64_FORMAT " communication event%s kept for the collectives across ranks\n",
			run->rows, run->rows == 1 ? "" : "s");
	else if (!run->dst)
		fprintf(out, "  keys:          %" G_GUINT64_FORMAT " kept for the comparison\n", run->rows);
	else
		fprintf(out, "  %-15s%" G_GUINT64_FORMAT " written to %s\n",
			flame_format(run->options->format) ? "stacks:" : "rows:", run->rows,
			g_strcmp0(run->dst, "-") == 0 ? "standard output" : run->dst);
	DECIMAL(seconds[0], "%.3f", run->seconds);
	for (int i = 0; i < 4; i++)
		DECIMAL(seconds[i + 1], "%.3f", run->stage_seconds[i]);
	fprintf(out, "  wall time:     %s s (read %s, build %s, attribute %s, write %s)\n", seconds[0], seconds[1],
		seconds[2], seconds[3], seconds[4]);
	if (run->findings)
		report_findings(out, run->findings, run->options->fail_on);
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
	char number[G_ASCII_DTOSTR_BUF_SIZE];
	fprintf(stderr, "\r\033[Kprofile_parser: reading %s: %s MB", g_strcmp0(path, "-") == 0 ? "standard input" : path,
		DECIMAL(number, "%.0f", bytes / 1e6));
	if (fraction >= 0)
		fprintf(stderr, " (%s%%)", DECIMAL(number, "%.0f", 100 * fraction));
	if (seconds > 0)
		fprintf(stderr, ", %s MB/s", DECIMAL(number, "%.0f", bytes / 1e6 / seconds));
	fflush(stderr);
}
