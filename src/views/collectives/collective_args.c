#include "views/collectives/collective_args.h"
#include <string.h>
#include "util/literal_members.h"
#include "util/pylit.h"
#include "views/perf/perf_shapes.h"

#define GROUP_ID "Process Group ID"
#define GROUP_RANKS "Process Group Ranks"
#define FIELD_GROUP_ID FIELD_COUNT /* where it is found, until it is needed */
#define FIELD_GROUP_RANKS (FIELD_COUNT + 1) /* kept apart: args->group_ranks */
#define READ_FIELDS (FIELD_COUNT + 2)

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

/* The member names of collective_args_read: members, then the group ID and ranks. */
static const char *const wanted[READ_FIELDS] = {
	[FIELD_NAME] = "Collective name", [FIELD_GROUP] = "Process Group Name", [FIELD_SIZE] = "Group size",
	[FIELD_DTYPE] = "dtype",          [FIELD_IN] = "In msg nelems",         [FIELD_OUT] = "Out msg nelems",
	[FIELD_GROUP_ID] = GROUP_ID,      [FIELD_GROUP_RANKS] = GROUP_RANKS,
};

/* The dict's members NAMES (COUNT) into CELLS (as many); FALSE when malformed. */
static gboolean read_members(const char *p, struct cell *cells, const char *const *names, int count)
{
	struct literal_span spans[READ_FIELDS];
	g_assert(count <= READ_FIELDS);
	if (!literal_members(p, names, (guint)count, spans))
		return FALSE;
	for (int f = 0; f < count; f++)
		if (spans[f].start)
			read_value(&cells[f], spans[f].start, spans[f].end);
	return TRUE;
}

static void cell_clear(struct cell *cell)
{
	g_free(cell->text);
	*cell = (struct cell){ 0 };
}

gboolean collective_args_read(const char *literal, struct collective_args *args)
{
	struct cell cells[READ_FIELDS] = { 0 };
	memset(args, 0, sizeof *args);
	if (!literal || !read_members(literal, cells, wanted, READ_FIELDS) || cells[FIELD_NAME].kind == CELL_ABSENT) {
		for (int f = 0; f < READ_FIELDS; f++)
			cell_clear(&cells[f]);
		return FALSE;
	}
	args->group_ranks = collective_group_ranks(&cells[FIELD_GROUP_RANKS]);
	cell_clear(&cells[FIELD_GROUP_RANKS]);
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
	g_clear_pointer(&args->group_ranks, g_free);
}

void collective_args_copy(struct collective_args *to, const struct collective_args *from)
{
	for (int f = 0; f < FIELD_COUNT; f++) {
		to->cells[f] = from->cells[f];
		to->cells[f].text = g_strdup(from->cells[f].text);
	}
	to->group_ranks = g_strdup(from->group_ranks);
}

/* "[a, b, ...]" of VALUE, a list of whole numbers (any syntax), into OUT; FALSE when it is none. */
static gboolean ranks_list(const struct perf_value *value, GString *out)
{
	if (!value || value->kind != PERF_VALUE_LIST)
		return FALSE;
	g_string_assign(out, "[");
	for (guint i = 0; i < value->items->len; i++) {
		const struct perf_value *item = value->items->pdata[i];
		if (item->kind != PERF_VALUE_INT)
			return FALSE;
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, i ? ", " : "", item->number);
	}
	g_string_append_c(out, ']');
	return TRUE;
}

char *collective_group_ranks(const struct cell *cell)
{
	if (cell->kind == CELL_ABSENT)
		return NULL;
	if (cell->kind == CELL_INT)
		return g_strdup_printf("%" G_GINT64_FORMAT, cell->number);
	g_autoptr(PerfValue) value = cell->text ? perf_value_parse(cell->text) : NULL;
	g_autoptr(GString) out = g_string_new(NULL);
	if (ranks_list(value, out))
		return g_string_free(g_steal_pointer(&out), FALSE);
	return g_strdup(cell->text ? cell->text : "");
}

/* A cell's text as written: a whole number's digits, a string's characters, anything else as written. */
static char *cell_text(struct cell *cell)
{
	if (cell->kind == CELL_INT)
		return g_strdup_printf("%" G_GINT64_FORMAT, cell->number);
	return g_steal_pointer(&cell->text);
}

/* Whether CELL is an unsigned integer, 0 to 2^64 - 1: written as one (one
 * past 2^63 - 1 is kept as its digits), or a string holding one's digits
 * (SPEC 24: numbers in strings are read as numbers); ZERO: 0 is one. Its
 * digits, canonical, into *DIGITS. */
static gboolean unsigned_id(struct cell *cell, gboolean zero, char **digits)
{
	guint64 number;
	if (cell->kind == CELL_INT && cell->number >= (zero ? 0 : 1)) {
		*digits = cell_text(cell);
		return TRUE;
	}
	if ((cell->kind != CELL_OTHER && cell->kind != CELL_STRING) || !cell->text || !g_ascii_isdigit(cell->text[0]) ||
	    !g_ascii_string_to_unsigned(cell->text, 10, zero ? 0 : 1, G_MAXUINT64, &number, NULL))
		return FALSE;
	*digits = g_strdup_printf("%" G_GUINT64_FORMAT, number);
	return TRUE;
}

/* Whether CELL names a process group: a non-empty text, or a whole number. */
static gboolean group_named(const struct cell *cell)
{
	return cell->kind == CELL_INT || (cell->kind == CELL_STRING && cell->text[0]);
}

gboolean collective_ids_read(const char *literal, struct collective_ids *ids)
{
	static const char *const names[] = { "Comms Id", "Seq", "Process Group Name", GROUP_ID, GROUP_RANKS };
	struct cell cells[G_N_ELEMENTS(names)] = { 0 };
	memset(ids, 0, sizeof *ids);
	if (literal && read_members(literal, cells, names, G_N_ELEMENTS(names))) {
		struct cell *group = cells[2].kind != CELL_ABSENT ? &cells[2] : &cells[3];
		guint64 zero = 1;
		ids->zero = (cells[0].kind == CELL_INT && cells[0].number == 0) ||
			    ((cells[0].kind == CELL_OTHER || cells[0].kind == CELL_STRING) && cells[0].text &&
			     g_ascii_isdigit(cells[0].text[0]) &&
			     g_ascii_string_to_unsigned(cells[0].text, 10, 0, 0, &zero, NULL));
		if (!unsigned_id(&cells[0], FALSE, &ids->comms_id) && group_named(group) &&
		    unsigned_id(&cells[1], TRUE, &ids->seq)) {
			ids->group = cell_text(group);
			ids->group_ranks = collective_group_ranks(&cells[4]);
		}
	}
	for (guint i = 0; i < G_N_ELEMENTS(names); i++)
		cell_clear(&cells[i]);
	return ids->comms_id || ids->seq;
}

void collective_ids_clear(struct collective_ids *ids)
{
	g_free(ids->comms_id);
	g_free(ids->seq);
	g_free(ids->group);
	g_free(ids->group_ranks);
	memset(ids, 0, sizeof *ids);
}
