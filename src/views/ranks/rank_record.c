#include "views/ranks/rank_record.h"
#include <string.h>
#include "output/output_names.h"
#include "views/collectives/collective_args.h"
#include "views/collectives/collective_source.h"

static void event_clear(gpointer data)
{
	struct rank_event *event = data;
	g_free(event->key);
	g_free(event->id);
}

struct rank_record *rank_record_new(void)
{
	struct rank_record *record = g_new0(struct rank_record, 1);
	record->step_numbers = g_array_new(FALSE, FALSE, sizeof(guint64));
	record->step_starts = g_array_new(FALSE, FALSE, sizeof(gint64));
	record->events = g_array_new(FALSE, FALSE, sizeof(struct rank_event));
	g_array_set_clear_func(record->events, event_clear);
	record->exposed_parts = g_array_new(FALSE, FALSE, sizeof(struct rank_interval));
	return record;
}

void rank_record_free(struct rank_record *record)
{
	if (!record)
		return;
	g_array_free(record->step_numbers, TRUE);
	g_array_free(record->step_starts, TRUE);
	g_array_free(record->events, TRUE);
	g_array_free(record->exposed_parts, TRUE);
	g_free(record->repeated);
	if (record->rows)
		g_ptr_array_free(record->rows, TRUE);
	g_free(record->devices);
	g_free(record->world_size);
	g_free(record->options);
	g_free(record);
}

void rank_record_add(struct rank_record *record, const struct rank_event *event)
{
	struct rank_event copy = *event;
	copy.key = event->key ? g_memdup2(event->key, event->key_len + 1) : NULL;
	copy.id = g_strdup(event->id);
	g_array_append_val(record->events, copy);
}

void rank_key_group(GString *key, const char *group, const char *ranks)
{
	g_string_assign(key, group ? group : "");
	if (ranks) {
		g_string_append_len(key, "", 1);
		g_string_append(key, ranks);
	}
}

void rank_key_collective(GString *key, const char *name, const char *group, const char *ranks)
{
	g_string_assign(key, "c");
	g_string_append(key, name);
	g_string_append_len(key, "", 1);
	g_string_append(key, group ? group : "");
	if (ranks) {
		g_string_append_len(key, "", 1);
		g_string_append(key, ranks);
	}
}

void rank_key_name(GString *key, const char *name, gsize len)
{
	g_string_assign(key, "n");
	g_string_append_len(key, name, (gssize)len);
}

/* The group KEY (LEN bytes) as text: "tp", "tp [0, 1]". */
static char *group_text(const char *key, gsize len)
{
	const char *nul = memchr(key, '\0', len);
	if (!nul)
		return g_strndup(key, len);
	return g_strdup_printf("%.*s%s%.*s", (int)(nul - key), key, nul > key ? " " : "", (int)(len - (gsize)(nul - key) - 1),
			       nul + 1);
}

char *rank_group_shown(const char *key, gsize len)
{
	g_autofree char *text = group_text(key, len);
	return output_shown(text);
}

char *rank_key_shown(const char *key, gsize len)
{
	g_autofree char *text = NULL;
	if (key[0] == 'c') {
		gsize name = strlen(key);
		const char *group = key + name + 1;
		g_autofree char *shown = group_text(group, len - name - 1);
		text = *shown ? g_strdup_printf("%s (process group %s)", key + 1, shown) : g_strdup(key + 1);
	} else {
		text = g_strndup(key + 1, len - 1); /* up to a NUL in the name */
	}
	return output_shown(text);
}

/* The index in R's rows of EVENT's collective row (SPEC 15.2), made when new. */
static guint row_index(struct rank_record *r, GHashTable *row_of, GString *key, struct collective_source *source,
		       const struct event *event, guint owner)
{
	struct collective_args own, named = { 0 };
	const struct collective_args *args = NULL;
	if (collective_args_read(event->args, &own))
		args = &own;
	else if (!(args = collective_source_recorded(source, owner)))
		args = collective_named_args(&named, event);
	collective_row_key(key, args, args == &named);
	gpointer found;
	guint index;
	if (g_hash_table_lookup_extended(row_of, key, NULL, &found)) {
		index = GPOINTER_TO_UINT(found) - 1;
	} else {
		struct collective_row *row = collective_row_new(args, args == &named, key);
		index = r->rows->len;
		g_ptr_array_add(r->rows, row);
		g_hash_table_insert(row_of, row->key, GUINT_TO_POINTER(index + 1));
	}
	collective_row_add(r->rows->pdata[index], event->dur);
	collective_args_clear(&own);
	collective_args_clear(&named);
	return index;
}

