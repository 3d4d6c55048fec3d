#include "views/ranks/rank_map.h"
#include <errno.h>
#include <json-c/json.h>
#include <string.h>
#include <zlib.h>
#include "sinks/table.h"

#define NOT_A_MAP "not a rank map (--summary rank --format jsonl of one trace)"

static json_object *member(json_object *o, const char *key)
{
	json_object *value = NULL;
	return json_object_object_get_ex(o, key, &value) ? value : NULL;
}

static gboolean integer(json_object *o, const char *key, gint64 *n)
{
	json_object *value = member(o, key);
	if (!json_object_is_type(value, json_type_int))
		return FALSE;
	*n = json_object_get_int64(value);
	return json_object_get_uint64(value) == (guint64)*n || *n < 0;
}

static gboolean natural(json_object *value, guint64 *n)
{
	if (!json_object_is_type(value, json_type_int) || json_object_get_int64(value) < 0)
		return FALSE;
	*n = json_object_get_uint64(value);
	return TRUE;
}

static const char *text(json_object *o, const char *key, gsize *len)
{
	json_object *value = member(o, key);
	if (!json_object_is_type(value, json_type_string))
		return NULL;
	*len = (gsize)json_object_get_string_len(value);
	return json_object_get_string(value);
}

/* A text member KEY without a NUL (absent, or another value: NULL). */
static const char *plain_text(json_object *o, const char *key, gsize *len)
{
	const char *t = text(o, key, len);
	return t && strlen(t) == *len ? t : NULL;
}

/* The reading of one map. */
struct reader {
	struct rank_record *r;
	GString *key, *why;
	GHashTable *seen;     /* an instance's id (GBytes) -> the line that had it */
	GHashTable *counters; /* (in step, step, key) (GBytes) -> the next number */
	gboolean timed;       /* a time was read: */
	gint64 first, last;   /* the earliest start and the latest end */
	gint64 durations, exposed; /* the events' durations, the exposed intervals' lengths */
	gint64 events, intervals;  /* how many lines of each the head says */
	gint lane;            /* the last exposed interval's lane and end */
	gint64 lane_end;
	gboolean any_interval;
};

/* [START, END) of a line: ordered, within 63 bits of every other time of the map. */
static const char *times(struct reader *m, gint64 start, gint64 end)
{
	gint64 span;
	if (end < start)
		return "an \"end\" before its \"start\"";
	m->first = m->timed ? MIN(m->first, start) : start;
	m->last = m->timed ? MAX(m->last, end) : end;
	m->timed = TRUE;
	if (__builtin_sub_overflow(m->last, m->first, &span))
		return "times that span more than 2^63 ns (292 years) with the map's others: spans would be wrong";
	return NULL;
}

