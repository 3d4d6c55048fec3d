/* Threads: numbers in the order first added, the same pair the same number,
 * pids and tids as C strings (NUL characters within them kept apart), the
 * index grown, dropped and built again, JSON values as the reader gives
 * them, and the reader's numbering of a trace's threads. */
#include "unit.h"
#include "fixture.h"
#include "model/threads.h"

#define ADD(t, pid, tid) threads_add(t, pid, sizeof pid - 1, tid, sizeof tid - 1)
/* pid and tid as C strings, a number written into a buffer of the statement's */
#define PID(t, thread) threads_pid(t, thread, (char[THREADS_NUMBER_MAX]){ 0 })
#define TID(t, thread) threads_tid(t, thread, (char[THREADS_NUMBER_MAX]){ 0 })

static void test_numbers(void)
{
	struct threads *t = threads_new();
	CU_ASSERT_EQUAL(threads_count(t), 0);
	CU_ASSERT_EQUAL(ADD(t, "1", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "17", ""), 1); /* not "1" "7" */
	CU_ASSERT_EQUAL(ADD(t, "", "17"), 2);
	CU_ASSERT_EQUAL(ADD(t, "1", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "CPU functions", "é"), 3);
	CU_ASSERT_EQUAL(threads_count(t), 4);
	ASSERT_STR(PID(t, 0), "1");
	ASSERT_STR(TID(t, 0), "7");
	ASSERT_STR(PID(t, 1), "17");
	ASSERT_STR(TID(t, 1), "");
	ASSERT_STR(PID(t, 2), "");
	ASSERT_STR(TID(t, 2), "17");
	ASSERT_STR(PID(t, 3), "CPU functions");
	ASSERT_STR(TID(t, 3), "é");
	threads_free(t);
}

/* Threads 0 to N - 1 of T read as PID[i] and TID[i], before and after threads_trim. */
static void assert_threads(struct threads *t, const char *const *pid, const char *const *tid, guint n)
{
	for (int trimmed = 0; trimmed < 2; trimmed++) {
		for (guint i = 0; i < n; i++) {
			ASSERT_STR(PID(t, i), pid[i]);
			ASSERT_STR(TID(t, i), tid[i]);
		}
		threads_trim(t);
	}
}

static void test_nul_characters(void)
{
	struct threads *t = threads_new();
	CU_ASSERT_EQUAL(ADD(t, "a\0", "b"), 0);
	CU_ASSERT_EQUAL(ADD(t, "a", "\0b"), 1);
	CU_ASSERT_EQUAL(ADD(t, "a\0b", ""), 2);
	CU_ASSERT_EQUAL(ADD(t, "a", "b\0"), 3);
	CU_ASSERT_EQUAL(ADD(t, "a", "b"), 4);
	CU_ASSERT_EQUAL(ADD(t, "\0\0", "\0"), 5);
	CU_ASSERT_EQUAL(ADD(t, "\0", "\0\0"), 6);
	CU_ASSERT_EQUAL(ADD(t, "a\0b", ""), 2);
	CU_ASSERT_EQUAL(ADD(t, "a", "\0b"), 1);
	/* as C strings: up to the first NUL; found from their neighbours once trimmed */
	const char *pid[] = { "a", "a", "a", "a", "a", "", "" };
	const char *tid[] = { "b", "", "", "b", "b", "", "" };
	assert_threads(t, pid, tid, G_N_ELEMENTS(pid));
	struct threads *copy = threads_new();
	for (guint i = 0; i < G_N_ELEMENTS(pid); i++)
		CU_ASSERT_EQUAL(threads_add_from(copy, t, G_N_ELEMENTS(pid) - 1 - i), i);
	CU_ASSERT_EQUAL(ADD(copy, "a", "\0b"), G_N_ELEMENTS(pid) - 1 - 1);
	CU_ASSERT_EQUAL(ADD(t, "\0", "\0\0"), 6);
	CU_ASSERT_EQUAL(ADD(t, "\0", "\0\0\0"), 7);
	ASSERT_STR(PID(t, 6), "");
	threads_free(copy);
	threads_free(t);
}

