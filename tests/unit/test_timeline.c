#include "unit.h"
#include "fixture.h"
#include "attribution/timeline.h"
#include "attribution/busy_window.h"
#include <stdlib.h>

/* A device event of category CAT on device DEVICE (JSON text: 0, "3", null,
 * ...), pid PID, stream (tid) STREAM; times in microseconds. */
#define ON(cat, name, ts, dur, pid, stream, device) \
	"{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":" #pid ",\"tid\":" #stream ",\"ts\":" #ts \
	",\"dur\":" #dur ",\"args\":{\"device\":" #device "}}"
/* One on device 0, pid 0. */
#define DEV0(cat, name, ts, dur, stream) ON(cat, name, ts, dur, 0, stream, 0)

/* The timeline of JSON's device events, in the order the reader left them
 * (not sorted by ts: the sweep puts them in order itself). */
static struct timeline *timeline_of(const char *json, const GRegex *communication)
{
	g_autoptr(Trace) trace = fixture_read(json);
	return timeline_compute((const struct event *)trace->device->data, trace->device->len, NULL, trace->threads,
				communication);
}

/* Microseconds, the fixtures' unit. */
#define US(ns) ((ns) / 1000)

static void test_two_streams_overlap(void)
{
	/* [0, 1500) on stream 7, [500, 2000) on stream 8: 3000 of duration, busy 2000 */
	g_autoptr(Timeline) t = timeline_of("[" DEV0("kernel", "a", 0, 1500, 7) "," DEV0("kernel", "b", 500, 1500, 8) "]",
					    NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 1);
	const struct timeline_device *d = &t->devices[0];
	CU_ASSERT_TRUE(d->has_device);
	CU_ASSERT_EQUAL(d->device, 0);
	CU_ASSERT_EQUAL(d->events, 2);
	CU_ASSERT_EQUAL(US(d->busy), 2000);
	CU_ASSERT_EQUAL(US(d->first), 0);
	CU_ASSERT_EQUAL(US(d->last), 2000);
	CU_ASSERT_EQUAL(US(d->class_busy[CLASS_COMPUTE]), 2000);
	CU_ASSERT_EQUAL(timeline_permille(d), 1000);
}

static void test_nested_identical_adjacent(void)
{
	/* nested: [0, 1000) holds [200, 300); identical: [2000, 2500) twice;
	 * adjacent: [3000, 3100) then [3100, 3300); busy 1000 + 500 + 300 of
	 * the span [0, 3300): 54.5% (54.54...: one decimal, half away from zero) */
	g_autoptr(Timeline) t = timeline_of("[" DEV0("kernel", "outer", 0, 1000, 7) "," DEV0("kernel", "in", 200, 100, 8) ","
					    DEV0("kernel", "same", 2000, 500, 7) "," DEV0("kernel", "same", 2000, 500, 8) ","
					    DEV0("kernel", "adj2", 3100, 200, 8) "," DEV0("kernel", "adj1", 3000, 100, 7) "]",
					    NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 1);
	CU_ASSERT_EQUAL(US(t->devices[0].busy), 1800);
	CU_ASSERT_EQUAL(US(t->devices[0].last - t->devices[0].first), 3300);
	CU_ASSERT_EQUAL(timeline_permille(&t->devices[0]), 545);
	CU_ASSERT_EQUAL(t->devices[0].events, 6);
}

static void test_communication_overlaps_compute(void)
{
	/* compute [0, 10) and [18, 25); NCCL [5, 20): compute busy 17,
	 * communication 15, overlapped [5, 10) and [18, 20): 7; busy [0, 25) */
	g_autoptr(Timeline) t = timeline_of("[" DEV0("kernel", "gemm", 0, 10, 7) ","
					    DEV0("kernel", "ncclDevKernel_AllReduce", 5, 15, 8) ","
					    DEV0("kernel", "relu", 18, 7, 7) "]", NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 1);
	const struct timeline_device *d = &t->devices[0];
	CU_ASSERT_EQUAL(US(d->class_busy[CLASS_COMPUTE]), 17);
	CU_ASSERT_EQUAL(US(d->class_busy[CLASS_COMMUNICATION]), 15);
	CU_ASSERT_EQUAL(US(d->overlap), 7);
	CU_ASSERT_EQUAL(US(d->busy), 25);
}

