#include "sinks/sink_table.h"
#include <string.h>
#include <stdio.h>
#include "output/output.h"
#include "sinks/sink_csv.h"
#include "sinks/table_cells.h"
#include "util/visible.h"

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026, one character */

/* What a column has seen of its values, and the width decided at the header. */
struct table_column {
	const char *name;   /* the column's name (the note of the columns left out says it) */
	const char *header; /* as the table shows it: a bytes column without "(bytes)", its cells saying their unit */
	gboolean numeric; /* right-aligned */
	gboolean shrinks; /* the name column */
	gboolean literal; /* a Python literal (args, Input Dims..., a list column): shortened to its room first */
	gboolean list;    /* a list column (kernels, kernel ts...): its device events' short names where it is cut */
	gboolean path;    /* COLUMN_PATH_END: a path, cut keeping its end (its room as a literal's) */
	gboolean under;   /* COLUMN_UNDER: not a column, its text under each row */
	gboolean numbers; /* a literal column: every value seen so far a number (then right-aligned) */
	struct table_names *distinct; /* COLUMN_DISTINCT: its cells, shortened as names are; or NULL */
	guint flags;      /* the catalogue's (COLUMN_ESSENTIAL, COLUMN_SHORT_NAMES); 0 for --meta */
	enum value_type type;
	guint int_width;  /* numbers: the widest integer part, sign included */
	guint decimals;   /* durations and timestamps: the most decimals */
	guint text_width; /* the widest value as shown */
	guint rank;       /* what goes last when columns must: the name 0, the essential ones, the sort keys, then left to right */
	gboolean kept;    /* written: it fits the width */
	guint width;
	guint full;       /* a literal's width without shortening */
};

struct table_state {
	struct table_column *columns;
	guint count;
	GString *cell;
	GString *fold; /* a list cell with its short names (SPEC 23) */
	struct table_names *names; /* the name column's cells (src/sinks/table_names.h) */
	guint under_width; /* the longest header of the columns under the rows (0: none) */
	gboolean grid;     /* some column is not under the rows: a header, a rule, a line a row */
	guint64 rows;      /* rows written */
};

void table_append_text(GString *out, const char *text, gsize len)
{
	gsize start = out->len;
	visible_append(out, text, len, VISIBLE_ESCAPE); /* controls as \t, \x00...: none is left, no two names alike */
	if (!g_utf8_validate_len(out->str + start, out->len - start, NULL)) {
		g_autofree char *valid = g_utf8_make_valid(out->str + start, (gssize)(out->len - start));
		g_string_truncate(out, start);
		g_string_append(out, valid);
	}
}

void table_append_fixed(GString *out, gint64 ns, gboolean timestamp, guint decimals)
{
	guint digits = timestamp ? 3 : 6;
	guint64 scale = timestamp ? 1000 : 1000000;
	guint64 magnitude = ns < 0 ? -(guint64)ns : (guint64)ns;
	g_string_append_printf(out, "%s%" G_GUINT64_FORMAT, ns < 0 ? "-" : "", magnitude / scale);
	if (decimals == 0)
		return;
	char fraction[8];
	g_snprintf(fraction, sizeof fraction, "%0*u", (int)digits, (guint)(magnitude % scale));
	g_string_append_c(out, '.');
	g_string_append_len(out, fraction, MIN(decimals, digits));
}

guint table_decimals(gint64 ns, gboolean timestamp)
{
	guint64 magnitude = ns < 0 ? -(guint64)ns : (guint64)ns;
	guint64 rest = magnitude % (timestamp ? 1000 : 1000000);
	guint decimals = rest ? (timestamp ? 3 : 6) : 0;
	for (; rest && rest % 10 == 0; rest /= 10)
		decimals--;
	return timestamp ? decimals : MAX(decimals, 1);
}

/* Where column I (of the layout's PICKED from FIRST) comes in SORT, from 1; 0: not a key. */
static guint sort_rank(const struct sink *sink, guint i)
{
	const struct layout *layout = sink->layout;
	for (guint k = 0; sink->sort && i >= layout->meta_count && k < sink->sort->len; k++)
		if (sink->sort->pdata[k] == layout->picked->pdata[i - layout->meta_count])
			return k + 1;
	return 0;
}

