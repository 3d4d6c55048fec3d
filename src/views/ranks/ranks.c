/* The summary across ranks (SPEC 13.2): per key, over the traces that have
 * it, how many ranks, the summed count, and for host and device totals the
 * minimum, the lower median, the maximum, the lowest rank holding the
 * maximum (and for device time the lowest holding the minimum, SPEC 20.4), and the imbalance (max / median, rounded half away from zero to
 * thousandths; none when the median is 0). Each key keeps one (rank, host,
 * device) triple per rank that has it: 24 bytes a key and rank, whatever
 * the traces' sizes. Sorted by device max (descending), then key. Ranks
 * are claimed by their sources (traces or summary files) in list order: a
 * rank claimed twice is a warning naming both sources (SPEC 10.1), as the
 * two are then counted as two ranks. With a perf column (SPEC 15.1), each
 * key also sums its ranks' perf figures (src/views/ranks/ranks_perf.h): about 100
 * bytes a key, whatever the number of ranks. */
#include <string.h>
#include "views/ranks/ranks.h"
#include "views/ranks/rank_reduce.h"

struct rank_value {
	gint64 rank, host, device;
};

/* The statistics of one figure over the ranks. */
struct spread {
	gint64 min, median, max, max_rank, min_rank;
	gboolean balanced; /* a median above 0: the imbalance is defined */
	gint64 imbalance;  /* thousandths */
};

struct rank_row {
	const struct key_node *key; /* in the ranks' trie */
	guint64 count;
	GArray *values; /* struct rank_value */
	struct spread host, device;
	struct ranks_perf *perf; /* the perf sums, when a perf column is asked for; or NULL */
};

/* The first source of a rank. */
struct holder {
	gint64 rank;
	char *source;
	gboolean by_position;
};

struct ranks {
	struct key_trie *keys; /* each node's value its row, or NULL */
	GPtrArray *rows;       /* struct rank_row * (owned), in the order they came */
	GPtrArray *sorted;
	gboolean wrapped; /* a key's counts add up past 2^63 - 1 */
	GHashTable *holders; /* &holder->rank -> struct holder * */
	GString *warnings;
	struct rank_reduce *reduce; /* for the page's bars, or NULL */
};

static void holder_free(gpointer data)
{
	struct holder *holder = data;
	g_free(holder->source);
	g_free(holder);
}

static void row_free(gpointer data)
{
	struct rank_row *row = data;
	g_array_free(row->values, TRUE);
	g_free(row->perf);
	g_free(row);
}

struct ranks *ranks_new(void)
{
	struct ranks *ranks = g_new0(struct ranks, 1);
	ranks->keys = key_trie_new();
	ranks->rows = g_ptr_array_new_with_free_func(row_free);
	ranks->holders = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, holder_free);
	ranks->warnings = g_string_new(NULL);
	return ranks;
}

void ranks_free(struct ranks *ranks)
{
	if (!ranks)
		return;
	g_ptr_array_free(ranks->rows, TRUE);
	key_trie_free(ranks->keys);
	g_hash_table_destroy(ranks->holders);
	g_string_free(ranks->warnings, TRUE);
	rank_reduce_free(ranks->reduce);
	if (ranks->sorted)
		g_ptr_array_free(ranks->sorted, TRUE);
	g_free(ranks);
}

void ranks_keep_reduce(struct ranks *ranks, struct rank_reduce *reduce)
{
	ranks->reduce = reduce;
}

struct rank_reduce *ranks_reduce(const struct ranks *ranks)
{
	return ranks->reduce;
}

gboolean ranks_wrapped(const struct ranks *ranks)
{
	return ranks->wrapped;
}

struct key_node **ranks_keys_of(struct ranks *ranks, const struct key_trie *from)
{
	return key_trie_map(ranks->keys, from, TRUE);
}

struct key_node *ranks_key_text(struct ranks *ranks, const char *key, gsize key_len)
{
	return key_trie_add(ranks->keys, NULL, key, key_len);
}

void ranks_add(struct ranks *ranks, gint64 rank, struct key_node *key, guint64 count, gint64 host,
	       gint64 device, const struct rank_perf *perf)
{
	struct rank_row *row = key->value;
	if (!row) {
		row = g_new0(struct rank_row, 1);
		row->key = key;
		row->values = g_array_new(FALSE, FALSE, sizeof(struct rank_value));
		key->value = row;
		g_ptr_array_add(ranks->rows, row);
	}
	ranks->wrapped |= count > G_MAXINT64 || row->count + count > G_MAXINT64; /* no wrap: both below 2^63 */
	row->count += count;
	struct rank_value value = { rank, host, device };
	g_array_append_val(row->values, value);
	if (perf) {
		if (!row->perf)
			row->perf = g_new0(struct ranks_perf, 1);
		ranks_perf_add(row->perf, perf);
	}
}

