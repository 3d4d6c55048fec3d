#include "views/findings/findings_wait.h"
#include <stdlib.h>
#include <string.h>
#include "attribution/blocking.h"
#include "attribution/gaps.h"
#include "model/names.h"
#include "sinks/table.h"
#include "util/timefmt.h"

/* A blocking launch: its process, its window, the latest end up to it in its process. */
struct held {
	guint pid;
	gint64 ts, end, reach;
};

static int by_pid_ts(const void *x, const void *y)
{
	const struct held *a = x, *b = y;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return (a->ts > b->ts) - (a->ts < b->ts);
}

/* Process numbers: pid text -> number, per thread cached. */
struct pids {
	const struct threads *threads;
	GHashTable *numbers;
	guint *of_thread; /* number + 1; 0: not looked up */
	guint threads_len;
};

static guint pid_number(struct pids *p, guint32 thread)
{
	if (thread < p->threads_len && p->of_thread[thread])
		return p->of_thread[thread] - 1;
	char buf[THREADS_NUMBER_MAX];
	const char *text = p->threads && thread < threads_count(p->threads) ? threads_pid(p->threads, thread, buf) : "?";
	gpointer found = g_hash_table_lookup(p->numbers, text);
	guint n = found ? GPOINTER_TO_UINT(found) : g_hash_table_size(p->numbers) + 1;
	if (!found)
		g_hash_table_insert(p->numbers, g_strdup(text), GUINT_TO_POINTER(n));
	if (thread < p->threads_len)
		p->of_thread[thread] = n;
	return n - 1;
}

/* Whether a blocking launch of PID holds T: the last with ts <= T reaches T. */
static gboolean held_at(const struct held *h, guint n, guint pid, gint64 t)
{
	guint low = 0, high = n;
	while (low < high) { /* the first after (pid, t) */
		guint mid = low + (high - low) / 2;
		if (h[mid].pid < pid || (h[mid].pid == pid && h[mid].ts <= t))
			low = mid + 1;
		else
			high = mid;
	}
	return low > 0 && h[low - 1].pid == pid && h[low - 1].reach >= t;
}

/* Names by their text (interned per reader worker); NULL is outside. */
static guint name_text_hash_or_null(gconstpointer key)
{
	return key ? name_text_hash(key) : 0;
}

static gboolean name_text_equal_or_null(gconstpointer x, gconstpointer y)
{
	return x && y ? name_text_equal(x, y) : x == y;
}

GHashTable *findings_names_new(void)
{
	return g_hash_table_new_full(name_text_hash_or_null, name_text_equal_or_null, NULL, g_free);
}

void findings_names_add(GHashTable *by_name, const struct name *name, gint64 time)
{
	gint64 *sum = g_hash_table_lookup(by_name, name);
	if (!sum) {
		sum = g_new0(gint64, 1);
		g_hash_table_insert(by_name, (gpointer)name, sum);
	}
	*sum += time;
}

GHashTable *findings_names_merge(GHashTable *by_pointer)
{
	GHashTable *by_name = findings_names_new();
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, by_pointer);
	while (g_hash_table_iter_next(&iter, &key, &value))
		findings_names_add(by_name, key, *(gint64 *)value);
	return by_name;
}

/* Most time first; ties: names in byte order, outside after them. */
static gboolean ranks_before(const struct named_time *a, const struct named_time *b)
{
	if (a->time != b->time)
		return a->time > b->time;
	if (!a->name || !b->name)
		return a->name && !b->name;
	return name_text_order(a->name, b->name) < 0;
}

guint findings_top_names(GHashTable *by_name, struct named_time top[3])
{
	guint n = 0;
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, by_name);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		struct named_time x = { key, *(gint64 *)value };
		if (x.time <= 0 || (n == 3 && !ranks_before(&x, &top[2])))
			continue;
		guint at = n < 3 ? n++ : 2;
		while (at > 0 && ranks_before(&x, &top[at - 1])) {
			top[at] = top[at - 1];
			at--;
		}
		top[at] = x;
	}
	for (guint i = n; i < 3; i++)
		top[i] = (struct named_time){ NULL, 0 };
	return n;
}

/* The blocking launches of A, by (pid, ts), with their running ends. */
static GArray *held_launches(const struct attribution *a, struct pids *pids)
{
	g_autofree guint8 *kinds = blocking_kinds(a);
	GArray *held = g_array_new(FALSE, FALSE, sizeof(struct held));
	for (guint l = 0; l < a->launch_count; l++)
		if (kinds[l] & LAUNCH_BLOCKING) {
			const struct event *e = &a->launches[l];
			struct held h = { pid_number(pids, e->thread), e->ts, event_end(e), 0 };
			g_array_append_val(held, h);
		}
	if (held->len > 1)
		qsort(held->data, held->len, sizeof(struct held), by_pid_ts);
	struct held *h = (struct held *)held->data;
	for (guint i = 0; i < held->len; i++)
		h[i].reach = i && h[i - 1].pid == h[i].pid ? MAX(h[i - 1].reach, h[i].end) : h[i].end;
	return held;
}

