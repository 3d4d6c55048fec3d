#include "page/page.h"
#include "views/summaries/summaries.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/page_charts.h"
#include "page/page_critical.h"
#include "page/page_capture.h"
#include "page/page_findings.h"
#include "page/page_flame.h"
#include "page/page_waiting.h"
#include "report/report.h"
#include "sinks/sink_html.h"
#include "views/nodes/columns.h"
#include "views/nodes/page_tree.h"
#include "views/summaries/summary.h"
#include "views/collectives/summary_collective.h"
#include "attribution/memory_devices.h"

typedef gboolean (*writer)(struct output *out, gpointer data, guint64 *rows);

/* What WRITE writes, appended to INTO; FALSE when it failed. */
static gboolean capture(GString *into, writer write, gpointer data, guint64 *rows)
{
	char *text = NULL;
	size_t size = 0;
	FILE *memory = open_memstream(&text, &size);
	if (!memory)
		return FALSE;
	struct output out;
	output_wrap(&out, memory);
	gboolean ok = write(&out, data, rows);
	ok = fclose(memory) == 0 && ok;
	g_string_append_len(into, text, (gssize)size);
	free(text);
	return ok;
}

/* A summary of MODE through CONFIG. */
struct summary_job {
	const struct forest *forest;
	const struct attribution *attribution;
	const struct write_config *config;
	enum summary_mode mode;
};

static gboolean write_one_summary(struct output *out, gpointer data, guint64 *rows)
{
	const struct summary_job *job = data;
	return write_summary(out, job->forest, job->attribution, job->config, job->mode, rows);
}

static const char *summary_title(enum summary_mode mode)
{
	switch (mode) {
	case SUMMARY_PATH: return "Summary by call path";
	case SUMMARY_NAME: return "Top ops by name";
	case SUMMARY_STEP: return "Summary by step";
	case SUMMARY_KERNEL: return "Top kernels";
	case SUMMARY_PERF: return "Top modelled ops";
	case SUMMARY_COLLECTIVE: return "Top collectives";
	case SUMMARY_TIMELINE: return "Timeline";
	case SUMMARY_IDLE: return "Gaps by length";
	case SUMMARY_MEMORY: return "Memory";
	case SUMMARY_RANK: return "Ranks";
	case SUMMARY_FINDINGS: return "Findings";
	case SUMMARY_GAPS: return "Gaps";
	case SUMMARY_CRITICAL: return "Critical path";
	case SUMMARY_NONE: break;
	}
	return "Nodes";
}

static const char *summary_id(enum summary_mode mode)
{
	static const char *const ids[] = { "nodes", "path", "name", "step", "kernel", "perf", "collective", "timeline", "idle", "memory", "rank", "findings", "gaps", "critical" };
	return mode < G_N_ELEMENTS(ids) ? ids[mode] : "table";
}

/* One top table of the per-node page: MODE's default columns, its own
 * order, the first PAGE_TOP rows; added only when it has rows. */
static gboolean add_top(HtmlPage *page, const struct forest *forest, const struct attribution *attribution,
			const struct write_config *base, enum summary_mode mode)
{
	g_autoptr(GPtrArray) columns = g_ptr_array_new(), none = g_ptr_array_new();
	gboolean names = mode == SUMMARY_PATH || mode == SUMMARY_NAME; /* SPEC 19.5: device launch count */
	catalogue_pick(summary_catalogue(mode), names ? NAME_SUMMARY_VIEW_COLUMNS : NULL, COLUMN_DEFAULT, columns, NULL);
	struct layout layout = { .picked = columns };
	struct write_config config = *base;
	config.layout = &layout;
	config.sort = none; /* its own order */
	config.top = PAGE_TOP;
	config.shape = NULL;
	config.quiet = TRUE;
	struct summary_job job = { forest, attribution, &config, mode };
	g_autoptr(GString) body = g_string_new(NULL);
	guint64 rows = 0;
	if (!capture(body, write_one_summary, &job, &rows))
		return FALSE;
	if (rows) {
		g_autofree char *title = mode == SUMMARY_MEMORY ? g_strdup("Memory by device") /* a row a device */
								: g_strdup_printf("%s (top %u)", summary_title(mode), PAGE_TOP);
		g_string_append(html_page_section(page, summary_id(mode), title), body->str);
	}
	return TRUE;
}

/* SPEC 26.8: the host wait by cause and the top ops of each, when a device waited. */
static void add_waiting(HtmlPage *page, const struct causes_summary *causes, const struct write_config *base)
{
	g_autoptr(GString) body = g_string_new(NULL);
	if (page_waiting_causes(body, causes, base->page_names))
		g_string_append(html_page_section(page, "waiting", "Where the host was while the devices waited"), body->str);
}

/* The facts of the header that the trace gives: its texts cut when long,
 * its lists (devices, versions) capped at PAGE_FACTS each; the versions
 * on one line. */
static void add_trace_facts(HtmlPage *page, const struct trace *trace, const char *src)
{
	html_page_fact(page, "Trace", src);
	g_autofree char *devices = report_devices_text(trace->devices);
	g_strstrip(devices);
	g_auto(GStrv) lines = g_strsplit(devices, "\n", -1);
	guint shown = 0, more = 0;
	for (char **line = lines; *line; line++)
		if (**line && shown < PAGE_FACTS)
			html_page_fact_cut(page, "Device", g_strstrip(*line)), shown++;
		else if (**line)
			more++;
	if (more)
		html_page_facts_more(page, "Device", more, "the report lists them all");
	if (trace->rank || trace->world_size) {
		g_autofree char *rank = g_strdup_printf("%s of %s", trace->rank ? trace->rank : "?",
							trace->world_size ? trace->world_size : "?");
		html_page_fact_cut(page, "Rank", rank);
	}
	guint versions = trace->versions->len; /* SPEC 28: on one line */
	if (versions)
		html_page_fact_list(page, "Versions", (const char *const *)trace->versions->pdata, MIN(versions, PAGE_FACTS),
				    versions > PAGE_FACTS ? versions - PAGE_FACTS : 0);
}

