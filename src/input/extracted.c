#include "input/extracted.h"
#include <string.h>

struct extracted *extracted_new(void)
{
	struct extracted *out = g_new0(struct extracted, 1);
	for (int i = 0; i < OUT_ROLES; i++)
		out->events[i] = g_array_new(FALSE, FALSE, i == OUT_HOST ? sizeof(struct host_event) : sizeof(struct event));
	out->threads = threads_new();
	out->pending_threads = threads_new();
	out->begin_end = g_array_new(FALSE, FALSE, sizeof(struct pending_event));
	out->et_nodes = g_array_new(FALSE, FALSE, sizeof(struct et_node));
	out->memory = g_array_new(FALSE, FALSE, sizeof(struct memory_event));
	out->syncs = g_array_new(FALSE, FALSE, sizeof(struct sync_event));
	category_counts_init(&out->categories);
	out->stats.first_skipped_index = -1;
	return out;
}

void extracted_clear(struct extracted *out)
{
	if (!out)
		return;
	for (int i = 0; i < OUT_ROLES; i++)
		g_array_set_size(out->events[i], 0);
	threads_clear(out->threads);
	threads_clear(out->pending_threads);
	for (guint i = 0; i < out->begin_end->len; i++)
		json_object_put(g_array_index(out->begin_end, struct pending_event, i).event);
	g_array_set_size(out->begin_end, 0);
	g_array_set_size(out->et_nodes, 0);
	g_array_set_size(out->memory, 0);
	g_array_set_size(out->syncs, 0);
	memset(&out->stats, 0, sizeof out->stats);
	out->stats.first_skipped_index = -1;
}

void extracted_free(struct extracted *out)
{
	if (!out)
		return;
	for (int i = 0; i < OUT_ROLES; i++)
		g_array_free(out->events[i], TRUE);
	threads_free(out->threads);
	threads_free(out->pending_threads);
	for (guint i = 0; i < out->begin_end->len; i++)
		json_object_put(g_array_index(out->begin_end, struct pending_event, i).event);
	g_array_free(out->begin_end, TRUE);
	g_array_free(out->et_nodes, TRUE);
	g_array_free(out->memory, TRUE);
	g_array_free(out->syncs, TRUE);
	category_counts_clear(&out->categories);
	g_free(out);
}

void read_stats_note_skip(struct read_stats *stats, gint64 index, enum skip_reason reason)
{
	if (stats->first_skipped_index < 0 || index < stats->first_skipped_index) {
		stats->first_skipped_index = index;
		stats->first_skipped_reason = reason;
	}
	stats->skipped[reason]++;
}