static void test_many(void)
{
	struct threads *t = threads_new();
	const guint32 n = 100000;
	/* past 65536: sparse while adding */
	for (guint32 round = 0; round < 2; round++)
		for (guint32 i = 0; i < n; i++) {
			char pid[16], tid[16];
			gsize pid_len = g_snprintf(pid, sizeof pid, "%u", i % 7), tid_len = g_snprintf(tid, sizeof tid, "%u", i);
			CU_ASSERT_EQUAL(threads_add(t, pid, pid_len, tid, tid_len), i);
		}
	threads_trim(t); /* the index goes; adding builds it again */
	for (guint32 i = 0; i < n; i++) {
		char pid[16], tid[16];
		g_snprintf(pid, sizeof pid, "%u", i % 7);
		g_snprintf(tid, sizeof tid, "%u", i);
		ASSERT_STR(PID(t, i), pid);
		ASSERT_STR(TID(t, i), tid);
	}
	CU_ASSERT_EQUAL(ADD(t, "3", "10"), 10);
	CU_ASSERT_EQUAL(ADD(t, "x", "y"), n);
	CU_ASSERT_EQUAL(threads_count(t), n + 1);
	ASSERT_STR(PID(t, 99999), "4");
	ASSERT_STR(TID(t, 99999), "99999");
	ASSERT_STR(TID(t, n), "y");
	threads_clear(t);
	CU_ASSERT_EQUAL(threads_count(t), 0);
	CU_ASSERT_EQUAL(ADD(t, "3", "10"), 0);
	CU_ASSERT_EQUAL(ADD(t, "x", "y"), 1);
	CU_ASSERT_EQUAL(ADD(t, "3", "10"), 0);
	threads_free(t);
}

/* Plain decimal below 2^64 is kept as a number, written back the same; any
 * other text as it is: "7" and "07" are two tids, 2^64 is text. */
static void test_numbers_kept(void)
{
	struct threads *t = threads_new();
	CU_ASSERT_EQUAL(ADD(t, "0", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "0", "07"), 1);
	CU_ASSERT_EQUAL(ADD(t, "0", "-0"), 2);
	CU_ASSERT_EQUAL(ADD(t, "18446744073709551615", "18446744073709551616"), 3);
	CU_ASSERT_EQUAL(ADD(t, "256", "65535"), 4);
	CU_ASSERT_EQUAL(ADD(t, "0", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "18446744073709551615", "18446744073709551616"), 3);
	const char *pid[] = { "0", "0", "0", "18446744073709551615", "256" };
	const char *tid[] = { "7", "07", "-0", "18446744073709551616", "65535" };
	assert_threads(t, pid, tid, G_N_ELEMENTS(pid));
	char one[THREADS_NUMBER_MAX], other[THREADS_NUMBER_MAX];
	const char *a = threads_pid(t, 4, one), *b = threads_tid(t, 4, other);
	ASSERT_STR(a, "256"); /* each in its own buffer */
	ASSERT_STR(b, "65535");
	threads_free(t);
}

/* Past the sparse limit threads are still added and found, numbers, texts
 * and NUL characters mixed, and found again once trimmed. */
static void test_sparse(void)
{
	struct threads *t = threads_new();
	threads_sparse_past(t, 20);
	const guint32 n = 1000;
	for (guint32 round = 0; round < 2; round++)
		for (guint32 i = 0; i < n; i++) {
			char pid[16], tid[16];
			gsize pid_len = g_snprintf(pid, sizeof pid, i % 3 ? "%u" : "p%u", i % 5);
			gsize tid_len = g_snprintf(tid, sizeof tid, i % 7 ? "%u" : "%u_z", i);
			if (i % 7 == 0)
				tid[tid_len - 2] = '\0'; /* a NUL within: text, no longer a number */
			CU_ASSERT_EQUAL(threads_add(t, pid, pid_len, tid, tid_len), i);
		}
	for (int trimmed = 0; trimmed < 2; trimmed++) {
		for (guint32 i = 0; i < n; i++) {
			char pid[16], tid[16];
			g_snprintf(pid, sizeof pid, i % 3 ? "%u" : "p%u", i % 5);
			g_snprintf(tid, sizeof tid, "%u", i);
			ASSERT_STR(PID(t, i), pid);
			ASSERT_STR(TID(t, i), tid);
		}
		threads_trim(t);
	}
	CU_ASSERT_EQUAL(ADD(t, "p4", "999"), 999);
	CU_ASSERT_EQUAL(ADD(t, "x", "y"), n);
	ASSERT_STR(TID(t, n), "y");
	threads_free(t);
}

static void test_add_from(void)
{
	struct threads *batch = threads_new(), *all = threads_new();
	ADD(all, "0", "1");
	ADD(batch, "9", "\0z");
	ADD(batch, "0", "1");
	CU_ASSERT_EQUAL(threads_add_from(all, batch, 0), 1);
	CU_ASSERT_EQUAL(threads_add_from(all, batch, 1), 0);
	CU_ASSERT_EQUAL(ADD(all, "9", "\0z"), 1);
	CU_ASSERT_EQUAL(threads_count(all), 2);
	threads_free(batch);
	threads_free(all);
}

