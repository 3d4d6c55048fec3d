#include "views/compare/compare.h"
#include "views/ranks/rank_record.h"
#include "attribution/memory_devices.h"

void collected_clear(struct collected *collected)
{
	g_clear_pointer(&collected->groups, groups_free);
	g_clear_pointer(&collected->record, rank_record_free);
	g_clear_pointer(&collected->fail_on_record, rank_record_free);
	g_clear_pointer(&collected->rank, g_free);
	g_clear_pointer(&collected->devices, g_free);
	g_clear_pointer(&collected->world_size, g_free);
	g_clear_pointer(&collected->memory_rows, g_ptr_array_unref); /* before what they read */
	g_clear_pointer(&collected->memory, memory_devices_free);
	g_clear_pointer(&collected->memory_rank, g_free);
	g_clear_pointer(&collected->findings, g_ptr_array_unref);
	g_clear_pointer(&collected->findings_exposed, g_array_unref);
	g_clear_pointer(&collected->gate_busy, g_array_unref);
	g_clear_pointer(&collected->gate_host, g_array_unref);
	g_clear_pointer(&collected->critical, critical_graph_free);
}