static struct table_state *state_of(struct sink *sink)
{
	if (sink->state)
		return sink->state;
	struct table_state *s = g_new0(struct table_state, 1);
	const struct layout *layout = sink->layout;
	s->count = layout_width(layout);
	s->columns = g_new0(struct table_column, s->count);
	s->cell = g_string_new(NULL);
	s->fold = g_string_new(NULL);
	s->names = table_names_new();
	gboolean shrinking = FALSE;
	guint keys = sink->sort ? sink->sort->len : 0;
	for (guint i = 0; i < s->count; i++) {
		struct table_column *c = &s->columns[i];
		c->name = c->header = layout_name(layout, i);
		const struct column *column = i < layout->meta_count ? NULL : layout->picked->pdata[i - layout->meta_count];
		c->type = column ? column->type : VALUE_TEXT;
		c->flags = column ? column->flags : 0;
		gsize len = strlen(c->name);
		if (c->type == VALUE_BYTES && len > 7 && strcmp(c->name + len - 7, "(bytes)") == 0)
			c->header = g_strndup(c->name, len - 7);
		c->numeric = c->type == VALUE_DURATION || c->type == VALUE_TIMESTAMP || c->type == VALUE_INTEGER ||
			     c->type == VALUE_BYTES || c->type == VALUE_PERCENT || c->type == VALUE_RATIO;
		c->shrinks = !shrinking && i >= layout->meta_count && strcmp(c->header, "name") == 0;
		c->list = c->type == VALUE_ENTRIES;
		c->path = (c->flags & COLUMN_PATH_END) != 0;
		c->literal = c->type == VALUE_LITERAL || c->list || c->path;
		c->numbers = c->type == VALUE_LITERAL;
		c->under = (c->flags & COLUMN_UNDER) != 0;
		if (c->under)
			s->under_width = MAX(s->under_width, (guint)len);
		s->grid = s->grid || !c->under;
		if (c->flags & COLUMN_DISTINCT)
			c->distinct = table_names_new();
		shrinking = shrinking || c->shrinks;
		c->decimals = c->type == VALUE_DURATION || c->type == VALUE_PERCENT ? 1 : 0;
		guint key = sort_rank(sink, i); /* the essential columns first (SPEC 23), then the sort keys, the
						 * others, and the secondary ones last (SPEC 28) */
		c->rank = c->shrinks ? 0 : c->flags & COLUMN_ESSENTIAL ? 1 + i : key ? s->count + key
			: 1 + s->count + keys + i + (c->flags & COLUMN_SECONDARY ? s->count : 0);
	}
	sink->state = s;
	return s;
}

static void table_clear(struct sink *sink)
{
	struct table_state *s = sink->state;
	if (!s)
		return;
	for (guint i = 0; i < s->count; i++) {
		if (s->columns[i].header != s->columns[i].name)
			g_free((char *)s->columns[i].header);
		table_names_free(s->columns[i].distinct);
	}
	g_free(s->columns);
	g_string_free(s->cell, TRUE);
	g_string_free(s->fold, TRUE);
	table_names_free(s->names);
	g_free(s);
	sink->state = NULL;
}

/* Appends VALUE to CELL as column C shows it (numbers with C's decimals). */
static void render(const struct table_column *c, const struct value *value, GString *cell, GString *scratch)
{
	switch (value->type) {
	case VALUE_EMPTY: break;
	case VALUE_DURATION:
	case VALUE_TIMESTAMP: {
		gboolean timestamp = value->type == VALUE_TIMESTAMP;
		table_append_fixed(cell, value->number, timestamp, MAX(c->decimals, table_decimals(value->number, timestamp)));
		break;
	}
	case VALUE_INTEGER: g_string_append_printf(cell, "%" G_GINT64_FORMAT, value->number); break;
	case VALUE_BYTES: table_append_bytes(cell, value->number); break;
	case VALUE_PERCENT: percent_append(cell, value->number); break;
	case VALUE_RATIO: ratio_append(cell, value->number); break;
	case VALUE_TEXT:
	case VALUE_LITERAL: table_append_text(cell, value->text.text, value->text.len); break;
	case VALUE_ENTRIES:
		g_string_truncate(scratch, 0);
		csv_append_value(scratch, value);
		table_append_text(cell, scratch->str, scratch->len);
		break;
	}
}