static void test_comm_pattern(void)
{
	/* with "GEMM" (any case) as the pattern, gemm is communication and NCCL compute */
	g_autoptr(GRegex) pattern = g_regex_new("GEMM", G_REGEX_CASELESS, 0, NULL);
	g_autoptr(Timeline) t = timeline_of("[" DEV0("kernel", "gemm", 0, 10, 7) ","
					    DEV0("kernel", "ncclDevKernel_AllReduce", 5, 15, 8) "]", pattern);
	CU_ASSERT_EQUAL_FATAL(t->count, 1);
	CU_ASSERT_EQUAL(US(t->devices[0].class_busy[CLASS_COMMUNICATION]), 10);
	CU_ASSERT_EQUAL(US(t->devices[0].class_busy[CLASS_COMPUTE]), 15);
	CU_ASSERT_EQUAL(US(t->devices[0].overlap), 5);
}

static void test_memcpy_memset(void)
{
	/* memcpy [0, 4), memset [2, 3) inside it, compute [10, 12): memcpy 4,
	 * memset 1, busy 4 + 2 of a span of 12, 50.0%; a memcpy named like
	 * NCCL is still memcpy; memcpy and memset overlap nothing counted */
	g_autoptr(Timeline) t = timeline_of("[" DEV0("gpu_memcpy", "Memcpy nccl DtoD", 0, 4, 7) ","
					    DEV0("gpu_memset", "Memset", 2, 1, 8) "," DEV0("kernel", "k", 10, 2, 7) "]",
					    NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 1);
	const struct timeline_device *d = &t->devices[0];
	CU_ASSERT_EQUAL(US(d->class_busy[CLASS_MEMCPY]), 4);
	CU_ASSERT_EQUAL(US(d->class_busy[CLASS_MEMSET]), 1);
	CU_ASSERT_EQUAL(US(d->class_busy[CLASS_COMPUTE]), 2);
	CU_ASSERT_EQUAL(d->class_busy[CLASS_COMMUNICATION], 0);
	CU_ASSERT_EQUAL(d->overlap, 0);
	CU_ASSERT_EQUAL(US(d->busy), 6);
	/* the events of each class: the report leaves out a class without any */
	CU_ASSERT_EQUAL(d->class_events[CLASS_MEMCPY], 1);
	CU_ASSERT_EQUAL(d->class_events[CLASS_MEMSET], 1);
	CU_ASSERT_EQUAL(d->class_events[CLASS_COMPUTE], 1);
	CU_ASSERT_EQUAL(d->class_events[CLASS_COMMUNICATION], 0);
	CU_ASSERT_EQUAL(timeline_permille(d), 500);
}

static void test_two_devices(void)
{
	/* device 1 comes first in the file and in time; device 0 is listed first */
	g_autoptr(Timeline) t = timeline_of("[" ON("kernel", "a", 0, 10, 1, 7, 1) "," ON("kernel", "b", 5, 10, 0, 7, 0) ","
					    ON("kernel", "c", 8, 4, 1, 8, 1) "," ON("kernel", "d", 30, 10, 0, 7, 0) "]",
					    NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 2);
	CU_ASSERT_EQUAL(t->devices[0].device, 0);
	CU_ASSERT_EQUAL(US(t->devices[0].busy), 20);
	CU_ASSERT_EQUAL(US(t->devices[0].first), 5);
	CU_ASSERT_EQUAL(US(t->devices[0].last), 40);
	CU_ASSERT_EQUAL(t->devices[1].device, 1);
	CU_ASSERT_EQUAL(US(t->devices[1].busy), 12);
	CU_ASSERT_EQUAL(US(t->devices[1].last - t->devices[1].first), 12);
}

