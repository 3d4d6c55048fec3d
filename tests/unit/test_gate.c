/* The gate's decision (src/views/gate/gate.h) on samples worked by hand: the
 * doubled medians, the exact threshold, the test's say, fewer than 3
 * samples, the reason line and its GitHub form (src/cli/gate_report.h),
 * the hardware check, and --fail-on's checks (src/views/gate/gate_fail_on.h). */
#include "unit.h"
#include "cli/gate_report.h"
#include "views/findings/findings.h"
#include "views/gate/gate.h"
#include "views/gate/gate_fail_on.h"
#include "views/gate/gate_options.h"

static void test_median_and_change(void)
{
	gint64 odd[] = { 30, 10, 20 }, even[] = { 65631, 66030, 58075, 69249, 62300, 67302 };
	CU_ASSERT_EQUAL(gate_median2(odd, 3), 40);          /* 20, doubled */
	CU_ASSERT_EQUAL(gate_median2(even, 6), 65631 + 66030); /* the two middle values */
	g_autoptr(GString) s = g_string_new(NULL);
	gate_change_append(s, 111, 101); /* 10 / 101 = 9.90% */
	ASSERT_STR(s->str, "+9.9%");
	g_string_truncate(s, 0);
	gate_change_append(s, 2231, 2010); /* 221 / 2010 = 10.995%: 11.0 */
	ASSERT_STR(s->str, "+11.0%");
	g_string_truncate(s, 0);
	gate_change_append(s, 1000, 2000);
	ASSERT_STR(s->str, "-50.0%");
	g_string_truncate(s, 0);
	gate_change_append(s, 2001, 2000); /* 0.05%: half away from zero, 0.1 */
	ASSERT_STR(s->str, "+0.1%");
	g_string_truncate(s, 0);
	gate_change_append(s, 5, 0);
	ASSERT_STR(s->str, "from 0");
	g_autofree char *a = gate_pct_text(5000), *b = gate_pct_text(2500), *c = gate_pct_text(9999);
	ASSERT_STR(a, "5");
	ASSERT_STR(b, "2.5");
	ASSERT_STR(c, "9.999");
}

static void test_github(void)
{
	g_autofree char *line = gate_report_github("profile_parser: 5%: a\rb\nc 100%");
	ASSERT_STR(line, "profile_parser: 5%25: a%0Db%0Ac 100%25");
}

/* collected samples from LIST (ns), LEN of them */
static void fill(struct collected *c, const gint64 *busy, guint n, const gint64 *host)
{
	c->gate_busy = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_array_append_vals(c->gate_busy, busy, n);
	if (host) {
		c->gate_host = g_array_new(FALSE, FALSE, sizeof(gint64));
		g_array_append_vals(c->gate_host, host, n);
	}
}

static const struct gate_check *check_at(const struct gate *gate, guint i)
{
	return gate->checks->pdata[i];
}

/* base busy 880 900 920 940 (median 910); new 990 1000 1010 1020 (median
 * 1005, +10.4%: 95 / 910 = 10.44%), every one larger: p = 1/70. At 5%:
 * failed; at 10.5%: the median is not over, passed; at alpha 0.01 (1/70 =
 * 0.0143 > 0.01): passed, not told from noise. Host: 1000 1010 990 1000
 * against the same: +0.0%, passed. */
static void test_metrics(void)
{
	const gint64 base_busy[] = { 900, 940, 880, 920 }, new_busy[] = { 990, 1010, 1000, 1020 };
	const gint64 host[] = { 1000, 1010, 990, 1000 };
	struct collected base = { 0 }, new = { 0 };
	fill(&base, base_busy, 4, host);
	fill(&new, new_busy, 4, host);
	const struct collected *bases[] = { &base };
	struct options options = { .fail_on_regression = 5000, .regression_total = TRUE, .gate_alpha_num = 5,
				   .gate_alpha_den = 100 };
	g_autoptr(Gate) gate = gate_new("--fail-on-regression 5%");
	gate_metrics(gate, &options, &new, bases, 1);
	CU_ASSERT_EQUAL_FATAL(gate->checks->len, 2);
	CU_ASSERT_EQUAL(check_at(gate, 0)->outcome, GATE_FAILED);
	ASSERT_STR(check_at(gate, 0)->name, "device busy per step");
	ASSERT_STR(check_at(gate, 0)->reason, "device busy per step 0.001005 ms against 0.00091 ms (+10.4%, p = 0.014)");
	CU_ASSERT_EQUAL(check_at(gate, 1)->outcome, GATE_PASSED);
	CU_ASSERT_PTR_NOT_NULL(strstr(check_at(gate, 1)->found, "(+0.0%;"));
	g_autofree char *reason = gate_reason(gate);
	ASSERT_STR(reason, "--fail-on-regression 5%: device busy per step 0.001005 ms against 0.00091 ms (+10.4%, p = 0.014)");
	CU_ASSERT_TRUE(gate_failed(gate));

	options.fail_on_regression = 10500; /* 1005 · 100000 > 910 · 110500? 100500000 < 100555000: not over */
	g_autoptr(Gate) higher = gate_new("--fail-on-regression 10.5%");
	gate_metrics(higher, &options, &new, bases, 1);
	CU_ASSERT_FALSE(gate_failed(higher));
	options.fail_on_regression = 10400; /* 910 · 110400 = 100464000 < 100500000: over */
	g_autoptr(Gate) lower = gate_new("--fail-on-regression 10.4%");
	gate_metrics(lower, &options, &new, bases, 1);
	CU_ASSERT_TRUE(gate_failed(lower));

	options.gate_alpha_num = 1; /* alpha 0.01 */
	g_autoptr(Gate) strict = gate_new("--fail-on-regression 10.4%");
	gate_metrics(strict, &options, &new, bases, 1);
	CU_ASSERT_FALSE(gate_failed(strict));
	CU_ASSERT_PTR_NOT_NULL(strstr(check_at(strict, 0)->found, "p = 0.014 (exact), alpha 0.01: not told from noise"));
	collected_clear(&base);
	collected_clear(&new);
}