/* The ranks of process group GROUP: RANKS (its event's own), else those of
 * its record_param_comms op (the op of LAUNCH) when that op names the same
 * group; NULL when neither says. */
static const char *group_ranks(struct collective_source *source, const struct attribution *a, guint launch,
			       const char *group, const char *ranks)
{
	if (ranks || launch == NO_LAUNCH)
		return ranks;
	const struct collective_args *recorded = collective_source_recorded(source, a->owner[launch]);
	return recorded && g_strcmp0(recorded->cells[FIELD_GROUP].text ? recorded->cells[FIELD_GROUP].text : "",
				     group ? group : "") == 0
		       ? recorded->group_ranks
		       : NULL;
}

struct step_start {
	guint64 number;
	gint64 start;
};

static int compare_starts(gconstpointer x, gconstpointer y)
{
	const struct step_start *a = x, *b = y;
	if (a->number != b->number)
		return (a->number > b->number) - (a->number < b->number);
	return (a->start > b->start) - (a->start < b->start);
}

/* *TOTAL + ADD; past 2^63 - 1, R says so (WHAT). */
static void sum(struct rank_record *r, gint64 *total, gint64 add, const char *what)
{
	if (__builtin_add_overflow(*total, add, total) && !r->too_long)
		r->too_long = what;
}

/* The figures of the timeline's devices, summed, and the steps. */
static void figures(struct rank_record *r, const struct steps *steps, const struct timeline *timeline)
{
	for (guint d = 0; timeline && d < timeline->count; d++) { /* each below the trace's span, or its durations' sum */
		const struct timeline_device *device = &timeline->devices[d];
		sum(r, &r->busy, device->busy, "the devices' busy times");
		r->compute += device->class_busy[CLASS_COMPUTE];
		r->communication += device->class_busy[CLASS_COMMUNICATION];
		r->exposed += device->class_busy[CLASS_COMMUNICATION] - device->overlap;
		sum(r, &r->host_wait, device->host_wait, "the devices' host waits");
		sum(r, &r->idle, device->idle, "the devices' idle times");
	}
	gint64 span;
	if (!r->too_long && __builtin_add_overflow(r->busy, r->idle, &span))
		r->too_long = "the devices' spans";
	g_autoptr(GArray) starts = g_array_new(FALSE, FALSE, sizeof(struct step_start));
	for (guint i = 0; steps && i < steps->count; i++) {
		r->steps++;
		r->step_total += steps->events[i].dur;
		struct step_start s = { steps->number[i], steps->events[i].ts };
		g_array_append_val(starts, s);
	}
	g_array_sort(starts, compare_starts); /* by number, the earliest start first */
	for (guint i = 0; i < starts->len; i++) {
		const struct step_start *s = &g_array_index(starts, struct step_start, i);
		if (i && s->number == s[-1].number)
			continue;
		g_array_append_val(r->step_numbers, s->number);
		g_array_append_val(r->step_starts, s->start);
	}
}

