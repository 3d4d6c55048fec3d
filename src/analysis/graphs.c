#include "analysis/graphs.h"
#include <string.h>
#include "input/input.h"
#include "input/read.h"
#include "output/output_names.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "util/visible.h"

/* "FILE: what", shown safely, as a warning. */
static void capture_warning(FILE *out, const char *path, const char *what)
{
	g_autofree char *shown_path = g_strcmp0(path, "-") == 0 ? g_strdup("standard input") : output_shown(path);
	g_autofree char *subject = g_strconcat("--graph-capture ", shown_path, NULL);
	visible_warning(out, subject, what);
}

/* Reads capture file number FILE into CAPTURE with the replay's category
 * lists; FALSE, with a warning, when it is not a trace. */
static gboolean read_capture(struct capture *capture, guint file, const char *path, const struct options *options,
			     char **lists[3], guint threads, FILE *out)
{
	struct read_config config = {
		.monitor_cats = lists[0],
		.host_cats = lists[1],
		.device_cats = lists[2],
		.all_python_functions = options->all_python_functions,
		.module_class = options->module_class,
		.threads = threads,
		.launch_kernels = TRUE,
	};
	g_autoptr(GError) error = NULL;
	g_autoptr(Trace) trace = read_trace_file(path, &config, &error);
	if (!trace) {
		if (!options->quiet) {
			g_autofree char *what = g_strdup_printf("not read: %s; its graphs are not attributed", error->message);
			capture_warning(out, path, what);
		}
		return FALSE;
	}
	g_autoptr(Forest) forest = forest_build(trace);
	g_autoptr(Attribution) attribution = attribute(trace, forest);
	capture_add(capture, file, path, trace, forest, attribution);
	return TRUE;
}

/* The windows of every capture file, read with LISTS. */
static struct capture *read_captures(const struct options *options, char **lists[3], guint threads, FILE *out)
{
	struct capture *capture = capture_new();
	for (guint file = 0; options->graph_captures[file]; file++)
		read_capture(capture, file, options->graph_captures[file], options, lists, threads, out);
	capture_finish(capture);
	for (guint w = 0; !options->quiet && w < capture->warnings->len; w++) { /* "PATH: what", the path as read */
		g_autofree char *text = g_strconcat("--graph-capture ", (const char *)capture->warnings->pdata[w], NULL);
		visible_warning(out, NULL, text);
	}
	return capture;
}

struct capture_cache {
	const struct options *options;
	guint threads;
	GMutex lock;
	GHashTable *by_lists; /* the three lists joined -> struct capture * */
};

struct capture_cache *graphs_cache_new(const struct options *options, guint threads)
{
	if (!options->graph_captures)
		return NULL;
	struct capture_cache *cache = g_new0(struct capture_cache, 1);
	cache->options = options;
	cache->threads = threads;
	g_mutex_init(&cache->lock);
	cache->by_lists = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)capture_free);
	return cache;
}

void graphs_cache_free(struct capture_cache *cache)
{
	if (!cache)
		return;
	g_hash_table_destroy(cache->by_lists);
	g_mutex_clear(&cache->lock);
	g_free(cache);
}

const struct capture *graphs_capture_for(struct capture_cache *cache, char **monitor, char **host, char **device,
					 FILE *out)
{
	char **lists[3] = { monitor, host, device };
	g_autoptr(GString) key = g_string_new(NULL);
	for (int i = 0; i < 3; i++) {
		for (char **c = lists[i]; c && *c; c++)
			g_string_append_printf(key, "%s,", *c);
		g_string_append_c(key, '\n');
	}
	g_mutex_lock(&cache->lock);
	struct capture *capture = g_hash_table_lookup(cache->by_lists, key->str);
	if (!capture) {
		capture = read_captures(cache->options, lists, cache->threads, out);
		g_hash_table_insert(cache->by_lists, g_strdup(key->str), capture);
	}
	g_mutex_unlock(&cache->lock);
	return capture;
}

/* " (T ms, P% of device time)" */
static void append_share(GString *line, gint64 time, gint64 total)
{
	g_string_append(line, " (");
	time_append_ms(line, time);
	g_string_append(line, " ms, ");
	percent_append(line, total > 0 ? tenths_of_percent(time, total) : 0);
	g_string_append(line, "% of device time)");
}

