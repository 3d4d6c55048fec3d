#include "views/findings/findings_link.h"
#include <string.h>
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/collectives/collective_source.h"
#include "views/perf/perf.h"
#include "views/collectives/summary_collective.h"

typedef unsigned __int128 u128;

/* A device's collectives of known bandwidth: B = num / den bytes over T ns. */
struct link_sum {
	guint64 events;
	gint64 time;
	u128 num;
	guint64 den;
	gboolean refused; /* a sum past 128 bits */
};

static guint64 gcd(guint64 a, guint64 b)
{
	while (b) {
		guint64 t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* S += A / B, exactly; FALSE when a figure passes 128 bits (or the lcm 64). */
static gboolean fraction_add(struct link_sum *s, u128 a, guint64 b)
{
	if (!s->den)
		s->den = 1;
	guint64 g = gcd(s->den, b), grow = b / g, lcm;
	u128 scaled_sum, scaled_a;
	if (__builtin_mul_overflow(s->den, grow, &lcm) || __builtin_mul_overflow(s->num, (u128)grow, &scaled_sum) ||
	    __builtin_mul_overflow(a, (u128)(lcm / b), &scaled_a) || __builtin_add_overflow(scaled_sum, scaled_a, &s->num))
		return FALSE;
	s->den = lcm;
	return TRUE;
}

gboolean findings_link_share(u128 num, guint64 den, gint64 time, guint64 peak, gint64 *thousandths, gint64 *tenths,
			     gboolean *below)
{
	u128 bytes, spent, scaled, of_peak;
	if (!den || time <= 0 || __builtin_mul_overflow(num, (u128)1000, &bytes) ||
	    __builtin_mul_overflow((u128)den, (u128)time, &spent) || spent > ((u128)1 << 126) || bytes > ((u128)1 << 126))
		return FALSE;
	u128 q = (2 * bytes + spent) / (2 * spent); /* 1000 B / (den T), half up */
	if (q > G_MAXINT64)
		return FALSE;
	*thousandths = (gint64)q;
	*tenths = -1;
	*below = FALSE;
	if (!peak)
		return TRUE;
	/* tenths of a percent: 1000 · 1000 · B / (den · T · P) */
	if (__builtin_mul_overflow(bytes, (u128)1000, &scaled) || __builtin_mul_overflow(spent, (u128)peak, &of_peak) ||
	    scaled > ((u128)1 << 126) || of_peak > ((u128)1 << 126))
		return FALSE;
	q = (2 * scaled + of_peak) / (2 * of_peak);
	if (q > G_MAXINT64)
		return FALSE;
	*tenths = (gint64)q;
	/* B / T < P / 4 (GB/s against MB/s / 1000): 4000 · B < den · T · P */
	u128 four;
	*below = !__builtin_mul_overflow(bytes, (u128)4, &four) && four < of_peak;
	return TRUE;
}

/* The rows of every device's collectives, keyed by device and 15.2's key. */
struct gather {
	struct classifier classifier;
	struct collective_source *source;
	GHashTable *rows; /* GString * (device, key) -> struct collective_row *, owned */
	GHashTable *devices; /* the row -> its device number + 1 */
	GString *key;
};

static void add_event(struct gather *g, const struct event *event, guint owner)
{
	if (!event->has_device || classify(&g->classifier, event) != CLASS_COMMUNICATION)
		return;
	struct collective_args own, named = { 0 };
	const struct collective_args *args = NULL;
	if (collective_args_read(event->args, &own))
		args = &own;
	else if (!(args = collective_source_recorded(g->source, owner)))
		args = collective_named_args(&named, event);
	collective_row_key(g->key, args, args == &named);
	g_string_prepend_len(g->key, (const char *)&event->device, sizeof event->device);
	struct collective_row *row = g_hash_table_lookup(g->rows, g->key);
	if (!row) {
		row = collective_row_new(args, args == &named, g->key);
		g_hash_table_insert(g->rows, row->key, row);
		g_hash_table_insert(g->devices, row, GUINT_TO_POINTER((guint)event->device + 1));
	}
	collective_args_clear(&own);
	collective_args_clear(&named);
	collective_row_add(row, event->dur);
}

static guint key_hash(gconstpointer key)
{
	return g_string_hash(key);
}

static gboolean key_equal(gconstpointer a, gconstpointer b)
{
	return g_string_equal(a, b);
}

/* The sums of every device (by device number + 1, struct link_sum *). */
static GHashTable *link_sums(const struct findings_input *in)
{
	const struct attribution *a = in->attribution;
	struct gather g = { .source = collective_source_new(in->forest), .key = g_string_new(NULL),
			    .rows = g_hash_table_new_full(key_hash, key_equal, NULL, collective_row_free),
			    .devices = g_hash_table_new(g_direct_hash, g_direct_equal) };
	classifier_init(&g.classifier, in->communication);
	for (guint l = 0; l <= a->launch_count; l++) { /* the last group: events no launch claims */
		guint owner = l < a->launch_count ? a->owner[l] : NO_OWNER;
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			add_event(&g, attribution_device(a, d), owner);
	}
	GHashTable *sums = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
	GHashTableIter iter;
	gpointer value;
	g_hash_table_iter_init(&iter, g.rows);
	while (g_hash_table_iter_next(&iter, NULL, &value)) {
		struct collective_row *row = value;
		collective_row_finish(row);
		if (row->why != WHY_NONE)
			continue;
		gpointer device = g_hash_table_lookup(g.devices, row);
		struct link_sum *s = g_hash_table_lookup(sums, device);
		if (!s) {
			s = g_new0(struct link_sum, 1);
			g_hash_table_insert(sums, device, s);
		}
		u128 bytes;
		s->events += row->count;
		s->time += row->total;
		if (__builtin_mul_overflow((u128)row->elements * row->dtype_bytes, (u128)row->count * row->num, &bytes) ||
		    !fraction_add(s, bytes, row->den))
			s->refused = TRUE;
	}
	g_hash_table_destroy(g.devices);
	g_hash_table_destroy(g.rows);
	g_string_free(g.key, TRUE);
	collective_source_free(g.source);
	classifier_clear(&g.classifier);
	return sums;
}

/* "2.345" from thousandths; TRIM: without trailing zeros ("448", "31.5"). */
static void append_thousandths(GString *text, gint64 n, gboolean trim)
{
	ratio_append(text, n);
	while (trim && text->str[text->len - 1] == '0')
		g_string_truncate(text, text->len - 1);
	if (trim && text->str[text->len - 1] == '.')
		g_string_truncate(text, text->len - 1);
}

/* F's evidence and advice, S the sums of its device (NULL: none known). */
static void judge(const struct findings_input *in, struct finding *f, const struct link_sum *s)
{
	GString *text = g_string_new(f->evidence);
	gint64 thousandths, tenths;
	gboolean below;
	const struct peak_row *row = perf_device_peaks(in->trace->devices, in->peaks, (guint16)f->device);
	guint64 peak = in->peaks ? peaks_figure(in->peaks, row, PEAK_INTERCONNECT) : PEAK_UNKNOWN;
	if (!s || !s->events) {
		g_string_append(text, "; none of its collectives has a known bus bandwidth (--summary collective says why)");
	} else if (s->refused || !findings_link_share(s->num, s->den, s->time, peak, &thousandths, &tenths, &below)) {
		g_string_append(text, "; the bus bandwidth of its collectives does not fit 128 bits");
	} else {
		g_string_append_printf(text, "; its collectives ran at a bus bandwidth of ");
		append_thousandths(text, thousandths, FALSE);
		g_string_append_printf(text, " GB/s (weighted by time, %" G_GUINT64_FORMAT " event%s of known bandwidth, ",
				       s->events, s->events == 1 ? "" : "s");
		time_append_ms(text, s->time);
		g_string_append(text, " ms)");
		if (tenths < 0) {
			g_string_append(text, ", against no interconnect peak (the table of device peaks has none for it)");
		} else {
			GString *share = g_string_new(NULL);
			percent_append(share, tenths);
			g_string_append_printf(text, ", %s%% of its interconnect peak of ", share->str);
			append_thousandths(text, (gint64)peak, TRUE); /* MB/s = thousandths of GB/s */
			g_string_append(text, " GB/s a direction");
			if (below)
				finding_set_advice(f, g_strdup_printf("the collectives ran at %s%% of the link: they may be waiting "
								      "for other ranks; analyse all ranks' traces together "
								      "(--summary rank); %s", share->str, f->rule->advice));
			g_string_free(share, TRUE);
		}
	}
	g_free(f->evidence);
	f->evidence = g_string_free(text, FALSE);
}

void findings_link_exposed(const struct findings_input *in, GPtrArray *out, guint first)
{
	g_autoptr(GHashTable) sums = link_sums(in);
	for (guint i = first; i < out->len; i++) {
		struct finding *f = out->pdata[i];
		if (strcmp(f->rule->id, "exposed-communication") == 0 && f->device >= 0)
			judge(in, f, g_hash_table_lookup(sums, GUINT_TO_POINTER((guint)f->device + 1)));
	}
}
