#include "sinks/table.h"
#include <string.h>

void entries_begin(struct entry_iter *iter, const struct entries *entries)
{
	memset(iter, 0, sizeof *iter);
	iter->entries = entries;
}

const struct event *entries_next(struct entry_iter *iter)
{
	const struct entries *e = iter->entries;
	const struct attribution *a = e->attribution;
	if (!e->device) {
		while (iter->launch < e->launches->len) { /* a grafted part of a graph launch is no launch */
			guint l = g_array_index(e->launches, guint, iter->launch++);
			if (!a->virtual_launch || !a->virtual_launch[l])
				return &a->launches[l];
		}
		return NULL;
	}
	while (iter->device == iter->device_end) {
		if (iter->launch >= e->launches->len)
			return NULL;
		guint l = g_array_index(e->launches, guint, iter->launch++);
		iter->device = a->device_first[l];
		iter->device_end = a->device_first[l + 1];
	}
	return attribution_device(a, iter->device++);
}

void value_number(struct value *value, enum value_type type, gint64 number)
{
	value->type = type;
	value->number = number;
}

void value_past_63(struct value *value, guint64 high, guint64 low)
{
	value->type = VALUE_EMPTY;
	value->past_high = high;
	value->past_low = low;
}

void past_63_append(GString *out, guint64 high, guint64 low)
{
	/* 128 bits by repeated division by 10^19 (each part fits 64 bits): at most three parts */
	const guint64 base = G_GUINT64_CONSTANT(10000000000000000000);
	unsigned __int128 n = ((unsigned __int128)high << 64) | low;
	guint64 parts[3];
	int count = 0;
	do {
		parts[count++] = (guint64)(n % base);
		n /= base;
	} while (n);
	g_string_append_printf(out, "%" G_GUINT64_FORMAT, parts[--count]);
	while (count--)
		g_string_append_printf(out, "%019" G_GUINT64_FORMAT, parts[count]);
}

void value_text(struct value *value, const char *text, gsize len)
{
	value->type = text ? VALUE_TEXT : VALUE_EMPTY;
	value->text.text = text;
	value->text.len = len;
}

void value_string(struct value *value, const char *text)
{
	value_text(value, text, text ? strlen(text) : 0);
}

void value_literal(struct value *value, const char *text)
{
	value_string(value, text);
	if (text)
		value->type = VALUE_LITERAL;
}

gint64 mean_half_up(gint64 total, gint64 count)
{
	return total / count + (total % count >= count - total % count); /* the remainder at least half of COUNT */
}

char *catalogue_names(const struct catalogue *catalogue, guint flags)
{
	GString *text = g_string_new(NULL);
	for (guint c = 0; c < catalogue->count; c++)
		if (!flags || catalogue->columns[c].flags & flags)
			g_string_append_printf(text, "%s%s", text->len ? ", " : "", catalogue->columns[c].name);
	return g_string_free(text, FALSE);
}

static gboolean add_named(const struct catalogue *catalogue, const char *name, GPtrArray *picked, GError **error)
{
	for (guint c = 0; c < catalogue->count; c++) {
		if (g_ascii_strcasecmp(name, catalogue->columns[c].name) == 0) {
			g_ptr_array_add(picked, (gpointer)&catalogue->columns[c]);
			return TRUE;
		}
	}
	g_autofree char *known = catalogue_names(catalogue, 0);
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "unknown column '%s'; the columns are: %s", name,
		    known);
	return FALSE;
}

gboolean catalogue_pick(const struct catalogue *catalogue, const char *list, guint defaults, GPtrArray *picked,
			GError **error)
{
	if (!list || list[0] == '+')
		for (guint c = 0; c < catalogue->count; c++)
			if (catalogue->columns[c].flags & defaults)
				g_ptr_array_add(picked, (gpointer)&catalogue->columns[c]);
	if (!list)
		return TRUE;
	g_auto(GStrv) parts = g_strsplit(list + (list[0] == '+'), ",", -1);
	guint defaults_picked = picked->len;
	for (char **part = parts; *part; part++) {
		char *name = g_strstrip(*part);
		if (*name && !add_named(catalogue, name, picked, error))
			return FALSE;
		for (guint i = 0; *name && i < defaults_picked; i++) /* +LIST: a default named again stays where it is */
			if (picked->pdata[i] == picked->pdata[picked->len - 1]) {
				g_ptr_array_set_size(picked, picked->len - 1);
				break;
			}
	}
	if (picked->len == 0) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--columns names no column");
		return FALSE;
	}
	return TRUE;
}

guint columns_flags(const GPtrArray *picked)
{
	guint flags = 0;
	for (guint i = 0; picked && i < picked->len; i++)
		flags |= ((const struct column *)picked->pdata[i])->flags;
	return flags;
}

guint layout_width(const struct layout *layout)
{
	return layout->meta_count + layout->picked->len;
}

const char *layout_name(const struct layout *layout, guint i)
{
	if (i < layout->meta_count)
		return layout->meta[i].name;
	return ((const struct column *)layout->picked->pdata[i - layout->meta_count])->name;
}

void layout_values(const struct layout *layout, const void *row, struct value *values)
{
	for (guint m = 0; m < layout->meta_count; m++)
		value_string(&values[m], layout->meta[m].value);
	for (guint c = 0; c < layout->picked->len; c++) {
		const struct column *column = layout->picked->pdata[c];
		values[layout->meta_count + c] = (struct value){ .type = VALUE_EMPTY };
		column->get(row, &values[layout->meta_count + c]);
	}
}

void ratio_append(GString *out, gint64 thousandths)
{
	guint64 magnitude = thousandths < 0 ? 0 - (guint64)thousandths : (guint64)thousandths;
	g_string_append_printf(out, "%s%" G_GUINT64_FORMAT ".%03u", thousandths < 0 ? "-" : "", magnitude / 1000,
			       (guint)(magnitude % 1000));
}

gint64 rank_number(const char *rank, gint64 otherwise)
{
	guint64 number;
	return rank && g_ascii_string_to_unsigned(rank, 10, 0, G_MAXINT64, &number, NULL) ? (gint64)number : otherwise;
}

/* A rank that is a whole number is written as one; any other as text. */
void value_rank(struct value *v, const char *rank)
{
	gint64 number = rank_number(rank, -1);
	if (number >= 0)
		value_number(v, VALUE_INTEGER, number);
	else
		value_string(v, rank);
}

int text_compare(const char *a, gsize a_len, const char *b, gsize b_len)
{
	int order = memcmp(a, b, MIN(a_len, b_len));
	return order ? order : (a_len > b_len) - (a_len < b_len);
}

char *text_dup(const char *text, gsize len)
{
	char *copy = g_malloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = 0;
	return copy;
}
