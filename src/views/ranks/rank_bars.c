#include "views/ranks/rank_bars.h"
#include <string.h>

/* One lane's unions, merged as events come in ts order. */
struct lane {
	gint key;
	GArray *compute, *communication, *left_out; /* struct idle_interval */
};

struct rank_lanes {
	struct device_keys keys;
	GArray *lanes;       /* struct lane */
	GHashTable *by_key;  /* device key -> index + 1 */
};

struct rank_lanes *rank_lanes_new(const struct threads *threads)
{
	struct rank_lanes *l = g_new0(struct rank_lanes, 1);
	device_keys_init(&l->keys, threads);
	l->lanes = g_array_new(FALSE, FALSE, sizeof(struct lane));
	l->by_key = g_hash_table_new(NULL, NULL);
	return l;
}

void rank_lanes_free(struct rank_lanes *l)
{
	if (!l)
		return;
	for (guint i = 0; i < l->lanes->len; i++) {
		struct lane *lane = &g_array_index(l->lanes, struct lane, i);
		g_array_free(lane->compute, TRUE);
		g_array_free(lane->communication, TRUE);
		g_array_free(lane->left_out, TRUE);
	}
	g_array_free(l->lanes, TRUE);
	g_hash_table_destroy(l->by_key);
	device_keys_clear(&l->keys);
	g_free(l);
}

gint rank_lanes_add(struct rank_lanes *l, const struct event *event, enum device_class class, gboolean left_out)
{
	guint key = device_key(&l->keys, event);
	guint index = GPOINTER_TO_UINT(g_hash_table_lookup(l->by_key, GUINT_TO_POINTER(key)));
	if (!index) {
		struct lane lane = { (gint)key, g_array_new(FALSE, FALSE, sizeof(struct idle_interval)),
				     g_array_new(FALSE, FALSE, sizeof(struct idle_interval)),
				     g_array_new(FALSE, FALSE, sizeof(struct idle_interval)) };
		g_array_append_val(l->lanes, lane);
		index = l->lanes->len;
		g_hash_table_insert(l->by_key, GUINT_TO_POINTER(key), GUINT_TO_POINTER(index));
	}
	struct lane *lane = &g_array_index(l->lanes, struct lane, index - 1);
	gint64 end = event->ts + event->dur;
	if (class == CLASS_COMPUTE)
		intervals_extend(lane->compute, event->ts, end);
	if (class == CLASS_COMMUNICATION)
		intervals_extend(lane->communication, event->ts, end);
	if (class == CLASS_COMMUNICATION && left_out)
		intervals_extend(lane->left_out, event->ts, end);
	return lane->key;
}

/* A - B (sorted, disjoint lists) into OUT (emptied first): one merge. */
static void subtract(const GArray *a, const GArray *b, GArray *out)
{
	g_array_set_size(out, 0);
	guint j = 0;
	for (guint i = 0; i < a->len; i++) {
		struct idle_interval piece = g_array_index(a, struct idle_interval, i);
		while (j < b->len && g_array_index(b, struct idle_interval, j).end <= piece.start)
			j++;
		for (guint k = j; k < b->len && piece.start < piece.end; k++) {
			const struct idle_interval *cut = &g_array_index(b, struct idle_interval, k);
			if (cut->start >= piece.end)
				break;
			if (cut->start > piece.start) {
				struct idle_interval before = { piece.start, cut->start };
				g_array_append_val(out, before);
			}
			piece.start = MAX(piece.start, cut->end);
		}
		if (piece.start < piece.end)
			g_array_append_val(out, piece);
	}
}

static int compare_keys(gconstpointer x, gconstpointer y)
{
	const struct lane *a = x, *b = y;
	return (a->key > b->key) - (a->key < b->key);
}

void rank_lanes_finish(struct rank_lanes *l, GArray *out)
{
	g_array_sort(l->lanes, compare_keys);
	g_autoptr(GArray) exposed = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	g_autoptr(GArray) free = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	for (guint i = 0; i < l->lanes->len; i++) {
		const struct lane *lane = &g_array_index(l->lanes, struct lane, i);
		subtract(lane->communication, lane->compute, exposed);
		subtract(exposed, lane->left_out, free);
		for (guint k = 0; k < free->len; k++) {
			const struct idle_interval *piece = &g_array_index(free, struct idle_interval, k);
			struct rank_interval part = { 0, lane->key, piece->start, piece->end };
			g_array_append_val(out, part);
		}
	}
}

static int compare_intervals(gconstpointer x, gconstpointer y)
{
	const struct rank_interval *a = x, *b = y;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->lane != b->lane)
		return a->lane < b->lane ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

/* Whether A's (rank, lane) comes before RANK's LANE. */
static gboolean before(const struct rank_interval *a, gint64 rank, gint lane)
{
	return a->rank < rank || (a->rank == rank && a->lane < lane);
}

void rank_bars_wait(GArray *free, GArray *transfers, void (*add)(gpointer data, gint64 rank, gint64 wait),
		    gpointer data)
{
	g_array_sort(free, compare_intervals);
	g_array_sort(transfers, compare_intervals);
	const struct rank_interval *f = (const struct rank_interval *)free->data,
				   *x = (const struct rank_interval *)transfers->data;
	g_autoptr(GArray) pieces = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	g_autoptr(GArray) union_ = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	guint i = 0, j = 0;
	while (i < free->len) {
		gint64 rank = f[i].rank, wait = 0;
		while (i < free->len && f[i].rank == rank) { /* each lane of the rank: |F - X| = |F| - |F and X| */
			gint lane = f[i].lane;
			g_array_set_size(pieces, 0);
			g_array_set_size(union_, 0);
			for (; i < free->len && f[i].rank == rank && f[i].lane == lane; i++) {
				struct idle_interval piece = { f[i].start, f[i].end };
				g_array_append_val(pieces, piece);
			}
			while (j < transfers->len && before(&x[j], rank, lane))
				j++;
			for (; j < transfers->len && x[j].rank == rank && x[j].lane == lane; j++)
				intervals_extend(union_, x[j].start, x[j].end); /* by start: merged as they come */
			wait += intervals_length(pieces) - intervals_overlap(pieces, union_);
		}
		add(data, rank, wait);
	}
}
