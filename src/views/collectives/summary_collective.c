#include "views/collectives/summary_collective.h"
#include <string.h>
#include "views/collectives/collective.h"
#include "views/collectives/collective_args.h"
#include "views/collectives/collective_source.h"

struct gather {
	struct classifier classifier;
	GHashTable *rows;      /* GString *key -> struct collective_row *, owned */
	GString *key;
	struct collective_source *source;
	struct collectives *out;
};

void collective_row_free(gpointer data)
{
	struct collective_row *row = data;
	collective_args_clear(&row->args);
	g_string_free(row->key, TRUE);
	g_free(row);
}

static guint key_hash(gconstpointer key)
{
	const GString *k = key;
	return names_hash_text(k->str, k->len);
}

static gboolean key_equal(gconstpointer x, gconstpointer y)
{
	const GString *a = x, *b = y;
	return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
}

void collective_row_key(GString *key, const struct collective_args *args, gboolean named)
{
	g_string_truncate(key, 0);
	for (int f = 0; f < FIELD_COUNT; f++) {
		const struct cell *c = &args->cells[f];
		g_string_append_c(key, (char)c->kind);
		if (c->kind == CELL_INT)
			g_string_append_len(key, (const char *)&c->number, sizeof c->number);
		else if (c->text)
			g_string_append_len(key, c->text, (gssize)strlen(c->text) + 1);
	}
	if (named)
		g_string_append_c(key, 'n'); /* apart from a collective of that name with no other cell */
}

struct collective_row *collective_row_new(const struct collective_args *args, gboolean named, const GString *key)
{
	struct collective_row *row = g_new0(struct collective_row, 1);
	collective_args_copy(&row->args, args);
	row->named = named;
	row->key = g_string_new_len(key->str, (gssize)key->len);
	row->min = G_MAXINT64;
	return row;
}

void collective_row_add(struct collective_row *row, gint64 dur)
{
	row->count++;
	row->total += dur; /* within 63 bits: the durations of a trace's events end within 63 bits */
	row->min = MIN(row->min, dur);
	row->max = MAX(row->max, dur);
}

const struct collective_args *collective_named_args(struct collective_args *named, const struct event *event)
{
	*named = (struct collective_args){ 0 };
	named->cells[FIELD_NAME] = (struct cell){ CELL_STRING, 0, text_dup(event->name->text, event->name->len) };
	return named;
}

static void add_event(struct gather *g, const struct event *event, guint owner)
{
	if (classify(&g->classifier, event) != CLASS_COMMUNICATION)
		return;
	g->out->events++;
	struct collective_args own;
	const struct collective_args *args = NULL;
	if (collective_args_read(event->args, &own))
		args = &own, g->out->own++;
	else if ((args = collective_source_recorded(g->source, owner)))
		g->out->recorded++;
	struct collective_args named = { 0 };
	if (!args) /* one row per device event name: the name in collective, the other cells empty */
		args = collective_named_args(&named, event);
	collective_row_key(g->key, args, args == &named);
	struct collective_row *row = g_hash_table_lookup(g->rows, g->key);
	if (!row) {
		row = collective_row_new(args, args == &named, g->key);
		g_hash_table_insert(g->rows, row->key, row);
	}
	collective_args_clear(&own);
	collective_args_clear(&named);
	collective_row_add(row, event->dur);
}

static gboolean whole(const struct cell *c, gint64 least)
{
	return c->kind == CELL_INT && c->number >= least;
}

