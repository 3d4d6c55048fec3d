/* The findings' framework (src/views/findings/finding.h, src/views/findings/findings.h):
 * exact thresholds, severities, the ranking of SPEC 22, the analysed span,
 * the table's entries, and the device sweep's unions clipped to the span,
 * against a brute force over random intervals. */
#include "unit.h"
#include "fixture.h"
#include "attribution/timeline.h"
#include "views/findings/findings.h"
#include "views/findings/findings_device.h"
#include "views/findings/findings_memory.h"
#include "views/findings/findings_wait.h"

static void test_reaches(void)
{
	/* 1% of 1000 ns is 10 ns: 10 reaches it, 9 does not; exact, no rounding */
	CU_ASSERT_TRUE(finding_reaches(10, 1000, 100));
	CU_ASSERT_FALSE(finding_reaches(9, 1000, 100));
	CU_ASSERT_TRUE(finding_reaches(99999, 999990, 1000));
	CU_ASSERT_FALSE(finding_reaches(99998, 999990, 1000));
	/* an empty span, or no saving, reaches nothing */
	CU_ASSERT_FALSE(finding_reaches(10, 0, 100));
	CU_ASSERT_FALSE(finding_reaches(FINDING_NO_SAVING, 1000, 0));
	/* no overflow near 2^63 */
	CU_ASSERT_TRUE(finding_reaches(92233720368547758, 9223372036854775800, 100));
	CU_ASSERT_FALSE(finding_reaches(92233720368547757, 9223372036854775800, 100));
	CU_ASSERT_FALSE(finding_reaches(G_MAXINT64 / 100, G_MAXINT64, 100)); /* floor(M / 100) · 100 < M */
}

static void test_severity(void)
{
	const struct finding_rule *rule = finding_rule_find("pageable-copy"); /* low at 1%, medium from 5% */
	CU_ASSERT_PTR_NOT_NULL_FATAL(rule);
	struct findings_input in = { .first = 0, .last = 1000 };
	g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func(finding_free);
	CU_ASSERT_FALSE(finding_add(rule, &in, out, 9, 0, g_strdup("under")));
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 10, 0, g_strdup("1%")));
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 49, 1, g_strdup("4.9%")));
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 50, 2, g_strdup("5%")));
	CU_ASSERT_EQUAL_FATAL(out->len, 3);
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[0])->severity, SEVERITY_LOW);
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[1])->severity, SEVERITY_LOW);
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[2])->severity, SEVERITY_MEDIUM);
	/* exposed-communication: medium at 10%, high from 25% */
	rule = finding_rule_find("exposed-communication");
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 249, 0, g_strdup("24.9%")));
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 250, 0, g_strdup("25%")));
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[3])->severity, SEVERITY_MEDIUM);
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[4])->severity, SEVERITY_HIGH);
	/* the share: half away from zero, one decimal */
	CU_ASSERT_EQUAL(finding_share(out->pdata[2]), 50);
	struct finding f = { .saving = 1005, .span = 200000 }; /* 0.5025% */
	CU_ASSERT_EQUAL(finding_share(&f), 5);
	f.saving = 1010; /* 0.505%: 5.05 tenths, half away from zero: 5 */
	CU_ASSERT_EQUAL(finding_share(&f), 5);
	f.saving = 1100; /* 0.55%: 5.5 tenths: 6 */
	CU_ASSERT_EQUAL(finding_share(&f), 6);
	f.saving = FINDING_NO_SAVING;
	CU_ASSERT_EQUAL(finding_share(&f), -1);
	/* --fail-on: performance findings only, of that severity or above */
	CU_ASSERT_TRUE(findings_fail(out, SEVERITY_HIGH));
	g_ptr_array_remove_index(out, 4);
	CU_ASSERT_FALSE(findings_fail(out, SEVERITY_HIGH));
	CU_ASSERT_TRUE(findings_fail(out, SEVERITY_MEDIUM));
	CU_ASSERT_FALSE(findings_fail(out, SEVERITY_NONE));
	g_autoptr(GPtrArray) data = g_ptr_array_new_with_free_func(finding_free);
	finding_add_data(finding_rule_find("graphs-unattributed"), &in, data, g_strdup("replayed"));
	CU_ASSERT_FALSE(findings_fail(data, SEVERITY_LOW)); /* a data finding never fails */
	CU_ASSERT_EQUAL(finding_severity_parse("medium"), SEVERITY_MEDIUM);
	CU_ASSERT_EQUAL(finding_severity_parse("severe"), SEVERITY_NONE);
}