static void test_without_device(void)
{
	/* no args.device, null, -1, 65536, 1.5: by pid (5, then 6 by first
	 * start); "3" is device 3, 65535 is device 65535 */
	g_autoptr(Timeline) t = timeline_of(
		"[" ON("kernel", "a", 100, 10, 6, 7, null) "," ON("kernel", "b", 0, 10, 5, 7, -1) ","
		"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"c\",\"pid\":5,\"tid\":8,\"ts\":5,\"dur\":10}," /* no args */
		ON("kernel", "d", 200, 1, 6, 8, 65536) "," ON("kernel", "e", 300, 1, 6, 8, 1.5) ","
		ON("kernel", "f", 50, 2, 9, 7, "3") "," ON("kernel", "g", 60, 3, 9, 7, 65535) "]",
		NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 4);
	CU_ASSERT_TRUE(t->devices[0].has_device && t->devices[0].device == 3);
	CU_ASSERT_EQUAL(US(t->devices[0].busy), 2);
	CU_ASSERT_TRUE(t->devices[1].has_device && t->devices[1].device == 65535);
	CU_ASSERT_FALSE(t->devices[2].has_device);
	ASSERT_STR(t->devices[2].pid, "5");
	CU_ASSERT_EQUAL(US(t->devices[2].busy), 15);
	CU_ASSERT_EQUAL(t->devices[2].events, 2);
	CU_ASSERT_FALSE(t->devices[3].has_device);
	ASSERT_STR(t->devices[3].pid, "6");
	CU_ASSERT_EQUAL(US(t->devices[3].busy), 12);
	CU_ASSERT_EQUAL(US(t->devices[3].last - t->devices[3].first), 201);
}

static void test_empty_and_zero_span(void)
{
	g_autoptr(Timeline) none = timeline_compute(NULL, 0, NULL, NULL, NULL);
	CU_ASSERT_EQUAL(none->count, 0);
	/* zero-length events only: busy 0 of an empty span, no percentage */
	g_autoptr(Timeline) t = timeline_of("[" DEV0("kernel", "a", 7, 0, 7) "," DEV0("kernel", "b", 7, 0, 8) "]", NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 1);
	CU_ASSERT_EQUAL(t->devices[0].busy, 0);
	CU_ASSERT_EQUAL(t->devices[0].last - t->devices[0].first, 0);
	CU_ASSERT_EQUAL(timeline_permille(&t->devices[0]), -1);
}

/* SPEC 28: one decimal, half away from zero, as every percentage (the
 * report cut 98.27% to 98.2) */
static void test_permille_rounds_half_away(void)
{
	struct timeline_device d = { .first = 0, .last = 3, .busy = 2 };
	CU_ASSERT_EQUAL(timeline_permille(&d), 667); /* 66.66...: 66.7 */
	d.last = 10000, d.busy = 9827;              /* 98.27: 98.3 */
	CU_ASSERT_EQUAL(timeline_permille(&d), 983);
	d.last = 2000, d.busy = 1; /* 0.05 exactly: 0.1 */
	CU_ASSERT_EQUAL(timeline_permille(&d), 1);
	d.last = 2001; /* 0.04997...: 0.0 */
	CU_ASSERT_EQUAL(timeline_permille(&d), 0);
	d.last = 1000000, d.busy = 999499; /* 99.9499: 99.9 */
	CU_ASSERT_EQUAL(timeline_permille(&d), 999);
	d.busy = 999500; /* 99.95: 100.0, though not busy for the whole span */
	CU_ASSERT_EQUAL(timeline_permille(&d), 1000);
	d.busy = d.last;
	CU_ASSERT_EQUAL(timeline_permille(&d), 1000);
	struct timeline_device w = { .idle = 40000, .host_wait = 18260 }; /* 45.65: 45.7 (the page cut it to 45.6) */
	CU_ASSERT_EQUAL(timeline_wait_permille(&w), 457);
	w.idle = 0;
	CU_ASSERT_EQUAL(timeline_wait_permille(&w), -1);
}

