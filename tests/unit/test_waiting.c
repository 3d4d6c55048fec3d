#include "unit.h"
#include "fixture_run.h"
#include "attribution/idle_classes.h"
#include "attribution/waiting.h"

/* Times in the fixtures are microseconds. */
#define US(ns) ((ns) / 1000)

#define STEP(n, pid, ts, dur)                                                                                   \
	"{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" #n "\",\"pid\":" #pid ",\"tid\":1,\"ts\":" #ts \
	",\"dur\":" #dur "}"

static void test_class_of(void)
{
	CU_ASSERT_EQUAL(idle_class_of(1), 0);
	CU_ASSERT_EQUAL(idle_class_of(9999), 0);
	CU_ASSERT_EQUAL(idle_class_of(10000), 1);
	CU_ASSERT_EQUAL(idle_class_of(99999), 1);
	CU_ASSERT_EQUAL(idle_class_of(100000), 2);
	CU_ASSERT_EQUAL(idle_class_of(999999), 2);
	CU_ASSERT_EQUAL(idle_class_of(1000000), 3);
	CU_ASSERT_EQUAL(idle_class_of(9999999), 3);
	CU_ASSERT_EQUAL(idle_class_of(10000000), 4);
	CU_ASSERT_EQUAL(idle_class_of(G_MAXINT64), 4);
	ASSERT_STR(idle_class_label(0), "< 10 us");
	ASSERT_STR(idle_class_label(4), ">= 10 ms");
}

/* Device 0 (pid 1): busy [0, 10) [15, 20) [70, 80) [580, 590) [5590, 5600)
 * [55600, 55610); a zero-length kernel at 55700 stretches the span.
 * Gaps: [10, 15) 5 us (launch at 12: wait 2), [20, 70) 50 us (launch at 0:
 * none), [80, 580) 500 us (launch at 600: all), [590, 5590) 5 ms (launch
 * at 1590: wait 1000), [5600, 55600) 50 ms (launch at 5600: none); the
 * edge [55610, 55700) 90 us, other idle. Device 1 (pid 2): [0, 10) only. */
static const char classes[] = "[" STEP(1, 1, 0, 600) "," STEP(2, 1, 5000, 51000) ","
	PLAUNCH(1, 0, 1) "," DKERNEL(0, 0, 10, 1) "," PLAUNCH(1, 12, 2) "," DKERNEL(0, 15, 5, 2) ","
	PLAUNCH(1, 0, 3) "," DKERNEL(0, 70, 10, 3) "," PLAUNCH(1, 600, 4) "," DKERNEL(0, 580, 10, 4) ","
	PLAUNCH(1, 1590, 5) "," DKERNEL(0, 5590, 10, 5) "," PLAUNCH(1, 5600, 6) "," DKERNEL(0, 55600, 10, 6) ","
	PLAUNCH(1, 0, 7) "," DKERNEL(0, 55700, 0, 7) "," PLAUNCH(2, 0, 8) "," DKERNEL(1, 0, 10, 8) "]";