/* The rank's line into R; the name of what is wrong, or NULL. */
static const char *read_head(json_object *o, struct reader *m, gint64 position)
{
	struct rank_record *r = m->r;
	gsize len;
	const char *view = text(o, "summary", &len);
	if (!view || strcmp(view, "rank") != 0)
		return "no \"summary\": \"rank\"";
	json_object *rank = member(o, "rank");
	guint64 number;
	r->by_position = !rank;
	r->rank = position;
	if (rank && (!natural(rank, &number) || number > (guint64)G_MAXINT64))
		return "a \"rank\" that is not a whole number from 0 to 2^63 - 1 (nor null)";
	if (rank)
		r->rank = (gint64)number;
	const char *options = text(o, "options", &len);
	if (!options)
		return "no \"options\": a rank map written before 2026-12-02, which recorded neither its options nor "
		       "what the page's bars read; make it again";
	r->options = g_strdup(options);
	gint64 steps, left_out;
	if (!integer(o, "steps", &steps) || steps < 0)
		return "no \"steps\"";
	r->steps = (guint64)steps;
	static const char *const keys[] = { "step total(ns)", "device busy(ns)", "compute(ns)", "communication(ns)",
					    "exposed communication(ns)", "host wait(ns)", "idle(ns)" };
	gint64 *figures[] = { &r->step_total, &r->busy, &r->compute, &r->communication, &r->exposed, &r->host_wait, &r->idle };
	for (guint i = 0; i < G_N_ELEMENTS(keys); i++)
		if (!integer(o, keys[i], figures[i]) || *figures[i] < 0)
			return keys[i];
	gint64 span;
	if (__builtin_add_overflow(r->busy, r->idle, &span))
		return "\"device busy(ns)\" and \"idle(ns)\" adding up past 2^63 - 1";
	if (r->compute > r->busy || r->communication > r->busy || r->exposed > r->communication ||
	    r->exposed > r->busy - r->compute || r->host_wait > r->idle)
		return "figures no trace has: compute or exposed communication above the busy time, or host wait above "
		       "the idle time";
	const char *devices = text(o, "devices", &len), *world = text(o, "world size", &len);
	r->devices = g_strdup(devices);
	r->world_size = g_strdup(world);
	json_object *numbers = member(o, "step numbers");
	if (!json_object_is_type(numbers, json_type_array))
		return "no \"step numbers\"";
	for (size_t i = 0; i < json_object_array_length(numbers); i++) {
		if (!natural(json_object_array_get_idx(numbers, i), &number))
			return "a step number that is not a whole number";
		if (i && number <= g_array_index(r->step_numbers, guint64, i - 1))
			return "\"step numbers\" not ascending, or one twice";
		g_array_append_val(r->step_numbers, number);
	}
	if (r->step_numbers->len > r->steps || (r->steps && !r->step_numbers->len))
		return "more \"step numbers\" than \"steps\", or steps without their numbers";
	if (!integer(o, "events", &m->events) || m->events < 0 || !integer(o, "exposed", &m->intervals) || m->intervals < 0)
		return "no \"events\" or \"exposed\" (how many lines of each)";
	const char *repeated = text(o, "repeated", &len);
	if (!integer(o, "left out", &left_out) || left_out < 0 || (left_out && !repeated))
		return "no \"left out\" (and its \"repeated\")";
	r->left_out = (guint64)left_out;
	r->repeated = left_out ? g_strdup(repeated) : NULL;
	gint64 zero_ids;
	if (!integer(o, "comms id 0", &zero_ids) || zero_ids < 0)
		return "no \"comms id 0\" (how many events had a Comms Id of 0)";
	r->zero_ids = (guint64)zero_ids;
	json_object *starts = member(o, "step starts(ns)"); /* absent in a map of before SPEC 26.6: unknown */
	if (starts && (!json_object_is_type(starts, json_type_array) ||
		       json_object_array_length(starts) != json_object_array_length(numbers)))
		return "\"step starts(ns)\" that is not a list as long as \"step numbers\"";
	for (size_t i = 0; starts && i < json_object_array_length(starts); i++) {
		json_object *start = json_object_array_get_idx(starts, i);
		if (!json_object_is_type(start, json_type_int))
			return "a step start that is not a whole number";
		gint64 ns = json_object_get_int64(start);
		g_array_append_val(r->step_starts, ns);
	}
	return NULL;
}

/* A Comms Id or Seq: the digits of a whole number from LEAST to 2^64 - 1. */
static gboolean id_digits(const char *id, guint64 least)
{
	guint64 n;
	return id && g_ascii_isdigit(id[0]) && (id[0] != '0' || !id[1]) &&
	       g_ascii_string_to_unsigned(id, 10, least, G_MAXUINT64, &n, NULL);
}

/* The process group of O ("group", "group ranks") into KEY; FALSE when it is none. */
static gboolean group_of(json_object *o, GString *key, gboolean named)
{
	gsize len, ranks_len;
	const char *group = plain_text(o, "group", &len), *ranks = plain_text(o, "group ranks", &ranks_len);
	if (!group || (named && !*group) || (member(o, "group ranks") && !ranks))
		return FALSE;
	rank_key_group(key, group, ranks);
	return TRUE;
}

static int compare_numbers(gconstpointer x, gconstpointer y)
{
	guint64 a = *(const guint64 *)x, b = *(const guint64 *)y;
	return (a > b) - (a < b);
}

