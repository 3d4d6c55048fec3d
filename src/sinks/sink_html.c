#include "sinks/sink_html.h"
#include <string.h>
#include "sinks/html_names.h"
#include "sinks/html_text.h"
#include "sinks/sink_csv.h"
#include "sinks/sink_table.h"
#include "util/short_name.h"

#define HTML_SHORT_AT 60 /* a kernel's name longer than this shows its short name (SPEC 23) */

struct html_state {
	guint64 rows;
	guint64 measured;
	guint *decimals;   /* per column: of its durations and timestamps (SPEC 23) */
	guint shorts;      /* the column of device events' names (COLUMN_SHORT_NAMES), or G_MAXUINT */
	GHashTable *folds; /* its short names -> how many of its cells have it */
	gboolean *numeric; /* per column */
	guint key;         /* the first text column, or G_MAXUINT */
};

static char *long_fold(const struct value *value);

gboolean html_numeric(enum value_type type)
{
	return type == VALUE_DURATION || type == VALUE_TIMESTAMP || type == VALUE_INTEGER || type == VALUE_BYTES ||
	       type == VALUE_PERCENT || type == VALUE_RATIO;
}

void html_append_value(GString *out, const struct value *value, GString *scratch, struct html_names *names)
{
	if (value->type == VALUE_TEXT || value->type == VALUE_LITERAL) {
		html_names_append(names, out, value->text.text, value->text.len);
		return;
	}
	g_string_truncate(scratch, 0);
	csv_append_value(scratch, value);
	if (value->type == VALUE_ENTRIES && scratch->len > HTML_NAME_CHARS) { /* SPEC 28: cut as any long cell */
		g_autoptr(GString) shown = g_string_new(NULL);
		csv_append_entries(shown, &value->entries, TRUE);
		html_names_append_shown(names, out, scratch->str, scratch->len, shown->str, shown->len);
		return;
	}
	html_append_text(out, scratch->str, scratch->len);
}

void html_measure_decimals(const struct value *value, guint *decimals)
{
	if (value->type == VALUE_DURATION || value->type == VALUE_TIMESTAMP)
		*decimals = MAX(*decimals, table_decimals(value->number, value->type == VALUE_TIMESTAMP));
}

void html_append_aligned(GString *out, const struct value *value, guint decimals, GString *scratch,
			 struct html_names *names)
{
	if (value->type != VALUE_DURATION && value->type != VALUE_TIMESTAMP) {
		html_append_value(out, value, scratch, names);
		return;
	}
	gboolean timestamp = value->type == VALUE_TIMESTAMP;
	table_append_fixed(out, value->number, timestamp, MAX(decimals, table_decimals(value->number, timestamp)));
}

static struct html_state *state_of(struct sink *sink)
{
	if (sink->state)
		return sink->state;
	struct html_state *s = g_new0(struct html_state, 1);
	const struct layout *layout = sink->layout;
	guint width = layout_width(layout);
	s->numeric = g_new0(gboolean, width);
	s->decimals = g_new0(guint, width);
	s->key = G_MAXUINT;
	s->shorts = G_MAXUINT;
	s->folds = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < width; i++) {
		enum value_type type = i < layout->meta_count
					       ? VALUE_TEXT
					       : ((const struct column *)layout->picked->pdata[i - layout->meta_count])->type;
		s->numeric[i] = html_numeric(type);
		if (i >= layout->meta_count &&
		    ((const struct column *)layout->picked->pdata[i - layout->meta_count])->flags & COLUMN_SHORT_NAMES)
			s->shorts = i;
		if (s->key == G_MAXUINT && i >= layout->meta_count && !s->numeric[i])
			s->key = i;
	}
	sink->state = s;
	return s;
}

static void html_clear(struct sink *sink)
{
	struct html_state *s = sink->state;
	if (!s)
		return;
	g_free(s->numeric);
	g_free(s->decimals);
	g_hash_table_destroy(s->folds);
	g_free(s);
	sink->state = NULL;
}

static const char *cell_class(const struct html_state *s, guint i)
{
	return s->numeric[i] ? " class=\"n\"" : i == s->key ? " class=\"k\"" : "";
}

