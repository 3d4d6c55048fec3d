#include "views/collective_args.h"
#include <string.h>
#include "util/pylit.h"
#include "views/perf_shapes.h"

/* The member names, by field; Process Group ID stands in for a missing Process Group Name. */
static const char *const members[FIELD_COUNT] = {
	[FIELD_NAME] = "Collective name", [FIELD_GROUP] = "Process Group Name", [FIELD_SIZE] = "Group size",
	[FIELD_DTYPE] = "dtype",          [FIELD_IN] = "In msg nelems",         [FIELD_OUT] = "Out msg nelems",
};
#define GROUP_ID "Process Group ID"
#define FIELD_GROUP_ID FIELD_COUNT /* where it is found, until it is needed */

static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* Past the string that starts at P (its quote, ' or "), or NULL when it does not end. */
static const char *string_end(const char *p)
{
	char quote = *p++;
	for (; *p && *p != quote; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : NULL;
}

/* The end of the value that starts at P: where a ',' or a closing bracket
 * outside strings and brackets is; NULL when the text ends first. */
static const char *value_end(const char *p)
{
	int depth = 0;
	for (;;) {
		switch (*p) {
		case '\0':
			return NULL;
		case '\'':
		case '"':
			if (!(p = string_end(p)))
				return NULL;
			continue;
		case '[': case '{': case '(':
			depth++;
			break;
		case ']': case '}': case ')':
			if (depth-- == 0)
				return p;
			break;
		case ',':
			if (depth == 0)
				return p;
			break;
		}
		p++;
	}
}

/* A string holding a whole number of 64 bits: '-'? digits. */
static gboolean whole_number(const char *text, gint64 *number)
{
	const char *digits = text + (*text == '-');
	if (!g_ascii_isdigit(*digits))
		return FALSE;
	for (const char *p = digits; *p; p++)
		if (!g_ascii_isdigit(*p))
			return FALSE;
	return g_ascii_string_to_signed(text, 10, G_MININT64, G_MAXINT64, number, NULL);
}

/* Whether TEXT is a number with a fraction or an exponent (a float, in a
 * Python literal or in JSON). */
static gboolean float_number(const char *text)
{
	const char *p = text + (*text == '-');
	gboolean digits = FALSE, fraction = FALSE;
	for (; g_ascii_isdigit(*p); p++)
		digits = TRUE;
	if (*p == '.')
		for (p++, fraction = TRUE; g_ascii_isdigit(*p); p++)
			digits = TRUE;
	if (digits && (*p == 'e' || *p == 'E')) {
		p += 1 + (p[1] == '+' || p[1] == '-');
		if (!g_ascii_isdigit(*p))
			return FALSE;
		for (fraction = TRUE; g_ascii_isdigit(*p); p++)
			;
	}
	return digits && fraction && !*p;
}

/* The value [START, END) into CELL; a float as Python's repr() writes it
 * (JSON text keeps 1e23 as written), an integer past 64 bits as written. */
static void read_value(struct cell *cell, const char *start, const char *end)
{
	while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
		end--;
	g_autofree char *text = g_strndup(start, end - start);
	g_autoptr(PerfValue) value = perf_value_parse(text);
	g_free(cell->text);
	cell->text = NULL;
	if (value && value->kind == PERF_VALUE_INT) {
		cell->kind = CELL_INT;
		cell->number = value->number;
	} else if (value && value->kind == PERF_VALUE_STRING) {
		cell->kind = CELL_STRING;
		cell->text = g_steal_pointer(&value->text);
	} else { /* a float, a list, a dict, a word, a number past 64 bits */
		cell->kind = CELL_OTHER;
		if (float_number(text)) {
			GString *repr = g_string_new(NULL);
			pylit_append_double_text(repr, text);
			g_free(text);
			text = g_string_free(repr, FALSE);
		}
		cell->text = g_steal_pointer(&text);
	}
}

/* The field a key [START, END) (between its quotes) names, or -1. */
static int field_of(const char *start, const char *end)
{
	gsize len = (gsize)(end - start);
	for (int f = 0; f < FIELD_COUNT; f++)
		if (strlen(members[f]) == len && memcmp(start, members[f], len) == 0)
			return f;
	return strlen(GROUP_ID) == len && memcmp(start, GROUP_ID, len) == 0 ? FIELD_GROUP_ID : -1;
}

/* The dict's members wanted into CELLS (FIELD_COUNT + 1 of them: the group ID last); FALSE when malformed. */
static gboolean read_members(const char *p, struct cell *cells)
{
	p = skip_space(p);
	if (*p++ != '{')
		return FALSE;
	p = skip_space(p);
	if (*p == '}')
		return TRUE;
	for (;;) {
		if (*p != '\'' && *p != '"')
			return FALSE;
		const char *key_end = string_end(p);
		if (!key_end)
			return FALSE;
		int field = field_of(p + 1, key_end - 1); /* the keys wanted hold no quote and no backslash */
		p = skip_space(key_end);
		if (*p++ != ':')
			return FALSE;
		p = skip_space(p);
		const char *end = value_end(p);
		if (!end || end == p)
			return FALSE;
		if (field >= 0)
			read_value(&cells[field], p, end);
		p = skip_space(end);
		if (*p == '}')
			return TRUE;
		if (*p++ != ',')
			return FALSE;
		p = skip_space(p);
	}
}

static void cell_clear(struct cell *cell)
{
	g_free(cell->text);
	*cell = (struct cell){ 0 };
}

gboolean collective_args_read(const char *literal, struct collective_args *args)
{
	struct cell cells[FIELD_COUNT + 1] = { 0 };
	memset(args, 0, sizeof *args);
	if (!literal || !read_members(literal, cells) || cells[FIELD_NAME].kind == CELL_ABSENT) {
		for (int f = 0; f <= FIELD_COUNT; f++)
			cell_clear(&cells[f]);
		return FALSE;
	}
	if (cells[FIELD_GROUP].kind == CELL_ABSENT)
		cells[FIELD_GROUP] = cells[FIELD_GROUP_ID];
	else
		cell_clear(&cells[FIELD_GROUP_ID]);
	if (cells[FIELD_GROUP].kind == CELL_INT) { /* a group is named: an ID by its digits */
		cells[FIELD_GROUP].kind = CELL_STRING;
		cells[FIELD_GROUP].text = g_strdup_printf("%" G_GINT64_FORMAT, cells[FIELD_GROUP].number);
	}
	static const enum collective_field numbers[] = { FIELD_SIZE, FIELD_IN, FIELD_OUT };
	for (guint i = 0; i < G_N_ELEMENTS(numbers); i++) {
		struct cell *cell = &cells[numbers[i]];
		if (cell->kind == CELL_STRING && whole_number(cell->text, &cell->number)) {
			cell->kind = CELL_INT;
			g_clear_pointer(&cell->text, g_free);
		}
	}
	memcpy(args->cells, cells, sizeof args->cells);
	return TRUE;
}

void collective_args_clear(struct collective_args *args)
{
	for (int f = 0; f < FIELD_COUNT; f++)
		cell_clear(&args->cells[f]);
}

void collective_args_copy(struct collective_args *to, const struct collective_args *from)
{
	for (int f = 0; f < FIELD_COUNT; f++) {
		to->cells[f] = from->cells[f];
		to->cells[f].text = g_strdup(from->cells[f].text);
	}
}
