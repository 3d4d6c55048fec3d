#include "sink_table.h"
#include <string.h>
#include "output.h"
#include "sink_csv.h"

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026, one character */

/* What a column has seen of its values, and the width decided at the header. */
struct table_column {
	const char *header;
	gboolean numeric; /* right-aligned */
	gboolean shrinks; /* the name column */
	enum value_type type;
	guint int_width;  /* numbers: the widest integer part, sign included */
	guint decimals;   /* durations and timestamps: the most decimals */
	guint text_width; /* the widest value as shown */
	guint width;
};

struct table_state {
	struct table_column *columns;
	guint count;
	GString *cell;
};

guint table_text_width(const char *text, gsize len)
{
	return (guint)g_utf8_strlen(text, (gssize)len);
}

void table_shorten(GString *out, const char *text, gsize len, guint width)
{
	guint chars = table_text_width(text, len);
	if (chars <= width) {
		g_string_append_len(out, text, (gssize)len);
		return;
	}
	if (width == 0)
		return;
	guint head = (width - 1) / 2, tail = width - 1 - head; /* the end (the leaf) gets the odd one */
	const char *head_end = g_utf8_offset_to_pointer(text, head);
	const char *tail_start = g_utf8_offset_to_pointer(text, chars - tail);
	g_string_append_len(out, text, head_end - text);
	g_string_append(out, ELLIPSIS);
	g_string_append_len(out, tail_start, text + len - tail_start);
}

