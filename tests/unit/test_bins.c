#include "unit.h"
#include "fixture.h"
#include "attribution/bins.h"
#include "attribution/timeline_bins.h"
#include "attribution/timeline.h"

static void test_bounds(void)
{
	struct bins b;
	/* L = 10, B = 4: floor(k 10 / 4) = 0, 2, 5, 7, 10 */
	bins_init(&b, 0, 10, 4);
	CU_ASSERT_EQUAL_FATAL(b.count, 4);
	const gint64 expected[] = { 0, 2, 5, 7, 10 };
	for (guint k = 0; k <= 4; k++)
		CU_ASSERT_EQUAL(b.bounds[k], expected[k]);
	bins_clear(&b);
	/* more bins than ns: one a ns */
	bins_init(&b, 5, 8, 100);
	CU_ASSERT_EQUAL_FATAL(b.count, 3);
	CU_ASSERT_EQUAL(b.bounds[0], 5);
	CU_ASSERT_EQUAL(b.bounds[1], 6);
	CU_ASSERT_EQUAL(b.bounds[3], 8);
	bins_clear(&b);
	/* an empty span: no bin */
	bins_init(&b, 7, 7, 100);
	CU_ASSERT_EQUAL(b.count, 0);
	bins_clear(&b);
	/* a span whose k L would overflow 64 bits: exact all the same */
	gint64 start = -1000, end = G_MAXINT64 / 2;
	bins_init(&b, start, end, 99991);
	CU_ASSERT_EQUAL_FATAL(b.count, 99991);
	for (guint k = 0; k <= b.count; k += 997) {
		__int128 exact = (__int128)k * (end - start) / b.count;
		CU_ASSERT_EQUAL(b.bounds[k], start + (gint64)exact);
	}
	CU_ASSERT_EQUAL(b.bounds[b.count], end);
	bins_clear(&b);
}

/* bins_add against the overlap of every interval with every bin. */
static void test_add_against_brute_force(void)
{
	GRand *rand = g_rand_new_with_seed(34);
	for (int round = 0; round < 500; round++) {
		gint64 start = g_rand_int_range(rand, -50, 50), length = g_rand_int_range(rand, 1, 300);
		struct bins b;
		bins_init(&b, start, start + length, g_rand_int_range(rand, 1, 40));
		g_autoptr(GArray) list = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
		for (gint64 t = start + g_rand_int_range(rand, 0, 10); t < start + length;) {
			gint64 end = MIN(t + g_rand_int_range(rand, 1, 30), start + length);
			intervals_extend(list, t, end);
			t = end + g_rand_int_range(rand, 1, 20);
		}
		g_autofree gint64 *out = g_new0(gint64, b.count);
		g_autofree gint64 *brute = g_new0(gint64, b.count);
		const struct idle_interval *v = (const struct idle_interval *)list->data;
		bins_add(&b, v, list->len, out);
		for (guint k = 0; k < b.count; k++)
			for (guint i = 0; i < list->len; i++)
				brute[k] += MAX(0, MIN(v[i].end, b.bounds[k + 1]) - MAX(v[i].start, b.bounds[k]));
		for (guint k = 0; k < b.count; k++)
			CU_ASSERT_EQUAL(out[k], brute[k]);
		bins_clear(&b);
	}
	g_rand_free(rand);
}

/* Times in the fixtures are microseconds. */
#define STEP(n, pid, ts, dur)                                                                                   \
	"{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" #n "\",\"pid\":" #pid ",\"tid\":1,\"ts\":" #ts \
	",\"dur\":" #dur "}"

/* Device 0: [10, 20) <- 5, [40, 50) <- 30, [60, 70) <- 1; device 1:
 * [25, 45) <- 22 (all launched by pid 1). */
static const char two_devices[] = "[" STEP(1, 1, 0, 35) "," STEP(2, 1, 35, 65) "," PLAUNCH(1, 5, 1) ","
	DKERNEL(0, 10, 10, 1) "," PLAUNCH(1, 30, 2) "," DKERNEL(0, 40, 10, 2) "," PLAUNCH(1, 1, 3) ","
	DKERNEL(0, 60, 10, 3) "," PLAUNCH(1, 22, 4) "," DKERNEL(1, 25, 20, 4) "]";

/* Whatever the bins, they add up to the device timeline's figures, and in
 * each bin busy + host wait + other idle is its length. */