void ranks_claim(struct ranks *ranks, gint64 rank, const char *source, gboolean by_position)
{
	const struct holder *first = g_hash_table_lookup(ranks->holders, &rank);
	if (!first) {
		struct holder *holder = g_new(struct holder, 1);
		*holder = (struct holder){ rank, g_strdup(source), by_position };
		g_hash_table_insert(ranks->holders, &holder->rank, holder);
		return;
	}
	const char *placed = first->by_position ? first->source : by_position ? source : NULL;
	g_string_append_printf(ranks->warnings, "profile_parser: warning: %s and %s have the same rank, %" G_GINT64_FORMAT,
			       first->source, source, rank);
	if (placed) /* a place in the list is one source's only */
		g_string_append_printf(ranks->warnings, " (%s records none: its place in the list)", placed);
	g_string_append(ranks->warnings, ": counted as two ranks\n");
}

const char *ranks_warnings(const struct ranks *ranks)
{
	return ranks->warnings->str;
}

static int by_host(gconstpointer x, gconstpointer y)
{
	const struct rank_value *a = x, *b = y;
	if (a->host != b->host)
		return a->host < b->host ? -1 : 1;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

static int by_device(gconstpointer x, gconstpointer y)
{
	const struct rank_value *a = x, *b = y;
	if (a->device != b->device)
		return a->device < b->device ? -1 : 1;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

/* VALUES sorted by the figure, then rank: the first of the maximal ones has the lowest rank. */
static void spread_of(GArray *values, gboolean device, struct spread *s)
{
	g_array_sort(values, device ? by_device : by_host);
	guint n = values->len;
#define FIGURE(i) (device ? g_array_index(values, struct rank_value, i).device : g_array_index(values, struct rank_value, i).host)
	s->min = FIGURE(0);
	s->min_rank = g_array_index(values, struct rank_value, 0).rank; /* the lowest rank holding the minimum */
	s->median = FIGURE((n - 1) / 2);
	s->max = FIGURE(n - 1);
	guint first_max = n - 1;
	while (first_max > 0 && FIGURE(first_max - 1) == s->max)
		first_max--;
#undef FIGURE
	s->max_rank = g_array_index(values, struct rank_value, first_max).rank;
	s->balanced = s->median > 0;
	if (s->balanced) { /* figures are never negative */
		unsigned __int128 scaled = (unsigned __int128)(guint64)s->max * 1000 + (guint64)s->median / 2;
		s->imbalance = (gint64)(scaled / (guint64)s->median);
	}
}

static int compare_rows(gconstpointer x, gconstpointer y)
{
	const struct rank_row *a = *(struct rank_row *const *)x, *b = *(struct rank_row *const *)y;
	if (a->device.max != b->device.max)
		return a->device.max > b->device.max ? -1 : 1;
	return key_node_compare(a->key, b->key);
}

GPtrArray *ranks_rows(struct ranks *ranks)
{
	if (ranks->sorted)
		return ranks->sorted;
	ranks->sorted = g_ptr_array_sized_new(ranks->rows->len);
	for (guint i = 0; i < ranks->rows->len; i++) {
		struct rank_row *r = ranks->rows->pdata[i];
		spread_of(r->values, FALSE, &r->host);
		spread_of(r->values, TRUE, &r->device);
		g_ptr_array_add(ranks->sorted, r);
	}
	g_ptr_array_sort(ranks->sorted, compare_rows);
	return ranks->sorted;
}

#define ROW(r) ((const struct rank_row *)(r))

static void name(const void *r, struct value *v)
{
	gsize len;
	const char *text = key_node_text(ROW(r)->key, &len);
	value_text(v, text, len);
}

static void rank_count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->values->len);
}

static void count(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)ROW(r)->count);
}

static void imbalance(const struct spread *s, struct value *v)
{
	if (s->balanced)
		value_number(v, VALUE_RATIO, s->imbalance);
	else
		v->type = VALUE_EMPTY;
}

#define SPREAD_GETTERS(which)                                                         \
	static void which##_min(const void *r, struct value *v)                       \
	{                                                                             \
		value_number(v, VALUE_DURATION, ROW(r)->which.min);                   \
	}                                                                             \
	static void which##_median(const void *r, struct value *v)                    \
	{                                                                             \
		value_number(v, VALUE_DURATION, ROW(r)->which.median);                \
	}                                                                             \
	static void which##_max(const void *r, struct value *v)                       \
	{                                                                             \
		value_number(v, VALUE_DURATION, ROW(r)->which.max);                   \
	}                                                                             \
	static void which##_max_rank(const void *r, struct value *v)                  \
	{                                                                             \
		value_number(v, VALUE_INTEGER, ROW(r)->which.max_rank);               \
	}                                                                             \
	static void which##_imbalance(const void *r, struct value *v)                 \
	{                                                                             \
		imbalance(&ROW(r)->which, v);                                         \
	}
