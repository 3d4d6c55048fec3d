/* Small traces written inline for the unit tests, read by the real reader. */
#ifndef PP_FIXTURE_H
#define PP_FIXTURE_H

#include "input/read.h"

/* A complete event of thread TID (pid 1); times in microseconds. */
#define EV(cat, name, ts, dur, tid) \
	"{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":1,\"tid\":" #tid ",\"ts\":" #ts ",\"dur\":" #dur "}"
#define OP(name, ts, dur, tid) EV("cpu_op", name, ts, dur, tid)
#define LAUNCH(cat, name, ts, dur, tid, corr) \
	"{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":1,\"tid\":" #tid ",\"ts\":" #ts ",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr "}}"
#define KERNEL(name, ts, dur, corr) \
	"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" name "\",\"pid\":0,\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr "}}"

/* A launch of process PID (thread 1) at TS (1 us long), correlation CORR. */
#define PLAUNCH(pid, ts, corr)                                                                                 \
	"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":" #pid ",\"tid\":1,\"ts\":" #ts \
	",\"dur\":1,\"args\":{\"correlation\":" #corr "}}"
/* A kernel on device DEVICE: [TS, TS + DUR), correlation CORR. */
#define DKERNEL(device, ts, dur, corr)                                                                          \
	"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur          \
	",\"args\":{\"correlation\":" #corr ",\"device\":" #device "}}"

static char *fixture_cpu_op[] = { "cpu_op", NULL };
static char *fixture_launch[] = { "cuda_runtime", "cuda_driver", NULL };
static char *fixture_device[] = { "kernel", "gpu_memcpy", "gpu_memset", NULL };

static inline struct read_config fixture_config(void)
{
	struct read_config config = {
		.monitor_cats = fixture_cpu_op,
		.host_cats = fixture_launch,
		.device_cats = fixture_device,
	};
	return config;
}

/* Reads JSON fed in pieces of CHUNK bytes (0: all at once); NULL on error. */
static inline struct trace *fixture_read_chunked(const char *json, const struct read_config *config, gsize chunk,
						 GError **error)
{
	struct reader *reader = reader_new(config);
	gsize len = strlen(json);
	gboolean ok = TRUE;
	if (!chunk)
		chunk = len ? len : 1;
	for (gsize at = 0; ok && at < len; at += chunk)
		ok = reader_feed(reader, json + at, MIN(chunk, len - at), error);
	ok = ok && reader_finish(reader, error);
	struct trace *trace = ok ? reader_steal_trace(reader) : NULL;
	reader_free(reader);
	return trace;
}

/* Reads JSON with CONFIG, failing the test when it is not read. */
static inline struct trace *fixture_read_with(const char *json, const struct read_config *config)
{
	GError *error = NULL;
	struct trace *trace = fixture_read_chunked(json, config, 0, &error);
	if (error)
		fprintf(stderr, "fixture: %s\n", error->message);
	g_clear_error(&error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(trace);
	return trace;
}

static inline struct trace *fixture_read(const char *json)
{
	struct read_config config = fixture_config();
	return fixture_read_with(json, &config);
}

#endif
