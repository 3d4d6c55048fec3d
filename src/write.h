/* Write: the forest as CSV rows (RFC 4180, every field quoted, CRLF), into
 * a temporary file that replaces the destination only when all went well.
 * One thread formats rows, segment by segment, while another writes them. */
#ifndef PP_WRITE_H
#define PP_WRITE_H

#include <stdio.h>
#include "attribute.h"
#include "columns.h"
#include "et.h"

/* A leading column that holds the same value on every row. */
struct meta_column {
	const char *name;
	const char *value;
};

struct write_config {
	int min_depth; /* -1: no bound */
	int max_depth;
	const GArray *columns; /* enum column, in order; NULL: the default eleven */
	const struct meta_column *meta;
	guint meta_count;
	gboolean leaves;            /* only nodes of which no child could be written */
	GHashTable *opaque;         /* names whose nodes' descendants are never written; NULL: none */
	GHashTable *exclude;        /* names whose nodes get no row; NULL: none */
	gboolean skip_empty_shapes; /* no row without a non-empty Input Dims */
	const struct et *et;        /* the Execution Trace to join, or NULL */
	gboolean jsonl;             /* JSON Lines rather than CSV (src/jsonl.c) */
};

/* What both formats write of a node, worked out once per row. */
struct row_facts {
	const struct et_node *et; /* the ET node it joins, or NULL */
	struct node_sums sums;
	struct memory_sums memory; /* zero unless a memory column is asked for */
};

struct write_result {
	guint64 rows;
	guint64 joined;     /* rows that joined an ET node */
	guint64 other_name; /* of those, rows whose ET node has another name */
};

/* Appends TEXT as one quoted CSV field, doubling its quotes. */
void csv_append_field(GString *out, const char *text, gsize len);

/* Writes the header and one row per node within the depth bounds and the
 * filters; returns FALSE when OUT fails. */
gboolean write_csv(FILE *out, const struct forest *forest, const struct attribution *attribution,
		   const struct write_config *config, struct write_result *result);

/* Called for each node that gets a row, in row order, with its path. */
typedef void (*row_visitor)(guint node, const GString *path, gpointer data);
/* The nodes that would get rows under CONFIG's depth bounds and filters. */
void write_visit_rows(const struct forest *forest, const struct write_config *config, row_visitor visit,
		      gpointer data);

/* The destination: standard output for "-", else a temporary file beside
 * PATH (its missing directories made) renamed into place by output_commit. */
struct output {
	FILE *file;
	char *path;
	char *temporary; /* NULL for standard output */
};

/* Reads the umask, for the mode of the files made; call before any thread. */
void output_init(void);
gboolean output_open(struct output *output, const char *path, GError **error);
gboolean output_commit(struct output *output, GError **error);
void output_abort(struct output *output);

#endif