static void test_device_bins(void)
{
	struct read_config config = fixture_config();
	config.steps = TRUE;
	g_autoptr(Trace) trace = fixture_read_with(two_devices, &config);
	g_autoptr(Forest) forest = forest_build(trace);
	g_autoptr(Attribution) a = attribute(trace, forest);
	g_autoptr(Steps) steps = steps_new(trace);
	g_autoptr(Timeline) t = timeline_compute(a->by_time, a->claimed + a->unclaimed, a, trace->threads, NULL);
	const guint wanted[] = { 1, 3, 7, 60, 1000, 100000 };
	for (guint w = 0; w < G_N_ELEMENTS(wanted); w++) {
		g_autoptr(TimelineBins) bins = timeline_bins_compute(a, trace->threads, steps, NULL, wanted[w], NULL);
		CU_ASSERT_EQUAL_FATAL(bins->count, 2);
		for (guint d = 0; d < 2; d++) {
			const struct timeline_bins_device *device = &bins->devices[d];
			CU_ASSERT_EQUAL(device->device, d);
			CU_ASSERT_EQUAL(device->bins.count, MIN(wanted[w], (guint)(t->devices[d].last - t->devices[d].first)));
			gint64 busy = 0, wait = 0;
			for (guint k = 0; k < device->bins.count; k++) {
				const gint64 *f = &device->figures[(gsize)k * BIN_FIGURES];
				gint64 length = device->bins.bounds[k + 1] - device->bins.bounds[k];
				CU_ASSERT(f[BIN_BUSY] + f[BIN_WAIT] <= length);
				CU_ASSERT(f[CLASS_COMPUTE] == f[BIN_BUSY]); /* only kernels */
				busy += f[BIN_BUSY];
				wait += f[BIN_WAIT];
				CU_ASSERT_PTR_NOT_NULL(device->step[k]); /* the steps cover [0, 100] */
				CU_ASSERT_EQUAL(device->allocated[k], BIN_NO_MEMORY);
			}
			CU_ASSERT_EQUAL(busy, t->devices[d].busy);
			CU_ASSERT_EQUAL(wait, t->devices[d].host_wait);
		}
	}
	CU_ASSERT_EQUAL(timeline_bins_device_count(a), 2); /* the page's count, without binning (issue 34) */
	/* SPEC 28, by hand. The busy window: device 0 is busy 30 us ([10, 20),
	 * [40, 50), [60, 70)); 99% needs 29.7 us: from 10, 10 + 10 + 9.7: to 69.7
	 * (from 40 only 20 is left); device 1, [25, 45): 19.8 us, [25, 44.8).
	 * The steps: every launch (at 5, 30, 1 and 22 us) lies in step 1's window
	 * [0, 35], so step 1's span is device 0's [10, 70) and device 1's
	 * [25, 45); step 2 has no device event on either. */
	g_autoptr(TimelineBins) seven = timeline_bins_compute(a, trace->threads, steps, NULL, 7, NULL);
	const struct timeline_bins_device *d0 = &seven->devices[0], *d1 = &seven->devices[1];
	CU_ASSERT_TRUE(d0->has_window && d1->has_window);
	CU_ASSERT(d0->window_from == 10000 && d0->window_to == 69700);
	CU_ASSERT(d1->window_from == 25000 && d1->window_to == 44800);
	CU_ASSERT_EQUAL_FATAL(d0->step_count, 2);
	CU_ASSERT_EQUAL_FATAL(d1->step_count, 2);
	CU_ASSERT_EQUAL(d0->steps[0].step->ts, 0); /* ProfilerStep#1, then #2 */
	CU_ASSERT_EQUAL(d0->steps[1].step->ts, 35000);
	CU_ASSERT(d0->steps[0].has_device && d0->steps[0].first == 10000 && d0->steps[0].last == 70000);
	CU_ASSERT(d1->steps[0].has_device && d1->steps[0].first == 25000 && d1->steps[0].last == 45000);
	CU_ASSERT_FALSE(d0->steps[1].has_device);
	CU_ASSERT_FALSE(d1->steps[1].has_device);
	/* --step 2 clips device 0's [10, 70) to [35, 70) (step 2 is [35, 100]) */
	struct step_range range = { TRUE, 2, 2 };
	g_autoptr(TimelineBins) clipped = timeline_bins_compute(a, trace->threads, steps, &range, 7, NULL);
	CU_ASSERT_EQUAL(clipped->devices[0].bins.count, 7);
	CU_ASSERT_EQUAL(clipped->devices[0].bins.bounds[0], 35000);
	CU_ASSERT_EQUAL(clipped->devices[0].bins.bounds[7], 70000);
	CU_ASSERT_EQUAL(clipped->devices[0].bins.bounds[1], 40000);
	/* bin 0 [35, 40): the gap [20, 40)'s host wait [20, 30) lies before it: other idle 5 */
	CU_ASSERT_EQUAL(clipped->devices[0].figures[BIN_BUSY], 0);
	CU_ASSERT_EQUAL(clipped->devices[0].figures[BIN_WAIT], 0);
}

UNIT_MAIN("bins", UNIT_TEST(test_bounds), UNIT_TEST(test_add_against_brute_force), UNIT_TEST(test_device_bins))
