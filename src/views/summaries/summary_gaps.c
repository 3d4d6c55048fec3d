#include "views/summaries/summary_gaps.h"
#include "attribution/causes.h"
#include "attribution/gaps.h"
#include "attribution/steps.h"
#include "model/names.h"
#include "util/short_name.h"
#include "views/findings/finding.h"

#define ROW(r) ((const struct gap_row *)(r))

static void device(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->device);
}

static void start(const void *r, struct value *v)
{
	value_number(v, VALUE_RATIO, ROW(r)->start);
}

static void length(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->length);
}

static void host_wait(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->host_wait);
}

static void other_idle(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, ROW(r)->length - ROW(r)->host_wait);
}

static void cause(const void *r, struct value *v)
{
	value_string(v, ROW(r)->cause);
}

static void host_op(const void *r, struct value *v)
{
	if (ROW(r)->outside)
		value_string(v, "outside");
	else if (ROW(r)->op)
		value_text(v, ROW(r)->op->text, ROW(r)->op->len);
	else
		v->type = VALUE_EMPTY;
}

static void ender(const void *r, struct value *v)
{
	value_string(v, ROW(r)->ender);
}

static void ender_thread(const void *r, struct value *v)
{
	value_string(v, ROW(r)->ender_thread);
}

static void step(const void *r, struct value *v)
{
	if (ROW(r)->step)
		value_text(v, ROW(r)->step->text, ROW(r)->step->len);
	else
		v->type = VALUE_EMPTY;
}

