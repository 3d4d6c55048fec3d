#include "unit.h"
#include "fixture.h"
#include "attribution/blocking.h"
#include "attribution/sums.h"

/* A device event of category CAT: [TS, TS + DUR), correlation CORR (times in us). */
#define DEV(cat, name, ts, dur, corr)                                                                   \
	"{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":0,\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur \
	",\"args\":{\"correlation\":" #corr "}}"
#define COPY(name, ts, dur, corr) DEV("gpu_memcpy", name, ts, dur, corr)
#define RT(name, ts, dur, tid, corr) LAUNCH("cuda_runtime", name, ts, dur, tid, corr)
#define DRV(name, ts, dur, tid, corr) LAUNCH("cuda_driver", name, ts, dur, tid, corr)

struct run {
	struct trace *trace;
	struct forest *forest;
	struct attribution *attribution;
	guint8 *kinds;
};

static void run_read(const char *json, struct run *r)
{
	r->trace = fixture_read(json);
	r->forest = forest_build(r->trace);
	r->attribution = attribute(r->trace, r->forest);
	r->kinds = blocking_kinds(r->attribution);
}

static void run_clear(struct run *r)
{
	g_free(r->kinds);
	attribution_free(r->attribution);
	forest_free(r->forest);
	trace_free(r->trace);
}

/* The kind of the launch with correlation id CORR (one launch carries each). */
static guint kind_of(const struct run *r, gint64 corr)
{
	for (guint l = 0; l < r->attribution->launch_count; l++)
		if (r->attribution->launches[l].correlation == corr)
			return r->kinds[l];
	CU_FAIL("no launch with that correlation id");
	return 0xff;
}

#define BLOCKING_COPY (LAUNCH_BLOCKING | LAUNCH_DEVICE_WORK)

/* SPEC 19.1's copy rule, one launch at a time (thread 1, each far from the others). */
static void test_copies(void)
{
	struct run r;
	run_read("[" OP("op", 0, 10000, 1) ","
		 /* 1: pageable, returned after the copy ended: blocking */
		 RT("cudaMemcpyAsync", 10, 20, 1, 1) "," COPY("Memcpy DtoH (Device -> Pageable)", 15, 10, 1) ","
		 /* 2: the same into pinned memory: not blocking */
		 RT("cudaMemcpyAsync", 100, 20, 1, 2) "," COPY("Memcpy DtoH (Device -> Pinned)", 105, 10, 2) ","
		 /* 3: returned before the copy ended (at 145, the copy at 150) */
		 RT("cudaMemcpyAsync", 140, 5, 1, 3) "," COPY("Memcpy DtoH (Device -> Pageable)", 144, 6, 3) ","
		 /* 4: returned just as it ended: at or after counts */
		 RT("cudaMemcpyAsync", 200, 20, 1, 4) "," COPY("Memcpy DtoH (Device -> Pageable)", 210, 10, 4) ","
		 /* 5: DeviceToHost in another case (HIP's wording) */
		 RT("hipMemcpyAsync", 300, 20, 1, 5) "," COPY("copyDEVICETOHOST", 305, 5, 5) ","
		 /* 6: a copy to the host and a kernel: not all copies */
		 RT("cudaMemcpyAsync", 400, 20, 1, 6) "," COPY("Memcpy DtoH (Device -> Pageable)", 405, 5, 6) ","
		 KERNEL("k", 410, 2, 6) ","
		 /* 7: host to device only: no copy to the host */
		 RT("cudaMemcpyAsync", 500, 20, 1, 7) "," COPY("Memcpy HtoD (Pageable -> Device)", 505, 5, 7) ","
		 /* 8: two copies, one to the host, one with Pinned in its name */
		 RT("cudaMemcpyAsync", 600, 20, 1, 8) "," COPY("Memcpy DtoH (Device -> Pageable)", 605, 5, 8) ","
		 COPY("Memcpy HtoD (Pinned -> Device)", 611, 5, 8) ","
		 /* 9: "pinned" in lower case is not Pinned */
		 RT("cudaMemcpyAsync", 700, 20, 1, 9) "," COPY("Memcpy DtoH (pinned)", 705, 5, 9) ","
		 /* 10: a kernel, a launch without device events, a sync-list copy without them */
		 RT("cudaLaunchKernel", 800, 5, 1, 10) "," KERNEL("k", 900, 5, 10) ","
		 RT("cudaLaunchKernel", 810, 5, 1, 11) "," RT("cudaMemcpy", 820, 5, 1, 12) ","
		 /* 13: the sync list by name, whatever its events */
		 RT("cudaDeviceSynchronize", 830, 50, 1, 13) "," RT("cudaStreamSynchronize", 890, 5, 1, 14) ","
		 KERNEL("k", 891, 1, 14) "]",
		 &r);
	CU_ASSERT_EQUAL(kind_of(&r, 1), BLOCKING_COPY);
	CU_ASSERT_EQUAL(kind_of(&r, 2), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 3), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 4), BLOCKING_COPY);
	CU_ASSERT_EQUAL(kind_of(&r, 5), BLOCKING_COPY);
	CU_ASSERT_EQUAL(kind_of(&r, 6), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 7), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 8), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 9), BLOCKING_COPY);
	CU_ASSERT_EQUAL(kind_of(&r, 10), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 11), 0);
	CU_ASSERT_EQUAL(kind_of(&r, 12), LAUNCH_BLOCKING);
	CU_ASSERT_EQUAL(kind_of(&r, 13), LAUNCH_BLOCKING | LAUNCH_SYNCHRONIZE);
	CU_ASSERT_EQUAL(kind_of(&r, 14), LAUNCH_BLOCKING | LAUNCH_SYNCHRONIZE | LAUNCH_DEVICE_WORK);
	/* the report's totals: 1, 4, 5, 9 (20 us each), 12 (5), 13 (50), 14 (5) */
	struct blocking_totals t;
	blocking_totals(r.attribution, &t);
	CU_ASSERT_EQUAL(t.blocking, 7);
	CU_ASSERT_EQUAL(t.blocking_time, (4 * 20 + 5 + 50 + 5) * 1000);
	CU_ASSERT_EQUAL(t.synchronize_time, 55 * 1000);
	CU_ASSERT_EQUAL(t.device_launches, 11); /* all but 11, 12 and 13 */
	run_clear(&r);
}