/* Two samples a side: no test, the medians alone (11 against 10: +10%);
 * a trace without steps: host time skipped. */
static void test_too_few(void)
{
	const gint64 base_busy[] = { 10000, 10000 }, new_busy[] = { 11000, 11000 }, host[] = { 100000, 100000 };
	struct collected base = { 0 }, new = { 0 };
	fill(&base, base_busy, 2, host);
	fill(&new, new_busy, 2, NULL);
	const struct collected *bases[] = { &base };
	struct options options = { .fail_on_regression = 9999, .regression_total = TRUE, .gate_alpha_num = 5,
				   .gate_alpha_den = 100 };
	g_autoptr(Gate) gate = gate_new("--fail-on-regression 9.999%");
	gate_metrics(gate, &options, &new, bases, 1);
	ASSERT_STR(check_at(gate, 0)->reason,
		   "device busy per step 0.011 ms against 0.01 ms (+10.0%; 2 samples against 2: too few to tell noise "
		   "from change)");
	CU_ASSERT_PTR_NOT_NULL(strstr(check_at(gate, 0)->found, "fewer than 3 samples on a side: no test"));
	CU_ASSERT_EQUAL(check_at(gate, 1)->outcome, GATE_SKIPPED);
	collected_clear(&base);
	collected_clear(&new);
}

static void test_hardware(void)
{
	struct collected a100 = { .devices = (char *)"NVIDIA A100-SXM4-80GB", .world_size = (char *)"8" };
	struct collected v100 = { .devices = (char *)"Tesla V100-SXM2-16GB", .world_size = (char *)"8" };
	struct collected unknown = { 0 };
	const struct collected *bases[] = { &unknown, &a100 };
	const char *srcs[] = { "old.json", "base.json" };
	struct options options = { 0 };
	g_autoptr(Gate) gate = gate_new("--fail-on-regression 5%");
	CU_ASSERT_FALSE(gate_hardware(gate, &options, "new.json", &v100, srcs, bases, 2));
	CU_ASSERT_EQUAL(gate->fail_status, 1);
	g_autofree char *reason = gate_reason(gate);
	ASSERT_STR(reason, "--fail-on-regression 5%: not comparable: the base trace (base.json: NVIDIA A100-SXM4-80GB, "
			   "world size 8) and the new trace (new.json: Tesla V100-SXM2-16GB, world size 8) come from "
			   "different devices; --allow-different-hardware compares them all the same");
	options.allow_different_hardware = TRUE;
	g_autoptr(Gate) allowed = gate_new("--fail-on-regression 5%");
	CU_ASSERT_TRUE(gate_hardware(allowed, &options, "new.json", &v100, srcs, bases, 2));
	CU_ASSERT_FALSE(gate_failed(allowed));
	/* what is not recorded is no difference */
	g_autoptr(Gate) same = gate_new("--fail-on-regression 5%");
	CU_ASSERT_TRUE(gate_hardware(same, &(struct options){ 0 }, "new.json", &unknown, srcs, bases, 1));
}

static void test_fail_on(void)
{
	const struct finding_rule *pageable = finding_rule_find("pageable-copy"), *launch = finding_rule_find("launch-bound");
	struct finding low = { .rule = pageable, .severity = SEVERITY_LOW, .saving = 10000, .span = 1000000, .device = 0 };
	struct finding high = { .rule = launch, .severity = SEVERITY_HIGH, .saving = 300000, .span = 1000000, .device = 1 };
	g_autoptr(GPtrArray) findings = g_ptr_array_new();
	g_ptr_array_add(findings, &high);
	g_ptr_array_add(findings, &low);
	CU_ASSERT_PTR_NULL(gate_fired_of(findings, SEVERITY_NONE));
	g_autoptr(GArray) fired = gate_fired_of(findings, SEVERITY_MEDIUM);
	CU_ASSERT_EQUAL_FATAL(fired->len, 1);
	g_autoptr(Gate) gate = gate_new("--fail-on medium");
	gate_fail_on_add(gate, fired, NULL);
	gate_fail_on_finish(gate, SEVERITY_MEDIUM);
	guint performance = 0, failed = 0;
	for (guint i = 0; i < gate->checks->len; i++) {
		performance++;
		failed += check_at(gate, i)->outcome == GATE_FAILED;
	}
	CU_ASSERT_EQUAL(failed, 1);
	CU_ASSERT_TRUE(performance >= 10); /* one check per performance rule */
	g_autofree char *reason = gate_reason(gate);
	ASSERT_STR(reason, "--fail-on medium: launch-bound (high) on device 1: saves up to 0.3 ms (30.0%)");
}

UNIT_MAIN("gate", UNIT_TEST(test_median_and_change), UNIT_TEST(test_github), UNIT_TEST(test_metrics),
	  UNIT_TEST(test_too_few), UNIT_TEST(test_hardware), UNIT_TEST(test_fail_on))
