/* Ranks' perf figures (src/views/ranks/ranks_perf.h): a key's sums over its
 * ranks are exact or empty: empty without counted ops, or when one rank
 * with counted ops lacks the figure (never a sum that skipped a rank);
 * sums past 63 bits are empty while the rates, divided in 128 bits, stay;
 * bound is compute, memory or mixed over the ranks. */
#include "views/ranks/ranks_perf.h"
#include "unit.h"

static struct rank_perf with_ops(gint64 busy, gint64 flops, gint64 bytes, gint64 roofline, int bound)
{
	return (struct rank_perf){ .ops = TRUE, .busy = busy, .flops = flops, .bytes = bytes, .roofline = roofline,
				   .bound = bound };
}

static const struct rank_perf without_ops = { .ops = FALSE, .busy = 1000, .flops = -1, .bytes = -1, .roofline = -1,
					      .bound = -1 };

static gint64 number(void (*cell)(const struct ranks_perf *, struct value *), const struct ranks_perf *sums)
{
	struct value v = { 0 };
	cell(sums, &v);
	return v.type == VALUE_EMPTY ? -1 : v.number;
}

static const char *text(const struct ranks_perf *sums)
{
	struct value v = { 0 };
	ranks_perf_bound(sums, &v);
	return v.type == VALUE_EMPTY ? "" : v.text.text;
}

static void test_no_ops(void)
{
	struct ranks_perf sums = { 0 };
	ranks_perf_add(&sums, &without_ops);
	ranks_perf_add(&sums, &without_ops);
	CU_ASSERT_EQUAL(number(ranks_perf_flops, &sums), -1);
	CU_ASSERT_EQUAL(number(ranks_perf_tflops, &sums), -1);
	CU_ASSERT_EQUAL(number(ranks_perf_roofline, &sums), -1);
	CU_ASSERT_EQUAL(number(ranks_perf_busy, &sums), 2000);
	ASSERT_STR(text(&sums), "");
}

static void test_sums_and_rates(void)
{
	struct ranks_perf sums = { 0 };
	struct rank_perf a = with_ops(3000, 3000000, 6000, 40, 1), b = with_ops(1000, 1000001, 2000, 10, 1);
	ranks_perf_add(&sums, &a);
	ranks_perf_add(&sums, &b);
	ranks_perf_add(&sums, &without_ops); /* its busy counts, as the key's device time */
	CU_ASSERT_EQUAL(number(ranks_perf_flops, &sums), 4000001);
	CU_ASSERT_EQUAL(number(ranks_perf_bytes, &sums), 8000);
	CU_ASSERT_EQUAL(number(ranks_perf_busy, &sums), 5000);
	CU_ASSERT_EQUAL(number(ranks_perf_tflops, &sums), 800);  /* 4000001 / 5000 = 800.0002 */
	CU_ASSERT_EQUAL(number(ranks_perf_tbytes, &sums), 2);    /* 8000 / 5000 = 1.6 */
	CU_ASSERT_EQUAL(number(ranks_perf_roofline, &sums), 50);
	CU_ASSERT_EQUAL(number(ranks_perf_roofline_share, &sums), 10); /* 50 / 5000 = 1.0% */
	ASSERT_STR(text(&sums), "compute");
}

static void test_missing(void)
{
	struct ranks_perf sums = { 0 };
	struct rank_perf known = with_ops(1000, 100, 100, 5, 0), unknown = with_ops(1000, 100, 100, -1, -1);
	ranks_perf_add(&sums, &known);
	ranks_perf_add(&sums, &unknown);
	CU_ASSERT_EQUAL(number(ranks_perf_flops, &sums), 200);
	CU_ASSERT_EQUAL(number(ranks_perf_roofline, &sums), -1); /* not 5: a rank lacks its peak */
	CU_ASSERT_EQUAL(number(ranks_perf_roofline_share, &sums), -1);
	ASSERT_STR(text(&sums), "");
	struct ranks_perf past = { 0 };
	struct rank_perf overflowed = with_ops(1000, -1, 100, 5, 0); /* flops past 63 bits on its rank */
	ranks_perf_add(&past, &known);
	ranks_perf_add(&past, &overflowed);
	CU_ASSERT_EQUAL(number(ranks_perf_flops, &past), -1);
	CU_ASSERT_EQUAL(number(ranks_perf_tflops, &past), -1);
	CU_ASSERT_EQUAL(number(ranks_perf_bytes, &past), 200);
}

static void test_bound(void)
{
	struct ranks_perf sums = { 0 };
	struct rank_perf compute = with_ops(1000, 10, 10, 5, 1), memory = with_ops(1000, 10, 10, 5, 0);
	ranks_perf_add(&sums, &memory);
	ranks_perf_add(&sums, &memory);
	ASSERT_STR(text(&sums), "memory");
	ranks_perf_add(&sums, &compute);
	ASSERT_STR(text(&sums), "mixed");
}

static void test_past_63_bits(void)
{
	struct ranks_perf sums = { 0 };
	struct rank_perf big = with_ops(G_GINT64_CONSTANT(1) << 40, G_MAXINT64, 1, 1, 1);
	for (int i = 0; i < 4; i++)
		ranks_perf_add(&sums, &big);
	CU_ASSERT_EQUAL(number(ranks_perf_flops, &sums), -1); /* 4 (2^63 - 1): empty, never wrapped */
	/* the rate in 128 bits: 4 (2^63 - 1) / 2^42 = 2^23 - 2^-40, rounded: 2^23 */
	CU_ASSERT_EQUAL(number(ranks_perf_tflops, &sums), G_GINT64_CONSTANT(1) << 23);
}

static void test_of_group(void)
{
	struct group_perf_sums sums = { .ops = 2, .unknown = 1, .flops = 10, .bytes = 20, .roofline = 7 };
	struct group g = { .perf = &sums, .busy_total = 99 };
	struct rank_perf p = rank_perf_of_group(&g);
	CU_ASSERT_TRUE(p.ops);
	CU_ASSERT_EQUAL(p.flops, 10);
	CU_ASSERT_EQUAL(p.bytes, 20);
	CU_ASSERT_EQUAL(p.roofline, -1); /* an op lacks its peak */
	CU_ASSERT_EQUAL(p.bound, -1);
	CU_ASSERT_EQUAL(p.busy, 99);
	sums.unknown = 0;
	sums.compute = 5, sums.memory = 6;
	p = rank_perf_of_group(&g);
	CU_ASSERT_EQUAL(p.roofline, 7);
	CU_ASSERT_EQUAL(p.bound, 0);
	struct group none = { .busy_total = 5 };
	p = rank_perf_of_group(&none);
	CU_ASSERT_FALSE(p.ops);
	CU_ASSERT_EQUAL(p.flops, -1);
}

UNIT_MAIN("ranks_perf", UNIT_TEST(test_no_ops), UNIT_TEST(test_sums_and_rates), UNIT_TEST(test_missing),
	  UNIT_TEST(test_bound), UNIT_TEST(test_past_63_bits), UNIT_TEST(test_of_group))