static struct finding *made(const char *id, enum finding_severity severity, gint64 saving, gint64 device, const char *rank)
{
	struct finding *f = g_new0(struct finding, 1);
	f->rule = finding_rule_find(id);
	f->severity = severity, f->saving = saving, f->device = device, f->rank = rank;
	return f;
}

static void test_order(void)
{
	g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func(finding_free);
	g_ptr_array_add(all, made("low-coverage", SEVERITY_MEDIUM, FINDING_NO_SAVING, FINDING_NO_DEVICE, "1"));
	g_ptr_array_add(all, made("graphs-unattributed", SEVERITY_HIGH, FINDING_NO_SAVING, FINDING_NO_DEVICE, "1"));
	g_ptr_array_add(all, made("pageable-copy", SEVERITY_LOW, 100, 1, "0"));
	g_ptr_array_add(all, made("exposed-communication", SEVERITY_MEDIUM, 100, 3, "0"));
	g_ptr_array_add(all, made("exposed-communication", SEVERITY_MEDIUM, 100, 2, "10"));
	g_ptr_array_add(all, made("exposed-communication", SEVERITY_MEDIUM, 100, 2, "9"));
	g_ptr_array_add(all, made("far-from-roofline", SEVERITY_HIGH, 500, FINDING_NO_DEVICE, "0"));
	g_ptr_array_add(all, made("low-coverage", SEVERITY_MEDIUM, FINDING_NO_SAVING, FINDING_NO_DEVICE, "0"));
	findings_sort(all);
	/* performance by saving, then severity, id, device, rank (as a number);
	 * then data by severity, id, rank */
	const char *ids[] = { "far-from-roofline", "exposed-communication", "exposed-communication", "exposed-communication",
			      "pageable-copy", "graphs-unattributed", "low-coverage", "low-coverage" };
	const char *ranks[] = { "0", "9", "10", "0", "0", "1", "0", "1" };
	for (guint i = 0; i < G_N_ELEMENTS(ids); i++) {
		const struct finding *f = all->pdata[i];
		CU_ASSERT_STRING_EQUAL(f->rule->id, ids[i]);
		CU_ASSERT_STRING_EQUAL(f->rank, ranks[i]);
	}
}

static void test_table(void)
{
	/* every rule of SPEC 22, once, in its order; those of figures not yet
	 * worked out never fire (no compute) */
	const char *ids[] = { "data-loading", "host-pause", "blocking-sync", "launch-bound", "host-overhead",
			      "device-bound", "pageable-copy", "exposed-communication", "collective-wait", "straggler",
			      "far-from-roofline", "fp32-matmul", "unfused-optimizer", "memory-capacity", "memory-growth",
			      "low-coverage", "graphs-unattributed", "incomplete-trace", "clocks-disagree" };
	CU_ASSERT_EQUAL_FATAL(finding_rule_count, G_N_ELEMENTS(ids));
	for (guint i = 0; i < finding_rule_count; i++) {
		CU_ASSERT_STRING_EQUAL(finding_rules[i].id, ids[i]);
		CU_ASSERT_PTR_NOT_NULL(finding_rules[i].advice);
		CU_ASSERT_EQUAL(finding_rules[i].kind == FINDING_DATA, i >= 15);
	}
	CU_ASSERT_PTR_NOT_NULL(finding_rule_find("blocking-sync")->compute);
	CU_ASSERT_PTR_NOT_NULL(finding_rule_find("memory-growth")->compute);
	CU_ASSERT_PTR_NOT_NULL(finding_rule_find("fp32-matmul")->compute);
	CU_ASSERT_PTR_NULL(finding_rule_find("no-such-rule"));
}

