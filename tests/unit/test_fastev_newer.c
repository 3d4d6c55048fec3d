/* The fast reading of events (src/input/fastev.c) against json-c's
 * (src/input/extract.c) on what Kineto and PyTorch write since 2025 (SPEC
 * 24), by tests/unit/fastev_diff.h: graph ids, Comms Id and Seq past 2^63,
 * occupancy objects, zero-length copies, cuda_sync and cuda_event rows,
 * counter tracks, the Spans and Traces pids, [OutOfMemory] instants, and the
 * strings where numbers were of traces rewritten by PyTorch's CUDA graph
 * annotation. Each element, written as Kineto's output_json writes it, is
 * read both ways and must come out the same; the table says which the fast
 * path takes and which it leaves to json-c: an integer past 64 bits or a
 * string where it reads a number (correlation, device, the [memory]
 * members) is declined, as the fast path cannot read it exactly; past 64
 * bits where it reads no number, the digits are kept both ways. */
#include "fastev_diff.h"

#define KERNEL(args)                                                                                       \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", \"pid\": 0, " \
	"\"tid\": 7, \"ts\": 150, \"dur\": 40, \"args\": {" args "}}"
#define MEMORY(name, args) \
	"{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"" name "\", \"pid\": 1, \"tid\": 1, \"ts\": 260, \"args\": {" args "}}"

static const struct {
	const char *text;
	enum expect expect;
} table[] = {
	/* kernels, copies and memsets with their graph ids, occupancy, priority, channel */
	{ KERNEL("\"device\": 0, \"stream\": 7, \"correlation\": 12, \"registers per thread\": 128, \"grid\": [1, 1, 1], "
		 "\"est. achieved occupancy %\": 12, \"occupancy\": {\"blocks per SM\": 1, \"limiter\": \"registers\", "
		 "\"theoretical %\": 18.75}, \"priority\": -2, \"channel\": 3, \"channel_type\": \"compute\", "
		 "\"graph id\": 18446744073709551615, \"graph node id\": 9223372036854775809"), TAKEN },
	{ "{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy HtoD (Pageable -> Device)\", \"pid\": 0, \"tid\": 7, "
	  "\"ts\": 290, \"dur\": 2, \"args\": {\"device\": 0, \"stream\": 7, \"correlation\": 13, \"bytes\": 0, "
	  "\"graph id\": 0, \"graph node id\": 0}}", TAKEN }, /* zero-length: no memory bandwidth */
	{ "{\"ph\": \"X\", \"cat\": \"gpu_memset\", \"name\": \"Memset (Device)\", \"pid\": 0, \"tid\": 7, \"ts\": 300, "
	  "\"dur\": 3, \"args\": {\"device\": 0, \"stream\": 7, \"correlation\": 14, \"bytes\": 64, "
	  "\"memory bandwidth (GB/s)\": 0.5, \"graph id\": 3, \"graph node id\": 4294967297}}", TAKEN },
	/* NCCL kernels: Comms Id, Seq, the process group's ranks; a message past 64 bits */
	{ KERNEL("\"External id\": 3, \"device\": 0, \"stream\": 7, \"correlation\": 11, \"Collective name\": \"allreduce\", "
		 "\"In msg nelems\": 36893488147419103232, \"Out msg nelems\": 1048576, \"Group size\": 2, \"dtype\": \"Float\", "
		 "\"Process Group Name\": \"0\", \"Process Group Description\": \"default_pg\", \"Process Group Ranks\": [0, 1], "
		 "\"Rank\": 0, \"Seq\": 4, \"Comms Id\": 18446744073709551557"), TAKEN },
	{ KERNEL("\"device\": 0, \"correlation\": 11, \"Comms Id\": -9223372036854775809, \"Seq\": 123456789012345678901"), TAKEN },
	/* rewritten by the graph annotation: strings where numbers were */
	{ KERNEL("\"device\": 0, \"correlation\": 11, \"Collective name\": \"allreduce\", \"In msg nelems\": \"1048576\", "
		 "\"Group size\": \"2\", \"Seq\": \"4\", \"Comms Id\": \"18446744073709551557\", \"External id\": \"3\""), TAKEN },
	{ KERNEL("\"device\": 0, \"correlation\": \"11\""), DECLINED },
	{ KERNEL("\"device\": \"0\", \"correlation\": 11"), DECLINED },
	{ KERNEL("\"device\": 0, \"correlation\": 18446744073709551557"), DECLINED },
	{ KERNEL("\"device\": 0, \"correlation\": 11, \"External id\": 18446744073709551557"), DECLINED },
	{ "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": \"0\", \"tid\": \"7\", \"ts\": \"150\", \"dur\": \"40\", "
	  "\"args\": {\"device\": 0, \"correlation\": 11}}", TAKEN },
	{ "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": 130, "
	  "\"dur\": 10, \"args\": {\"correlation\": 18446744073709551615, \"External id\": 3}}", DECLINED },
	{ "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"record_param_comms\", \"pid\": 1, \"tid\": 1, \"ts\": 120, \"dur\": 50, "
	  "\"args\": {\"Collective name\": \"allreduce\", \"Group size\": \"2\", \"Seq\": \"4\", \"Comms Id\": 18446744073709551557, "
	  "\"Record function id\": \"9\", \"External id\": 3}}", TAKEN },
	{ "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"record_param_comms\", \"pid\": 1, \"tid\": 1, \"ts\": 120, \"dur\": 50, "
	  "\"args\": {\"Record function id\": 18446744073709551557, \"External id\": 3}}", DECLINED },
	/* cuda_sync (Stream Sync on stream + 1000000), cuda_event: no role */
	{ "{\"ph\": \"X\", \"cat\": \"cuda_sync\", \"name\": \"Stream Sync\", \"pid\": 0, \"tid\": 1000007, \"ts\": 400, \"dur\": 90, "
	  "\"args\": {\"cuda_sync_kind\": \"stream_synchronize\", \"stream\": 7, \"correlation\": 15, \"device\": 0}}", TAKEN },
	{ "{\"ph\": \"X\", \"cat\": \"cuda_event\", \"name\": \"Record Event 1\", \"pid\": 0, \"tid\": 7, \"ts\": 22, \"dur\": 0, "
	  "\"args\": {\"device\": 0, \"stream\": 7, \"correlation\": \"2\", \"event\": 18446744073709551615}}", TAKEN },
	/* spans under string pids; counter tracks and instants: not X, left to json-c */
	{ "{\"ph\": \"X\", \"cat\": \"Trace\", \"name\": \"PyTorch Profiler (0)\", \"pid\": \"Spans\", \"tid\": \"PyTorch Profiler\", "
	  "\"ts\": 100, \"dur\": 900, \"args\": {\"Op count\": 0}}", TAKEN },
	{ "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"span\", \"pid\": \"Traces\", \"tid\": \"Trace PyTorch Profiler\", "
	  "\"ts\": 100, \"dur\": 900}", TAKEN },
	{ "{\"ph\": \"C\", \"cat\": \"hardware_counters\", \"name\": \"sm__throughput\", \"pid\": \"GPU 0 Counters\", \"ts\": 220, "
	  "\"args\": {\"\": 18446744073709551616}}", DECLINED },
	{ "{\"ph\": \"i\", \"name\": \"Iteration Start: PyTorch Profiler\", \"s\": \"g\", \"pid\": \"Traces\", "
	  "\"tid\": \"Trace PyTorch Profiler\", \"ts\": 100}", DECLINED },
	/* [OutOfMemory] and [memory]: their five members read as integers; Addr is not read */
	{ MEMORY("[OutOfMemory]", "\"Device Type\": 1, \"Device Id\": 0, \"Bytes\": 90000000000, \"Total Allocated\": 1024, "
				  "\"Total Reserved\": 2097152"), TAKEN },
	{ MEMORY("[memory]", "\"Device Type\": 1, \"Device Id\": 0, \"Addr\": 18446744073709551000, \"Bytes\": 1024, "
			     "\"Total Allocated\": 1024"), TAKEN },
	{ MEMORY("[OutOfMemory]", "\"Device Type\": 1, \"Device Id\": 0, \"Bytes\": 18446744073709551616"), DECLINED },
	{ MEMORY("[memory]", "\"Device Type\": 1, \"Total Allocated\": 9223372036854775808"), DECLINED },
	{ MEMORY("[memory]", "\"Device Type\": 1, \"Total Reserved\": 123456789012345678901"), DECLINED },
	{ MEMORY("[OutOfMemory]", "\"Device Type\": 1, \"Device Id\": \"0\", \"Bytes\": 1024"), DECLINED },
	{ MEMORY("[OutOfMemory]", "\"Device Type\": \"1\", \"Bytes\": 1024"), DECLINED },
	{ MEMORY("[memory]", "\"Device Type\": 1, \"Bytes\": \"1024\", \"Total Allocated\": \"1024\""), DECLINED },
};