static void test_event_stays_56_bytes(void)
{
	CU_ASSERT_EQUAL(sizeof(struct event), 56);
}

/* The length of the union of INTERVALS (pairs [start, end)), by sorting. */
static int compare_pairs(const void *p, const void *q)
{
	const gint64 *a = p, *b = q;
	return a[0] < b[0] ? -1 : a[0] > b[0];
}

static gint64 union_length(gint64 *intervals, guint count)
{
	if (count)
		qsort(intervals, count, 2 * sizeof(gint64), compare_pairs);
	gint64 total = 0, start = 0, end = G_MININT64;
	for (guint k = 0; k < count; k++) {
		if (intervals[2 * k] > end) {
			total += end > start ? end - start : 0;
			start = intervals[2 * k];
			end = intervals[2 * k + 1];
		} else {
			end = MAX(end, intervals[2 * k + 1]);
		}
	}
	return total + (end > start ? end - start : 0);
}

/* The length of the intersection of the unions of A and B, by brute force:
 * each segment between consecutive endpoints counts when both cover it. */
static gint64 intersection_length(const gint64 *a, guint na, const gint64 *b, guint nb)
{
	g_autoptr(GArray) points = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_array_append_vals(points, a, 2 * na);
	g_array_append_vals(points, b, 2 * nb);
	if (points->len)
		qsort(points->data, points->len, sizeof(gint64), compare_pairs);
	gint64 total = 0;
	for (guint p = 0; p + 1 < points->len; p++) {
		gint64 s = g_array_index(points, gint64, p), e = g_array_index(points, gint64, p + 1);
		gboolean in_a = FALSE, in_b = FALSE;
		for (guint k = 0; k < na && !in_a; k++)
			in_a = a[2 * k] <= s && e <= a[2 * k + 1] && s < e;
		for (guint k = 0; k < nb && !in_b; k++)
			in_b = b[2 * k] <= s && e <= b[2 * k + 1] && s < e;
		total += in_a && in_b ? e - s : 0;
	}
	return total;
}

static void test_random_against_brute_force(void)
{
	GRand *rand = g_rand_new_with_seed(11);
	static const char *const names[] = { "gemm", "ncclKernel_AllGather", "relu", "all_reduce_x" };
	for (guint round = 0; round < 30; round++) {
		GString *json = g_string_new("[");
		guint n = g_rand_int_range(rand, 1, 60);
		gint64 *compute = g_new(gint64, 2 * n), *comm = g_new(gint64, 2 * n), *all = g_new(gint64, 2 * n);
		guint ncompute = 0, ncomm = 0;
		gint64 first = G_MAXINT64, last = G_MININT64;
		for (guint i = 0; i < n; i++) {
			gint64 ts = g_rand_int_range(rand, 0, 1000), dur = g_rand_int_range(rand, 0, 150);
			guint kind = g_rand_int_range(rand, 0, 4);
			g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"%s\",\"pid\":0,\"tid\":%d,"
					       "\"ts\":%" G_GINT64_FORMAT ",\"dur\":%" G_GINT64_FORMAT ",\"args\":{\"device\":0}}",
					       i ? "," : "", names[kind], g_rand_int_range(rand, 7, 10), ts, dur);
			gint64 *into = kind % 2 ? comm + 2 * ncomm++ : compute + 2 * ncompute++;
			into[0] = all[2 * i] = ts * 1000;
			into[1] = all[2 * i + 1] = (ts + dur) * 1000;
			first = MIN(first, ts * 1000);
			last = MAX(last, (ts + dur) * 1000);
		}
		g_string_append(json, "]");
		g_autoptr(Timeline) t = timeline_of(json->str, NULL);
		CU_ASSERT_EQUAL_FATAL(t->count, 1);
		const struct timeline_device *d = &t->devices[0];
		CU_ASSERT_EQUAL(d->first, first);
		CU_ASSERT_EQUAL(d->last, last);
		CU_ASSERT_EQUAL(d->overlap, intersection_length(compute, ncompute, comm, ncomm));
		CU_ASSERT_EQUAL(d->busy, union_length(all, n));
		CU_ASSERT_EQUAL(d->class_busy[CLASS_COMPUTE], union_length(compute, ncompute));
		CU_ASSERT_EQUAL(d->class_busy[CLASS_COMMUNICATION], union_length(comm, ncomm));
		g_free(compute), g_free(comm), g_free(all);
		g_string_free(json, TRUE);
	}
	g_rand_free(rand);
}

