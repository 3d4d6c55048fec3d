#include "page/page_charts.h"
#include <string.h>
#include "attribution/timeline.h"
#include "report/report.h"
#include "page/page_waiting.h"
#include "sinks/html_bars.h"
#include "sinks/html_names.h"
#include "sinks/html_timeline.h"
#include "sinks/html_timeline_assets.h"
#include "attribution/timeline_bins.h"
#include "util/timefmt.h"
#include "util/percent.h"
#include "views/summaries/summary_step.h"
#include "attribution/memory_devices.h"

/* TEXT's runs of spaces as one space, each line stripped. */
static char *collapsed(const char *text)
{
	GString *out = g_string_new(NULL);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	for (char **line = lines; *line; line++) {
		g_strstrip(*line);
		if (!**line)
			continue;
		if (out->len)
			g_string_append_c(out, '\n');
		for (const char *c = *line; *c; c++)
			if (*c != ' ' || c[1] != ' ')
				g_string_append_c(out, *c);
	}
	return g_string_free(out, FALSE);
}

/* The scale's words under a legend. */
static void scale_note(GString *body, gint64 scale)
{
	g_autoptr(GString) note = g_string_new("All bars share one scale: the full width is ");
	time_append_ms(note, scale);
	g_string_append(note, " ms.");
	html_paragraph(body, "note", note->str);
}

static void device_bar(struct html_bar *bar, const struct timeline_device *d, GString *lines, GString *title)
{
	g_string_truncate(lines, 0);
	report_timeline_device(lines, d);
	/* the report's lines, their indentation of two left out */
	g_auto(GStrv) split = g_strsplit(lines->str, "\n", -1);
	g_string_truncate(lines, 0);
	for (char **line = split; *line; line++)
		if (**line)
			g_string_append_printf(lines, "%s%s", lines->len ? "\n" : "", strlen(*line) > 2 ? *line + 2 : *line);
	g_autofree char *shown = collapsed(lines->str);
	g_string_assign(title, shown);
	gint64 classes = 0;
	for (guint c = 0; c < CLASS_COUNT; c++)
		classes += d->class_busy[c];
	if (classes > d->busy) {
		g_string_append(title, "\nthe class parts add up to ");
		time_append_ms(title, classes);
		g_string_append(title, " ms, ");
		time_append_ms(title, classes - d->busy);
		g_string_append(title, " ms more than the busy time: classes ran at once");
		if (d->class_events[CLASS_COMPUTE] && d->class_events[CLASS_COMMUNICATION]) {
			g_string_append(title, " (communication overlapped with compute ");
			time_append_ms(title, d->overlap);
			g_string_append(title, " ms)");
		}
	}
	memset(bar, 0, sizeof *bar);
	bar->title = title->str;
	bar->figures = lines->str;
	bar->whole_name = "span";
	bar->whole = d->last - d->first;
	bar->class_word = " busy";
	for (guint c = 0; c < CLASS_COUNT; c++)
		bar->parts[BAR_COMPUTE + c] = d->class_busy[c];
	bar->parts[BAR_WAIT] = d->host_wait;
	bar->parts[BAR_IDLE] = d->idle - d->host_wait;
}

/* The op of the memory peak of chart D (SPEC 21): when its line is one
 * process's curve, the peak event of that memory device (its process, its
 * Device Id); its own name into OP and its path into PATH; FALSE when the
 * line sums several processes or the peak lies outside every node. */
static gboolean peak_op(const struct write_config *config, const struct forest *forest,
			const struct attribution *attribution, const struct timeline_bins_device *d, GString *op,
			GString *path)
{
	const struct memory_devices *md = config->memory;
	if (!md || d->memory_curves != 1)
		return FALSE;
	char buf[THREADS_NUMBER_MAX];
	const char *pid = threads_pid(forest->thread_ids, d->memory_thread, buf);
	const struct memory_device *found = NULL;
	for (guint i = 0; !found && i < md->count; i++) {
		const struct memory_device *m = &md->devices[i];
		if (m->type != 0 && m->id == d->memory_id && m->has_peak && strcmp(m->pid, pid) == 0)
			found = m;
	}
	guint owner = found ? attribution->memory_owner[found->peak_event] : NO_OWNER;
	if (owner == NO_OWNER)
		return FALSE;
	g_string_assign(op, "");
	g_string_append_len(op, forest->events[owner].name->text, forest->events[owner].name->len);
	forest_path(forest, owner, path);
	return TRUE;
}

