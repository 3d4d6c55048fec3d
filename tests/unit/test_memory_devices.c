/* Memory devices (src/attribution/memory_devices.h): the rows of a small
 * trace worked out by hand, and the window queries (segment tree and
 * binary searches) against a brute force over random curves. */
#include "unit.h"
#include "fixture.h"
#include "attribution/memory_devices.h"

/* A [memory] instant of pid PID, tid 1. */
static void append_memory(GString *json, const char *name, const char *pid, gint64 ts, gint64 type, gint64 id,
			  gint64 bytes, gboolean has_total, gint64 total)
{
	g_string_append_printf(json, ",{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"%s\",\"pid\":%s,\"tid\":1,"
				     "\"ts\":%" G_GINT64_FORMAT ",\"args\":{\"Device Type\":%" G_GINT64_FORMAT
				     ",\"Device Id\":%" G_GINT64_FORMAT ",\"Bytes\":%" G_GINT64_FORMAT,
			       name, pid, ts, type, id, bytes);
	if (has_total)
		g_string_append_printf(json, ",\"Total Allocated\":%" G_GINT64_FORMAT, total);
	g_string_append(json, "}}");
}

struct run {
	struct trace *trace;
	struct forest *forest;
	struct attribution *attribution;
	struct memory_devices *devices;
};

static void run_open(struct run *r, const char *json)
{
	struct read_config config = fixture_config();
	config.memory = TRUE;
	r->trace = fixture_read_with(json, &config);
	r->forest = forest_build(r->trace);
	r->attribution = attribute(r->trace, r->forest);
	r->devices = memory_devices_compute(r->attribution, r->trace->threads, r->trace->devices, NULL, NULL);
}

static void run_close(struct run *r)
{
	memory_devices_free(r->devices);
	attribution_free(r->attribution);
	forest_free(r->forest);
	trace_free(r->trace);
}

/* Rows: hosts first, pids by value then text, the peak's first event, OOM apart. */
static void test_rows(void)
{
	g_autoptr(GString) json = g_string_new("[" OP("op", 0, 100, 1));
	append_memory(json, "[memory]", "10", 5, 1, 0, 100, TRUE, 100);
	append_memory(json, "[memory]", "10", 6, 1, 0, 50, TRUE, 150);
	append_memory(json, "[OutOfMemory]", "10", 7, 1, 0, 999, TRUE, 99999);
	append_memory(json, "[memory]", "10", 8, 1, 0, -100, TRUE, 50);
	append_memory(json, "[memory]", "10", 9, 1, 0, 100, TRUE, 150);  /* the peak again: not the peak event */
	append_memory(json, "[memory]", "10", 10, 1, 0, -20, FALSE, 0); /* no Total Allocated: the curve stays */
	append_memory(json, "[memory]", "9", 5, 1, 0, 1, TRUE, 1);
	append_memory(json, "[memory]", "\"a\"", 5, 0, -1, 1, TRUE, 1);
	append_memory(json, "[memory]", "9", 5, 0, -1, 2, TRUE, 2);
	append_memory(json, "[OutOfMemory]", "9", 4, 1, 3, 1, TRUE, 1); /* a device with no [memory] event: no row */
	g_string_append(json, "]");
	struct run r;
	run_open(&r, json->str);
	const struct memory_devices *d = r.devices;
	/* hosts: pid 9, pid "a"; accelerators: pid 9 device 0, pid 10 device 0 (device 3: OOM only, no row) */
	CU_ASSERT_EQUAL_FATAL(d->count, 4);
	const char *pids[] = { "9", "a", "9", "10" };
	const gint64 types[] = { 0, 0, 1, 1 };
	for (guint i = 0; i < 4; i++) {
		CU_ASSERT_STRING_EQUAL(d->devices[i].pid, pids[i]);
		CU_ASSERT_EQUAL(d->devices[i].type, types[i]);
	}
	CU_ASSERT_EQUAL(d->accelerators, 2);
	CU_ASSERT_TRUE(d->shared_ids);
	CU_ASSERT_EQUAL(d->oom, 2);
	CU_ASSERT_EQUAL(r.attribution->memory[d->first_oom].ts, 4000); /* pid 9's, at 4 us: the first */
	const struct memory_device *ten = &d->devices[3];
	CU_ASSERT_EQUAL(ten->events, 5);
	CU_ASSERT_EQUAL(ten->allocations, 3);
	CU_ASSERT_EQUAL(ten->frees, 2);
	CU_ASSERT_EQUAL(ten->allocated_total, 250);
	CU_ASSERT_EQUAL(ten->out_of_memory, 1);
	CU_ASSERT_TRUE(ten->has_peak);
	CU_ASSERT_EQUAL(ten->peak, 150);
	CU_ASSERT_EQUAL(r.attribution->memory[ten->peak_event].ts, 6000); /* the first to reach 150 */
	CU_ASSERT_EQUAL(ten->final, 150); /* the last event has no Total Allocated: where the curve was */
	CU_ASSERT_FALSE(ten->has_reserved);
	CU_ASSERT_EQUAL(d->devices[2].first_oom, MEMORY_NONE);
	run_close(&r);
}

