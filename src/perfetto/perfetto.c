#include "perfetto/perfetto.h"
#include <string.h>
#include "attribution/sums.h"
#include "perfetto/perfetto_tracks.h"
#include "input/retrace.h"
#include "output/chrome_trace.h"
#include "util/radix.h"
#include "views/summaries/summary_timeline.h"

#define PID_LIMIT 0x7fffffffu

struct annotate {
	struct output *output;
	const struct forest *forest;
	const struct attribution *attribution;
	guint64 *index;  /* the device events' positions in the event array, sorted */
	guint32 *device; /* and each one's place in attribution->by_time */
	guint count, next;
	guint *owner;    /* per by_time place: the node of its launch, or NO_OWNER */
	guint8 *class;   /* per by_time place: enum device_class */
	GHashTable *paths; /* node + 1 -> the arg's JSON text (owned) */
	char *unowned[CLASS_COUNT];
	GHashTable *pids;  /* numeric pids seen */
	guint64 largest;
	const struct perfetto_tracks *tracks;
	guint64 added;
};

/* The arg's text for the device event at by_time place D. */
static const char *arg_text(struct annotate *a, guint32 d)
{
	guint node = a->owner[d];
	guint8 class = a->class[d];
	char **slot = node == NO_OWNER ? &a->unowned[class] : NULL;
	gpointer key = GSIZE_TO_POINTER(((gsize)node + 1) * CLASS_COUNT + class);
	const char *known = slot ? *slot : g_hash_table_lookup(a->paths, key);
	if (known)
		return known;
	GString *text = g_string_new("\"profile_parser\":{\"path\":");
	if (node == NO_OWNER) {
		g_string_append(text, "null");
	} else {
		g_autoptr(GString) path = g_string_new(NULL);
		forest_path(a->forest, node, path);
		chrome_string(text, path->str, path->len);
	}
	const char *name = device_class_name(class);
	g_string_append(text, ",\"class\":");
	chrome_string(text, name, strlen(name));
	g_string_append_c(text, '}');
	char *made = g_string_free(text, FALSE);
	if (slot)
		*slot = made;
	else
		g_hash_table_insert(a->paths, key, made);
	return made;
}

static gboolean blank_or_close(const char *text, gsize from, gsize len)
{
	while (from < len && strchr(" \t\r\n", text[from]))
		from++;
	return from < len && text[from] == '}';
}

/* Whether TEXT[0, AT) leaves AT at depth 1 of the object, outside strings. */
static gboolean top_level(const char *text, gsize at)
{
	guint depth = 0;
	gboolean in_string = FALSE;
	for (gsize i = 0; i < at; i++) {
		char ch = text[i];
		if (in_string) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				in_string = FALSE;
		} else if (ch == '"') {
			in_string = TRUE;
		} else if (ch == '{' || ch == '[') {
			depth++;
		} else if (ch == '}' || ch == ']') {
			depth--;
		}
	}
	return depth == 1 && !in_string;
}

/* The first KEY[LEN] in [P, END), or NULL: a plain loop (a short look:
 * the members sought come early; memmem's setup costs more). */
static const char *find(const char *p, const char *end, const char *key, gsize len)
{
	for (; p + len <= end; p++)
		if (*p == key[0] && p[1] == key[1] && memcmp(p, key, len) == 0)
			return p;
	return NULL;
}

/* Where the first member KEY (quoted, as written) of depth 1 of the
 * object TEXT[LEN] is, or NULL: found by a look along it, a key when a colon
 * follows (a quote inside a string is escaped), its depth by a look at the
 * bytes before it (no brace but the object's before it: depth 1). */
