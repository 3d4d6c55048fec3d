/* libFuzzer harness: bytes in, the whole pipeline (read, build, attribute,
 * write), CSV out to memory. The input is fed in two pieces, split where its
 * first byte says, so that chunk boundaries fall anywhere. */
#include <stdint.h>
#include <stdio.h>
#include "attribute.h"
#include "read.h"
#include "write.h"

static char *monitor[] = { "cpu_op", "user_annotation", "python_function", NULL };
static char *launch[] = { "cuda_runtime", "cuda_driver", NULL };
static char *device[] = { "kernel", "gpu_memcpy", "gpu_memset", NULL };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct read_config config = {
		.monitor_cats = monitor, .host_cats = launch, .device_cats = device, .threads = 1,
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
	struct write_config write_config = { .min_depth = -1, .max_depth = (int)(size % 5) - 1 };
	struct write_result result;
	write_csv(out, forest, attribution, &write_config, &result);
	fclose(out);
	free(csv);
	attribution_free(attribution);
	forest_free(forest);
	trace_free(trace);
	return 0;
}