/* Each device's chart over time. */
static void charts(HtmlPage *page, GString *body, const struct forest *forest, const struct attribution *attribution,
		   const struct write_config *config)
{
	const struct steps *steps = config->selection->steps;
	guint shown = MIN(timeline_bins_device_count(attribution), PAGE_CHARTS);
	if (!shown)
		return;
	guint bins = MAX(1, MIN(PAGE_BINS, PAGE_CHART_BINS / shown));
	g_autoptr(TimelineBins) t = timeline_bins_compute(attribution, forest->thread_ids, steps, NULL, bins,
							  config->communication);
	html_paragraph(body, "note",
		       "Over time, per device with a device number: its span cut into equal bins (as --summary timeline "
		       "cuts it), each bin's busy time by class and its host wait as stacked areas over the bin's length "
		       "(classes that ran at once stack past 100%), and the memory allocated on the device (the line, on "
		       "the right-hand scale) with its peak marked. Above it, each step twice: its window on the host "
		       "(the ProfilerStep#N event) and its span on the device (its device work's first start to last "
		       "end, as --summary step's device span(ms)): a device that runs behind shows its bars to the right "
		       "of the host's. The axis is in ms from the first bin's start; each bin's tooltip gives its "
		       "figures. A chart opens on the smallest window holding 99% of the device's busy time; zoom with "
		       "the buttons (whole span shows it all) or by dragging across a chart.");
	html_page_style(page, html_timeline_style);
	html_page_script(page, html_timeline_script);
	for (guint i = 0; i < shown; i++) {
		g_autofree char *label = g_strdup_printf("device %u", t->devices[i].device);
		g_autoptr(GString) op = g_string_new(NULL), path = g_string_new(NULL);
		gboolean known = peak_op(config, forest, attribution, &t->devices[i], op, path);
		html_timeline_append(body, label, &t->devices[i], known ? op->str : NULL, known ? path->str : NULL);
	}
	if (shown < t->count) {
		g_autofree char *more = g_strdup_printf("The charts of the first %u of %u devices are shown.", shown, t->count);
		html_paragraph(body, "note", more);
	}
}

void page_charts_timeline(HtmlPage *page, const struct timeline *timeline, const struct forest *forest,
			  const struct attribution *attribution, const struct write_config *config)
{
	GString *body = html_page_section(page, "timeline", "Device timeline");
	if (!timeline->count) {
		html_paragraph(body, "empty", "The trace has no device events.");
		return;
	}
	charts(page, body, forest, attribution, config);
	html_paragraph(body, "note",
		       "Per device, its span (its first event's start to its last event's end), as the report's device "
		       "timeline gives it: each class's busy time (the union of its events' intervals), then the span's "
		       "idle time, split into host wait (the device waited for the host to launch the work that ended a "
		       "gap) and other idle. Classes that ran at once make a bar longer than its span: the mark is the "
		       "span's end; the tooltips give every figure.");
	html_bars_legend(body, "span");
	guint shown = MIN(timeline->count, PAGE_DEVICES);
	gint64 scale = 1;
	struct html_bar bar;
	g_autoptr(GString) lines = g_string_new(NULL), title = g_string_new(NULL);
	for (guint i = 0; i < shown; i++) {
		device_bar(&bar, &timeline->devices[i], lines, title);
		scale = MAX(scale, html_bar_length(&bar));
	}
	scale_note(body, scale);
	html_bars_open(body);
	for (guint i = 0; i < shown; i++) {
		const struct timeline_device *d = &timeline->devices[i];
		g_autoptr(GString) label = g_string_new(NULL);
		if (d->has_device)
			g_string_printf(label, "device %u", d->device);
		else { /* a pid of the trace: cut when long, as names are (src/sinks/html_names.h) */
			g_string_append(label, "device ? (pid ");
			html_names_cut(label, d->pid, strlen(d->pid));
			g_string_append_c(label, ')');
		}
		device_bar(&bar, d, lines, title);
		bar.label = label->str;
		html_bar_append(body, &bar, scale);
	}
	html_bars_close(body);
	if (shown < timeline->count) {
		g_autofree char *more = g_strdup_printf("The first %u of %u devices are shown; the report lists them all.",
							shown, timeline->count);
		html_paragraph(body, "note", more);
	}
	page_waiting_classes(body, config->idle_classes); /* SPEC 19.2: the run's */
}