static const char *member(const char *text, gsize len, const char *key)
{
	const char *p = text, *end = text + len;
	gsize key_len = strlen(key);
	const char *first = memchr(text, '{', len);
	for (; (p = find(p, end, key, key_len)); p += key_len) {
		gsize at = (gsize)(p - text);
		gboolean plain = first && first < p && !memchr(first + 1, '{', (gsize)(p - first - 1)) &&
				 !memchr(text, '[', at);
		const char *colon = p + key_len; /* a key: a colon follows (a value "pid" would not be) */
		while (colon < end && (*colon == ' ' || *colon == '\t' || *colon == '\n' || *colon == '\r'))
			colon++;
		if (colon < end && *colon == ':' && (plain || top_level(text, at)))
			return p;
	}
	return NULL;
}

/* Element E's member K (QUOTED): where the scan noted it, when a colon
 * follows; else (a value of that text came first, or a string split
 * between two reads) looked for. */
static const char *key_at(const struct retrace_element *e, guint k, const char *quoted)
{
	const char *end = e->text + e->len;
	if (e->keys[k] >= 0) {
		const char *colon = e->text + e->keys[k] + strlen(quoted);
		while (colon < end && (*colon == ' ' || *colon == '\t' || *colon == '\n' || *colon == '\r'))
			colon++;
		if (colon < end && *colon == ':')
			return e->text + e->keys[k];
	}
	return member(e->text, e->len, quoted);
}

/* The event's pid, when a number (or a string of digits), noted. */
static void note_pids(struct annotate *a, const struct retrace_element *e)
{
	const char *p = key_at(e, RETRACE_PID, "\"pid\""), *end = e->text + e->len;
	if (!p)
		return;
	p += 5;
	while (p < end && (*p == ' ' || *p == ':' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '"'))
		p++;
	guint64 pid = 0;
	gsize n = 0;
	for (; p < end && n < 19 && *p >= '0' && *p <= '9'; p++, n++)
		pid = pid * 10 + (guint64)(*p - '0');
	if (n && pid <= PID_LIMIT) {
		a->largest = MAX(a->largest, pid);
		g_hash_table_add(a->pids, GSIZE_TO_POINTER((gsize)pid));
	}
}

static gboolean element(gpointer data, const struct retrace_element *e, GString *out)
{
	struct annotate *a = data;
	const char *text = e->text;
	gsize len = e->len;
	guint64 index = e->index;
	note_pids(a, e);
	while (a->next < a->count && a->index[a->next] < index)
		a->next++;
	gboolean device = a->next < a->count && a->index[a->next] == index;
	if (!device)
		return FALSE;
	struct retrace_span span = { -1, 0 };
	const char *key = key_at(e, RETRACE_ARGS, "\"args\"");
	if (key) { /* its value: after the colon */
		const char *v = key + 6, *end = text + len;
		while (v < end && (*v == ' ' || *v == ':' || *v == '\t' || *v == '\n' || *v == '\r'))
			v++;
		if (v < end)
			span.start = v - text;
	}
	const char *arg = arg_text(a, a->device[a->next++]);
	if (span.start >= 0) { /* into its args object, first */
		gsize at = (gsize)span.start;
		if (text[at] != '{')
			return FALSE;
		g_string_append_len(out, text, (gssize)at + 1);
		g_string_append(out, arg);
		if (!blank_or_close(text, at + 1, len))
			g_string_append_c(out, ',');
		g_string_append_len(out, text + at + 1, (gssize)(len - at - 1));
		return TRUE;
	}
	const char *open = memchr(text, '{', len);
	if (!open)
		return FALSE;
	gsize at = (gsize)(open - text);
	g_string_append_len(out, text, (gssize)at + 1);
	g_string_append(out, "\"args\":{");
	g_string_append(out, arg);
	g_string_append_c(out, '}');
	if (!blank_or_close(text, at + 1, len))
		g_string_append_c(out, ',');
	g_string_append_len(out, text + at + 1, (gssize)(len - at - 1));
	return TRUE;
}