void graphs_report(FILE *out, const struct graft_stats *s, gboolean capture_given, gint64 device_total)
{
	if (!s->graph_launches)
		return;
	g_autoptr(GString) line = g_string_new(NULL);
	g_string_printf(line, "  graph launches: %u launch%s replayed %" G_GUINT64_FORMAT " device event%s",
			s->graph_launches, s->graph_launches == 1 ? "" : "es", s->replayed_events,
			s->replayed_events == 1 ? "" : "s");
	append_share(line, s->replayed_time, device_total);
	g_string_append_c(line, '\n');
	if (capture_given) {
		g_string_append_printf(line, "  graph capture: %u of %u graph launches matched (%u exact, %u reordered, %u partial, "
				       "%u by graph id); %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " device events (",
				       s->matched, s->graph_launches, s->by_kind[GM_EXACT], s->by_kind[GM_REORDERED],
				       s->by_kind[GM_PARTIAL], s->by_kind[GM_BY_GRAPH_ID], s->placed_events, s->replayed_events);
		time_append_ms(line, s->placed_time);
		g_string_append_printf(line, " ms) placed under %u captured op%s\n", s->captured_ops,
				       s->captured_ops == 1 ? "" : "s");
	}
	fputs(line->str, out);
}

void graphs_warn(FILE *out, const char *src, const struct graft_stats *s, gboolean capture_given, gint64 device_total)
{
	g_autoptr(GString) text = g_string_new(NULL);
	if (!capture_given) {
		if (s->replayed_time > 0 && s->replayed_time * 100 >= device_total * GRAPHS_WARNING_PERCENT) {
			g_string_printf(text, "graph launches replay ");
			time_append_ms(text, s->replayed_time);
			g_string_append(text, " ms (");
			percent_append(text, tenths_of_percent(s->replayed_time, device_total)); /* device_total holds it: > 0 */
			g_string_append(text, "% of the device time), all of it on the ops that called the replays (or on "
					      "none); --graph-capture FILE, a trace profiled while the graphs were captured, "
					      "puts it under the ops that captured them");
			visible_warning(out, src, text->str);
		}
		return;
	}
	if (s->unmatched_launches || s->unfit_events) {
		g_string_truncate(text, 0);
		if (s->unmatched_launches) {
			guint64 events = s->unmatched_events - s->unfit_events;
			g_string_append_printf(text, "%u of %u graph launch%s matched no capture window: %" G_GUINT64_FORMAT
					       " device event%s (", s->unmatched_launches, s->graph_launches,
					       s->graph_launches == 1 ? "" : "es", events, events == 1 ? "" : "s");
			time_append_ms(text, s->unmatched_time - s->unfit_time);
			g_string_append(text, " ms) stay on the ops that called the replays");
		}
		if (s->unfit_events) {
			g_string_append_printf(text, "%s%" G_GUINT64_FORMAT " device event%s (", text->len ? "; " : "",
					       s->unfit_events, s->unfit_events == 1 ? "" : "s");
			time_append_ms(text, s->unfit_time);
			g_string_append(text, " ms) of matched graph launches fit no captured launch and stay on the ops "
					      "that called the replays");
		}
		g_string_append(text, "; the first graph launch left so: correlation ");
		if (s->first_unmatched_has_correlation == 2)
			g_string_append_printf(text, "%" G_GINT64_FORMAT, s->first_unmatched_correlation);
		else
			g_string_append_printf(text, "%" G_GUINT64_FORMAT, (guint64)s->first_unmatched_correlation);
		g_string_append_printf(text, " (%s)", s->first_unmatched_reason == GM_REASON_NONE
							      ? "some of its device events fit no captured launch of its window"
							      : gm_reason_text(s->first_unmatched_reason));
		visible_warning(out, src, text->str);
	}
	if (s->matched && !s->placed_events) {
		g_string_printf(text, "%u graph launch%s matched, but no device event was placed: every capture path "
				"is empty with these categories (the capture trace's ops that hold the captured launches "
				"are not monitored, or all contain the BeginCapture); a -mc that monitors them places the "
				"replayed kernels", s->matched, s->matched == 1 ? "" : "es");
		visible_warning(out, src, text->str);
	}
	if (s->unverified) {
		g_string_printf(text, "%u graph launch%s matched windows whose launches have no kernel names (CUDA "
				"traces write no args.kernel): matched by position only, unverified",
				s->unverified, s->unverified == 1 ? "" : "es");
		visible_warning(out, src, text->str);
	}
}