#define STEP(n, ts, dur) \
	"{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" #n "\",\"pid\":1,\"tid\":1,\"ts\":" #ts ",\"dur\":" #dur "}"

static void test_span(void)
{
	/* with steps: the first step's start to the last's end */
	struct read_config config = fixture_config();
	config.steps = TRUE;
	struct trace *trace = fixture_read_with("[" STEP(1, 10, 5) "," STEP(2, 40, 20) "," PLAUNCH(1, 0, 1) ","
						DKERNEL(0, 70, 5, 1) "]", &config);
	struct steps *steps = steps_new(trace);
	struct findings_input in = { .trace = trace, .steps = steps };
	findings_span(&in);
	CU_ASSERT_EQUAL(in.first, 10000);
	CU_ASSERT_EQUAL(in.last, 60000);
	/* without: the launch and device events' earliest start, latest end */
	in.steps = NULL;
	findings_span(&in);
	CU_ASSERT_EQUAL(in.first, 0);
	CU_ASSERT_EQUAL(in.last, 75000);
	steps_free(steps);
	trace_free(trace);
}

/* The device sweep against a brute force over each ns: random kernels
 * (compute), nccl kernels (communication) and Pageable copies on two
 * devices, the span cutting some. */
static void test_sweep_random(void)
{
	GRand *rand = g_rand_new_with_seed(38);
	for (int round = 0; round < 40; round++) {
		GString *json = g_string_new("[");
		gint64 first = g_rand_int_range(rand, 0, 30), last = first + g_rand_int_range(rand, 1, 80);
		gboolean covered[2][3][128] = { { { 0 } } }; /* device, class (compute, comm, copy), us */
		gint64 copies[2] = { 0, 0 };
		int n = g_rand_int_range(rand, 1, 14);
		for (int i = 0; i < n; i++) {
			int device = g_rand_int_range(rand, 0, 2), kind = g_rand_int_range(rand, 0, 3);
			int ts = g_rand_int_range(rand, 0, 100), dur = g_rand_int_range(rand, 0, 20);
			static const char *const names[] = { "gemm", "ncclKernel_AllReduce", "Memcpy HtoD (Pageable -> Device)" };
			static const char *const cats[] = { "kernel", "kernel", "gpu_memcpy" };
			g_string_append_printf(json, "%s" "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,"
					       "\"ts\":0,\"dur\":1,\"args\":{\"correlation\":%d}},{\"ph\":\"X\",\"cat\":\"%s\","
					       "\"name\":\"%s\",\"pid\":0,\"tid\":7,\"ts\":%d,\"dur\":%d,\"args\":{\"correlation\":%d,"
					       "\"device\":%d}}", i ? "," : "", i + 1, cats[kind], names[kind], ts, dur, i + 1, device);
			for (int t = MAX(ts, first); t < MIN(ts + dur, last); t++) {
				copies[device] += kind == 2 && !covered[device][2][t]; /* the union: each us once (issue 44) */
				covered[device][kind][t] = TRUE;
			}
		}
		g_string_append(json, "]");
		struct trace *trace = fixture_read(json->str);
		struct forest *forest = forest_build(trace);
		struct attribution *a = attribute(trace, forest);
		struct findings_input in = { .trace = trace, .forest = forest, .attribution = a, .first = first * 1000,
					     .last = last * 1000, .keep_exposed = TRUE };
		GArray *devices = findings_device_sweep(&in);
		for (guint d = 0; d < devices->len; d++) {
			const struct device_figures *f = &g_array_index(devices, struct device_figures, d);
			gint64 compute = 0, exposed = 0;
			for (int t = 0; t < 128; t++) {
				compute += covered[f->device][0][t];
				exposed += covered[f->device][1][t] && !covered[f->device][0][t];
			}
			CU_ASSERT_EQUAL(f->compute.total + (f->compute.open ? f->compute.end - f->compute.start : 0),
					compute * 1000);
			gint64 either = f->either.total + (f->either.open ? f->either.end - f->either.start : 0);
			CU_ASSERT_EQUAL(either - compute * 1000, exposed * 1000);
			CU_ASSERT_EQUAL(f->pageable.total + (f->pageable.open ? f->pageable.end - f->pageable.start : 0),
					copies[f->device] * 1000);
		}
		/* the intervals of communication less compute: each us exactly where the brute force says */
		GArray *exposed = findings_device_exposed(devices);
		gboolean in_list[2][128] = { { 0 } };
		for (guint k = 0; k < exposed->len; k++) {
			const struct findings_interval *x = &g_array_index(exposed, struct findings_interval, k);
			CU_ASSERT(x->start < x->end && x->start % 1000 == 0 && x->end % 1000 == 0);
			if (k)
				CU_ASSERT(g_array_index(exposed, struct findings_interval, k - 1).device < x->device ||
					  g_array_index(exposed, struct findings_interval, k - 1).end <= x->start);
			for (gint64 t = x->start / 1000; t < x->end / 1000; t++)
				in_list[x->device][t] = TRUE;
		}
		for (int d = 0; d < 2; d++)
			for (int t = 0; t < 128; t++)
				CU_ASSERT_EQUAL(in_list[d][t], covered[d][1][t] && !covered[d][0][t]);
		g_array_free(exposed, TRUE);
		g_array_free(devices, TRUE);
		attribution_free(a);
		forest_free(forest);
		trace_free(trace);
		g_string_free(json, TRUE);
	}
	g_rand_free(rand);
}