static void end(gpointer data, guint64 count, GString *out)
{
	struct annotate *a = data;
	guint64 pid = a->largest + 1;
	if (pid > PID_LIMIT)
		for (pid = 1; g_hash_table_contains(a->pids, GSIZE_TO_POINTER((gsize)pid)); pid++)
			;
	a->added = perfetto_tracks_write(out, pid, count > 0, a->tracks);
}

static gboolean write_out(gpointer data, const char *bytes, gsize len)
{
	struct annotate *a = data;
	return output_write(a->output, bytes, len);
}

/* Each device event's node and class, and their positions in the event array, sorted. */
static void device_events(struct annotate *a, const struct analysis_context *context)
{
	const struct attribution *at = a->attribution;
	guint n = at->claimed + at->unclaimed;
	a->count = n;
	a->owner = g_new(guint, n + 1);
	a->class = g_new(guint8, n + 1);
	a->index = g_new(guint64, n + 1);
	a->device = g_new(guint32, n + 1);
	for (guint d = 0; d < n; d++)
		a->owner[d] = NO_OWNER;
	for (guint l = 0; l < at->launch_count; l++)
		for (guint k = at->device_first[l]; k < at->device_first[l + 1]; k++)
			a->owner[at->device_order[k]] = at->owner[l];
	struct classifier classifier;
	classifier_init(&classifier, context->options->communication);
	for (guint d = 0; d < n; d++) {
		a->class[d] = (guint8)classify(&classifier, &at->by_time[d]);
		a->index[d] = at->by_time[d].index;
		a->device[d] = d;
	}
	classifier_clear(&classifier);
	radix_sort(a->index, a->device, n);
}

gboolean perfetto_write(struct output *output, struct results *r, const struct write_config *config, const char *src,
			guint64 *added, GError **error)
{
	const struct options *options = r->context->options;
	struct run_findings *found = results_findings(r, FALSE);
	g_autoptr(GapRows) made = NULL, all_gaps = NULL;
	struct gap_rows kept = { 0 };
	if (found && found->findings && found->findings->len) {
		/* the host-wait rules' gaps, any length; the track's, those of
		 * --min-gap among them (a row's figures are its gap's alone) */
		struct write_config every = *config;
		every.min_gap = 0;
		all_gaps = gap_rows_make(r->forest, r->attribution, &every);
		kept.rows = g_new(struct gap_row, all_gaps->count + 1);
		for (guint i = 0; i < all_gaps->count; i++)
			if (all_gaps->rows[i].length >= config->min_gap)
				kept.rows[kept.count++] = all_gaps->rows[i];
	} else {
		made = gap_rows_make(r->forest, r->attribution, config);
	}
	const struct gap_rows *gaps = made ? made : &kept;
	g_autoptr(TimelineBins) bins = timeline_bins_compute(r->attribution, r->forest->thread_ids, config->selection->steps,
							     &config->selection->step,
							     config->bins ? config->bins : SUMMARY_BINS_DEFAULT,
							     options->communication);
	struct perfetto_tracks tracks = {
		.gaps = gaps,
		.all_gaps = all_gaps,
		.findings = found ? found->findings : NULL,
		.first = found ? found->first : 0,
		.span = found ? found->span : 0,
		.critical = config->critical,
		.bins = bins,
	};
	struct annotate a = {
		.output = output,
		.forest = r->forest,
		.attribution = r->attribution,
		.paths = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free),
		.pids = g_hash_table_new(g_direct_hash, g_direct_equal),
		.tracks = &tracks,
	};
	device_events(&a, r->context);
	struct retrace_hooks hooks = { element, end, write_out, &a };
	gboolean ok = retrace_file(src, &hooks, error);
	*added = a.added;
	g_free(kept.rows);
	g_free(a.owner);
	g_free(a.class);
	g_free(a.index);
	g_free(a.device);
	for (guint c = 0; c < CLASS_COUNT; c++)
		g_free(a.unowned[c]);
	g_hash_table_destroy(a.paths);
	g_hash_table_destroy(a.pids);
	return ok;
}