/* Per device (slot[device] - 1), the processes whose launches claimed its events. */
static GPtrArray *device_pids(const struct attribution *a, struct pids *pids, guint32 *slot)
{
	GPtrArray *lists = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
	g_autoptr(GHashTable) seen = g_hash_table_new(g_direct_hash, g_direct_equal); /* (slot, pid) pairs, as numbers */
	guint count = a->claimed + a->unclaimed;
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		guint l = a->by_time_launch ? a->by_time_launch[i] : NO_LAUNCH;
		if (!e->has_device || l == NO_LAUNCH)
			continue;
		if (!slot[e->device]) {
			g_ptr_array_add(lists, g_array_new(FALSE, FALSE, sizeof(guint)));
			slot[e->device] = lists->len;
		}
		GArray *list = lists->pdata[slot[e->device] - 1];
		guint pid = pid_number(pids, a->launches[l].thread);
		if (list->len && g_array_index(list, guint, list->len - 1) == pid)
			continue;
		gsize key = ((gsize)slot[e->device] << 32 | pid) + 1;
		if (g_hash_table_contains(seen, GSIZE_TO_POINTER(key)))
			continue;
		g_hash_table_add(seen, GSIZE_TO_POINTER(key));
		g_array_append_val(list, pid);
	}
	return lists;
}

/* Which rule a piece of CAUSE goes to, in a gap of LENGTH that BLOCKED starts inside a blocking launch. */
static guint rule_of(guint cause, gboolean blocked, gint64 length)
{
	switch (cause) {
	case CAUSE_DATA_LOADING:
		return WAIT_DATA;
	case CAUSE_OUTSIDE:
		return WAIT_PAUSE;
	case CAUSE_BLOCKING:
		return WAIT_BLOCKING;
	default:
		return blocked ? WAIT_BLOCKING : length < WAIT_PAUSE_FROM ? WAIT_LAUNCH : WAIT_OVERHEAD;
	}
}

/* An op's time in a rule, and by cause (the first member: findings_top_names reads it as a gint64). */
struct op_time {
	gint64 time;
	gint64 by_cause[CAUSE_COUNT];
};

static struct op_time *op_entry(GHashTable *ops, const struct name *op)
{
	struct op_time *t = g_hash_table_lookup(ops, op);
	if (!t) {
		t = g_new0(struct op_time, 1);
		g_hash_table_insert(ops, (gpointer)op, t);
	}
	return t;
}

static void op_add(GHashTable *ops, const struct name *op, guint cause, gint64 time)
{
	struct op_time *t = op_entry(ops, op);
	t->time += time;
	t->by_cause[cause] += time;
}

/* BY_POINTER's ops (struct op_time) by text, into P's top three and the cause the first has the most in. */
static void settle_ops(struct wait_part *p, GHashTable *by_pointer)
{
	g_autoptr(GHashTable) by_name = g_hash_table_new_full(name_text_hash_or_null, name_text_equal_or_null, NULL, g_free);
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, by_pointer);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		const struct op_time *from = value;
		for (guint c = 0; c < CAUSE_COUNT; c++)
			if (from->by_cause[c])
				op_add(by_name, key, c, from->by_cause[c]);
	}
	p->tops = findings_top_names(by_name, p->top);
	p->top_cause = CAUSE_FRAMEWORK;
	const struct op_time *first = p->tops ? g_hash_table_lookup(by_name, p->top[0].name) : NULL;
	for (guint c = 0; first && c < CAUSE_COUNT; c++)
		if (first->by_cause[c] > first->by_cause[p->top_cause])
			p->top_cause = c;
}

/* One device's rules from the pieces [FROM, TO) (all of its gaps'). */
struct device_pass {
	struct wait_figures *f;
	GHashTable *names[WAIT_RULES];
	gint64 in_gap[WAIT_RULES]; /* the gap at hand's time per rule */
	gint64 gap_start;
	struct {
		const struct name *op;
		struct op_time *t;
	} memo[WAIT_RULES][64]; /* per rule, ops met lately by pointer: most pieces cost no lookup */
	GArray *waits;                              /* struct wait_figures, one per device */
	const GArray *gaps, *gap_of, *blocked;      /* the gaps; per interval, its gap and whether blocked */
	guint last_interval;
};