void table_append_text(GString *out, const char *text, gsize len)
{
	gsize start = out->len;
	g_string_append_len(out, text, (gssize)len);
	for (gsize i = start; i < out->len; i++) /* ASCII bytes: never inside a multibyte character */
		if ((guchar)out->str[i] < 0x20 || out->str[i] == 0x7f)
			out->str[i] = ' ';
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

/* The decimals NS needs in ms (at least one) or in µs (maybe none). */
static guint own_decimals(gint64 ns, gboolean timestamp)
{
	guint64 magnitude = ns < 0 ? -(guint64)ns : (guint64)ns;
	guint64 rest = magnitude % (timestamp ? 1000 : 1000000);
	guint decimals = rest ? (timestamp ? 3 : 6) : 0;
	for (; rest && rest % 10 == 0; rest /= 10)
		decimals--;
	return timestamp ? decimals : MAX(decimals, 1);
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
	gboolean shrinking = FALSE;
	for (guint i = 0; i < s->count; i++) {
		struct table_column *c = &s->columns[i];
		c->header = layout_name(layout, i);
		c->type = i < layout->meta_count ? VALUE_TEXT
						 : ((const struct column *)layout->picked->pdata[i - layout->meta_count])->type;
		c->numeric = c->type == VALUE_DURATION || c->type == VALUE_TIMESTAMP || c->type == VALUE_INTEGER ||
			     c->type == VALUE_BYTES || c->type == VALUE_PERCENT || c->type == VALUE_RATIO;
		c->shrinks = !shrinking && i >= layout->meta_count && strcmp(c->header, "name") == 0;
		shrinking = shrinking || c->shrinks;
		c->decimals = c->type == VALUE_DURATION || c->type == VALUE_PERCENT ? 1 : 0;
	}
	sink->state = s;
	return s;
}

static void table_clear(struct sink *sink)
{
	struct table_state *s = sink->state;
	if (!s)
		return;
	g_free(s->columns);
	g_string_free(s->cell, TRUE);
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
		table_append_fixed(cell, value->number, timestamp, MAX(c->decimals, own_decimals(value->number, timestamp)));
		break;
	}
	case VALUE_INTEGER:
	case VALUE_BYTES: g_string_append_printf(cell, "%" G_GINT64_FORMAT, value->number); break;
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
		if (value->type == VALUE_DURATION || value->type == VALUE_TIMESTAMP) {
			gboolean timestamp = value->type == VALUE_TIMESTAMP;
			c->decimals = MAX(c->decimals, own_decimals(value->number, timestamp));
			g_string_truncate(s->cell, 0);
			table_append_fixed(s->cell, value->number, timestamp, 0);
			c->int_width = MAX(c->int_width, (guint)s->cell->len);
			continue;
		}
		g_string_truncate(s->cell, 0);
		render(c, value, s->cell, sink->scratch);
		c->text_width = MAX(c->text_width, table_text_width(s->cell->str, s->cell->len));
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

/* The widths: values and header words; the name column shrinks to fit
 * WIDTH; then room to spare goes to headers that would wrap. */
static void decide_widths(struct table_state *s, guint width)
{
	guint total = s->count ? TABLE_GAP * (s->count - 1) : 0;
	struct table_column *shrinking = NULL;
	for (guint i = 0; i < s->count; i++) {
		struct table_column *c = &s->columns[i];
		guint values = c->text_width;
		if (c->int_width)
			values = MAX(values, c->int_width + (c->decimals ? c->decimals + 1 : 0));
		c->width = MAX(values, longest_word(c->header));
		total += c->width;
		if (c->shrinks)
			shrinking = c;
	}
	if (total > width && shrinking) {
		guint least = MIN(shrinking->width, MAX(TABLE_NAME_MIN, longest_word(shrinking->header)));
		guint cut = MIN(total - width, shrinking->width - least);
		shrinking->width -= cut;
		total -= cut;
	}
	for (guint i = 0; i < s->count && total < width; i++) {
		struct table_column *c = &s->columns[i];
		guint whole = table_text_width(c->header, strlen(c->header));
		if (whole > c->width && whole - c->width <= width - total) {
			total += whole - c->width;
			c->width = whole;
		}
	}
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

static void table_header(struct sink *sink, GString *out)
{
	struct table_state *s = state_of(sink);
	decide_widths(s, sink->width ? sink->width : OUTPUT_COLUMNS_DEFAULT);
	GPtrArray **lines = g_newa(GPtrArray *, s->count + 1);
	guint height = 1;
	for (guint i = 0; i < s->count; i++) {
		lines[i] = wrap(s->columns[i].header, s->columns[i].width);
		height = MAX(height, lines[i]->len);
	}
	for (guint row = 0; row < height; row++) {
		gsize start = out->len;
		for (guint i = 0; i < s->count; i++) {
			guint blank = height - lines[i]->len; /* bottom-aligned */
			const char *text = row >= blank ? lines[i]->pdata[row - blank] : "";
			if (i)
				g_string_append_printf(out, "%*s", TABLE_GAP, "");
			append_padded(out, &s->columns[i], text, strlen(text), table_text_width(text, strlen(text)));
		}
		end_line(out, start);
	}
	gsize start = out->len;
	for (guint i = 0; i < s->count; i++) {
		if (i)
			g_string_append_printf(out, "%*s", TABLE_GAP, "");
		for (guint w = 0; w < s->columns[i].width; w++)
			g_string_append_c(out, '-');
		g_ptr_array_free(lines[i], TRUE);
	}
	end_line(out, start);
}

static void table_row(struct sink *sink, const struct value *values, GString *out)
{
	struct table_state *s = state_of(sink);
	gsize start = out->len;
	for (guint i = 0; i < s->count; i++) {
		const struct table_column *c = &s->columns[i];
		g_string_truncate(s->cell, 0);
		render(c, &values[i], s->cell, sink->scratch);
		if (i)
			g_string_append_printf(out, "%*s", TABLE_GAP, "");
		guint chars = table_text_width(s->cell->str, s->cell->len);
		if (c->shrinks && chars > c->width) { /* a tree's indentation stays; the name shrinks */
			guint indent = (guint)strspn(s->cell->str, " ");
			indent = indent + TABLE_GAP < c->width ? indent : 0;
			g_string_append_len(out, s->cell->str, indent);
			table_shorten(out, s->cell->str + indent, s->cell->len - indent, c->width - indent);
		} else {
			append_padded(out, c, s->cell->str, s->cell->len, chars);
		}
	}
	end_line(out, start);
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
