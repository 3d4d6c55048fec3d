#include "cli/combine_table.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "output/output.h"
#include "output/output_names.h"
#include "page/page.h"
#include "cli/run.h"
#include "sinks/sink_html.h"

/* DST as messages show it (src/output/output.h); valid until the next call. */
const char *combine_shown(const char *dst)
{
	static GPrivate escaped = G_PRIVATE_INIT(g_free); /* each thread's: the library's analyses run in several */
	g_private_replace(&escaped, output_shown(dst));
	return strcmp(dst, "-") == 0 ? "standard output" : g_private_get(&escaped);
}

/* ROWS into -d, in the format of OPTIONS, with COLUMNS sorted by SORT (the
 * options' when NULL), else in their ORDER (their own: for a table to keep
 * those columns first); none when RANKS's counts wrapped. */

gboolean combine_write_table(const struct options *options, const struct ranks *ranks, const GPtrArray *rows,
			    const GPtrArray *columns, const GPtrArray *sort, const GPtrArray *order,
			    const struct table_page *page)
{
	g_autoptr(GError) error = NULL;
	if (ranks && ranks_wrapped(ranks)) {
		fprintf(options_err(options), "profile_parser: %s: the counts of a key add up past 2^63 - 1: a count would be wrong\n",
			combine_shown(options->dst));
		return FALSE;
	}
	struct output out;
	struct layout layout = {
		.meta = (const struct meta_column *)options->meta->data,
		.meta_count = options->meta->len,
		.picked = columns ? columns : options->columns,
	};
	struct write_config config = { .layout = &layout, .format = options->format,
				       .sort = sort ? sort : options->sort, .order = order, .top = options->top,
				       .quiet = options->quiet, .lead = page->lead };
	gboolean ok = TRUE;
	if (options->tables) /* the library's */
		output_wrap(&out, options->tables);
	else
		ok = output_open(&out, options->dst, options->compress, &error);
	gboolean html = options->format == &html_sink;
	if (ok && !(html ? page_write_table(&out, page->title, page->facts, page->warnings, &config, rows, page->bars,
						  page->bars_title)
			 : write_rows(&out, &config, rows))) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&out);
		ok = FALSE;
	}
	ok = ok && output_commit(&out, &error);
	if (!ok)
		fprintf(options_err(options), "profile_parser: %s: %s\n", combine_shown(options->dst), error->message);
	return ok;
}

void combine_print_failures(const struct options *options, GPtrArray *jobs)
{
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error)
			fprintf(options_err(options), "  failed: %s\n", job->error);
	}
}

#define WARNING_LINE "profile_parser: warning: "

/* SPEC 16: every warning of the run on the page of a comparison: each
 * trace's (the warning lines of its report) or its failure, in the order
 * of JOBS, then MORE's lines. */
char *combine_page_warnings(const GPtrArray *jobs, const char *more)
{
	GString *text = g_string_new(NULL);
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error) {
			g_string_append_printf(text, "failed: %s\n", job->error);
			continue;
		}
		g_auto(GStrv) lines = g_strsplit(job->report->str, "\n", -1);
		for (char **line = lines; *line; line++)
			if (g_str_has_prefix(*line, WARNING_LINE))
				g_string_append_printf(text, "%s\n", *line);
	}
	g_string_append(text, more ? more : "");
	return g_string_free(text, FALSE);
}