SPREAD_GETTERS(host)
SPREAD_GETTERS(device)

/* SPEC 20.4: the rank of the least device time (the max is usually the rank that waited longest, not the late one) */
static void device_min_rank(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->device.min_rank);
}

#define SPREAD_COLUMNS(which, text)                                                        \
	{ text " total min(ms)", VALUE_DURATION, COLUMN_DEFAULT, which##_min },            \
	{ text " total median(ms)", VALUE_DURATION, COLUMN_DEFAULT, which##_median },      \
	{ text " total max(ms)", VALUE_DURATION, COLUMN_DEFAULT, which##_max },            \
	{ text " total max rank", VALUE_INTEGER, COLUMN_DEFAULT, which##_max_rank },       \
	{ text " imbalance", VALUE_RATIO, COLUMN_DEFAULT, which##_imbalance }

/* The perf columns (SPEC 15.1 over the ranks): empty where no rank gave perf figures. */
#define PERF_GETTER(stem)                                                     \
	static void perf_##stem(const void *r, struct value *v)               \
	{                                                                     \
		if (ROW(r)->perf)                                             \
			ranks_perf_##stem(ROW(r)->perf, v);                   \
		else                                                          \
			v->type = VALUE_EMPTY;                                \
	}
PERF_GETTER(flops)
PERF_GETTER(bytes)
PERF_GETTER(busy)
PERF_GETTER(tflops)
PERF_GETTER(tbytes)
PERF_GETTER(roofline)
PERF_GETTER(roofline_share)
PERF_GETTER(bound)

static const struct column columns[] = {
	{ "name", VALUE_TEXT, COLUMN_DEFAULT, name },
	{ "ranks", VALUE_INTEGER, COLUMN_DEFAULT, rank_count },
	{ "count", VALUE_INTEGER, COLUMN_DEFAULT, count },
	SPREAD_COLUMNS(host, "host"),
	{ "device total min(ms)", VALUE_DURATION, COLUMN_DEFAULT, device_min },
	{ "device total min rank", VALUE_INTEGER, COLUMN_DEFAULT, device_min_rank },
	{ "device total median(ms)", VALUE_DURATION, COLUMN_DEFAULT, device_median },
	{ "device total max(ms)", VALUE_DURATION, COLUMN_DEFAULT | COLUMN_ESSENTIAL, device_max },
	{ "device total max rank", VALUE_INTEGER, COLUMN_DEFAULT | COLUMN_ESSENTIAL, device_max_rank },
	{ "device imbalance", VALUE_RATIO, COLUMN_DEFAULT | COLUMN_ESSENTIAL, device_imbalance },
	/* picked by name; the run then works out the perf figures, or the busy times */
	{ "flops", VALUE_INTEGER, SUMMARY_PERF_FIGURES, perf_flops },
	{ "bytes", VALUE_INTEGER, SUMMARY_PERF_FIGURES, perf_bytes },
	{ "device busy total(ms)", VALUE_DURATION, SUMMARY_BUSY, perf_busy },
	{ "TFLOP/s", VALUE_RATIO, SUMMARY_PERF_FIGURES, perf_tflops },
	{ "TB/s", VALUE_RATIO, SUMMARY_PERF_FIGURES, perf_tbytes },
	{ "roofline(ms)", VALUE_DURATION, SUMMARY_PERF_FIGURES, perf_roofline },
	{ "roofline %", VALUE_PERCENT, SUMMARY_PERF_FIGURES, perf_roofline_share },
	{ "bound", VALUE_TEXT, SUMMARY_PERF_FIGURES, perf_bound },
};

/* The members of the summary lines (--merge) each perf column reads: the
 * flops tell the ranks with counted ops, so every perf figure reads them. */
static const struct {
	void (*getter)(const void *, struct value *);
	guint members;
} reads[] = {
	{ perf_flops, RANKS_FLOPS },
	{ perf_bytes, RANKS_FLOPS | RANKS_BYTES },
	{ perf_busy, RANKS_BUSY },
	{ perf_tflops, RANKS_FLOPS | RANKS_BUSY },
	{ perf_tbytes, RANKS_FLOPS | RANKS_BYTES | RANKS_BUSY },
	{ perf_roofline, RANKS_FLOPS | RANKS_ROOFLINE },
	{ perf_roofline_share, RANKS_FLOPS | RANKS_ROOFLINE | RANKS_BUSY },
	{ perf_bound, RANKS_FLOPS | RANKS_BOUND },
};

guint ranks_members(const GPtrArray *picked)
{
	guint members = 0;
	for (guint i = 0; picked && i < picked->len; i++) {
		const struct column *column = picked->pdata[i];
		for (guint j = 0; j < G_N_ELEMENTS(reads); j++)
			if (column->get == reads[j].getter)
				members |= reads[j].members;
	}
	return members;
}

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *ranks_catalogue(void)
{
	return &catalogue;
}