/* The thread of the pid and tid written PID and TID in JSON. */
static guint32 add_json(struct threads *t, struct names *names, gint64 *replaced, const char *pid, const char *tid)
{
	json_object *p = json_tokener_parse(pid), *q = json_tokener_parse(tid);
	guint32 thread = threads_add_json(t, p, q, names, replaced);
	json_object_put(p);
	json_object_put(q);
	return thread;
}

static void test_json(void)
{
	struct threads *t = threads_new();
	struct names *names = names_new();
	gint64 replaced = 0;
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "1", "\"7\""), 0);
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "\"1\"", "7"), 0);
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "-3", "1.50"), 1);
	ASSERT_STR(TID(t, 1), "1.50"); /* as written */
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "null", "\"\""), 2);
	ASSERT_STR(PID(t, 2), "");
	add_json(t, names, &replaced, "9223372036854775807", "99999999999999999999");
	ASSERT_STR(PID(t, 3), "9223372036854775807");
	CU_ASSERT_EQUAL(replaced, 0);
	/* invalid UTF-8: replaced, and counted once per text */
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "\"p\xff\"", "\"\xfe\""), 4);
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "\"p\xff\"", "\"\xfe\""), 4);
	CU_ASSERT_EQUAL(replaced, 2);
	ASSERT_STR(PID(t, 4), "p\xef\xbf\xbd");
	ASSERT_STR(TID(t, 4), "\xef\xbf\xbd");
	CU_ASSERT_EQUAL(add_json(t, names, &replaced, "\"p\xef\xbf\xbd\"", "\"\xef\xbf\xbd\""), 4);
	CU_ASSERT_EQUAL(replaced, 2);
	names_free(names);
	threads_free(t);
}

/* The reader numbers threads as they first come in the document, each batch's
 * B and E events' after its others (as it always has), with any workers. */
static void test_reader(void)
{
	GString *json = g_string_new("[{\"ph\":\"B\",\"cat\":\"cpu_op\",\"pid\":1,\"tid\":-1,\"ts\":0},");
	for (guint i = 0; i < 3000; i++)
		g_string_append_printf(json, "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"pid\":%u,\"tid\":%u,\"ts\":%u,\"dur\":1},",
				       i % 3, i, i);
	g_string_append(json, "{\"ph\":\"E\",\"pid\":1,\"tid\":-1,\"ts\":1}]");
	for (guint workers = 1; workers <= 3; workers += 2) {
		struct read_config config = fixture_config();
		config.threads = workers;
		GError *error = NULL;
		g_autoptr(Trace) trace = fixture_read_chunked(json->str, &config, 1000, &error);
		CU_ASSERT_PTR_NOT_NULL_FATAL(trace);
		CU_ASSERT_EQUAL(threads_count(trace->threads), 3001);
		CU_ASSERT_EQUAL(trace->monitored->len, 3001);
		for (guint i = 0; i < 3000; i++) {
			g_autofree char *pid = g_strdup_printf("%u", i % 3), *tid = g_strdup_printf("%u", i);
			ASSERT_STR(PID(trace->threads, i), pid);
			ASSERT_STR(TID(trace->threads, i), tid);
		}
		ASSERT_STR(TID(trace->threads, 3000), "-1");
	}
	g_string_free(json, TRUE);
}

/* A run of one thread's events, the last pair remembered: the same numbers
 * as without it, before and after another thread, and after threads_clear(). */
static void test_runs(void)
{
	struct threads *t = threads_new();
	CU_ASSERT_EQUAL(ADD(t, "1", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "1", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "17", ""), 1); /* the same bytes, cut elsewhere */
	CU_ASSERT_EQUAL(ADD(t, "1", "7"), 0);
	CU_ASSERT_EQUAL(ADD(t, "", ""), 2);
	CU_ASSERT_EQUAL(ADD(t, "", ""), 2);
	CU_ASSERT_EQUAL(ADD(t, "17", ""), 1);
	threads_clear(t);
	CU_ASSERT_EQUAL(ADD(t, "17", ""), 0);
	CU_ASSERT_EQUAL(ADD(t, "17", ""), 0);
	CU_ASSERT_EQUAL(ADD(t, "1", "7"), 1);
	CU_ASSERT_EQUAL(threads_count(t), 2);
	ASSERT_STR(PID(t, 1), "1");
	ASSERT_STR(TID(t, 1), "7");
	threads_free(t);
}

UNIT_MAIN("threads", UNIT_TEST(test_numbers), UNIT_TEST(test_numbers_kept), UNIT_TEST(test_sparse), UNIT_TEST(test_nul_characters), UNIT_TEST(test_many),
	  UNIT_TEST(test_add_from), UNIT_TEST(test_json), UNIT_TEST(test_reader), UNIT_TEST(test_runs))
