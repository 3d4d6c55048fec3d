#include "cli/page_findings.h"
#include <string.h>
#include "attribution/busy.h"
#include "attribution/graft.h"
#include "model/names.h"
#include "sinks/html_names.h"
#include "sinks/html_text.h"
#include "sinks/table.h" /* percent_append, text_compare */
#include "util/timefmt.h"
#include "views/perf.h"

static const char style[] =
	"ul.findings { margin: 0 0 12px; padding: 8px 8px 8px 28px; border-left: 4px solid var(--warn-fg);\n"
	"  background: var(--warn-bg); border-radius: 4px; }\n"
	"ul.findings li { margin: 2px 0; overflow-wrap: anywhere; }\n"
	"ul.findings code, p.found code { white-space: nowrap; }\n";

/* PART (>= 0) of WHOLE (> 0) as "12.3%": rounded half up as the warnings
 * and tables round them, or (DOWN) down as the report's device timeline
 * does (so that a device idle all but a moment is not "100.0%" idle). */
static void append_share(GString *out, gint64 part, gint64 whole)
{
	percent_append(out, tenths_of_percent(part, whole));
	g_string_append_c(out, '%');
}

static void append_share_down(GString *out, gint64 part, gint64 whole)
{
	percent_append(out, (gint64)((unsigned __int128)part * 1000u / (guint64)whole));
	g_string_append_c(out, '%');
}

static void append_ms(GString *out, gint64 ns)
{
	time_append_ms(out, ns);
	g_string_append(out, " ms");
}

static void coverage(GString *list, const struct coverage *c)
{
	if (!c->events || c->total <= 0 || c->monitored * 10 >= c->total * 9)
		return;
	g_string_append(list, "<li>Only ");
	append_share(list, c->monitored, c->total);
	g_string_append(list, " of the device time (");
	append_ms(list, c->monitored);
	g_string_append(list, " of ");
	append_ms(list, c->total);
	g_string_append(list, ") is under monitored events; the rest is in no row. A wider <code>-mc</code> (such as "
			      "<code>-mc cpu_op,user_annotation</code>) covers more; <code>--summary kernel</code> "
			      "lists every kernel, monitored or not.</li>\n");
}

static void graph_launches(GString *list, const struct graft_stats *s, gboolean capture_given, gint64 total)
{
	if (!capture_given && s->replayed_time > 0) {
		g_string_append_printf(list, "<li>%u graph launch%s replayed ", s->graph_launches,
				       s->graph_launches == 1 ? "" : "es");
		append_ms(list, s->replayed_time);
		if (total > 0) {
			g_string_append(list, " (");
			append_share(list, s->replayed_time, total);
			g_string_append(list, " of the device time)");
		}
		g_string_append(list, " of device work, all of it on the ops that called the replays, not on those "
				      "that captured the graphs. <code>--graph-capture FILE</code>, a trace profiled "
				      "while the graphs were captured, puts it under them.</li>\n");
	} else if (capture_given && s->unmatched_events) {
		g_string_append_printf(list, "<li>%" G_GUINT64_FORMAT " device event%s of graph launches (", s->unmatched_events,
				       s->unmatched_events == 1 ? "" : "s");
		append_ms(list, s->unmatched_time);
		g_string_append_printf(list, ") stay%s on the ops that called the replays, not under the ops that captured "
				       "them: ", s->unmatched_events == 1 ? "s" : "");
		if (s->unmatched_launches)
			g_string_append_printf(list, "%u of %u graph launch%s matched no capture window%s", s->unmatched_launches,
					       s->graph_launches, s->graph_launches == 1 ? "" : "es",
					       s->unfit_events ? "; " : "");
		if (s->unfit_events)
			g_string_append_printf(list, "%" G_GUINT64_FORMAT " device event%s of matched graph launches fit no "
					       "captured launch", s->unfit_events, s->unfit_events == 1 ? "" : "s");
		g_string_append(list, ". The warnings say why, the graph-capture matching section gives the figures; "
				      "<code>--graph-capture</code> with a trace that captured these graphs places "
				      "them.</li>\n");
	}
}

static void device_name(GString *out, const struct timeline_device *d, HtmlNames *names)
{
	if (d->has_device)
		g_string_append_printf(out, "Device %u", d->device);
	else {
		g_string_append(out, "The device events of process ");
		html_names_append(names, out, d->pid, strlen(d->pid));
	}
}

/* NAMES: the page's (long names cut, src/sinks/html_names.h). */
static void host_wait(GString *list, const struct timeline *timeline, HtmlNames *names)
{
	guint named = 0, more = 0;
	for (guint i = 0; i < timeline->count; i++) {
		const struct timeline_device *d = &timeline->devices[i];
		gint64 span = d->last - d->first;
		if (span <= 0 || d->idle * 2 <= span || d->host_wait * 2 <= d->idle)
			continue;
		if (named == PAGE_FINDINGS_DEVICES) {
			more++;
			continue;
		}
		named++;
		g_string_append(list, "<li>");
		device_name(list, d, names);
		g_string_append(list, " was idle ");
		append_share_down(list, d->idle, span);
		g_string_append(list, " of its span (");
		append_ms(list, d->idle);
		g_string_append(list, " of ");
		append_ms(list, span);
		g_string_append(list, "), ");
		append_share_down(list, d->host_wait, d->idle);
		g_string_append(list, " of it (");
		append_ms(list, d->host_wait);
		g_string_append(list, ") waiting for the host to launch work: the host, not the device, sets the pace. "
				      "<code>--summary step</code> gives each step's host wait, <code>--summary kernel</code> "
				      "each kernel's launch delay.</li>\n");
	}
	if (more)
		g_string_append_printf(list, "<li>%u more device%s also waited mostly for the host.</li>\n", more,
				       more == 1 ? "" : "s");
}