static void test_sorted_and_unsorted_agree(void)
{
	/* the same events in ts order (one sweep) and reversed (sorted first) */
	g_autoptr(Trace) trace = fixture_read("[" DEV0("kernel", "a", 0, 10, 7) "," DEV0("kernel", "nccl", 4, 10, 8) ","
					      ON("kernel", "b", 6, 10, 1, 7, 1) "," DEV0("gpu_memcpy", "m", 20, 3, 7) ","
					      DEV0("kernel", "c", 30, 1, 7) "]");
	const struct event *events = (const struct event *)trace->device->data;
	guint n = trace->device->len;
	g_autofree struct event *reversed = g_new(struct event, n);
	for (guint i = 0; i < n; i++)
		reversed[i] = events[n - 1 - i];
	CU_ASSERT_TRUE_FATAL(reversed[0].ts > reversed[1].ts);
	g_autoptr(Timeline) in_order = timeline_compute(events, n, NULL, trace->threads, NULL);
	g_autoptr(Timeline) backwards = timeline_compute(reversed, n, NULL, trace->threads, NULL);
	CU_ASSERT_EQUAL_FATAL(in_order->count, 2);
	CU_ASSERT_EQUAL_FATAL(backwards->count, 2);
	for (guint i = 0; i < 2; i++) {
		const struct timeline_device *a = &in_order->devices[i], *b = &backwards->devices[i];
		CU_ASSERT_EQUAL(a->device, b->device);
		CU_ASSERT_EQUAL(a->events, b->events);
		CU_ASSERT_EQUAL(a->first, b->first);
		CU_ASSERT_EQUAL(a->last, b->last);
		CU_ASSERT_EQUAL(a->busy, b->busy);
		CU_ASSERT_EQUAL(a->overlap, b->overlap);
		for (guint c = 0; c < CLASS_COUNT; c++)
			CU_ASSERT_EQUAL(a->class_busy[c], b->class_busy[c]);
	}
	/* device 0: [0, 14) + [20, 23) + [30, 31); compute [0, 10) meets NCCL [4, 14) */
	CU_ASSERT_EQUAL(US(in_order->devices[0].busy), 18);
	CU_ASSERT_EQUAL(US(in_order->devices[0].overlap), 6);
	CU_ASSERT_EQUAL(US(in_order->devices[0].class_busy[CLASS_MEMCPY]), 3);
	CU_ASSERT_EQUAL(US(in_order->devices[1].busy), 10);
}

/* SPEC 28: the smallest window holding 99% of the busy time, by hand
 * (src/attribution/busy_window.h), then against every window that starts
 * and ends at an interval's edge or a busy instant, by brute force. */