static void test_classes(void)
{
	struct read_run r;
	read_run(classes, &r);
	g_autoptr(IdleClasses) c = idle_classes_compute(r.attribution, r.steps, NULL);
	CU_ASSERT_EQUAL_FATAL(c->count, 2);
	const struct idle_classes_device *d = &c->devices[0];
	CU_ASSERT_EQUAL(d->device, 0);
	CU_ASSERT_EQUAL(US(d->span), 55700);
	CU_ASSERT_EQUAL(d->classes[0].gaps, 1);
	CU_ASSERT_EQUAL(US(d->classes[0].idle), 5);
	CU_ASSERT_EQUAL(US(d->classes[0].host_wait), 2);
	CU_ASSERT_EQUAL(d->classes[1].gaps, 2); /* 50 us and the 90 us edge */
	CU_ASSERT_EQUAL(US(d->classes[1].idle), 140);
	CU_ASSERT_EQUAL(US(d->classes[1].host_wait), 0);
	CU_ASSERT_EQUAL(US(d->classes[2].idle), 500);
	CU_ASSERT_EQUAL(US(d->classes[2].host_wait), 500);
	CU_ASSERT_EQUAL(US(d->classes[3].idle), 5000);
	CU_ASSERT_EQUAL(US(d->classes[3].host_wait), 1000);
	CU_ASSERT_EQUAL(d->classes[4].gaps, 1);
	CU_ASSERT_EQUAL(US(d->classes[4].idle), 50000);
	CU_ASSERT_EQUAL(US(d->classes[4].host_wait), 0);
	/* device 1: no gap at all */
	for (guint k = 0; k < IDLE_CLASSES; k++)
		CU_ASSERT_EQUAL(c->devices[1].classes[k].gaps, 0);
	/* --step 1: pid 1's window [0, 600]: the 5 us gap whole, the 50 us one,
	 * the 500 us one (its wait too), 10 us of the 5 ms one; span 600 */
	struct step_range one = { TRUE, 1, 1 };
	g_autoptr(IdleClasses) s = idle_classes_compute(r.attribution, r.steps, &one);
	d = &s->devices[0];
	CU_ASSERT_EQUAL(US(d->span), 600);
	CU_ASSERT_EQUAL(d->classes[1].gaps, 1);
	CU_ASSERT_EQUAL(US(d->classes[1].idle), 50);
	CU_ASSERT_EQUAL(US(d->classes[2].host_wait), 500);
	CU_ASSERT_EQUAL(d->classes[3].gaps, 1); /* the 5 ms gap's [590, 600), all host wait */
	CU_ASSERT_EQUAL(US(d->classes[3].idle), 10);
	CU_ASSERT_EQUAL(US(d->classes[3].host_wait), 10);
	CU_ASSERT_EQUAL(d->classes[4].gaps, 0);
	CU_ASSERT_EQUAL(US(s->devices[1].span), 0); /* pid 2 has no step */
	/* --step 1-2: windows [0, 600] and [5000, 56000]: the 5 ms gap
	 * [590, 5590) keeps [590, 600) and [5000, 5590): 10 + 590, its wait
	 * [590, 1590) keeps 10; its class is still by its whole length */
	struct step_range both = { TRUE, 1, 2 };
	g_autoptr(IdleClasses) b = idle_classes_compute(r.attribution, r.steps, &both);
	d = &b->devices[0];
	CU_ASSERT_EQUAL(US(d->span), 600 + 50700);
	CU_ASSERT_EQUAL(d->classes[3].gaps, 1);
	CU_ASSERT_EQUAL(US(d->classes[3].idle), 600);
	CU_ASSERT_EQUAL(US(d->classes[3].host_wait), 10);
	CU_ASSERT_EQUAL(US(d->classes[4].idle), 50000);
	CU_ASSERT_EQUAL(US(d->classes[1].idle), 140);
	read_run_clear(&r);
}

/* Thread 1: root A [0, 100) holding B [20, 60) (holding C [30, 40)) and D
 * [50, 90) (overlapping B, after it in sort order). Device 0: busy [0, 10),
 * gap [10, 70) ended by an event launched at 65 on thread 1: wait [10, 65).
 * Device 1: busy [0, 5), gap [5, 120) launched at 110 on thread 1: wait
 * [5, 110); gap [125, 130) launched at 128 on thread 2 (no node): 3, outside. */
static const char nested[] = "[" OP("A", 0, 100, 1) "," OP("B", 20, 40, 1) "," OP("C", 30, 10, 1) ","
	OP("D", 50, 40, 1) "," LAUNCH("cuda_runtime", "cudaLaunchKernel", 0, 1, 1, 1) "," DKERNEL(0, 0, 10, 1) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 65, 1, 1, 2) "," DKERNEL(0, 70, 10, 2) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 1, 1, 1, 3) "," DKERNEL(1, 0, 5, 3) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 110, 1, 1, 4) "," DKERNEL(1, 120, 5, 4) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 128, 1, 2, 5) "," DKERNEL(1, 130, 5, 5) "]";

static guint node_named(const struct forest *f, const char *name)
{
	for (guint i = 0; i < f->count; i++)
		if (strcmp(f->events[i].name->text, name) == 0)
			return i;
	CU_FAIL_FATAL("no such node");
	return 0;
}