static void table_measure(struct sink *sink, const struct value *values)
{
	struct table_state *s = state_of(sink);
	for (guint i = 0; i < s->count; i++) {
		struct table_column *c = &s->columns[i];
		const struct value *value = &values[i];
		if (c->under)
			continue;
		if (value->type == VALUE_DURATION || value->type == VALUE_TIMESTAMP) {
			gboolean timestamp = value->type == VALUE_TIMESTAMP;
			c->decimals = MAX(c->decimals, table_decimals(value->number, timestamp));
			g_string_truncate(s->cell, 0);
			table_append_fixed(s->cell, value->number, timestamp, 0);
			c->int_width = MAX(c->int_width, (guint)s->cell->len);
			continue;
		}
		g_string_truncate(s->cell, 0);
		render(c, value, s->cell, sink->scratch);
		c->text_width = MAX(c->text_width, table_text_width(s->cell->str, s->cell->len));
		if (c->shrinks || c->distinct)
			table_names_add(c->shrinks ? s->names : c->distinct, s->cell->str, s->cell->len);
		if (c->numbers && value->type != VALUE_EMPTY) /* a number: right-aligned, as numbers are */
			c->numbers = s->cell->len && strspn(s->cell->str, "0123456789.-+eE") == s->cell->len;
	}
}

/* The characters of the longest word of TEXT, and of TEXT. */
static guint longest_word(const char *text)
{
	guint longest = 0;
	g_auto(GStrv) words = g_strsplit(text, " ", -1);
	for (char **word = words; *word; word++)
		longest = MAX(longest, table_text_width(*word, strlen(*word)));
	return longest;
}