/* Nested launches count with their outermost launch: the first launch of
 * the thread, in sort order, that contains them. */
static void test_nested(void)
{
	struct run r;
	run_read("[" OP("op", 0, 10000, 1) ","
		 /* a runtime copy whose driver call holds the copy: blocking, once */
		 RT("cudaMemcpyAsync", 10, 30, 1, 1) "," DRV("cuMemcpyDtoHAsync_v2", 12, 20, 1, 2) ","
		 COPY("Memcpy DtoH (Device -> Pageable)", 15, 10, 2) ","
		 /* the outer launch returned before its nested one's copy ended */
		 RT("cudaMemcpyAsync", 100, 10, 1, 3) "," DRV("cuMemcpyDtoHAsync_v2", 101, 5, 1, 4) ","
		 COPY("Memcpy DtoH (Device -> Pageable)", 104, 20, 4) ","
		 /* the nested one's kernel makes the outer's copies not all copies */
		 RT("cudaMemcpyAsync", 200, 30, 1, 5) "," COPY("Memcpy DtoH (Device -> Pageable)", 205, 5, 5) ","
		 DRV("cuLaunchKernel", 210, 5, 1, 6) "," KERNEL("k", 212, 1, 6) ","
		 /* A [300, 360), B [310, 400) overlapping it, C [320, 350) in both:
		  * C is A's (the first that contains it), B has no device work */
		 RT("cudaLaunchKernel", 300, 60, 1, 7) "," RT("cudaLaunchKernel", 310, 90, 1, 8) ","
		 DRV("cuLaunchKernel", 320, 30, 1, 9) "," KERNEL("k", 330, 1, 9) ","
		 /* another thread: nothing of thread 1 is its outer launch */
		 RT("cudaLaunchKernel", 5, 1000, 2, 10) "," DRV("cuLaunchKernel", 11, 5, 2, 11) ","
		 KERNEL("k", 12, 1, 11) "]",
		 &r);
	CU_ASSERT_EQUAL(kind_of(&r, 1), BLOCKING_COPY);
	CU_ASSERT_EQUAL(kind_of(&r, 2), 0); /* nested: counted with 1 */
	CU_ASSERT_EQUAL(kind_of(&r, 3), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 4), 0);
	CU_ASSERT_EQUAL(kind_of(&r, 5), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 7), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 8), 0);
	CU_ASSERT_EQUAL(kind_of(&r, 9), 0);
	CU_ASSERT_EQUAL(kind_of(&r, 10), LAUNCH_DEVICE_WORK);
	CU_ASSERT_EQUAL(kind_of(&r, 11), 0);
	run_clear(&r);
}

