#include "unit.h"
#include "fixture.h"
#include "attribution/steps.h"

/* An event of process PID, thread TID; times in microseconds. */
#define PEV(cat, name, pid, tid, ts, dur) \
	"{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":" #pid ",\"tid\":" #tid ",\"ts\":" #ts ",\"dur\":" #dur "}"
#define STEP(n, pid, ts, dur) PEV("user_annotation", "ProfilerStep#" #n, pid, 1, ts, dur)

static struct trace *read_steps(const char *json, guint workers)
{
	struct read_config config = fixture_config();
	config.steps = TRUE;
	config.threads = workers;
	GError *error = NULL;
	struct trace *trace = fixture_read_chunked(json, &config, 7, &error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(trace);
	return trace;
}

/* The thread index of PID/TID in TRACE. */
static guint32 thread_of(const struct trace *trace, const char *pid, const char *tid)
{
	for (guint t = 0; t < threads_count(trace->threads); t++) {
		if (strcmp(threads_pid(trace->threads, t, (char[THREADS_NUMBER_MAX]){ 0 }), pid) == 0 && strcmp(threads_tid(trace->threads, t, (char[THREADS_NUMBER_MAX]){ 0 }), tid) == 0)
			return t;
	}
	CU_FAIL("no such thread");
	return 0;
}

/* The number of the step holding TS on PID/TID, or -1. */
static gint64 number_at(const struct steps *s, const struct trace *trace, const char *pid, const char *tid, gint64 us)
{
	guint found = steps_find(s, thread_of(trace, pid, tid), us * 1000);
	return found == NO_STEP ? -1 : (gint64)s->number[found];
}

/* Which events are steps: the name exactly ProfilerStep# and digits, any
 * host category (monitored or not), never gpu_user_annotation. */
static void test_which_events(void)
{
	struct trace *trace = read_steps("{\"traceEvents\":[" STEP(1, 1, 0, 10) ","
					 PEV("gpu_user_annotation", "ProfilerStep#2", 0, 7, 0, 10) ","
					 PEV("cpu_op", "ProfilerStep#3", 1, 1, 20, 10) ","
					 PEV("user_annotation", "ProfilerStep#4x", 1, 1, 40, 10) ","
					 PEV("user_annotation", "ProfilerStep#", 1, 1, 50, 10) ","
					 PEV("user_annotation", "profilerStep#6", 1, 1, 60, 10) ","
					 "{\"ph\":\"i\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#7\",\"pid\":1,\"tid\":1,\"ts\":1}" ","
					 PEV("user_annotation", "ProfilerStep#\\u0038", 1, 1, 70, 10) "]}", 2);
	g_autoptr(Steps) s = steps_new(trace);
	CU_ASSERT_EQUAL_FATAL(s->count, 3);
	CU_ASSERT_EQUAL(s->number[s->order[0]], 1);
	CU_ASSERT_EQUAL(s->number[s->order[1]], 3);
	CU_ASSERT_EQUAL(s->number[s->order[2]], 8); /* an escaped name is read by json-c */
	trace_free(trace);
}

/* Windows include both ends; where two hold a ts, the first in sort order
 * (ts ascending, end descending) has it; each pid has its own steps. */
static void test_find(void)
{
	struct trace *trace = read_steps("{\"traceEvents\":[" STEP(1, 1, 0, 100) "," STEP(2, 1, 100, 100) ","
					 STEP(3, 1, 300, 50) "," STEP(4, 1, 300, 200) "," STEP(5, 1, 310, 10) ","
					 STEP(9, 2, 1000, 10) "," OP("op", 0, 1, 2) ","
					 PEV("cpu_op", "other", 3, 1, 0, 1) "]}", 0);
	g_autoptr(Steps) s = steps_new(trace);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 0), 1);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 99), 1);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 100), 1); /* both hold it: the first */
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "2", 101), 2); /* another thread of the process */
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 200), 2);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 201), -1);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", -5), -1);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 300), 4); /* same ts: the longer first */
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 315), 4);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 400), 4);
	CU_ASSERT_EQUAL(number_at(s, trace, "1", "1", 501), -1);
	CU_ASSERT_EQUAL(number_at(s, trace, "2", "1", 1005), 9);
	CU_ASSERT_EQUAL(number_at(s, trace, "2", "1", 50), -1);  /* process 1's steps are not process 2's */
	CU_ASSERT_EQUAL(number_at(s, trace, "3", "1", 0), -1);   /* a process without steps */
	trace_free(trace);
}

/* Step order: by number, whatever the file's order; --step ranges. */
static void test_order_and_ranges(void)
{
	struct trace *trace = read_steps("{\"traceEvents\":[" STEP(12, 1, 200, 10) "," STEP(10, 1, 0, 10) ","
					 STEP(11, 1, 100, 10) "]}", 1);
	g_autoptr(Steps) s = steps_new(trace);
	CU_ASSERT_EQUAL_FATAL(s->count, 3);
	for (guint k = 0; k < 3; k++)
		CU_ASSERT_EQUAL(s->number[s->order[k]], 10 + k);
	struct step_range all = { 0 }, one = { TRUE, 11, 11 }, some = { TRUE, 11, 20 }, none = { TRUE, 13, 13 };
	CU_ASSERT_EQUAL(steps_in_range(s, &all), 3);
	CU_ASSERT_EQUAL(steps_in_range(s, &one), 1);
	CU_ASSERT_EQUAL(steps_in_range(s, &some), 2);
	CU_ASSERT_EQUAL(steps_in_range(s, &none), 0);
	CU_ASSERT_TRUE(steps_kept(s, &all, NO_STEP));
	CU_ASSERT_FALSE(steps_kept(s, &one, NO_STEP));
	guint at = steps_find(s, thread_of(trace, "1", "1"), 105000);
	CU_ASSERT_TRUE(steps_kept(s, &one, at));
	CU_ASSERT_FALSE(steps_kept(s, &none, at));
	trace_free(trace);
}

/* Steps are read only when asked for. */
static void test_not_asked(void)
{
	struct trace *trace = fixture_read("{\"traceEvents\":[" STEP(1, 1, 0, 100) "]}");
	CU_ASSERT_EQUAL(trace->steps->len, 0);
	trace_free(trace);
}

UNIT_MAIN("steps", UNIT_TEST(test_which_events), UNIT_TEST(test_find), UNIT_TEST(test_order_and_ranges),
	  UNIT_TEST(test_not_asked))