void collective_row_finish(struct collective_row *row)
{
	const struct cell *c = row->args.cells;
	row->bytes = row->algbw = row->busbw = -1;
	if (row->named) {
		row->why = WHY_NO_ARGS;
		return;
	}
	enum collective_family family = c[FIELD_NAME].kind == CELL_STRING
						 ? collective_family(c[FIELD_NAME].text, strlen(c[FIELD_NAME].text))
						 : COLLECTIVE_UNKNOWN;
	const struct cell *size = &c[family == COLLECTIVE_ALLGATHER ? FIELD_OUT : FIELD_IN];
	guint bytes = c[FIELD_DTYPE].kind == CELL_STRING ? collective_dtype_bytes(c[FIELD_DTYPE].text) : 0;
	if (bytes && whole(size, 0) && (guint64)size->number <= (guint64)G_MAXINT64 / bytes)
		row->bytes = size->number * (gint64)bytes;
	row->why = family == COLLECTIVE_UNKNOWN              ? WHY_FAMILY
		   : c[FIELD_DTYPE].kind != CELL_STRING      ? WHY_DTYPE_TYPE
		   : !bytes                                  ? WHY_DTYPE
		   : !whole(size, 0)                         ? WHY_SIZE
		   : !whole(&c[FIELD_SIZE], 1)               ? WHY_GROUP
		   : row->total == 0                         ? WHY_TIME
							     : WHY_NONE;
	if (row->why)
		return;
	guint64 num, den;
	collective_factor(family, (guint64)c[FIELD_SIZE].number, &num, &den);
	row->elements = (guint64)size->number;
	row->dtype_bytes = bytes;
	row->num = num;
	row->den = den;
	row->algbw = collective_bandwidth((guint64)size->number, bytes, row->count, row->total, 1, 1);
	row->busbw = collective_bandwidth((guint64)size->number, bytes, row->count, row->total, num, den);
	if (row->algbw < 0 || row->busbw < 0) {
		row->algbw = row->busbw = -1;
		row->why = WHY_RANGE;
	}
}

/* Whole numbers first, by value; then the empty cell; then text in byte order; then by kind. */
static int compare_cells(const struct cell *a, const struct cell *b)
{
	if ((a->kind == CELL_INT) != (b->kind == CELL_INT))
		return a->kind == CELL_INT ? -1 : 1;
	if (a->kind == CELL_INT)
		return a->number < b->number ? -1 : a->number > b->number;
	if ((a->kind == CELL_ABSENT) != (b->kind == CELL_ABSENT))
		return a->kind == CELL_ABSENT ? -1 : 1;
	int c = a->kind == CELL_ABSENT ? 0 : strcmp(a->text, b->text);
	return c ? c : (int)a->kind - (int)b->kind;
}

int collective_row_compare(gconstpointer x, gconstpointer y)
{
	const struct collective_row *a = *(struct collective_row *const *)x, *b = *(struct collective_row *const *)y;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	for (int f = 0; f < FIELD_COUNT; f++) {
		int c = compare_cells(&a->args.cells[f], &b->args.cells[f]);
		if (c)
			return c;
	}
	return (int)a->named - (int)b->named;
}

struct collectives *collectives_compute(const struct forest *forest, const struct attribution *a,
					const struct selection *selection, const GRegex *communication)
{
	const struct steps *steps = selection->steps;
	const struct step_range *range = &selection->step;
	struct collectives *out = g_new0(struct collectives, 1);
	struct gather g = { .out = out, .key = g_string_new(NULL),
			    .rows = g_hash_table_new_full(key_hash, key_equal, NULL, collective_row_free),
			    .source = collective_source_new(forest) };
	classifier_init(&g.classifier, communication);
	for (guint l = 0; l <= a->launch_count; l++) { /* the last group: events no launch claims */
		if (range->given && (l == a->launch_count ||
				     !steps_kept(steps, range, steps_find(steps, a->launches[l].thread, a->launches[l].ts))))
			continue;
		guint owner = l < a->launch_count ? a->owner[l] : NO_OWNER;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			add_event(&g, attribution_device(a, d), owner);
	}
	out->rows = g_ptr_array_new_with_free_func(collective_row_free);
	GHashTableIter iter;
	gpointer row;
	g_hash_table_iter_init(&iter, g.rows);
	while (g_hash_table_iter_next(&iter, NULL, &row)) {
		g_hash_table_iter_steal(&iter);
		collective_row_finish(row);
		out->empty[((struct collective_row *)row)->why] += ((struct collective_row *)row)->count;
		g_ptr_array_add(out->rows, row);
	}
	g_ptr_array_sort(out->rows, collective_row_compare);
	classifier_clear(&g.classifier);
	g_hash_table_destroy(g.rows);
	collective_source_free(g.source);
	g_string_free(g.key, TRUE);
	return out;
}

void collectives_free(struct collectives *collectives)
{
	if (!collectives)
		return;
	g_ptr_array_free(collectives->rows, TRUE);
	g_free(collectives);
}

#define ROW(r) ((const struct collective_row *)(r))

static void cell_value(struct value *v, const struct cell *c)
{
	if (c->kind == CELL_INT)
		value_number(v, VALUE_INTEGER, c->number);
	else
		value_string(v, c->text); /* NULL (absent): empty */
}

static void figure(struct value *v, enum value_type type, gint64 n)
{
	if (n >= 0)
		value_number(v, type, n);
	else
		v->type = VALUE_EMPTY;
}

