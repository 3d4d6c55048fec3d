#include "model/trace.h"

static void device_info_clear(gpointer data)
{
	struct device_info *device = data;
	g_free(device->id);
	g_free(device->name);
	g_free(device->compute_major);
	g_free(device->compute_minor);
	g_free(device->num_sms);
}

GHashTable *category_table_new(void)
{
	return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

struct trace *trace_new(void)
{
	struct trace *trace = g_new0(struct trace, 1);
	trace->monitored = g_array_new(FALSE, FALSE, sizeof(struct event));
	trace->launches = g_array_new(FALSE, FALSE, sizeof(struct event));
	trace->device = g_array_new(FALSE, FALSE, sizeof(struct event));
	trace->et_nodes = g_array_new(FALSE, FALSE, sizeof(struct et_node));
	trace->memory = g_array_new(FALSE, FALSE, sizeof(struct memory_event));
	trace->syncs = g_array_new(FALSE, FALSE, sizeof(struct sync_event));
	trace->steps = g_array_new(FALSE, FALSE, sizeof(struct event));
	trace->host = g_array_new(FALSE, FALSE, sizeof(struct host_event));
	trace->threads = threads_new();
	trace->names = names_new();
	trace->text = g_string_chunk_new(1 << 20);
	trace->worker_names = g_ptr_array_new_with_free_func((GDestroyNotify)names_free);
	trace->worker_text = g_ptr_array_new_with_free_func((GDestroyNotify)g_string_chunk_free);
	trace->extras = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
	trace->devices = g_array_new(FALSE, TRUE, sizeof(struct device_info));
	g_array_set_clear_func(trace->devices, device_info_clear);
	trace->versions = g_ptr_array_new_with_free_func(g_free);
	trace->categories = category_table_new();
	trace->stats.first_skipped_index = -1;
	return trace;
}

void trace_free(struct trace *trace)
{
	if (!trace)
		return;
	g_array_free(trace->monitored, TRUE);
	g_array_free(trace->launches, TRUE);
	g_array_free(trace->device, TRUE);
	g_array_free(trace->et_nodes, TRUE);
	g_array_free(trace->memory, TRUE);
	g_array_free(trace->syncs, TRUE);
	g_array_free(trace->steps, TRUE);
	g_array_free(trace->host, TRUE);
	threads_free(trace->threads);
	names_free(trace->names);
	g_string_chunk_free(trace->text);
	g_ptr_array_free(trace->worker_names, TRUE);
	g_ptr_array_free(trace->worker_text, TRUE);
	g_ptr_array_free(trace->extras, TRUE);
	g_array_free(trace->devices, TRUE);
	g_free(trace->rank);
	g_free(trace->world_size);
	g_ptr_array_free(trace->versions, TRUE);
	g_hash_table_destroy(trace->categories);
	g_free(trace);
}

const char *skip_reason_text(enum skip_reason reason)
{
	static const char *const texts[SKIP_REASONS] = {
		[SKIP_NO_TS] = "no ts",
		[SKIP_BAD_TS] = "ts is not a number in range",
		[SKIP_NO_DUR] = "no dur",
		[SKIP_BAD_DUR] = "dur is not a number in range",
		[SKIP_NEGATIVE_DUR] = "dur is negative",
		[SKIP_UNMATCHED_B] = "B event without a matching E",
		[SKIP_UNMATCHED_E] = "E event without a matching B",
		[SKIP_NOT_OBJECT] = "not a JSON object",
	};
	return texts[reason];
}

const char *memory_field_name(enum memory_field field)
{
	static const char *const names[MEMORY_FIELDS] = { "Bytes", "Total Allocated", "Total Reserved", "Device Type",
							  "Device Id" };
	return names[field];
}

const char *memory_field_range(enum memory_field field)
{
	return field == MEMORY_TOTAL_ALLOCATED || field == MEMORY_TOTAL_RESERVED ? "an integer from 0 to 2^63 - 1"
										 : "an integer from -2^63 to 2^63 - 1";
}

gint64 read_stats_skipped(const struct read_stats *stats)
{
	gint64 total = 0;
	for (int i = 0; i < SKIP_REASONS; i++)
		total += stats->skipped[i];
	return total;
}

void read_stats_add(struct read_stats *into, const struct read_stats *from)
{
	for (int i = 0; i < SKIP_REASONS; i++)
		into->skipped[i] += from->skipped[i];
	if (from->first_skipped_index >= 0 &&
	    (into->first_skipped_index < 0 || from->first_skipped_index < into->first_skipped_index)) {
		into->first_skipped_index = from->first_skipped_index;
		into->first_skipped_reason = from->first_skipped_reason;
	}
	into->invalid_utf8 += from->invalid_utf8;
	into->legacy += from->legacy;
	into->memory_sum_skipped += from->memory_sum_skipped;
	if (from->memory_sum_first && (!into->memory_sum_first || from->memory_sum_first < into->memory_sum_first))
		into->memory_sum_first = from->memory_sum_first;
	for (int i = 0; i < MEMORY_FIELDS; i++) {
		into->memory_skipped[i] += from->memory_skipped[i];
		if (from->memory_first[i] && (!into->memory_first[i] || from->memory_first[i] < into->memory_first[i]))
			into->memory_first[i] = from->memory_first[i];
	}
}

gboolean trace_legacy(const struct trace *trace)
{
	if (trace->stats.legacy <= 0 || !trace->categories)
		return FALSE;
	guint64 categorized = 0;
	GHashTableIter iter;
	gpointer count;
	g_hash_table_iter_init(&iter, trace->categories);
	while (g_hash_table_iter_next(&iter, NULL, &count))
		categorized += *(const guint64 *)count;
	return categorized == (guint64)trace->stats.legacy;
}