/* memory-growth's condition: 3 or more, each > 0, sum >= 1% of the peak. */
static void test_growth(void)
{
	gint64 three[] = { 10, 10, 10 }, negative[] = { 10, 10, -1, 30 }, zero[] = { 10, 0, 30 };
	CU_ASSERT_TRUE(findings_growth_fires(three, 3, 3000));   /* 30 = 1% of 3000 */
	CU_ASSERT_FALSE(findings_growth_fires(three, 3, 3001));  /* just under */
	CU_ASSERT_FALSE(findings_growth_fires(three, 2, 10));    /* two steps */
	CU_ASSERT_FALSE(findings_growth_fires(negative, 4, 10)); /* one shrank */
	CU_ASSERT_FALSE(findings_growth_fires(zero, 3, 10));     /* one did not grow */
}

/* The host-wait split by cause (SPEC 26.2) against a brute force over
 * 10 us units: random kernels on device 0 launched by pid 1 tid 1 (some
 * late, some zero-length: the stretches at either end of the span), an op
 * on tid 1 holding everything (framework), random cudaDeviceSynchronize
 * calls of pid 1 on tid 1 (blocking, and a gap starting inside one is
 * blocking-sync's) or of pid 2 (which launches nothing on device 0: its
 * calls never make a gap blocking), the span cutting. */
static int wait_rule_of(gboolean in_sync, gboolean blocked, int length)
{
	if (in_sync || blocked)
		return WAIT_BLOCKING;
	return length < 10 ? WAIT_LAUNCH : WAIT_OVERHEAD; /* 100 us = 10 units */
}