struct rank_record *rank_record_of(const struct forest *forest, const struct attribution *a,
				   const struct steps *steps, const struct timeline *timeline,
				   const GRegex *communication, gboolean rows)
{
	struct rank_record *r = rank_record_new();
	g_autoptr(GHashTable) row_of = NULL; /* the row's key (a GString, owned by the row) -> its index + 1 */
	g_autoptr(GString) row_key = g_string_new(NULL);
	if (rows) {
		r->rows = g_ptr_array_new_with_free_func(collective_row_free);
		row_of = g_hash_table_new((GHashFunc)g_string_hash, (GEqualFunc)g_string_equal);
	}
	figures(r, steps, timeline);
	struct classifier classifier;
	classifier_init(&classifier, communication);
	g_autoptr(GHashTable) counters = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	g_autoptr(GHashTable) seen = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	struct collective_source *source = collective_source_new(forest);
	struct rank_lanes *lanes = rank_lanes_new(forest->thread_ids);
	g_autoptr(GString) key = g_string_new(NULL), counter = g_string_new(NULL);
	guint count = a->claimed + a->unclaimed;
	for (guint i = 0; i < count; i++) {
		const struct event *event = &a->by_time[i];
		enum device_class class = classify(&classifier, event);
		if (class != CLASS_COMMUNICATION) {
			if (class == CLASS_COMPUTE)
				rank_lanes_add(lanes, event, class, FALSE);
			continue;
		}
		guint launch = a->by_time_launch[i];
		struct rank_event out = { .start = event->ts, .end = event->ts + event->dur,
					  .device = event->has_device ? (gint)event->device : -1, .position = event->index };
		if (rows)
			out.row = row_index(r, row_of, row_key, source, event, launch == NO_LAUNCH ? NO_OWNER : a->owner[launch]);
		struct collective_ids ids;
		gboolean read = collective_ids_read(event->args, &ids);
		r->zero_ids += ids.zero;
		if (read) {
			out.kind = ids.comms_id ? RANK_EVENT_COMMS : RANK_EVENT_SEQ;
			out.id = ids.comms_id ? ids.comms_id : ids.seq;
			if (!ids.comms_id)
				rank_key_group(key, ids.group, group_ranks(source, a, launch, ids.group, ids.group_ranks));
			out.key = ids.comms_id ? NULL : key->str;
			out.key_len = ids.comms_id ? 0 : key->len;
			g_string_printf(counter, "%c%s", ids.comms_id ? 'i' : 's', out.id);
			if (out.key)
				g_string_append_len(counter, out.key, (gssize)out.key_len + 1);
			GBytes *id = g_bytes_new(counter->str, counter->len);
			gboolean first = g_hash_table_add(seen, id); /* the first of one id takes part */
			out.lane = rank_lanes_add(lanes, event, class, !first);
			if (first) {
				rank_record_add(r, &out);
			} else {
				r->left_out++;
				if (!r->repeated && ids.comms_id) {
					r->repeated = g_strdup_printf("Comms Id %s", out.id);
				} else if (!r->repeated) {
					g_autofree char *group = rank_group_shown(out.key, out.key_len);
					r->repeated = g_strdup_printf("Seq %s of process group %s", out.id, group);
				}
			}
			collective_ids_clear(&ids);
			continue;
		}
		collective_ids_clear(&ids);
		out.lane = rank_lanes_add(lanes, event, class, FALSE);
		guint step = launch != NO_LAUNCH && steps ? steps_find(steps, a->launches[launch].thread, a->launches[launch].ts)
							  : NO_STEP;
		out.in_step = step != NO_STEP;
		out.step = out.in_step ? steps->number[step] : 0;
		struct collective_args own;
		const struct collective_args *args = NULL;
		if (collective_args_read(event->args, &own))
			args = &own;
		else if (launch != NO_LAUNCH)
			args = collective_source_recorded(source, a->owner[launch]);
		const struct cell *name = args ? &args->cells[FIELD_NAME] : NULL;
		if (name && name->kind == CELL_STRING && name->text[0])
			rank_key_collective(key, name->text, args->cells[FIELD_GROUP].text,
					    group_ranks(source, a, launch, args->cells[FIELD_GROUP].text, args->group_ranks));
		else
			rank_key_name(key, event->name->text, event->name->len);
		collective_args_clear(&own);
		g_string_truncate(counter, 0);
		g_string_append_c(counter, (char)out.in_step);
		g_string_append_len(counter, (const char *)&out.step, sizeof out.step);
		g_string_append_len(counter, key->str, (gssize)key->len);
		GBytes *id = g_bytes_new(counter->str, counter->len);
		gpointer next = NULL;
		g_hash_table_lookup_extended(counters, id, NULL, &next);
		out.number = (guint64)GPOINTER_TO_SIZE(next);
		g_hash_table_replace(counters, id, GSIZE_TO_POINTER(out.number + 1));
		out.key = key->str;
		out.key_len = key->len;
		rank_record_add(r, &out);
	}
	rank_lanes_finish(lanes, r->exposed_parts);
	rank_lanes_free(lanes);
	collective_source_free(source);
	classifier_clear(&classifier);
	return r;
}