/* memory_devices_window against every event of the curves, on random ones. */
static void test_window_against_brute_force(void)
{
	GRand *rand = g_rand_new_with_seed(21);
	for (int round = 0; round < 200; round++) {
		g_autoptr(GString) json = g_string_new("[" OP("op", 0, 1, 1));
		guint n = g_rand_int_range(rand, 0, 40);
		gint64 ts[40], total[40], id[40];
		gboolean has[40];
		for (guint i = 0; i < n; i++) {
			ts[i] = g_rand_int_range(rand, 0, 30);
			id[i] = g_rand_int_range(rand, 0, 3);
			has[i] = g_rand_int_range(rand, 0, 5) != 0;
			total[i] = g_rand_int_range(rand, 0, 8);
			append_memory(json, "[memory]", g_rand_boolean(rand) ? "1" : "2", ts[i], id[i] == 2 ? 0 : 1, id[i], 1,
				      has[i], total[i]);
		}
		g_string_append(json, "]");
		struct run r;
		run_open(&r, json->str);
		const struct memory_devices *d = r.devices;
		guint32 thread = r.forest->events[0].thread; /* pid 1's */
		for (int q = 0; q < 20; q++) {
			gint64 from = g_rand_int_range(rand, -2, 32), to = from + g_rand_int_range(rand, 0, 12);
			struct memory_window w;
			memory_devices_window(d, thread, from * 1000, to * 1000, &w);
			/* brute force over pid 1's accelerator events, devices 0 and 1, in file order = position order */
			const struct attribution *a = r.attribution;
			gboolean found = FALSE;
			gint64 peak = 0, increase = 0, peak_ts = 0, peak_index = 0, last = 0, before = 0;
			for (gint64 device = 0; device < 2; device++) {
				gboolean any = FALSE;
				gint64 best = 0, best_ts = 0, best_index = 0, dev_last = 0, dev_before = 0, last_ts = G_MININT64,
				       last_index = 0, before_ts = G_MININT64, before_index = 0;
				for (guint m = 0; m < a->memory_count; m++) {
					const struct memory_event *e = &a->memory[m];
					if (e->thread != thread || !e->accelerator || e->device_id != device || !e->has_total)
						continue;
					gboolean later_than_last = e->ts > last_ts || (e->ts == last_ts && e->index > last_index);
					if (e->ts >= from * 1000 && e->ts <= to * 1000) {
						gboolean earlier = e->ts < best_ts || (e->ts == best_ts && e->index < best_index);
						if (!any || e->total_allocated > best || (e->total_allocated == best && earlier))
							best = e->total_allocated, best_ts = e->ts, best_index = e->index;
						if (!any || later_than_last)
							dev_last = e->total_allocated, last_ts = e->ts, last_index = e->index;
						any = TRUE;
					} else if (e->ts < from * 1000 &&
						   (e->ts > before_ts || (e->ts == before_ts && e->index > before_index))) {
						dev_before = e->total_allocated, before_ts = e->ts, before_index = e->index;
					}
				}
				if (!any)
					continue;
				increase = MAX(increase, best - dev_before);
				if (!found || best > peak ||
				    (best == peak && (best_ts < peak_ts || (best_ts == peak_ts && best_index < peak_index))))
					peak = best, peak_ts = best_ts, peak_index = best_index, last = dev_last, before = dev_before;
				found = TRUE;
			}
			CU_ASSERT_EQUAL(w.found, found);
			if (found && w.found) {
				CU_ASSERT_EQUAL(w.peak, peak);
				CU_ASSERT_EQUAL(w.last, last);
				CU_ASSERT_EQUAL(w.before, before);
			}
			CU_ASSERT_EQUAL(w.increase, increase);
		}
		run_close(&r);
	}
	g_rand_free(rand);
}

/* Devices written alike in a pid say what tells them apart (issue 44): two
 * host devices their Device Id, one Device Id under two types its type; a
 * device alone in its pid, or another pid's, stays plain. */
static void test_labels(void)
{
	g_autoptr(GString) json = g_string_new("[" OP("op", 0, 100, 1));
	append_memory(json, "[memory]", "1", 1, 1, 0, 1, TRUE, 1);
	append_memory(json, "[memory]", "1", 2, 6, 0, 1, TRUE, 1);
	append_memory(json, "[memory]", "1", 3, 0, -1, 1, TRUE, 1);
	append_memory(json, "[memory]", "1", 4, 0, 0, 1, TRUE, 1);
	append_memory(json, "[memory]", "1", 5, 1, 1, 1, TRUE, 1);
	append_memory(json, "[memory]", "2", 6, 6, 0, 1, TRUE, 1);
	append_memory(json, "[memory]", "2", 7, 0, 5, 1, TRUE, 1);
	g_string_append(json, "]");
	struct run r;
	run_open(&r, json->str);
	const char *want[] = { "cpu (Device Id -1)", "cpu (Device Id 0)", "cpu", "0 (Device Type 1)", "0 (Device Type 6)",
			       "1", "0" };
	CU_ASSERT_EQUAL_FATAL(r.devices->count, G_N_ELEMENTS(want));
	for (guint i = 0; i < G_N_ELEMENTS(want); i++) {
		g_autoptr(GString) label = g_string_new(NULL);
		memory_device_label(label, &r.devices->devices[i]);
		CU_ASSERT_STRING_EQUAL(label->str, want[i]);
	}
	run_close(&r);
}

UNIT_MAIN("memory_devices", UNIT_TEST(test_rows), UNIT_TEST(test_labels), UNIT_TEST(test_window_against_brute_force))