static void test_wait_random(void)
{
	GRand *rand = g_rand_new_with_seed(22);
	int seen[WAIT_RULES] = { 0 }; /* rounds where each rule had host wait */
	for (int round = 0; round < 300; round++) {
		GString *json = g_string_new("[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":1,\"tid\":1,"
					     "\"ts\":-1000,\"dur\":3000}");
		int first = g_rand_int_range(rand, 0, 20), last = first + g_rand_int_range(rand, 1, 140);
		int n = g_rand_int_range(rand, 1, 10), syncs = g_rand_int_range(rand, 0, 5);
		int ts[10], dur[10], lts[10], sts[4], sdur[4], spid[4];
		for (int i = 0; i < n; i++) {
			ts[i] = g_rand_int_range(rand, 0, 120), dur[i] = g_rand_int_range(rand, 0, 15);
			lts[i] = ts[i] - g_rand_int_range(rand, 0, 20);
			g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,"
					       "\"tid\":1,\"ts\":%d,\"dur\":0,\"args\":{\"correlation\":%d}},{\"ph\":\"X\","
					       "\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":%d,\"dur\":%d,"
					       "\"args\":{\"correlation\":%d,\"device\":0}}",
					       lts[i] * 10, i + 1, ts[i] * 10, dur[i] * 10, i + 1);
		}
		for (int k = 0; k < syncs; k++) {
			sts[k] = g_rand_int_range(rand, 0, 130), sdur[k] = g_rand_int_range(rand, 0, 30);
			spid[k] = g_rand_int_range(rand, 1, 3);
			g_string_append_printf(json, ",{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaDeviceSynchronize\","
					       "\"pid\":%d,\"tid\":%d,\"ts\":%d,\"dur\":%d}", spid[k], spid[k] == 1 ? 1 : 10 + k,
					       sts[k] * 10, sdur[k] * 10);
		}
		g_string_append(json, "]");
		/* brute force: the span, the busy units, each gap between busy runs and the stretches at its ends */
		gboolean busy[160] = { 0 };
		int lo = 1000, hi = -1, span_lo = 1000, span_hi = -1;
		for (int i = 0; i < n; i++) {
			span_lo = MIN(span_lo, ts[i]), span_hi = MAX(span_hi, ts[i] + dur[i]);
			for (int t = ts[i]; t < ts[i] + dur[i]; t++) {
				busy[t] = TRUE;
				lo = MIN(lo, t), hi = MAX(hi, t);
			}
		}
		gint64 want[WAIT_RULES] = { 0 };
		int gap_start[20], gap_end[20], ender[20], gaps = 0;
		for (int t = lo + 1; hi >= 0 && t <= hi;) {
			if (busy[t]) {
				t++;
				continue;
			}
			int ge = t;
			while (!busy[ge])
				ge++;
			gap_start[gaps] = t, gap_end[gaps] = ge, ender[gaps] = -1;
			for (int i = 0; i < n && ender[gaps] < 0; i++)
				if (dur[i] > 0 && ts[i] == ge)
					ender[gaps] = i;
			gaps++;
			t = ge;
		}
		int busy_end = hi >= 0 ? hi + 1 : span_lo;
		if (span_hi > busy_end) { /* the stretch at the end, ended by the first zero-length event there */
			gap_start[gaps] = busy_end, gap_end[gaps] = span_hi, ender[gaps] = -1;
			for (int i = 0; i < n && ender[gaps] < 0; i++)
				if (dur[i] == 0 && ts[i] == span_hi)
					ender[gaps] = i;
			gaps++;
		}
		for (int g = 0; g < gaps; g++) {
			int gs = gap_start[g], ge = gap_end[g], e = ender[g];
			int wait_end = e >= 0 && lts[e] > gs ? MIN(lts[e], ge) : gs;
			gboolean blocked = FALSE;
			for (int k = 0; k < syncs; k++)
				blocked |= spid[k] == 1 && sts[k] <= gs && gs <= sts[k] + sdur[k];
			for (int u = MAX(gs, first); u < MIN(wait_end, last); u++) {
				gboolean in_sync = FALSE;
				for (int k = 0; k < syncs; k++)
					in_sync |= spid[k] == 1 && sts[k] <= u && u < sts[k] + sdur[k];
				want[wait_rule_of(in_sync, blocked, ge - gs)] += 10000;
			}
		}
		struct read_config config = fixture_config();
		config.host_events = TRUE;
		struct trace *trace = fixture_read_with(json->str, &config);
		struct forest *forest = forest_build(trace);
		struct attribution *a = attribute(trace, forest);
		struct causes *causes = causes_new(trace->host, a);
		struct findings_input in = { .trace = trace, .forest = forest, .attribution = a, .first = first * 10000,
					     .last = last * 10000, .causes = causes };
		GArray *waits = findings_wait_sweep(&in);
		gint64 got[WAIT_RULES] = { 0 };
		for (guint d = 0; d < waits->len; d++)
			for (int k = 0; k < WAIT_RULES; k++)
				got[k] += g_array_index(waits, struct wait_figures, d).part[k].time;
		for (int k = 0; k < WAIT_RULES; k++) {
			CU_ASSERT_EQUAL(got[k], want[k]);
			seen[k] += want[k] > 0;
			if (got[k] != want[k])
				printf("\n  round %d rule %d: %" G_GINT64_FORMAT " want %" G_GINT64_FORMAT ": %s", round, k, got[k],
				       want[k], json->str);
		}
		findings_wait_free(waits);
		causes_free(causes);
		attribution_free(a);
		forest_free(forest);
		trace_free(trace);
		g_string_free(json, TRUE);
	}
	g_rand_free(rand);
	CU_ASSERT(seen[WAIT_BLOCKING] >= 5);
	CU_ASSERT(seen[WAIT_LAUNCH] >= 5);
	CU_ASSERT(seen[WAIT_OVERHEAD] >= 5);
}