/* ROW's bar; LABEL, FIGURES: its texts, filled here. */
static void step_bar(struct html_bar *bar, const struct step_figures *row, gboolean with_pid, GString *label,
		     GString *figures, GString *title)
{
	g_string_truncate(label, 0); /* the trace's texts cut when long, as names are (src/sinks/html_names.h) */
	html_names_cut(label, row->step->name->text, row->step->name->len);
	if (with_pid) {
		g_string_append(label, " (pid ");
		html_names_cut(label, row->pid, strlen(row->pid));
		g_string_append_c(label, ')');
	}
	g_string_assign(figures, "host ");
	time_append_ms(figures, row->step->dur);
	g_string_append(figures, " ms, device total ");
	time_append_ms(figures, row->device_total);
	g_string_append(figures, " ms, busy ");
	time_append_ms(figures, row->busy);
	g_string_append(figures, " ms\n");
	gboolean first = TRUE;
	for (guint c = 0; c < CLASS_COUNT; c++) {
		if (!row->classes[c])
			continue;
		g_string_append_printf(figures, "%s%s ", first ? "" : ", ", device_class_name(c));
		first = FALSE;
		time_append_ms(figures, row->classes[c]);
	}
	g_string_append(figures, first ? "no device time\nidle " : " ms\nidle ");
	time_append_ms(figures, row->idle);
	g_string_append(figures, " ms of the window: host wait ");
	time_append_ms(figures, row->host_wait);
	g_string_append(figures, " ms");
	if (row->idle > 0) {
		g_string_append(figures, " (");
		percent_append(figures, tenths_of_percent(row->host_wait, row->idle));
		g_string_append(figures, "%)");
	}
	g_string_append(figures, ", other ");
	time_append_ms(figures, row->idle - row->host_wait);
	g_string_append(figures, " ms");
	g_string_printf(title, "%s\n%s", label->str, figures->str);
	memset(bar, 0, sizeof *bar);
	bar->label = label->str;
	bar->title = title->str;
	bar->figures = figures->str;
	bar->whole_name = "window";
	bar->whole = row->step->dur;
	bar->class_word = "";
	for (guint c = 0; c < CLASS_COUNT; c++)
		bar->parts[BAR_COMPUTE + c] = row->classes[c];
	bar->parts[BAR_WAIT] = row->host_wait;
	bar->parts[BAR_IDLE] = row->idle - row->host_wait;
}

void page_charts_steps(HtmlPage *page, const struct forest *forest, const struct attribution *attribution,
		       const struct write_config *config)
{
	const struct steps *steps = config->selection->steps;
	if (!steps || !steps->count)
		return;
	GString *body = html_page_section(page, "steps", "Steps");
	g_autoptr(GArray) rows = step_summary_figures(forest, attribution, config);
	if (!rows->len) {
		html_paragraph(body, "empty", "No step is in the --step range.");
		return;
	}
	if (!g_array_index(rows, struct step_figures, 0).idle_known) { /* no device: nothing to draw (SPEC 15.3) */
		g_autofree char *none = g_strdup_printf(
			"The trace has no device events: its %u step%s had no device time and no device that could be idle, "
			"so no bar is drawn (--summary step gives each step's host duration).", rows->len,
			rows->len == 1 ? "" : "s");
		html_paragraph(body, "empty", none);
		return;
	}
	html_paragraph(body, "note",
		       "One bar per step, of --summary step's figures: the device time of the step's launches by class "
		       "(durations: kernels that ran at once count each, and so does device time past the window's "
		       "end), then the idle time of its devices in the step's window, split into host wait and other "
		       "idle. The mark is the step's window (its host duration); the tooltips give every figure.");
	html_bars_legend(body, "window");
	gboolean with_pid = FALSE;
	for (guint i = 1; i < rows->len; i++)
		with_pid |= g_strcmp0(g_array_index(rows, struct step_figures, i).pid,
				      g_array_index(rows, struct step_figures, 0).pid) != 0;
	guint shown = MIN(rows->len, PAGE_STEPS);
	gint64 scale = 1;
	struct html_bar bar;
	g_autoptr(GString) label = g_string_new(NULL), figures = g_string_new(NULL), title = g_string_new(NULL);
	for (guint i = 0; i < shown; i++) {
		step_bar(&bar, &g_array_index(rows, struct step_figures, i), with_pid, label, figures, title);
		scale = MAX(scale, html_bar_length(&bar));
	}
	scale_note(body, scale);
	html_bars_open(body);
	for (guint i = 0; i < shown; i++) {
		step_bar(&bar, &g_array_index(rows, struct step_figures, i), with_pid, label, figures, title);
		html_bar_append(body, &bar, scale);
	}
	html_bars_close(body);
	if (shown < rows->len) {
		g_autofree char *more = g_strdup_printf("The first %u of %u steps are shown; --summary step lists them all.",
							shown, rows->len);
		html_paragraph(body, "note", more);
	}
}
