#include "views/rank_map.h"
#include <errno.h>
#include <json-c/json.h>
#include <string.h>
#include <zlib.h>
#include "sinks/table.h"

#define NOT_A_MAP "not a rank map (--summary rank --format jsonl of one trace)"

static gboolean write_object(struct output *out, json_object *object)
{
	gsize len;
	const char *text = json_object_to_json_string_length(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	gboolean ok = output_write(out, text, len) && output_write(out, "\n", 1);
	json_object_put(object);
	return ok;
}

static void add_int(json_object *o, const char *key, gint64 n)
{
	json_object_object_add(o, key, json_object_new_int64(n));
}

gboolean rank_map_write(struct output *out, const struct rank_record *r, const char *rank)
{
	json_object *head = json_object_new_object();
	json_object_object_add(head, "summary", json_object_new_string("rank"));
	gint64 number = rank_number(rank, -1);
	json_object_object_add(head, "rank", number >= 0 ? json_object_new_int64(number) : NULL);
	add_int(head, "steps", (gint64)r->steps);
	add_int(head, "step total(ns)", r->step_total);
	json_object *numbers = json_object_new_array();
	for (guint i = 0; i < r->step_numbers->len; i++)
		json_object_array_add(numbers, json_object_new_uint64(g_array_index(r->step_numbers, guint64, i)));
	json_object_object_add(head, "step numbers", numbers);
	if (r->step_starts->len == r->step_numbers->len) { /* SPEC 26.6; unknown (read from an older map): none */
		json_object *starts = json_object_new_array();
		for (guint i = 0; i < r->step_starts->len; i++)
			json_object_array_add(starts, json_object_new_int64(g_array_index(r->step_starts, gint64, i)));
		json_object_object_add(head, "step starts(ns)", starts);
	}
	add_int(head, "device busy(ns)", r->busy);
	add_int(head, "compute(ns)", r->compute);
	add_int(head, "communication(ns)", r->communication);
	add_int(head, "exposed communication(ns)", r->exposed);
	add_int(head, "host wait(ns)", r->host_wait);
	add_int(head, "idle(ns)", r->idle);
	json_object_object_add(head, "devices", r->devices ? json_object_new_string(r->devices) : NULL);
	json_object_object_add(head, "world size", r->world_size ? json_object_new_string(r->world_size) : NULL);
	add_int(head, "events", r->events->len);
	if (!write_object(out, head))
		return FALSE;
	for (guint i = 0; i < r->events->len; i++) {
		const struct rank_event *e = &g_array_index(r->events, struct rank_event, i);
		json_object *line = json_object_new_object();
		if (e->kind == RANK_EVENT_COMMS) {
			json_object_object_add(line, "comms id", json_object_new_string(e->id));
		} else if (e->kind == RANK_EVENT_SEQ) {
			json_object_object_add(line, "group", json_object_new_string(e->key));
			json_object_object_add(line, "seq", json_object_new_string(e->id));
		} else {
			json_object_object_add(line, "step", e->in_step ? json_object_new_uint64(e->step) : NULL);
			if (e->key[0] == 'c') {
				json_object_object_add(line, "collective", json_object_new_string(e->key + 1));
				json_object_object_add(line, "group", json_object_new_string(e->key + strlen(e->key) + 1));
			} else {
				json_object_object_add(line, "name", json_object_new_string_len(e->key + 1, (int)e->key_len - 1));
			}
			json_object_object_add(line, "number", json_object_new_uint64(e->number));
		}
		add_int(line, "start", e->start);
		add_int(line, "end", e->end);
		if (!write_object(out, line))
			return FALSE;
	}
	return TRUE;
}

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

/* The rank's line into R; the name of what is wrong, or NULL. */
static const char *read_head(json_object *o, struct rank_record *r, gint64 position)
{
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
	gint64 steps;
	if (!integer(o, "steps", &steps) || steps < 0)
		return "no \"steps\"";
	r->steps = (guint64)steps;
	static const char *const keys[] = { "step total(ns)", "device busy(ns)", "compute(ns)", "communication(ns)",
					    "exposed communication(ns)", "host wait(ns)", "idle(ns)" };
	gint64 *figures[] = { &r->step_total, &r->busy, &r->compute, &r->communication, &r->exposed, &r->host_wait, &r->idle };
	for (guint i = 0; i < G_N_ELEMENTS(keys); i++)
		if (!integer(o, keys[i], figures[i]) || *figures[i] < 0)
			return keys[i];
	const char *devices = text(o, "devices", &len), *world = text(o, "world size", &len);
	r->devices = g_strdup(devices);
	r->world_size = g_strdup(world);
	json_object *numbers = member(o, "step numbers");
	if (!json_object_is_type(numbers, json_type_array))
		return "no \"step numbers\"";
	for (size_t i = 0; i < json_object_array_length(numbers); i++) {
		if (!natural(json_object_array_get_idx(numbers, i), &number))
			return "a step number that is not a whole number";
		g_array_append_val(r->step_numbers, number);
	}
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

/* An event's line into R; the name of what is wrong, or NULL. */
static const char *read_event(json_object *o, struct rank_record *r, GString *key)
{
	struct rank_event e = { .device = -1 }; /* a map says no device */
	gsize len = 0, group_len = 0;
	if (!integer(o, "start", &e.start) || !integer(o, "end", &e.end) || e.end < e.start)
		return "no \"start\" and \"end\" (ns, the end not before the start)";
	const char *id = text(o, "comms id", &len), *seq = text(o, "seq", &len), *group = text(o, "group", &group_len);
	if (id) {
		e.kind = RANK_EVENT_COMMS;
		e.id = (char *)id;
	} else if (seq) {
		if (!group)
			return "a \"seq\" without a \"group\"";
		e.kind = RANK_EVENT_SEQ;
		e.id = (char *)seq;
		e.key = (char *)group;
		e.key_len = group_len;
	} else {
		json_object *step = member(o, "step");
		if (!json_object_object_get_ex(o, "step", NULL) || (step && !natural(step, &e.step)))
			return "no \"step\" (a whole number or null)";
		e.in_step = step != NULL;
		const char *collective = text(o, "collective", &len), *name;
		if (collective && group)
			rank_key_collective(key, collective, group);
		else if ((name = text(o, "name", &len)))
			rank_key_name(key, name, len);
		else
			return "no \"collective\" and \"group\", nor \"name\"";
		if (!natural(member(o, "number"), &e.number))
			return "no \"number\"";
		e.key = key->str;
		e.key_len = key->len;
	}
	rank_record_add(r, &e);
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

gboolean rank_map_is(const char *path)
{
	if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) /* a FIFO is never waited on: --merge refuses it */
		return FALSE;
	gzFile in = gzopen(path, "rb");
	if (!in)
		return FALSE;
	g_autoptr(GString) line = g_string_new(NULL);
	gboolean failed = FALSE;
	gboolean is = next_line(in, line, &failed) && strstr(line->str, "\"summary\":\"rank\"") != NULL;
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
	g_autoptr(GString) line = g_string_new(NULL), key = g_string_new(NULL);
	gboolean failed = FALSE, head = FALSE;
	const char *why = NULL;
	guint64 number = 0;
	gint64 events = 0;
	while (!why && next_line(in, line, &failed)) {
		number++;
		g_strstrip(line->str);
		line->len = strlen(line->str); /* a NUL is written \u0000: none in a line */
		if (!line->len)
			continue;
		json_tokener *tokener = json_tokener_new();
		json_tokener_set_flags(tokener, JSON_TOKENER_STRICT);
		json_object *o = json_tokener_parse_ex(tokener, line->str, (int)line->len);
		gboolean parsed = json_tokener_get_error(tokener) == json_tokener_success &&
				  json_tokener_get_parse_end(tokener) == line->len && json_object_is_type(o, json_type_object);
		json_tokener_free(tokener);
		why = !parsed ? "not a JSON object"
		      : !head ? ((why = read_head(o, r, position)) ? why : integer(o, "events", &events) ? NULL : "no \"events\"")
			      : read_event(o, r, key);
		head = TRUE;
		json_object_put(o);
	}
	gzclose(in);
	if (!why && failed)
		why = "cannot be read (gzip)";
	if (!why && !head)
		why = "empty";
	if (!why && (guint64)events != r->events->len)
		why = "fewer or more event lines than its \"events\" says";
	if (why) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "line %" G_GUINT64_FORMAT ": %s: " NOT_A_MAP, number, why);
		return NULL;
	}
	return g_steal_pointer(&r);
}