static const struct column columns[] = {
	{ "device", VALUE_INTEGER, COLUMN_DEFAULT, device },
	{ "start(ms)", VALUE_RATIO, COLUMN_DEFAULT | COLUMN_ESSENTIAL, start },
	{ "length(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, length },
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, host_wait },
	{ "other idle(ms)", VALUE_DURATION, COLUMN_DEFAULT, other_idle },
	{ "cause", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, cause },
	{ "host op", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_ESSENTIAL, host_op },
	{ "ender", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_SHORT_NAMES, ender },
	{ "ender thread", VALUE_TEXT, COLUMN_DEFAULT, ender_thread },
	{ "step", VALUE_TEXT, COLUMN_DEFAULT, step },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *gaps_summary_catalogue(void)
{
	return &catalogue;
}

/* The analysed span's start (SPEC 22): the first step's, else the earliest launch or device event's. */
static gint64 span_start(const struct attribution *a, const struct steps *steps)
{
	gint64 first = G_MAXINT64;
	if (steps && steps->count) {
		for (guint i = 0; i < steps->count; i++)
			first = MIN(first, steps->events[i].ts);
		return first;
	}
	for (guint l = 0; l < a->launch_count; l++)
		first = MIN(first, a->launches[l].ts);
	for (guint i = 0; i < a->claimed + a->unclaimed; i++)
		first = MIN(first, a->by_time[i].ts);
	return first == G_MAXINT64 ? 0 : first;
}

/* The pieces of the gap at hand (src/attribution/causes.h), summed as they
 * come, into its row once the next gap's come (or none: NULL). */
struct gap_pass {
	struct gap_row *cells;
	GHashTable *by_op;
	guint interval; /* the gap at hand, G_MAXUINT before the first */
	gint64 by_cause[CAUSE_COUNT];
	const struct name *best;
	gint64 best_time, outside;
	struct {
		const struct name *op;
		gint64 *sum;
		guint interval;
	} memo[64]; /* ops met lately by pointer, with the gap they were met in: most pieces cost no hash of their text */
};

static void settle(struct gap_pass *g)
{
	struct gap_row *row = &g->cells[g->interval];
	guint most = 0;
	for (guint c = 1; c < CAUSE_COUNT; c++)
		if (g->by_cause[c] > g->by_cause[most])
			most = c;
	row->cause = g->by_cause[most] ? cause_name(most) : NULL;
	row->outside = g->outside > g->best_time; /* on a tie, the name (as the findings' evidence ranks them) */
	row->op = row->outside ? NULL : g->best;
}

static void gap_piece(const struct cause_piece *p, gpointer data)
{
	struct gap_pass *g = data;
	if (!p || p->interval != g->interval) {
		if (g->interval != G_MAXUINT)
			settle(g);
		if (!p)
			return;
		g->interval = p->interval;
		memset(g->by_cause, 0, sizeof g->by_cause);
		g_hash_table_remove_all(g->by_op);
		g->best = NULL, g->best_time = 0, g->outside = 0;
	}
	gint64 t = p->end - p->start;
	g->by_cause[p->cause] += t;
	if (!p->op) {
		g->outside += t;
		return;
	}
	guint slot = (guint)(GPOINTER_TO_SIZE(p->op) >> 4) % G_N_ELEMENTS(g->memo);
	gint64 *sum = g->memo[slot].sum;
	if (!sum || g->memo[slot].op != p->op || g->memo[slot].interval != g->interval) {
		sum = g_hash_table_lookup(g->by_op, p->op);
		if (!sum) {
			sum = g_new0(gint64, 1);
			g_hash_table_insert(g->by_op, (gpointer)p->op, sum);
		}
		g->memo[slot].op = p->op, g->memo[slot].sum = sum, g->memo[slot].interval = g->interval;
	}
	*sum += t;
	if (*sum > g->best_time || (g->best && *sum == g->best_time && name_text_order(p->op, g->best) < 0))
		g->best = p->op, g->best_time = *sum;
}

struct gap_rows *gap_rows_make(const struct forest *forest, const struct attribution *a,
			      const struct write_config *config)
{
	const struct steps *steps = config->selection->steps;
	const struct threads *threads = forest->thread_ids;
	gint64 min_gap = config->min_gap;
	gint64 first = span_start(a, steps);
	g_autoptr(GArray) gaps = gaps_compute(a);
	g_autoptr(GArray) kept = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) blamed = g_array_new(FALSE, FALSE, sizeof(struct waiting_blamed));
	for (guint g = 0; g < gaps->len; g++) {
		const struct gap *x = &g_array_index(gaps, struct gap, g);
		if (x->end - x->start < min_gap)
			continue;
		struct waiting_blamed b = { x->start, x->wait_end, x->thread, x->device };
		g_array_append_val(kept, g);
		g_array_append_val(blamed, b);
	}
	struct gap_rows *made = g_new0(struct gap_rows, 1);
	made->rows = g_new0(struct gap_row, kept->len + 1);
	made->count = kept->len;
	made->text = g_string_chunk_new(4096);
	g_autoptr(GHashTable) by_op = g_hash_table_new_full(name_text_hash, name_text_equal, NULL, g_free);
	g_autoptr(GString) buffer = g_string_new(NULL);
	for (guint k = 0; k < kept->len; k++) {
		const struct gap *x = &g_array_index(gaps, struct gap, g_array_index(kept, guint, k));
		struct gap_row *row = &made->rows[k];
		*row = (struct gap_row){ .device = x->device, .start = finding_thousandths_ms(x->start - first),
					 .length = x->end - x->start, .host_wait = x->wait_end - x->start,
					 .ts = x->start };
		if (x->ender != GAP_NO_ENDER) {
			const struct name *name = a->by_time[x->ender].name;
			g_string_truncate(buffer, 0);
			short_name_append(buffer, name->text, name->len);
			row->ender = g_string_chunk_insert_len(made->text, buffer->str, buffer->len);
		}
		char pid[THREADS_NUMBER_MAX], tid[THREADS_NUMBER_MAX];
		if (x->launch != NO_LAUNCH && threads && a->launches[x->launch].thread < threads_count(threads)) {
			guint32 t = a->launches[x->launch].thread;
			g_string_printf(buffer, "%s/%s", threads_pid(threads, t, pid), threads_tid(threads, t, tid));
			row->ender_thread = g_string_chunk_insert(made->text, buffer->str);
		}
		guint s = steps && x->thread != G_MAXUINT ? steps_find(steps, x->thread, x->start) : NO_STEP;
		row->step = s != NO_STEP ? steps->events[s].name : NULL;
	}
	if (config->causes) { /* the causes of each gap's host wait, into its row */
		struct gap_pass pass = { made->rows, by_op, G_MAXUINT, { 0 }, NULL, 0, 0, { { 0 } } };
		causes_each(config->causes, (const struct waiting_blamed *)blamed->data, blamed->len, gap_piece, &pass);
		gap_piece(NULL, &pass);
	}
	return made;
}

void gap_rows_free(struct gap_rows *rows)
{
	if (!rows)
		return;
	g_string_chunk_free(rows->text);
	g_free(rows->rows);
	g_free(rows);
}

gboolean write_gaps_summary(struct output *out, const struct forest *forest, const struct attribution *a,
			    const struct write_config *config, guint64 *rows)
{
	g_autoptr(GapRows) made = gap_rows_make(forest, a, config);
	g_autoptr(GPtrArray) written = g_ptr_array_sized_new(made->count);
	for (guint k = 0; k < made->count; k++)
		g_ptr_array_add(written, &made->rows[k]);
	struct write_config pure = *config; /* the getters read their row alone */
	pure.pure_rows = TRUE;
	gboolean ok = write_rows(out, &pure, written);
	*rows = write_rows_count(config, written->len);
	return ok;
}