static int by_rank(gconstpointer a, gconstpointer b)
{
	const struct table_column *x = *(const struct table_column *const *)a, *y = *(const struct table_column *const *)b;
	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Says on standard error, once in a run for each text, which columns a
 * table left out. */
static void say_left_out(const struct table_state *s, guint width)
{
	g_autoptr(GString) text = g_string_new(NULL);
	for (guint i = 0; i < s->count; i++)
		if (!s->columns[i].kept && !s->columns[i].under)
			g_string_append_printf(text, "%s%s", text->len ? ", " : "", s->columns[i].name);
	if (!text->len)
		return;
	g_autofree char *head = g_strdup_printf("profile_parser: --format table: no room in %u columns for: ", width);
	g_string_prepend(text, head);
	g_string_append(text, " (left out; a wider COLUMNS, or --columns, shows them)\n");
	static GMutex lock;
	static GHashTable *said; /* the texts said, for the whole run */
	g_mutex_lock(&lock);
	if (!said)
		said = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	if (g_hash_table_add(said, g_strdup(text->str)))
		fputs(text->str, stderr);
	g_mutex_unlock(&lock);
}

/* The columns kept and their widths at WIDTH: each column as wide as its
 * values and the longest word of its header; the name column is given
 * TABLE_NAME_ROOM characters (or fewer when it needs fewer), then the other
 * columns are kept in the order of their rank while they fit (the first
 * that does not is left out, and all after it: never a column while a more
 * important one is left out), the essential ones (COLUMN_ESSENTIAL) while
 * they fit beside TABLE_NAME_YIELD characters of the name (the name gives
 * way to them); the columns under the rows are not among them; when none
 * fits, the first is kept all the same and the name gets what is left,
 * down to TABLE_NAME_MIN. The name then widens into the room left, as far
 * as it needs; room to spare goes to headers that would wrap. */
static void decide_widths(struct table_state *s, guint width)
{
	struct table_column *name = NULL;
	g_autoptr(GPtrArray) ranked = g_ptr_array_sized_new(s->count);
	for (guint i = 0; i < s->count; i++) {
		struct table_column *c = &s->columns[i];
		guint values = c->text_width;
		if (c->int_width)
			values = MAX(values, c->int_width + (c->decimals ? c->decimals + 1 : 0));
		c->width = MAX(values, longest_word(c->header));
		c->full = c->width;
		if (c->literal) /* an essential path: as much room as a name */
			c->width = MIN(c->width, MAX(c->path && (c->flags & COLUMN_ESSENTIAL) ? TABLE_NAME_ROOM
											       : TABLE_LITERAL_ROOM,
						     longest_word(c->header)));
		c->kept = c->shrinks;
		if (c->literal && c->numbers && !c->list)
			c->numeric = TRUE; /* a literal column of numbers only (kernel properties) */
		if (c->shrinks)
			name = c;
		else if (!c->under)
			g_ptr_array_add(ranked, c);
	}
	g_ptr_array_sort(ranked, by_rank);
	guint others = 0, kept = 0; /* the width of the others kept, gaps included (one beside the name) */
	guint name_room = name ? MIN(name->width, TABLE_NAME_ROOM) : 0;
	guint name_yield = name ? MIN(name->width, TABLE_NAME_YIELD) : 0;
	for (guint r = 0; r < ranked->len; r++) { /* the first that does not fit goes, and all after it */
		struct table_column *c = ranked->pdata[r];
		guint need = c->width + (name || kept ? TABLE_GAP : 0);
		if ((c->flags & COLUMN_ESSENTIAL ? name_yield : name_room) + others + need > width)
			break;
		c->kept = TRUE;
		others += need;
		kept++;
	}
	if (ranked->len && !kept) { /* not even one figure beside the name: the first all the same */
		struct table_column *c = ranked->pdata[0];
		c->kept = TRUE;
		others = c->width + (name ? TABLE_GAP : 0);
	}
	guint total = others;
	if (name) {
		guint least = MIN(name->width, TABLE_NAME_MIN);
		name->width = MIN(name->width, MAX(width > others ? width - others : 0, least));
		total += name->width;
		table_names_decide(s->names, name->width, (name->flags & COLUMN_SHORT_NAMES) != 0);
	}
	for (guint i = 0; i < s->count && total < width; i++) { /* the literals widen into what is left */
		struct table_column *c = &s->columns[i];
		guint more = c->kept && c->literal ? MIN(c->full - c->width, width - total) : 0;
		c->width += more;
		total += more;
	}
	for (guint i = 0; i < s->count && total < width; i++) {
		struct table_column *c = &s->columns[i];
		guint whole = table_text_width(c->header, strlen(c->header));
		if (c->kept && whole > c->width && whole - c->width <= width - total) {
			total += whole - c->width;
			c->width = whole;
		}
	}
	for (guint i = 0; i < s->count; i++)
		if (s->columns[i].distinct)
			table_names_decide(s->columns[i].distinct, s->columns[i].width, FALSE);
}

/* HEADER's words in lines of at most WIDTH characters (a longer word alone). */
static GPtrArray *wrap(const char *header, guint width)
{
	GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
	g_auto(GStrv) words = g_strsplit(header, " ", -1);
	GString *line = g_string_new(NULL);
	for (char **word = words; *word; word++) {
		if (!**word)
			continue;
		if (line->len && table_text_width(line->str, line->len) + 1 + table_text_width(*word, strlen(*word)) > width) {
			g_ptr_array_add(lines, g_strdup(line->str));
			g_string_truncate(line, 0);
		}
		g_string_append_printf(line, "%s%s", line->len ? " " : "", *word);
	}
	g_ptr_array_add(lines, g_string_free(line, FALSE));
	return lines;
}

/* Appends TEXT (CHARS characters) padded to WIDTH, on the side C's alignment says. */
static void append_padded(GString *out, const struct table_column *c, const char *text, gsize len, guint chars)
{
	guint pad = chars < c->width ? c->width - chars : 0;
	if (c->numeric)
		g_string_append_printf(out, "%*s", (int)pad, "");
	g_string_append_len(out, text, (gssize)len);
	if (!c->numeric)
		g_string_append_printf(out, "%*s", (int)pad, "");
}

/* Ends the line begun at START: no trailing blanks. */
static void end_line(GString *out, gsize start)
{
	gsize end = out->len;
	while (end > start && out->str[end - 1] == ' ')
		end--;
	g_string_truncate(out, end);
	g_string_append_c(out, '\n');
}

/* Appends the gap before a column, unless it is the line's first (*FIRST). */
static void gap(GString *out, gboolean *first)
{
	if (!*first)
		g_string_append_printf(out, "%*s", TABLE_GAP, "");
	*first = FALSE;
}

static void table_header(struct sink *sink, GString *out)
{
	struct table_state *s = state_of(sink);
	guint width = sink->width ? sink->width : OUTPUT_COLUMNS_DEFAULT;
	decide_widths(s, width);
	if (!sink->quiet)
		say_left_out(s, width);
	if (!s->grid)
		return;
	GPtrArray **lines = g_newa(GPtrArray *, s->count + 1);
	guint height = 1;
	for (guint i = 0; i < s->count; i++) {
		lines[i] = s->columns[i].kept ? wrap(s->columns[i].header, s->columns[i].width) : NULL;
		height = lines[i] ? MAX(height, lines[i]->len) : height;
	}
	for (guint row = 0; row < height; row++) {
		gsize start = out->len;
		gboolean first = TRUE;
		for (guint i = 0; i < s->count; i++) {
			if (!lines[i])
				continue;
			guint blank = height - lines[i]->len; /* bottom-aligned */
			const char *text = row >= blank ? lines[i]->pdata[row - blank] : "";
			gap(out, &first);
			append_padded(out, &s->columns[i], text, strlen(text), table_text_width(text, strlen(text)));
		}
		end_line(out, start);
	}
	gsize start = out->len;
	gboolean first = TRUE;
	for (guint i = 0; i < s->count; i++) {
		if (!lines[i])
			continue;
		gap(out, &first);
		for (guint w = 0; w < s->columns[i].width; w++)
			g_string_append_c(out, '-');
		g_ptr_array_free(lines[i], TRUE);
	}
	end_line(out, start);
}

/* A literal or list cell (CELL, CHARS characters) wider than C: a list
 * with its device events' short names, whole when that fits; else that
 * (or the literal) cut to its start and, after a "…", its last third. */
static void append_cut(GString *out, const struct table_column *c, const struct value *value, struct table_state *s,
		       GString *scratch, guint chars)
{
	const GString *cell = s->cell;
	if (c->list && value->type == VALUE_ENTRIES) {
		g_string_truncate(scratch, 0);
		csv_append_entries(scratch, &value->entries, TRUE);
		g_string_truncate(s->fold, 0);
		table_append_text(s->fold, scratch->str, scratch->len);
		cell = s->fold;
		chars = table_text_width(cell->str, cell->len);
	}
	if (chars <= c->width)
		append_padded(out, c, cell->str, cell->len, chars);
	else if (c->path)
		table_append_path_end(out, cell->str, cell->len, c->width);
	else
		table_shorten(out, cell->str, cell->len, c->width, c->width - 1 - c->width / 3);
}

/* The columns under the row (COLUMN_UNDER) of VALUES, each not empty on its lines, after the row. */
static void append_under(struct sink *sink, struct table_state *s, const struct value *values, GString *out)
{
	guint width = sink->width ? sink->width : OUTPUT_COLUMNS_DEFAULT;
	for (guint i = 0; i < s->count; i++) {
		const struct table_column *c = &s->columns[i];
		if (!c->under)
			continue;
		g_string_truncate(s->cell, 0);
		render(c, &values[i], s->cell, sink->scratch);
		if (s->cell->len)
			table_append_under(out, c->name, s->under_width, s->cell->str, s->cell->len, width);
	}
}

static void table_row(struct sink *sink, const struct value *values, GString *out)
{
	struct table_state *s = state_of(sink);
	if (s->under_width && s->rows++) /* rows with lines under them: a blank line between them */
		g_string_append_c(out, '\n');
	if (!s->grid) { /* only columns under the rows: their lines alone */
		append_under(sink, s, values, out);
		return;
	}
	gsize start = out->len;
	gboolean first = TRUE;
	for (guint i = 0; i < s->count; i++) {
		const struct table_column *c = &s->columns[i];
		if (!c->kept)
			continue;
		g_string_truncate(s->cell, 0);
		render(c, &values[i], s->cell, sink->scratch);
		gap(out, &first);
		guint chars = table_text_width(s->cell->str, s->cell->len);
		if ((c->shrinks || c->distinct) && chars > c->width) /* the form decided for it, exactly as wide */
			table_names_append(c->shrinks ? s->names : c->distinct, out, s->cell->str, s->cell->len);
		else if (c->literal && chars > c->width) /* its start and, after a "…", its last third */
			append_cut(out, c, &values[i], s, sink->scratch, chars);
		else
			append_padded(out, c, s->cell->str, s->cell->len, chars);
	}
	end_line(out, start);
	append_under(sink, s, values, out);
}

const struct sink_class table_sink = {
	.format = "table",
	.extension = ".txt",
	.header = table_header,
	.row = table_row,
	.measure = table_measure,
	.clear = table_clear,
	.tree = TRUE,
	.for_people = TRUE,
};
