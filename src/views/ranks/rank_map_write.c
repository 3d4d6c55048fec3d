#include "views/ranks/rank_map_write.h"
#include <json-c/json.h>
#include <string.h>

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

static void add_text(json_object *o, const char *key, const char *text, gsize len)
{
	json_object_object_add(o, key, json_object_new_string_len(text, (int)len));
}

/* GROUP (LEN bytes: a name, then NUL and its ranks when known) as "group" and "group ranks". */
static void add_group(json_object *o, const char *group, gsize len)
{
	const char *nul = memchr(group, '\0', len);
	add_text(o, "group", group, nul ? (gsize)(nul - group) : len);
	if (nul)
		add_text(o, "group ranks", nul + 1, len - (gsize)(nul - group) - 1);
}

gboolean rank_map_write(struct output *out, const struct rank_record *r, const char *rank)
{
	json_object *head = json_object_new_object();
	json_object_object_add(head, "summary", json_object_new_string("rank"));
	gint64 number = rank_number(rank, -1);
	json_object_object_add(head, "rank", number >= 0 ? json_object_new_int64(number) : NULL);
	json_object_object_add(head, "options", json_object_new_string(r->options ? r->options : ""));
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
	add_int(head, "exposed", r->exposed_parts->len);
	json_object_object_add(head, "left out", json_object_new_uint64(r->left_out));
	json_object_object_add(head, "repeated", r->repeated ? json_object_new_string(r->repeated) : NULL);
	json_object_object_add(head, "comms id 0", json_object_new_uint64(r->zero_ids));
	if (!write_object(out, head))
		return FALSE;
	for (guint i = 0; i < r->events->len; i++) {
		const struct rank_event *e = &g_array_index(r->events, struct rank_event, i);
		json_object *line = json_object_new_object();
		if (e->kind == RANK_EVENT_COMMS) {
			json_object_object_add(line, "comms id", json_object_new_string(e->id));
		} else if (e->kind == RANK_EVENT_SEQ) {
			add_group(line, e->key, e->key_len);
			json_object_object_add(line, "seq", json_object_new_string(e->id));
		} else {
			json_object_object_add(line, "step", e->in_step ? json_object_new_uint64(e->step) : NULL);
			if (e->key[0] == 'c') {
				gsize name = strlen(e->key);
				json_object_object_add(line, "collective", json_object_new_string(e->key + 1));
				add_group(line, e->key + name + 1, e->key_len - name - 1);
			} else {
				add_text(line, "name", e->key + 1, e->key_len - 1);
			}
			json_object_object_add(line, "number", json_object_new_uint64(e->number));
		}
		add_int(line, "lane", e->lane);
		add_int(line, "start", e->start);
		add_int(line, "end", e->end);
		if (!write_object(out, line))
			return FALSE;
	}
	for (guint i = 0; i < r->exposed_parts->len; i++) {
		const struct rank_interval *part = &g_array_index(r->exposed_parts, struct rank_interval, i);
		json_object *line = json_object_new_object(), *pair = json_object_new_array();
		add_int(line, "lane", part->lane);
		json_object_array_add(pair, json_object_new_int64(part->start));
		json_object_array_add(pair, json_object_new_int64(part->end));
		json_object_object_add(line, "exposed", pair);
		if (!write_object(out, line))
			return FALSE;
	}
	return TRUE;
}