/* An event's line (LINE) into M's record; what is wrong, or NULL. */
static const char *read_event(json_object *o, struct reader *m, guint64 line)
{
	struct rank_event e = { .device = -1 }; /* a map says no device */
	gsize len = 0;
	const char *why;
	if (!integer(o, "start", &e.start) || !integer(o, "end", &e.end))
		return "no \"start\" and \"end\" (ns)";
	if ((why = times(m, e.start, e.end)))
		return why;
	if (__builtin_add_overflow(m->durations, e.end - e.start, &m->durations))
		return "the events' durations adding up past 2^63 ns (292 years): sums would be wrong";
	gint64 lane;
	if (!integer(o, "lane", &lane) || lane < 0 || lane > G_MAXINT32)
		return "no \"lane\" (its device's key, a whole number)";
	e.lane = (gint)lane;
	const char *id = text(o, "comms id", &len), *seq = text(o, "seq", &len);
	g_autoptr(GString) instance = g_string_new(NULL);
	if (json_object_object_get_ex(o, "comms id", NULL)) {
		if (!id_digits(id, 1))
			return "a \"comms id\" that is not a whole number from 1 to 2^64 - 1 (as its digits)";
		e.kind = RANK_EVENT_COMMS;
		e.id = (char *)id;
		g_string_printf(instance, "i%s", id);
	} else if (json_object_object_get_ex(o, "seq", NULL)) {
		if (!id_digits(seq, 0))
			return "a \"seq\" that is not a whole number from 0 to 2^64 - 1 (as its digits)";
		if (!group_of(o, m->key, TRUE))
			return "a \"seq\" without a \"group\" (a non-empty text, with its \"group ranks\" text or none)";
		e.kind = RANK_EVENT_SEQ;
		e.id = (char *)seq;
		e.key = m->key->str;
		e.key_len = m->key->len;
		g_string_printf(instance, "s%s", seq);
		g_string_append_len(instance, m->key->str, (gssize)m->key->len + 1);
	} else {
		json_object *step = member(o, "step");
		if (!json_object_object_get_ex(o, "step", NULL) || (step && !natural(step, &e.step)))
			return "no \"step\" (a whole number or null)";
		e.in_step = step != NULL;
		if (e.in_step && !bsearch(&e.step, m->r->step_numbers->data, m->r->step_numbers->len, sizeof(guint64),
					  compare_numbers))
			return "a \"step\" that is not among the \"step numbers\"";
		gsize group_len, ranks_len;
		const char *collective = plain_text(o, "collective", &len), *name;
		const char *group = plain_text(o, "group", &group_len), *ranks = plain_text(o, "group ranks", &ranks_len);
		if (collective && group && (!member(o, "group ranks") || ranks))
			rank_key_collective(m->key, collective, group, ranks);
		else if ((name = text(o, "name", &len)))
			rank_key_name(m->key, name, len);
		else
			return "no \"collective\" and \"group\" (texts without a NUL, with its \"group ranks\" or none), nor \"name\"";
		if (!natural(member(o, "number"), &e.number))
			return "no \"number\"";
		e.key = m->key->str;
		e.key_len = m->key->len;
		g_string_append_c(instance, 'n');
		g_string_append_c(instance, (char)e.in_step);
		g_string_append_len(instance, (const char *)&e.step, sizeof e.step);
		g_string_append_len(instance, e.key, (gssize)e.key_len);
		GBytes *counter = g_bytes_new(instance->str, instance->len);
		guint64 due = (guint64)GPOINTER_TO_SIZE(g_hash_table_lookup(m->counters, counter));
		g_string_append_len(instance, (const char *)&e.number, sizeof e.number);
		if (e.number > due) {
			g_bytes_unref(counter);
			g_string_printf(m->why, "\"number\" %" G_GUINT64_FORMAT " where %" G_GUINT64_FORMAT " is due: the events "
				        "of a step and group key are numbered 0, 1, 2 ... in order", e.number, due);
			return m->why->str;
		}
		if (e.number == due)
			g_hash_table_replace(m->counters, counter, GSIZE_TO_POINTER(due + 1));
		else
			g_bytes_unref(counter);
	}
	GBytes *bytes = g_bytes_new(instance->str, instance->len);
	guint64 before = (guint64)GPOINTER_TO_SIZE(g_hash_table_lookup(m->seen, bytes));
	if (before) {
		g_bytes_unref(bytes);
		g_string_printf(m->why, "the collective instance of line %" G_GUINT64_FORMAT " again: a rank has one event "
				"in an instance (its first, when a trace repeats an id)", before);
		return m->why->str;
	}
	g_hash_table_insert(m->seen, bytes, GSIZE_TO_POINTER(line));
	rank_record_add(m->r, &e);
	return NULL;
}

/* An exposed interval's line into M's record; what is wrong, or NULL. */
static const char *read_interval(json_object *o, struct reader *m)
{
	json_object *pair = member(o, "exposed");
	gint64 lane, start, end;
	if (!integer(o, "lane", &lane) || lane < 0 || lane > G_MAXINT32 || !json_object_is_type(pair, json_type_array) ||
	    json_object_array_length(pair) != 2)
		return "no \"lane\" and \"exposed\" ([start, end], ns)";
	json_object *ends[2] = { json_object_array_get_idx(pair, 0), json_object_array_get_idx(pair, 1) };
	gint64 *values[2] = { &start, &end };
	for (int i = 0; i < 2; i++) {
		if (!json_object_is_type(ends[i], json_type_int))
			return "an \"exposed\" interval that is not two whole numbers";
		*values[i] = json_object_get_int64(ends[i]);
		if (*values[i] == G_MAXINT64 && json_object_get_uint64(ends[i]) != (guint64)G_MAXINT64)
			return "an \"exposed\" interval past 2^63 - 1 ns";
	}
	const char *why = start >= end ? "an empty \"exposed\" interval" : times(m, start, end);
	if (why)
		return why;
	if (m->any_interval && (lane < m->lane || (lane == m->lane && start < m->lane_end)))
		return "an \"exposed\" interval out of order (by lane, then start) or overlapping the one before";
	m->any_interval = TRUE;
	m->lane = (gint)lane;
	m->lane_end = end;
	if (__builtin_add_overflow(m->exposed, end - start, &m->exposed) || m->exposed > m->r->exposed)
		return "\"exposed\" intervals adding up past its \"exposed communication(ns)\"";
	struct rank_interval part = { 0, (gint)lane, start, end };
	g_array_append_val(m->r->exposed_parts, part);
	return NULL;
}