/* op_add() into rule R's ops of D, through its memo. */
static void op_add_memo(struct device_pass *d, guint r, const struct name *op, guint cause, gint64 time)
{
	guint slot = (guint)(GPOINTER_TO_SIZE(op) >> 4) % G_N_ELEMENTS(d->memo[r]);
	struct op_time *t = d->memo[r][slot].t;
	if (!t || d->memo[r][slot].op != op) {
		t = op_entry(d->names[r], op);
		d->memo[r][slot].op = op, d->memo[r][slot].t = t;
	}
	t->time += time;
	t->by_cause[cause] += time;
}

static void close_gap(struct device_pass *d)
{
	for (guint r = 0; r < WAIT_RULES; r++) {
		struct wait_part *p = &d->f->part[r];
		if (!d->in_gap[r])
			continue;
		p->gaps++;
		if (d->in_gap[r] > p->largest)
			p->largest = d->in_gap[r], p->largest_start = d->gap_start;
		d->in_gap[r] = 0;
	}
}

/* A piece of the causes (src/attribution/causes.h) into D's figures; NULL: the last is done. */
static void wait_piece(const struct cause_piece *p, gpointer data)
{
	struct device_pass *d = data;
	const struct gap *x = p ? &g_array_index(d->gaps, struct gap, g_array_index(d->gap_of, guint, p->interval)) : NULL;
	if (d->f && (!p || p->interval != d->last_interval))
		close_gap(d);
	if (d->f && (!p || x->device != d->f->device)) { /* the device is done */
		for (guint r = 0; r < WAIT_RULES; r++) {
			settle_ops(&d->f->part[r], d->names[r]);
			g_hash_table_destroy(d->names[r]);
		}
		d->f = NULL;
	}
	if (!p)
		return;
	if (!d->f) {
		struct wait_figures f = { .device = x->device };
		g_array_append_val(d->waits, f);
		d->f = &g_array_index(d->waits, struct wait_figures, d->waits->len - 1);
		for (guint r = 0; r < WAIT_RULES; r++) /* by pointer: merged by text when the device is done */
			d->names[r] = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
		memset(d->memo, 0, sizeof d->memo);
	}
	d->last_interval = p->interval;
	d->gap_start = x->start;
	guint r = rule_of(p->cause, g_array_index(d->blocked, gboolean, p->interval), x->end - x->start);
	gint64 length = p->end - p->start;
	d->f->part[r].time += length;
	d->f->part[r].by_cause[p->cause] += length;
	d->in_gap[r] += length;
	op_add_memo(d, r, p->op, p->cause, length);
}

GArray *findings_wait_sweep(const struct findings_input *in)
{
	const struct attribution *a = in->attribution;
	GArray *waits = g_array_new(FALSE, TRUE, sizeof(struct wait_figures));
	if (!in->causes || in->last <= in->first)
		return waits;
	struct pids pids = { in->trace->threads, g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL), NULL, 0 };
	pids.threads_len = in->trace->threads ? threads_count(in->trace->threads) : 0;
	pids.of_thread = g_new0(guint, pids.threads_len + 1);
	g_autoptr(GArray) held = held_launches(a, &pids);
	g_autofree guint32 *slot = g_new0(guint32, 65536);
	g_autoptr(GPtrArray) device_lists = device_pids(a, &pids, slot);
	g_autoptr(GArray) gaps = gaps_compute(a);
	/* the gaps' host wait, clipped to the span, as intervals of their launching threads */
	g_autoptr(GArray) blamed = g_array_new(FALSE, FALSE, sizeof(struct waiting_blamed));
	g_autoptr(GArray) gap_of = g_array_new(FALSE, FALSE, sizeof(guint)); /* interval -> gap */
	g_autoptr(GArray) blocked = g_array_new(FALSE, FALSE, sizeof(gboolean)); /* per interval */
	for (guint g = 0; g < gaps->len; g++) {
		const struct gap *x = &g_array_index(gaps, struct gap, g);
		gint64 s = MAX(x->start, in->first), t = MIN(x->wait_end, in->last);
		if (t <= s)
			continue;
		struct waiting_blamed b = { s, t, x->thread, x->device };
		gboolean inside = FALSE;
		const GArray *list = slot[x->device] ? device_lists->pdata[slot[x->device] - 1] : NULL;
		for (guint p = 0; list && p < list->len && !inside; p++)
			inside = held_at((const struct held *)held->data, held->len, g_array_index(list, guint, p), x->start);
		g_array_append_val(blamed, b);
		g_array_append_val(gap_of, g);
		g_array_append_val(blocked, inside);
	}
	struct device_pass d = { .waits = waits, .gaps = gaps, .gap_of = gap_of, .blocked = blocked,
				 .last_interval = G_MAXUINT };
	causes_each(in->causes, (const struct waiting_blamed *)blamed->data, blamed->len, wait_piece, &d);
	wait_piece(NULL, &d);
	g_hash_table_destroy(pids.numbers);
	g_free(pids.of_thread);
	return waits;
}