/* A saving is an upper bound of the time that fixing it could save: never
 * above the span (issue 44), whatever a rule summed over devices or
 * instances; the severity is that of the figure (past the span: high). */
static void test_saving_capped(void)
{
	const struct finding_rule *rule = finding_rule_find("far-from-roofline"); /* medium at 1%, high from 10% */
	CU_ASSERT_PTR_NOT_NULL_FATAL(rule);
	struct findings_input in = { .first = 500, .last = 1500 };
	g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func(finding_free);
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 8000, FINDING_NO_DEVICE, g_strdup("8 devices, each busy")));
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 1000, FINDING_NO_DEVICE, g_strdup("the span")));
	CU_ASSERT_TRUE(finding_add(rule, &in, out, 999, FINDING_NO_DEVICE, g_strdup("under it")));
	CU_ASSERT_EQUAL_FATAL(out->len, 3);
	const gint64 savings[] = { 1000, 1000, 999 };
	for (guint i = 0; i < 3; i++) {
		const struct finding *f = out->pdata[i];
		CU_ASSERT_EQUAL(f->saving, savings[i]);
		CU_ASSERT_EQUAL(f->severity, SEVERITY_HIGH);
		CU_ASSERT(finding_share(f) <= 1000);
	}
	CU_ASSERT_EQUAL(finding_share(out->pdata[0]), 1000); /* 100.0%, not 800.0% */
	/* a device number past 32 bits, and Device Id -1, are kept (gint64, G_MININT64 for none) */
	finding_push(finding_rule_find("pageable-copy"), &in, out, 100, G_GINT64_CONSTANT(4294967296), g_strdup("x"));
	finding_push(finding_rule_find("pageable-copy"), &in, out, 100, -1, g_strdup("y"));
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[3])->device, G_GINT64_CONSTANT(4294967296));
	CU_ASSERT_EQUAL(((struct finding *)out->pdata[4])->device, -1);
	CU_ASSERT_NOT_EQUAL(((struct finding *)out->pdata[4])->device, FINDING_NO_DEVICE);
}

UNIT_MAIN("findings", UNIT_TEST(test_reaches), UNIT_TEST(test_severity), UNIT_TEST(test_saving_capped), UNIT_TEST(test_order),
	  UNIT_TEST(test_table), UNIT_TEST(test_span), UNIT_TEST(test_sweep_random), UNIT_TEST(test_growth),
	  UNIT_TEST(test_wait_random))