/* The next line of IN into LINE (without its newline); FALSE at the end. */
static gboolean next_line(gzFile in, GString *line, gboolean *failed)
{
	char chunk[1 << 14];
	g_string_truncate(line, 0);
	while (gzgets(in, chunk, sizeof chunk)) {
		gsize n = strlen(chunk);
		g_string_append_len(line, chunk, (gssize)n);
		if (n && chunk[n - 1] == '\n')
			return TRUE;
	}
	int code;
	gzerror(in, &code);
	*failed = code != Z_OK && code != Z_STREAM_END;
	return line->len > 0;
}

/* LINE (the NUMBER-th) without a UTF-8 BOM (the first line's) and JSON's white space at either end. */
static void trim(GString *line, guint64 number)
{
	if (number == 1 && line->len >= 3 && memcmp(line->str, "\xEF\xBB\xBF", 3) == 0)
		g_string_erase(line, 0, 3);
	g_strstrip(line->str);
	line->len = strlen(line->str); /* a NUL is written \u0000: none in a line */
}

/* LINE as a JSON object (strict, as traces are read), or NULL. */
static json_object *parse(const GString *line)
{
	json_tokener *tokener = json_tokener_new();
	json_tokener_set_flags(tokener, JSON_TOKENER_STRICT);
	json_object *o = json_tokener_parse_ex(tokener, line->str, (int)line->len);
	gboolean parsed = json_tokener_get_error(tokener) == json_tokener_success &&
			  json_tokener_get_parse_end(tokener) == line->len && json_object_is_type(o, json_type_object);
	json_tokener_free(tokener);
	if (!parsed)
		json_object_put(o);
	return parsed ? o : NULL;
}

gboolean rank_map_is(const char *path)
{
	if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) /* a FIFO is never waited on: --merge refuses it */
		return FALSE;
	gzFile in = gzopen(path, "rb");
	if (!in)
		return FALSE;
	g_autoptr(GString) line = g_string_new(NULL);
	gboolean failed = FALSE, is = FALSE;
	for (guint64 number = 1; !is && next_line(in, line, &failed); number++) { /* the first line that is not blank */
		trim(line, number);
		if (!line->len)
			continue;
		json_object *o = parse(line);
		json_object *view = member(o, "summary");
		is = json_object_is_type(view, json_type_string) && strcmp(json_object_get_string(view), "rank") == 0;
		json_object_put(o);
		break;
	}
	gzclose(in);
	return is;
}

struct rank_record *rank_map_read(const char *path, gint64 position, GError **error)
{
	if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "not a regular file: --merge reads summary files");
		return NULL;
	}
	gzFile in = gzopen(path, "rb");
	if (!in) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s", g_strerror(errno ? errno : ENOENT));
		return NULL;
	}
	g_autoptr(RankRecord) r = rank_record_new();
	g_autoptr(GString) line = g_string_new(NULL), key = g_string_new(NULL), why_text = g_string_new(NULL);
	g_autoptr(GHashTable) seen = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	g_autoptr(GHashTable) counters = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	struct reader m = { .r = r, .key = key, .why = why_text, .seen = seen, .counters = counters };
	gboolean failed = FALSE, head = FALSE;
	const char *why = NULL;
	guint64 number = 0;
	while (!why && next_line(in, line, &failed)) {
		trim(line, ++number);
		if (!line->len)
			continue;
		json_object *o = parse(line);
		why = !o			       ? "not a JSON object"
		      : !head			       ? read_head(o, &m, position)
		      : member(o, "exposed")	       ? read_interval(o, &m)
		      : r->events->len < (guint64)m.events ? read_event(o, &m, number)
							 : "more event lines than its \"events\" says";
		head = TRUE;
		json_object_put(o);
	}
	gzclose(in);
	if (!why && failed)
		why = "cannot be read (gzip)";
	if (!why && !head)
		why = "empty";
	if (!why && ((guint64)m.events != r->events->len || (guint64)m.intervals != r->exposed_parts->len))
		why = "fewer or more lines than its \"events\" and \"exposed\" say";
	if (why) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "line %" G_GUINT64_FORMAT ": %s: " NOT_A_MAP, number, why);
		return NULL;
	}
	return g_steal_pointer(&r);
}
