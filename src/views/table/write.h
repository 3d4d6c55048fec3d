/* Write: a table's rows, through a sink, into an output. Per-node rows are
 * formatted by one thread while another writes them, handed over in pieces
 * of 64 kB through a spool of about a megabyte (src/util/spool.h); tables built whole (summaries) are formatted
 * row by row and written in pieces of 64 kB.
 * With --sort or --top (src/views/table/sort.h), or a sink that measures its rows
 * first (table), per-node rows are gathered instead: the selected nodes
 * (an index and the sort keys each, never their text) are ordered and cut,
 * then formatted and written in that order, read twice for a table.
 * Many rows of a view whose getters are pure, in a format whose rows are
 * apart (csv, jsonl), are formatted in pieces of WRITE_CHUNK_ROWS rows by
 * the processors (src/util/ordered.h) and written in order, a few pieces
 * ahead: the same bytes as one thread's, in less wall time (--summary
 * timeline's 100,000 bins a device). */
#ifndef PP_WRITE_H
#define PP_WRITE_H

#include "views/nodes/columns.h"
#include "output/output.h"
#include "views/nodes/select.h"
#include "sinks/sink.h"
#include "sinks/html_names.h"

struct critical_rows;
struct idle_classes;

struct write_config {
	const struct selection *selection;
	const struct layout *layout;
	const struct sink_class *format;
	const struct et *et; /* the Execution Trace to join, or NULL */
	const GRegex *communication; /* --comm-pattern, or NULL for the default */
	const GPtrArray *sort; /* --sort: const struct column * of the table's catalogue; NULL or empty: none */
	guint top;             /* --top: the rows kept after sorting; 0: all */
	const char *rank; /* the trace's rank (distributedInfo.rank, else its file name's number), or NULL */
	const char *shape; /* a path or name summary's options (src/cli/shape.h), or NULL */
	gboolean quiet;   /* -q: no note on standard error (a table's columns left out) */
	const GPtrArray *order; /* the columns rows come ordered by without --sort (a view's own order), most
				 * important first, for a table to keep first (src/sinks/sink_table.h); NULL: none */
	const struct perf *perf; /* the perf figures (src/views/perf/perf.h), when a perf column is asked for; or NULL */
	const struct collectives *collectives; /* --summary collective's rows (src/views/collectives/summary_collective.h), or NULL */
	struct html_names *page_names; /* html: the page's list of full names (long ones are cut), or NULL */
	guint bins; /* --summary timeline's bins a device; 0: the default */
	/* the memory devices (src/attribution/memory_devices.h), when the run read [memory] events; or NULL */
	const struct memory_devices *memory;
	const GPtrArray *findings; /* --summary findings' rows (src/views/findings/findings.h), or NULL */
	guint lead; /* write_rows: its first LEAD rows first, as they are, not sorted nor counted by top */
	/* write_rows: the rows' getters read their row alone (no cache, no
	 * shared state), so that many rows may be formatted by several threads
	 * in a sink whose rows are apart (csv, jsonl): the text is the same */
	gboolean pure_rows;
	struct causes *causes; /* the causes of host wait (src/attribution/causes.h), for --summary gaps; or NULL */
	gint64 min_gap;        /* --summary gaps: the shortest gap written (ns) */
	const struct critical_rows *critical; /* --summary critical's rows (src/views/critical/summary_critical.h), or NULL */
	/* each device's gaps by length, the run's (the page's bars, src/page/page_waiting.h), or NULL */
	const struct idle_classes *idle_classes;
};

struct write_result {
	guint64 rows;
	guint64 joined;     /* rows that joined an ET node */
	guint64 other_name; /* of those, rows whose ET node has another name */
};

/* Writes the header and one row per node CONFIG's selection keeps; FALSE
 * when OUT fails. */
gboolean write_nodes(struct output *out, const struct forest *forest, const struct attribution *attribution,
		     const struct write_config *config, struct write_result *result);

/* Writes the header and ROWS (read by the getters of CONFIG's layout), in
 * their order unless CONFIG sorts them, cut to CONFIG's top. */
gboolean write_rows(struct output *out, const struct write_config *config, const GPtrArray *rows);
/* How many of COUNT rows write_rows writes. */
guint64 write_rows_count(const struct write_config *config, guint64 count);

#endif
