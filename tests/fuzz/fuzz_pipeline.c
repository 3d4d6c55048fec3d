/* libFuzzer harness: bytes in, the whole pipeline (read, build, attribute,
 * write), CSV out to memory. The input is fed in two pieces, split where its
 * first byte says, so that chunk boundaries fall anywhere; the bits of its
 * last byte choose the options (memory columns, JSON Lines, a summary,
 * leaves). */
#include <stdint.h>
#include <stdio.h>
#include "attribute.h"
#include "read.h"
#include "summary.h"
#include "write.h"

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
	FILE *out = open_memstream(&csv, &csv_size);
	GArray *columns = g_array_new(FALSE, FALSE, sizeof(enum column));
	columns_parse("+Operation,depth,self host duration(ms),self device duration(ms),Input Dims,Input Type,"
		      "host memory(bytes),self device memory(bytes)", FALSE, columns, NULL);
	struct write_config write_config = {
		.min_depth = -1, .max_depth = (int)(size % 5) - 1, .columns = columns,
		.jsonl = choice & 2, .leaves = choice & 8, .skip_empty_shapes = choice & 16,
	};
	struct write_result result;
	if (choice & 4) {
		GArray *summary_columns = g_array_new(FALSE, FALSE, sizeof(enum summary_column));
		summary_columns_parse(NULL, summary_columns, NULL);
		write_summary(out, forest, attribution, &write_config, choice & 32 ? SUMMARY_NAME : SUMMARY_PATH,
			      summary_columns, &result.rows);
		g_array_free(summary_columns, TRUE);
	} else {
		write_csv(out, forest, attribution, &write_config, &result);
	}
	g_array_free(columns, TRUE);
	fclose(out);
	free(csv);
	attribution_free(attribution);
	forest_free(forest);
	trace_free(trace);
	return 0;
}