#define CELL_GETTER(fn, field) \
	static void fn(const void *r, struct value *v) { cell_value(v, &ROW(r)->args.cells[field]); }
CELL_GETTER(collective, FIELD_NAME)
CELL_GETTER(group, FIELD_GROUP)
CELL_GETTER(group_size, FIELD_SIZE)
CELL_GETTER(dtype, FIELD_DTYPE)
CELL_GETTER(in_elements, FIELD_IN)
CELL_GETTER(out_elements, FIELD_OUT)

static void message_bytes(const void *r, struct value *v)
{
	figure(v, VALUE_INTEGER, ROW(r)->bytes);
}

static void count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count);
}

static void total(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->total);
}

/* total / count, to the nearest nanosecond (half up), as the kernel summary's */
static void mean(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, mean_half_up(ROW(r)->total, (gint64)ROW(r)->count));
}

static void min(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->min);
}

static void max(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->max);
}

static void algbw(const void *r, struct value *v)
{
	figure(v, VALUE_RATIO, ROW(r)->algbw);
}

static void busbw(const void *r, struct value *v)
{
	figure(v, VALUE_RATIO, ROW(r)->busbw);
}

static const struct column columns[] = {
	{ "collective", VALUE_TEXT, COLUMN_DEFAULT, collective },
	{ "process group", VALUE_TEXT, COLUMN_DEFAULT, group },
	{ "group size", VALUE_INTEGER, COLUMN_DEFAULT, group_size },
	{ "dtype", VALUE_TEXT, COLUMN_DEFAULT, dtype },
	{ "in elements", VALUE_INTEGER, COLUMN_DEFAULT, in_elements },
	{ "out elements", VALUE_INTEGER, COLUMN_DEFAULT, out_elements },
	{ "message bytes", VALUE_INTEGER, COLUMN_DEFAULT, message_bytes },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, count },
	{ "total(ms)", VALUE_DURATION, COLUMN_DEFAULT, total },
	{ "mean(ms)", VALUE_DURATION, COLUMN_DEFAULT, mean },
	{ "min(ms)", VALUE_DURATION, COLUMN_DEFAULT, min },
	{ "max(ms)", VALUE_DURATION, COLUMN_DEFAULT, max },
	{ "algbw(GB/s)", VALUE_RATIO, COLUMN_DEFAULT | COLUMN_ESSENTIAL, algbw },
	{ "busbw(GB/s)", VALUE_RATIO, COLUMN_DEFAULT | COLUMN_ESSENTIAL, busbw },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *collective_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_collective_summary(struct output *out, const struct write_config *config, guint64 *rows)
{
	g_autoptr(GPtrArray) none = g_ptr_array_new();
	const GPtrArray *sorted = config->collectives ? config->collectives->rows : none;
	*rows = write_rows_count(config, sorted->len);
	return write_rows(out, config, sorted);
}

char *collectives_report_text(const struct collectives *c)
{
	static const char *const reasons[WHY_COUNT] = {
		[WHY_NO_ARGS] = "no collective args",
		[WHY_FAMILY] = "barrier or unknown collective",
		[WHY_DTYPE_TYPE] = "dtype missing or not a string",
		[WHY_DTYPE] = "unknown dtype",
		[WHY_SIZE] = "elements missing, negative or not whole",
		[WHY_GROUP] = "group size missing, below 1 or not whole",
		[WHY_TIME] = "no time",
		[WHY_RANGE] = "out of range",
	};
	GString *text = g_string_new(NULL);
	g_string_append_printf(text, "  collectives:   %" G_GUINT64_FORMAT " communication event%s, %" G_GUINT64_FORMAT
				     " with collective args, %" G_GUINT64_FORMAT " from record_param_comms",
			       c->events, c->events == 1 ? "" : "s", c->own, c->recorded);
	guint64 empty = c->events - c->empty[WHY_NONE];
	if (empty) {
		g_string_append_printf(text, "; bandwidths empty for %" G_GUINT64_FORMAT " (", empty);
		const char *separator = "";
		for (int why = WHY_NO_ARGS; why < WHY_COUNT; why++)
			if (c->empty[why]) {
				g_string_append_printf(text, "%s%" G_GUINT64_FORMAT " %s", separator, c->empty[why],
						       reasons[why]);
				separator = ", ";
			}
		g_string_append_c(text, ')');
	}
	g_string_append_c(text, '\n');
	return g_string_free(text, FALSE);
}
