/* libFuzzer harness: bytes in, the whole pipeline (read, build, attribute,
 * write), CSV out to memory. The input is fed in two pieces, split where its
 * first byte says, so that chunk boundaries fall anywhere; the bits of its
 * last byte choose the options (memory columns, JSON Lines, a summary,
 * leaves). */
#include <stdint.h>
#include <stdio.h>
#include "attribution/attribute.h"
#include "input/read.h"
#include "views/summaries/summary.h"
#include "views/summaries/summaries.h"
#include "views/table/write.h"
#include "sinks/sink_csv.h"
#include "sinks/sink_jsonl.h"

static char *monitor[] = { "cpu_op", "user_annotation", "python_function", NULL };
static char *launch[] = { "cuda_runtime", "cuda_driver", NULL };
static char *device[] = { "kernel", "gpu_memcpy", "gpu_memset", NULL };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	guint8 choice = size ? data[size - 1] : 0;
	struct read_config config = {
		.monitor_cats = monitor, .host_cats = launch, .device_cats = device, .threads = 1,
		.event_extras = TRUE, .memory = choice & 1, .json_values = choice & 2,
	};
	gsize split = size ? data[0] % (size + 1) : 0;
	GError *error = NULL;
	struct reader *reader = reader_new(&config);
	gboolean ok = reader_feed(reader, (const char *)data, split, &error) &&
		      reader_feed(reader, (const char *)data + split, size - split, &error) &&
		      reader_finish(reader, &error);
	struct trace *trace = ok ? reader_steal_trace(reader) : NULL;
	reader_free(reader);
	g_clear_error(&error);
	if (!trace)
		return 0;
	struct forest *forest = forest_build(trace);
	struct attribution *attribution = attribute(trace, forest);
	char *csv = NULL;
	size_t csv_size = 0;
	FILE *file = open_memstream(&csv, &csv_size);
	struct output out;
	output_wrap(&out, file);
	GPtrArray *columns = g_ptr_array_new();
	if (choice & 4)
		catalogue_pick(summary_catalogue(choice & 32 ? SUMMARY_NAME : SUMMARY_PATH), NULL, COLUMN_DEFAULT, columns, NULL);
	else
		catalogue_pick(node_catalogue(), "+Operation,depth,self host duration(ms),self device duration(ms),device busy(ms),"
			       "Input Dims,Input Type,host memory(bytes),self device memory(bytes)", COLUMN_DEFAULT,
			       columns, NULL);
	struct selection selection = {
		.min_depth = -1, .max_depth = (int)(size % 5) - 1, .leaves = choice & 8, .skip_empty_shapes = choice & 16,
	};
	struct meta_column meta = { "Model", "m" };
	struct layout layout = { &meta, choice & 64 ? 1 : 0, columns };
	struct write_config write_config = {
		.selection = &selection, .layout = &layout, .format = choice & 2 ? &jsonl_sink : &csv_sink,
	};
	struct write_result result;
	if (choice & 4)
		write_summary(&out, forest, attribution, &write_config, choice & 32 ? SUMMARY_NAME : SUMMARY_PATH,
			      &result.rows);
	else
		write_nodes(&out, forest, attribution, &write_config, &result);
	output_commit(&out, NULL);
	g_ptr_array_free(columns, TRUE);
	fclose(file);
	free(csv);
	attribution_free(attribution);
	forest_free(forest);
	trace_free(trace);
	return 0;
}
