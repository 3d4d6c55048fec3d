/* Write: a table's rows, through a sink, into an output. Per-node rows are
 * formatted by one thread, a segment of roots at a time, while another
 * writes them; tables built whole (summaries) are written row by row. */
#ifndef PP_WRITE_H
#define PP_WRITE_H

#include "columns.h"
#include "output.h"
#include "select.h"
#include "sink.h"

struct write_config {
	const struct selection *selection;
	const struct layout *layout;
	const struct sink_class *format;
	const struct et *et; /* the Execution Trace to join, or NULL */
	const GRegex *communication; /* --comm-pattern, or NULL for the default */
	const char *rank; /* the trace's rank (distributedInfo.rank, else its file name's number), or NULL */
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

/* Writes the header and ROWS (read by the getters of CONFIG's layout). */
gboolean write_rows(struct output *out, const struct write_config *config, const GPtrArray *rows);

#endif