static void test_nested(void)
{
	struct read_run r;
	read_run(nested, &r);
	g_autoptr(Waiting) w = waiting_compute(r.attribution, r.forest);
	CU_ASSERT_EQUAL(US(w->host_wait), 55 + 105 + 3);
	guint a = node_named(r.forest, "A"), b = node_named(r.forest, "B"), c = node_named(r.forest, "C"),
	      d = node_named(r.forest, "D");
	/* A [0, 100): device 0's [10, 65) 55, device 1's [5, 100) 95 */
	CU_ASSERT_EQUAL(US(waiting_node(w, a)), 150);
	/* B [20, 60): 40 on each device */
	CU_ASSERT_EQUAL(US(waiting_node(w, b)), 80);
	CU_ASSERT_EQUAL(US(waiting_node(w, c)), 20);
	/* D [50, 90): device 0's [50, 65) 15, device 1's 40 */
	CU_ASSERT_EQUAL(US(waiting_node(w, d)), 55);
	/* self: A 150 - 80 - 55 = 15; B 80 - 20 = 60; C 20; D 55 */
	CU_ASSERT_EQUAL(US(waiting_self(w, a)), 15);
	CU_ASSERT_EQUAL(US(waiting_self(w, b)), 60);
	CU_ASSERT_EQUAL(US(waiting_self(w, c)), 20);
	CU_ASSERT_EQUAL(US(waiting_self(w, d)), 55);
	/* outside: device 1's [100, 110) on thread 1, and thread 2's 3 */
	struct waiting_report report;
	waiting_report(w, &report);
	CU_ASSERT_EQUAL(US(report.host_wait), 163);
	CU_ASSERT_EQUAL(US(report.outside), 13);
	CU_ASSERT_EQUAL(US(report.inside), 150);
	CU_ASSERT_PTR_NOT_NULL_FATAL(report.most);
	ASSERT_STR(report.most->text, "B"); /* B 60, D 55, C 20, A 15 */
	CU_ASSERT_EQUAL(US(report.most_waiting), 60);
	read_run_clear(&r);
}

/* Random forests on two threads, kernels on two devices, against the rule
 * stated per microsecond: each unit of a gap before its ender's launch is
 * blamed on the launch's thread; a node is blamed for the units inside it,
 * once per device; outside are the blamed units no node of the thread holds. */
static void test_random_against_brute_force(void)
{
	GRand *rand = g_rand_new_with_seed(19);
	for (int round = 0; round < 200; round++) {
		g_autoptr(GString) json = g_string_new("[");
		guint ops = (guint)g_rand_int_range(rand, 0, 8), kernels = (guint)g_rand_int_range(rand, 1, 10);
		for (guint i = 0; i < ops; i++)
			g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op%u\",\"pid\":1,\"tid\":%d,"
					       "\"ts\":%d,\"dur\":%d}", json->len > 1 ? "," : "", i, g_rand_int_range(rand, 1, 3),
					       g_rand_int_range(rand, 0, 50), g_rand_int_range(rand, 0, 30));
		gint64 kts[10], kdur[10], lts[10];
		int kdev[10], ltid[10];
		for (guint k = 0; k < kernels; k++) {
			kts[k] = g_rand_int_range(rand, 0, 60), kdur[k] = g_rand_int_range(rand, 0, 8);
			lts[k] = g_rand_int_range(rand, 0, 70), kdev[k] = g_rand_int_range(rand, 0, 2);
			ltid[k] = g_rand_int_range(rand, 1, 3);
			g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":%d,"
					       "\"ts\":%" G_GINT64_FORMAT ",\"dur\":0,\"args\":{\"correlation\":%u}},"
					       "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":%" G_GINT64_FORMAT
					       ",\"dur\":%" G_GINT64_FORMAT ",\"args\":{\"correlation\":%u,\"device\":%d}}",
					       json->len > 1 ? "," : "", ltid[k], lts[k], k + 1, kts[k], kdur[k], k + 1, kdev[k]);
		}
		g_string_append(json, "]");
		struct read_run r;
		read_run(json->str, &r);
		g_autoptr(Waiting) w = waiting_compute(r.attribution, r.forest);
		/* blamed[device][unit]: 0, or the blamed thread's tid */
		int blamed[2][80] = { { 0 } };
		gint64 want_total = 0;
		for (int dev = 0; dev < 2; dev++) {
			gboolean busy[80] = { 0 };
			gint64 first = G_MAXINT64, last = G_MININT64;
			for (guint k = 0; k < kernels; k++)
				for (gint64 u = kts[k]; kdev[k] == dev && u < kts[k] + kdur[k]; u++)
					busy[u] = TRUE, first = MIN(first, u), last = MAX(last, u);
			for (gint64 u = first; first <= last && u <= last; u++) {
				if (busy[u])
					continue;
				gint64 end = u;
				while (!busy[end])
					end++;
				guint ender = kernels; /* the first in the file: positions follow k */
				for (guint k = 0; k < kernels && ender == kernels; k++)
					if (kdev[k] == dev && kts[k] == end && kdur[k] > 0)
						ender = k;
				if (u < lts[ender])
					blamed[dev][u] = ltid[ender], want_total++;
			}
		}
		CU_ASSERT_EQUAL(US(w->host_wait), want_total);
		gint64 inside = 0;
		for (int dev = 0; dev < 2; dev++)
			for (gint64 u = 0; u < 80; u++) {
				gboolean held = FALSE;
				for (guint i = 0; i < r.forest->count && blamed[dev][u]; i++) {
					const struct event *e = &r.forest->events[i];
					held |= atoi(threads_tid(r.trace->threads, e->thread, (char[THREADS_NUMBER_MAX]){ 0 })) ==
							blamed[dev][u] && US(e->ts) <= u && u < US(event_end(e));
				}
				inside += held;
			}
		for (guint i = 0; i < r.forest->count; i++) {
			const struct event *e = &r.forest->events[i];
			int tid = atoi(threads_tid(r.trace->threads, e->thread, (char[THREADS_NUMBER_MAX]){ 0 }));
			gint64 want = 0;
			for (int dev = 0; dev < 2; dev++)
				for (gint64 u = US(e->ts); u < US(event_end(e)); u++)
					want += blamed[dev][u] == tid;
			CU_ASSERT_EQUAL(US(waiting_node(w, i)), want);
		}
		struct waiting_report report;
		waiting_report(w, &report);
		CU_ASSERT_EQUAL(US(report.inside), inside);
		CU_ASSERT_EQUAL(US(report.outside), want_total - inside);
		CU_ASSERT_EQUAL(report.most == NULL, inside == 0);
		read_run_clear(&r);
	}
	g_rand_free(rand);
}