static void test_newer(void)
{
	roles = roles_new((char *[]){ "cpu_op", "user_annotation", NULL }, (char *[]){ "cuda_runtime", NULL },
			  (char *[]){ "kernel", "gpu_memcpy", "gpu_memset", NULL }, TRUE);
	differences = 0;
	for (gsize i = 0; i < G_N_ELEMENTS(table); i++)
		differential(table[i].text, table[i].expect);
	CU_ASSERT_EQUAL(differences, 0);
	g_hash_table_destroy(roles);
}

/* The args literal of a monitored event read fast and by json-c: the same
 * digits past 64 bits, and the annotation's strings kept as strings. */
static void test_literal(void)
{
	roles = roles_new((char *[]){ "cpu_op", NULL }, NULL, NULL, FALSE);
	const char *text = "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"record_param_comms\", \"pid\": 1, \"tid\": 1, "
			   "\"ts\": 1, \"dur\": 2, \"args\": {\"Comms Id\": 18446744073709551557, \"Seq\": \"4\", "
			   "\"graph node id\": 9223372036854775809, \"x\": -9223372036854775809}}";
	CU_ASSERT_TRUE(differential(text, TAKEN));
	CU_ASSERT_EQUAL(differences, 0);
	struct side s;
	side_init(&s, &setups[0]);
	struct fastev ev;
	CU_ASSERT_TRUE_FATAL(fastev_parse(&s.x, text, strlen(text), 7, s.staging, &ev));
	fastev_commit(&s.x, &ev, s.staging);
	GArray *events = s.x.out->events[OUT_MONITORED];
	CU_ASSERT_EQUAL_FATAL(events->len, 1);
	CU_ASSERT_STRING_EQUAL(g_array_index(events, struct event, 0).args,
			       "{'Comms Id': 18446744073709551557, 'Seq': '4', 'graph node id': 9223372036854775809, "
			       "'x': -9223372036854775809}");
	side_clear(&s);
	g_hash_table_destroy(roles);
}

UNIT_MAIN("fastev_newer", UNIT_TEST(test_newer), UNIT_TEST(test_literal))