void findings_wait_free(GArray *waits)
{
	if (waits)
		g_array_free(waits, TRUE);
}

/* NAME as the evidence writes it. */
static void append_name(GString *text, const struct name *name)
{
	if (name)
		g_string_append_len(text, name->text, (gssize)strnlen(name->text, name->len));
	else
		g_string_append(text, "outside any host event");
}

/* "X ms (P% of the analysed span)" */
static void append_share(GString *text, gint64 ns, gint64 span)
{
	time_append_ms(text, ns);
	g_string_append(text, " ms (");
	percent_append(text, tenths_of_percent(ns, span));
	g_string_append(text, "% of the analysed span)");
}

/* The evidence: what, how much, the gaps, the most in one, the ops. */
static char *evidence(const struct findings_input *in, const struct wait_part *p, const char *what)
{
	GString *text = g_string_new(what);
	g_string_append(text, ": ");
	append_share(text, p->time, in->last - in->first);
	g_string_append_printf(text, " in %u gap%s, ", p->gaps, p->gaps == 1 ? "" : "s");
	if (p->gaps > 1) {
		g_string_append(text, "the most in one ");
		time_append_ms(text, p->largest);
		g_string_append(text, " ms, ");
	}
	g_string_append(text, "at ");
	ratio_append(text, finding_thousandths_ms(p->largest_start - in->first));
	g_string_append(text, " ms of the analysed span; most in ");
	for (guint i = 0; i < p->tops; i++) {
		g_string_append(text, i ? ", " : "");
		append_name(text, p->top[i].name);
		g_string_append(text, " (");
		time_append_ms(text, p->top[i].time);
		g_string_append(text, " ms)");
	}
	return g_string_free(text, FALSE);
}

/* launch-bound's advice when the optimizer has the most of P; host-overhead's: fits the cause
 * that its op with the most has the most in. */
static char *advice_of(const struct finding_rule *rule, guint which, const struct wait_part *p)
{
	if (which == WAIT_LAUNCH) {
		gboolean optimizer = p->by_cause[CAUSE_OPTIMIZER] > MAX(p->by_cause[CAUSE_FRAMEWORK], p->by_cause[CAUSE_LAUNCHING]) &&
				     p->by_cause[CAUSE_OPTIMIZER] > p->by_cause[CAUSE_COMPILED];
		return optimizer ? g_strconcat(rule->advice, FINDINGS_ADVICE_FOREACH, NULL) : NULL;
	}
	guint best = p->top_cause;
	GString *text = g_string_new("the host's own work between launches, most in ");
	append_name(text, p->tops ? p->top[0].name : NULL);
	g_string_append(text, ": ");
	g_string_append(text, best == CAUSE_COMPILED    ? FINDINGS_ADVICE_COMPILED
			      : best == CAUSE_OPTIMIZER ? FINDINGS_ADVICE_OPTIMIZER
			      : best == CAUSE_LAUNCHING ? FINDINGS_ADVICE_RUNTIME
							: FINDINGS_ADVICE_PYTHON);
	return g_string_free(text, FALSE);
}

static void wait_rule(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out, guint which,
		      const char *what)
{
	if (in->last <= in->first || !in->waits)
		return;
	for (guint i = 0; i < in->waits->len; i++) {
		const struct wait_figures *f = &g_array_index(in->waits, struct wait_figures, i);
		const struct wait_part *p = &f->part[which];
		if (!p->time || !finding_reaches(p->time, in->last - in->first, rule->fire))
			continue;
		finding_push(rule, in, out, p->time, (gint)f->device, evidence(in, p, what));
		if (which == WAIT_LAUNCH || which == WAIT_OVERHEAD)
			finding_set_advice(out->pdata[out->len - 1], advice_of(rule, which, p));
	}
}

void findings_data_loading(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_DATA, "host wait while the launching thread was loading data");
}

void findings_host_pause(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_PAUSE, "host wait while the launching thread was in no recorded host event");
}

void findings_blocking_sync(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_BLOCKING,
		  "host wait in blocking calls, and after them in gaps that start inside one");
}

void findings_launch_bound(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_LAUNCH, "host wait in ops and launches, in gaps shorter than 100 us");
}

void findings_host_overhead(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	wait_rule(rule, in, out, WAIT_OVERHEAD, "host wait in ops and launches, in gaps of 100 us or longer");
}