HtmlPage *page_build(const struct trace *trace, const char *src, const struct forest *forest,
		     const struct attribution *attribution, const struct write_config *config,
		     const struct options *options, const struct timeline *timeline, const struct causes_summary *causes,
		     guint64 *rows, gboolean *ok)
{
	g_autofree char *title = g_strdup_printf("profile_parser: %s", src);
	HtmlPage *page = html_page_new(title);
	add_trace_facts(page, trace, src);
	struct write_config named = *config; /* long names cut, kept whole in the page's list */
	named.page_names = html_page_names(page);
	config = &named;
	*ok = TRUE;
	*rows = 0;
	if (options->summary) {
		g_autofree char *view = g_strdup_printf("--summary %s", summary_id(options->summary));
		html_page_fact(page, "View", view);
		g_autofree char *paths = options->summary == SUMMARY_CRITICAL ? page_critical_bars(config->critical) : NULL;
		if (paths) /* the steps' critical paths as bars (issue 50) */
			g_string_append(html_page_section(page, "paths", "Critical paths"), paths);
		struct summary_job job = { forest, attribution, config, options->summary };
		GString *body = html_page_section(page, summary_id(options->summary), summary_title(options->summary));
		*ok = capture(body, write_one_summary, &job, rows);
		return page;
	}
	html_page_fact(page, "View", "per node: the device timeline, the steps, the call tree, the top ops, kernels, modelled ops and collectives, the flame graph");
	page_charts_timeline(page, timeline, forest, attribution, config);
	page_charts_steps(page, forest, attribution, config);
	GString *tree = html_page_section(page, "tree", "Call tree");
	/* SPEC 16: the perf columns of 15.1 when the trace has Input Dims (unless --columns chose) */
	struct write_config with_perf = *config;
	struct layout layout = *config->layout;
	g_autoptr(GPtrArray) picked = g_ptr_array_new();
	for (guint i = 0; i < config->layout->picked->len; i++)
		g_ptr_array_add(picked, config->layout->picked->pdata[i]);
	if (config->perf && config->perf->shapes && !options->columns_list) {
		catalogue_pick(node_catalogue(), PAGE_PERF_COLUMNS, 0, picked, NULL);
		layout.picked = picked;
		with_perf.layout = &layout;
	}
	*rows = page_tree_append(tree, forest, attribution, &with_perf, PAGE_TREE_NODES);
	add_waiting(page, causes, config);
	struct write_config tops = *config; /* the collectives: the run's (src/analysis/results.h) */
	*ok = add_top(page, forest, attribution, &tops, SUMMARY_NAME) &&
	      add_top(page, forest, attribution, &tops, SUMMARY_KERNEL) &&
	      (!config->perf || add_top(page, forest, attribution, &tops, SUMMARY_PERF)) &&
	      add_top(page, forest, attribution, &tops, SUMMARY_COLLECTIVE) &&
	      (!config->memory || !config->memory->count || add_top(page, forest, attribution, &tops, SUMMARY_MEMORY));
	return page;
}

gboolean page_finish(HtmlPage *page, const struct run_summary *run, struct output *out)
{
	if (!run->options->summary) { /* the per-node page: its findings first, its last sections */
		page_findings_add(page, run);
		if (run->options->graph_captures)
			page_capture_add(page, run->graft);
		page_flame_add(page, run->forest, run->attribution, run->options, run->src);
	}
	if (run->categories->note) {
		g_autofree char *note = g_strdup(run->categories->note);
		const char *shown = g_strstrip(note);
		html_page_fact(page, "Categories", g_str_has_prefix(shown, "categories:") ? g_strchug(note + 11) : shown);
	}
	char *text = NULL;
	size_t size = 0;
	FILE *memory = open_memstream(&text, &size);
	if (!memory)
		return FALSE;
	warnings_print(memory, run);
	gboolean ok = fclose(memory) == 0;
	html_page_warnings(page, text);
	free(text);
	return ok && html_page_write(page, out);
}

struct rows_job {
	const struct write_config *config;
	const GPtrArray *rows;
};

static gboolean write_table_rows(struct output *out, gpointer data, guint64 *rows)
{
	const struct rows_job *job = data;
	*rows = write_rows_count(job->config, job->rows->len);
	return write_rows(out, job->config, job->rows);
}

gboolean page_write_table(struct output *out, const char *title, const char *const *facts, const char *warnings,
			  const struct write_config *config, const GPtrArray *rows, const char *bars, const char *bars_title)
{
	g_autoptr(HtmlPage) page = html_page_new(title);
	for (const char *const *fact = facts; fact && fact[0]; fact += 2)
		html_page_fact(page, fact[0], fact[1]);
	html_page_warnings(page, warnings);
	if (bars)
		g_string_append(bars_title ? html_page_section(page, "paths", bars_title)
					   : html_page_section(page, "ranks", "Ranks"),
				bars);
	struct write_config named = *config; /* long names cut, kept whole in the page's list */
	named.page_names = html_page_names(page);
	struct rows_job job = { &named, rows };
	guint64 written;
	return capture(html_page_section(page, "table", "Table"), write_table_rows, &job, &written) &&
	       html_page_write(page, out);
}
