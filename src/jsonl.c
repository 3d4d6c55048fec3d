#include "jsonl.h"
#include <stdlib.h>
#include <string.h>
#include "timefmt.h"

static json_object *exact_number(GString *text)
{
	return json_object_new_double_s(g_ascii_strtod(text->str, NULL), text->str);
}

json_object *jsonl_ms(gint64 ns)
{
	g_autoptr(GString) text = g_string_new(NULL);
	time_append_ms(text, ns);
	return exact_number(text);
}

json_object *jsonl_us(gint64 ns)
{
	g_autoptr(GString) text = g_string_new(NULL);
	time_append_us(text, ns);
	return exact_number(text);
}

json_object *jsonl_value(const char *text)
{
	return text ? json_tokener_parse(text) : NULL;
}

void jsonl_append(GString *line, json_object *object)
{
	g_string_append(line, json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	g_string_append_c(line, '\n');
	json_object_put(object);
}

static json_object *text_of(const struct name *name)
{
	return json_object_new_string_len(name->text, (int)name->len);
}

/* {"name": .., "dur_ms": .., "ts_us": ..}, with "args" for device events. */
static json_object *entry(const struct event *event, gboolean with_args)
{
	json_object *object = json_object_new_object();
	json_object_object_add(object, "name", text_of(event->name));
	json_object_object_add(object, "dur_ms", jsonl_ms(event->dur));
	json_object_object_add(object, "ts_us", jsonl_us(event->ts));
	if (with_args)
		json_object_object_add(object, "args", jsonl_value(event->args));
	return object;
}

static json_object *launch_list(const struct attribution *a, const GArray *launches)
{
	json_object *array = json_object_new_array();
	for (guint k = 0; k < launches->len; k++)
		json_object_array_add(array, entry(&a->launches[g_array_index(launches, guint, k)], FALSE));
	return array;
}

/* The device events of the launches: full entries, or {"name", "args"} for kernel infos. */
static json_object *device_list(const struct attribution *a, const GArray *launches, gboolean infos)
{
	json_object *array = json_object_new_array();
	for (guint k = 0; k < launches->len; k++) {
		guint l = g_array_index(launches, guint, k);
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
			if (!infos) {
				json_object_array_add(array, entry(&a->device[d], TRUE));
				continue;
			}
			json_object *info = json_object_new_object();
			json_object_object_add(info, "name", text_of(a->device[d].name));
			json_object_object_add(info, "args", jsonl_value(a->device[d].args));
			json_object_array_add(array, info);
		}
	}
	return array;
}

static json_object *value(enum column column, guint node, const GString *path, const struct forest *f,
			  const struct attribution *a, const GArray *launches, const struct row_facts *facts)
{
	const struct node_sums *sums = &facts->sums;
	const struct memory_sums *memory = &facts->memory;
	const struct et_node *et = facts->et;
	const struct event *event = &f->events[node];
	const struct thread_id *thread = f->thread_ids->pdata[event->thread];
	const struct event_extra *extra = event->extra;
	switch (column) {
	case COL_NAME: return json_object_new_string_len(path->str, (int)path->len);
	case COL_ARGS: return jsonl_value(event->args);
	case COL_HOST_DURATION: return jsonl_ms(event->dur);
	case COL_DEVICE_DURATION: return jsonl_ms(sums->device_time);
	case COL_LAUNCH_DURATION: return jsonl_ms(sums->launch_time);
	case COL_CUDA_RUNTIME:
	case COL_LAUNCH_TS: return launch_list(a, launches);
	case COL_KERNELS:
	case COL_KERNEL_TS: return device_list(a, launches, FALSE);
	case COL_KERNEL_INFOS: return device_list(a, launches, TRUE);
	case COL_HOST_TS: return jsonl_us(event->ts);
	case COL_OPERATION: return text_of(event->name);
	case COL_DEPTH: return json_object_new_int64(f->depth[node]);
	case COL_PID: return json_object_new_string(thread->pid);
	case COL_TID: return json_object_new_string(thread->tid);
	case COL_CATEGORY: return text_of(event->category);
	case COL_SELF_HOST_DURATION: return jsonl_ms(node_self_host_time(f, node));
	case COL_SELF_DEVICE_DURATION: return jsonl_ms(sums->self_device_time);
	case COL_LAUNCH_COUNT: return json_object_new_int64(launches->len);
	case COL_DEVICE_EVENT_COUNT: return json_object_new_int64((gint64)sums->device_events);
	case COL_INPUT_DIMS: return jsonl_value(extra ? extra->input_dims : NULL);
	case COL_INPUT_TYPE: return jsonl_value(extra ? extra->input_type : NULL);
	case COL_ET_NODE: return et ? json_object_new_int64(et->id) : NULL;
	case COL_OP_SCHEMA: return et && et->op_schema ? json_object_new_string(et->op_schema) : NULL;
	case COL_INPUT_SHAPES: return jsonl_value(et ? et->input_shapes : NULL);
	case COL_INPUT_TYPES: return jsonl_value(et ? et->input_types : NULL);
	case COL_OUTPUT_SHAPES: return jsonl_value(et ? et->output_shapes : NULL);
	case COL_OUTPUT_TYPES: return jsonl_value(et ? et->output_types : NULL);
	case COL_HOST_MEMORY: return json_object_new_int64(memory->host);
	case COL_SELF_HOST_MEMORY: return json_object_new_int64(memory->self_host);
	case COL_DEVICE_MEMORY: return json_object_new_int64(memory->device);
	case COL_SELF_DEVICE_MEMORY: return json_object_new_int64(memory->self_device);
	case COL_COUNT: break;
	}
	return NULL;
}

void jsonl_append_row(GString *line, guint node, const GString *path, const struct forest *f,
		      const struct attribution *a, const struct write_config *config, const GArray *launches,
		      const struct row_facts *facts)
{
	json_object *row = json_object_new_object();
	for (guint m = 0; m < config->meta_count; m++)
		json_object_object_add(row, config->meta[m].name, json_object_new_string(config->meta[m].value));
	for (guint c = 0; c < config->columns->len; c++) {
		enum column column = g_array_index(config->columns, enum column, c);
		json_object_object_add(row, column_name(column), value(column, node, path, f, a, launches, facts));
	}
	jsonl_append(line, row);
}