/* The counted ops of a name. */
struct op_group {
	const struct name *name;
	guint64 count;
	gint64 busy;
	perf_sum roofline;
	gboolean unknown;
};

static guint name_hash(gconstpointer key)
{
	const struct name *n = key;
	return names_hash_text(n->text, n->len);
}

static gboolean name_equal(gconstpointer x, gconstpointer y)
{
	const struct name *a = x, *b = y;
	return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static int by_busy(gconstpointer x, gconstpointer y)
{
	const struct op_group *a = *(struct op_group *const *)x, *b = *(struct op_group *const *)y;
	if (a->busy != b->busy)
		return a->busy > b->busy ? -1 : 1;
	return text_compare(a->name->text, a->name->len, b->name->text, b->name->len);
}

static void roofline(GString *list, const struct perf *perf, const struct forest *forest,
		     const struct attribution *attribution, HtmlNames *names)
{
	guint counted = perf->before[forest->count];
	if (!counted)
		return;
	g_autofree gint64 *busy = busy_compute(attribution, forest);
	g_autoptr(GHashTable) groups = g_hash_table_new_full(name_hash, name_equal, NULL, g_free);
	for (guint k = 0; k < counted; k++) {
		const struct name *name = forest->events[perf->node_of[k]].name;
		struct op_group *g = g_hash_table_lookup(groups, name);
		if (!g) {
			g = g_new0(struct op_group, 1);
			g->name = name;
			g_hash_table_insert(groups, (gpointer)name, g);
		}
		g->count++;
		g->busy += busy[perf->node_of[k]];
		g->roofline += perf->roofline[k + 1] - perf->roofline[k];
		g->unknown |= perf->unknown[k + 1] != perf->unknown[k];
	}
	g_autoptr(GPtrArray) far = g_ptr_array_new();
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, groups);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		const struct op_group *g = value;
		if (!g->unknown && g->busy > 0 && g->roofline * 10 < (perf_sum)g->busy * 3)
			g_ptr_array_add(far, value);
	}
	if (!far->len)
		return;
	g_ptr_array_sort(far, by_busy);
	g_string_append(list, "<li>Modelled ops far from their roofline (under 30% of it):");
	for (guint i = 0; i < far->len && i < PAGE_FINDINGS_OPS; i++) {
		const struct op_group *g = far->pdata[i];
		g_string_append(list, i ? "; " : " ");
		g_string_append(list, "<code>");
		html_names_append(names, list, g->name->text, g->name->len);
		g_string_append_printf(list, "</code> (%" G_GUINT64_FORMAT " call%s) busy ", g->count,
				       g->count == 1 ? "" : "s");
		append_ms(list, g->busy);
		g_string_append(list, " at ");
		append_share(list, (gint64)g->roofline, g->busy);
		g_string_append(list, " of its roofline");
	}
	if (far->len > PAGE_FINDINGS_OPS)
		g_string_append_printf(list, "; and %u more", far->len - PAGE_FINDINGS_OPS);
	g_string_append(list, ". The table of modelled ops (<code>--summary perf</code>) gives each shape's rates, "
			      "roofline and bound, and the call tree below each module's.</li>\n");
}

void page_findings_add(HtmlPage *page, const struct run_summary *run)
{
	const struct options *options = run->options;
	gboolean capture_given = options->graph_captures != NULL;
	const struct timeline *timeline = run->timeline; /* the run works it out for the per-node page */
	g_autoptr(GString) list = g_string_new(NULL);
	coverage(list, &run->coverage);
	if (run->graft)
		graph_launches(list, run->graft, capture_given, run->coverage.total);
	host_wait(list, timeline, html_page_names(page));
	if (run->perf)
		roofline(list, run->perf, run->forest, run->attribution, html_page_names(page));
	GString *body = html_page_lead(page, "findings", "What the analysis found");
	if (list->len)
		g_string_append_printf(body, "<ul class=\"findings\">\n%s</ul>\n", list->str);
	else if (!run->trace->device->len)
		html_paragraph(body, "note found",
			       "Nothing to judge: the trace has no device events (kernels, copies, memsets), so there is "
			       "no device time to cover, no idle device and no roofline.");
	else
		html_paragraph(body, "note found",
			       "Nothing stood out: monitored events cover at least 90% of the device time, no graph "
			       "launch left its device time on the op that replayed it, no device was idle over half its span mostly "
			       "waiting for the host, and no modelled op (ops with shapes, on a device with peaks) ran "
			       "under 30% of its roofline.");
	html_page_style(page, style);
}