/* A 100,000-deep chain with 100,000 gaps blamed on its thread: every node
 * costs a few binary searches, not its subtree (SPEC 19.3). */
static void test_deep_chain(void)
{
	enum { DEPTH = 100000 };
	g_autoptr(GString) json = g_string_new("[");
	for (guint i = 0; i < DEPTH; i++) /* op i: [i, 4 * DEPTH - i): every launch inside the chain */
		g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":1,\"tid\":1,\"ts\":%u,"
				       "\"dur\":%u}", i ? "," : "", i, 4 * DEPTH - 2 * i);
	for (guint k = 0; k < DEPTH; k++) /* kernel k: [2k, 2k + 1), launched at 2k */
		g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,"
				       "\"ts\":%u,\"dur\":0,\"args\":{\"correlation\":%u}},{\"ph\":\"X\",\"cat\":\"kernel\","
				       "\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":%u,\"dur\":1,\"args\":{\"correlation\":%u,"
				       "\"device\":0}}", 2 * k, k + 1, 2 * k, k + 1);
	g_string_append(json, "]");
	struct read_run r;
	read_run(json->str, &r);
	gint64 started = g_get_monotonic_time();
	g_autoptr(Waiting) w = waiting_compute(r.attribution, r.forest);
	/* gaps [2k + 1, 2k + 2) for k < DEPTH - 1, each all host wait */
	CU_ASSERT_EQUAL(US(w->host_wait), DEPTH - 1);
	gint64 sum = 0;
	for (guint i = 0; i < r.forest->count; i++)
		sum += waiting_self(w, i);
	struct waiting_report report;
	waiting_report(w, &report);
	CU_ASSERT(g_get_monotonic_time() - started < 5 * G_USEC_PER_SEC);
	CU_ASSERT_EQUAL(US(sum), DEPTH - 1); /* the selves tile the root's */
	CU_ASSERT_EQUAL(US(report.inside), DEPTH - 1);
	CU_ASSERT_EQUAL(report.outside, 0);
	read_run_clear(&r);
}

UNIT_MAIN("waiting", UNIT_TEST(test_class_of), UNIT_TEST(test_classes), UNIT_TEST(test_nested),
	  UNIT_TEST(test_random_against_brute_force), UNIT_TEST(test_deep_chain))