static void html_header(struct sink *sink, GString *out)
{
	struct html_state *s = state_of(sink);
	guint width = layout_width(sink->layout);
	g_string_append(out, "<div class=\"scroll\"><table class=\"data\">\n<thead><tr>");
	for (guint i = 0; i < width; i++) {
		g_string_append_printf(out, "<th%s>", cell_class(s, i));
		html_append(out, layout_name(sink->layout, i));
		g_string_append(out, "</th>");
	}
	g_string_append(out, "</tr></thead>\n<tbody>\n");
}

static void html_row(struct sink *sink, const struct value *values, GString *out)
{
	struct html_state *s = state_of(sink);
	guint width = layout_width(sink->layout);
	if (s->rows++ >= HTML_ROWS_MAX)
		return; /* counted, not shown */
	g_string_append(out, "<tr>");
	for (guint i = 0; i < width; i++) {
		g_string_append_printf(out, "<td%s", cell_class(s, i));
		if (values[i].type == VALUE_TEXT || values[i].type == VALUE_LITERAL) { /* SPEC 23: cut to its box, whole on hover */
			g_string_truncate(sink->scratch, 0);
			html_names_cut(sink->scratch, values[i].text.text, values[i].text.len);
			g_string_append(out, " title=\"");
			html_append_text(out, sink->scratch->str, sink->scratch->len);
			g_string_append_c(out, '"');
		}
		g_string_append_c(out, '>');
		g_autofree char *fold = i == s->shorts ? long_fold(&values[i]) : NULL;
		if (fold && GPOINTER_TO_UINT(g_hash_table_lookup(s->folds, fold)) == 1) /* its own: SPEC 23 */
			html_names_append(NULL, out, fold, strlen(fold));
		else
			html_append_aligned(out, &values[i], s->decimals[i], sink->scratch, sink->context);
		g_string_append(out, "</td>");
	}
	g_string_append(out, "</tr>\n");
}

/* The short name of a long kernel name (a copy), or NULL. */
static char *long_fold(const struct value *value)
{
	if (value->type != VALUE_TEXT || value->text.len <= HTML_SHORT_AT ||
	    table_text_width(value->text.text, value->text.len) <= HTML_SHORT_AT || memchr(value->text.text, '\0', value->text.len))
		return NULL;
	char *fold = short_name(value->text.text, value->text.len);
	if (strlen(fold) == value->text.len || table_text_width(fold, strlen(fold)) > HTML_NAME_CHARS) /* as any name */
		g_clear_pointer(&fold, g_free);
	return fold;
}

/* The rows shown: their decimals per column, the short names of the long kernel names. */
static void html_measure(struct sink *sink, const struct value *values)
{
	struct html_state *s = state_of(sink);
	if (s->measured++ >= HTML_ROWS_MAX)
		return;
	char *fold = s->shorts != G_MAXUINT ? long_fold(&values[s->shorts]) : NULL;
	if (fold) {
		guint seen = GPOINTER_TO_UINT(g_hash_table_lookup(s->folds, fold));
		g_hash_table_replace(s->folds, fold, GUINT_TO_POINTER(seen + 1));
	}
	for (guint i = 0; i < layout_width(sink->layout); i++)
		html_measure_decimals(&values[i], &s->decimals[i]);
}

static void html_footer(struct sink *sink, GString *out)
{
	struct html_state *s = state_of(sink);
	g_string_append(out, "</tbody></table></div>\n");
	if (!s->rows)
		g_string_append(out, "<p class=\"empty\">No rows: the view found nothing to show.</p>\n");
	else if (s->rows > HTML_ROWS_MAX)
		g_string_append_printf(out, "<p class=\"note\">The first %u rows of %" G_GUINT64_FORMAT " shown; %" G_GUINT64_FORMAT
				       " left out (--sort and --top choose the rows).</p>\n", HTML_ROWS_MAX, s->rows,
				       s->rows - HTML_ROWS_MAX);
}

const struct sink_class html_sink = {
	.format = "html",
	.extension = ".html",
	.header = html_header,
	.row = html_row,
	.footer = html_footer,
	.measure = html_measure,
	.clear = html_clear,
	.for_people = TRUE,
};