static void test_busy_window(void)
{
	gint64 from = -1, to = -1;
	/* B = 1 + 90 + 100 = 191, 99% needs 189.09 -> 190: from 0, 91 by 190 and
	 * 99 more: to 299 (299 long); from 100, 90 + 100: to 300 (200 long, the
	 * shortest); from 200 only 100 is left */
	const struct idle_interval a[] = { { 0, 1 }, { 100, 190 }, { 200, 300 } };
	CU_ASSERT_TRUE(busy_window(a, 3, 99, &from, &to));
	CU_ASSERT(from == 100 && to == 300);
	/* a decode step: 10 us of work at the start of a 474 ms span, 9.8 ms at its end (ns):
	 * B = 9810000, 99% needs 9711900: the last interval alone holds 9800000 */
	const struct idle_interval b[] = { { 0, 10000 }, { 464200000, 474000000 } };
	CU_ASSERT_TRUE(busy_window(b, 2, 99, &from, &to));
	CU_ASSERT(from == 464200000 && to == 464200000 + 9711900);
	/* 100%: the first start to the last end */
	CU_ASSERT_TRUE(busy_window(a, 3, 100, &from, &to));
	CU_ASSERT(from == 0 && to == 300);
	/* two windows as short: the earlier. [0,50) [60,110): B 100, 50% needs 50: [0,50) and [60,110) */
	const struct idle_interval c[] = { { 0, 50 }, { 60, 110 } };
	CU_ASSERT_TRUE(busy_window(c, 2, 50, &from, &to));
	CU_ASSERT(from == 0 && to == 50);
	/* 99% of 1 ns is 1 ns (0.99 rounds up: never less than the share) */
	const struct idle_interval d[] = { { 5, 6 } };
	CU_ASSERT_TRUE(busy_window(d, 1, 99, &from, &to));
	CU_ASSERT(from == 5 && to == 6);
	from = to = -7;
	CU_ASSERT_FALSE(busy_window(d, 0, 99, &from, &to)); /* no busy time: nothing set */
	CU_ASSERT(from == -7 && to == -7);
	/* random lists against every window [x, y) of integer bounds in [0, 60] */
	GRand *rand = g_rand_new_with_seed(28);
	for (int round = 0; round < 300; round++) {
		struct idle_interval list[8];
		guint n = 0;
		gint64 t = 0;
		while (n < 8 && t < 55) {
			gint64 start = t + g_rand_int_range(rand, 0, 6), end = start + g_rand_int_range(rand, 1, 6);
			if (end > 60)
				break;
			list[n++] = (struct idle_interval){ start, end };
			t = end + 1; /* disjoint, apart */
		}
		if (!n)
			continue;
		guint percent = (guint)g_rand_int_range(rand, 1, 101);
		gint64 total = 0;
		for (guint i = 0; i < n; i++)
			total += list[i].end - list[i].start;
		gint64 best_x = -1, best_y = -1;
		for (gint64 x = 0; x <= 60; x++)
			for (gint64 y = x + 1; y <= 60; y++) {
				gint64 in = 0;
				for (guint i = 0; i < n; i++)
					in += MAX(0, MIN(y, list[i].end) - MAX(x, list[i].start));
				if (in * 100 >= percent * total && (best_x < 0 || y - x < best_y - best_x))
					best_x = x, best_y = y;
			}
		CU_ASSERT_TRUE(busy_window(list, n, percent, &from, &to));
		CU_ASSERT_EQUAL(to - from, best_y - best_x);
		CU_ASSERT_EQUAL(from, best_x); /* x ascending: the earliest of the shortest */
	}
	g_rand_free(rand);
}

UNIT_MAIN("timeline", UNIT_TEST(test_two_streams_overlap), UNIT_TEST(test_nested_identical_adjacent),
	  UNIT_TEST(test_communication_overlaps_compute), UNIT_TEST(test_comm_pattern), UNIT_TEST(test_memcpy_memset),
	  UNIT_TEST(test_two_devices), UNIT_TEST(test_without_device), UNIT_TEST(test_empty_and_zero_span),
	  UNIT_TEST(test_permille_rounds_half_away), UNIT_TEST(test_event_stays_56_bytes),
	  UNIT_TEST(test_random_against_brute_force), UNIT_TEST(test_sorted_and_unsorted_agree),
	  UNIT_TEST(test_busy_window))