/* The figures of src/attribution/sums.h, inclusive and self: op > inner. */
static void test_sums(void)
{
	struct run r;
	run_read("[" OP("op", 0, 1000, 1) "," OP("inner", 100, 200, 1) ","
		 RT("cudaMemcpyAsync", 10, 30, 1, 1) "," COPY("Memcpy DtoH (Device -> Pageable)", 15, 10, 1) ","
		 RT("cudaLaunchKernel", 50, 5, 1, 2) ","
		 RT("cudaLaunchKernel", 110, 5, 1, 3) "," KERNEL("k", 120, 5, 3) ","
		 RT("cudaStreamSynchronize", 150, 40, 1, 4) "]",
		 &r);
	guint figures = FIGURE_BIT(FIGURE_SYNC) | FIGURE_BIT(FIGURE_BLOCKING) | FIGURE_BIT(FIGURE_DEVICE_LAUNCHES) |
			FIGURE_BIT(FIGURE_LAUNCHES);
	for (int from_rows = 0; from_rows < 2; from_rows++) {
		struct sums *s = sums_new(r.forest, r.attribution, figures, NULL, from_rows);
		for (guint node = 0; node < 2; node++) {
			if (from_rows) {
				g_autoptr(GArray) launches = g_array_new(FALSE, FALSE, sizeof(guint));
				attribution_node_launches(r.attribution, r.forest, node, launches);
				sums_set_row(s, r.attribution, node, launches);
			}
			if (node == 0) { /* op: all four launches; its own: the copy and the empty launch */
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_LAUNCHES, 0), 4);
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_DEVICE_LAUNCHES, 0), 2);
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_BLOCKING, 0), 2);
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_SYNC, 0), 70000);
				CU_ASSERT_EQUAL(sums_self(s, FIGURE_DEVICE_LAUNCHES, 0), 1);
				CU_ASSERT_EQUAL(sums_self(s, FIGURE_BLOCKING, 0), 1);
				CU_ASSERT_EQUAL(sums_self(s, FIGURE_SYNC, 0), 30000);
			} else { /* inner: the kernel launch and the synchronize */
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_DEVICE_LAUNCHES, 1), 1);
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_BLOCKING, 1), 1);
				CU_ASSERT_EQUAL(sums_inclusive(s, FIGURE_SYNC, 1), 40000);
			}
		}
		sums_free(s);
	}
	run_clear(&r);
}

/* The outermost launch by its definition, against the sweep: on random
 * launches of two threads, each launch's device events counted with the
 * first launch of its thread that contains it. The last rounds spread
 * 1500 launches over time, so that the sweep settles and sheds many. */
static void test_random_against_definition(void)
{
	GRand *rand = g_rand_new_with_seed(35);
	for (int round = 0; round < 54; round++) {
		GString *json = g_string_new("[" OP("op", 0, 100000, 1));
		gboolean long_run = round >= 50;
		int launches = long_run ? 1500 : g_rand_int_range(rand, 1, 40);
		for (int i = 0; i < launches; i++) {
			int ts = g_rand_int_range(rand, 0, long_run ? 50000 : 200), dur = g_rand_int_range(rand, 0, 60);
			g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\","
					       "\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":%d,\"args\":{\"correlation\":%d}}",
					       1 + i % 2, ts, dur, i + 1);
			if (g_rand_boolean(rand))
				g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,"
						       "\"tid\":7,\"ts\":%d,\"dur\":1,\"args\":{\"correlation\":%d}}", ts, i + 1);
		}
		g_string_append(json, "]");
		struct run r;
		run_read(json->str, &r);
		const struct attribution *a = r.attribution;
		g_autofree guint8 *want = g_new0(guint8, a->launch_count + 1);
		for (guint l = 0; l < a->launch_count; l++) {
			guint outer = l;
			for (guint k = 0; k < l; k++)
				if (a->launches[k].thread == a->launches[l].thread && event_contains(&a->launches[k], &a->launches[l])) {
					outer = k;
					break;
				}
			CU_ASSERT_EQUAL(outer == l, !a->nested[l]);
			if (a->device_first[l + 1] > a->device_first[l])
				want[outer] = LAUNCH_DEVICE_WORK;
		}
		CU_ASSERT_EQUAL(memcmp(want, r.kinds, a->launch_count), 0);
		run_clear(&r);
		g_string_free(json, TRUE);
	}
	g_rand_free(rand);
}

UNIT_MAIN("blocking", UNIT_TEST(test_copies), UNIT_TEST(test_nested), UNIT_TEST(test_sums),
	  UNIT_TEST(test_random_against_definition))
