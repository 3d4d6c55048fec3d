/* Step starts across ranks (src/views/ranks/rank_steps.h, SPEC 26.6): the median
 * lateness over the step numbers every rank has, odd and even counts (the
 * half ns rounded up), whatever order the ranks come in; no common step, or
 * a rank without starts, leaves it empty; the straggler's "before the step"
 * at exactly half its mean lateness at its collectives and just under; and
 * the column and the job's figures through the rank reduce. Every figure
 * worked out by hand beside it (ns). */
#include "views/ranks/rank_reduce.h"
#include "views/ranks/rank_steps.h"
#include "unit.h"

/* A record of RANK with the steps NUMBERS[0..N) starting at STARTS (NULL: starts unknown). */
static struct rank_record *record(gint64 rank, guint n, const guint64 *numbers, const gint64 *starts)
{
	struct rank_record *r = rank_record_new();
	r->rank = rank;
	r->steps = n;
	g_array_append_vals(r->step_numbers, numbers, n);
	if (starts)
		g_array_append_vals(r->step_starts, starts, n);
	return r;
}

static void late_of(const struct rank_steps *s, gint64 rank, gboolean known, gint64 median2)
{
	struct rank_late late = { 0 };
	rank_steps_late(s, rank, &late);
	if (late.known != known || late.median2 != median2)
		printf("\nrank %" G_GINT64_FORMAT ": known %d, twice the median %" G_GINT64_FORMAT "\n", rank, late.known,
		       late.median2);
	CU_ASSERT_EQUAL(late.known, known);
	CU_ASSERT_EQUAL(late.median2, median2);
}

/* Steps 1, 2, 3 on every rank, 4 on rank 0 only (not common):
 *   step 1: r0 0, r1 10, r2 100;  step 2: r0 1000, r1 1000, r2 1300;  step 3: r0 2000, r1 2010, r2 2040.
 * Lateness: r0 0, 0, 0; r1 10, 0, 10; r2 100, 300, 40: medians 0, 10, 100. */
static void odd(const gint64 *order)
{
	static const guint64 n0[] = { 1, 2, 3, 4 }, n[] = { 1, 2, 3 };
	static const gint64 s0[] = { 0, 1000, 2000, 3000 }, s1[] = { 10, 1000, 2010 }, s2[] = { 100, 1300, 2040 };
	struct rank_steps *s = rank_steps_new();
	for (int i = 0; i < 3; i++) {
		g_autoptr(RankRecord) r = order[i] == 0 ? record(0, 4, n0, s0) : record(order[i], 3, n, order[i] == 1 ? s1 : s2);
		rank_steps_add(s, r);
	}
	rank_steps_finish(s, 3);
	late_of(s, 0, TRUE, 0);
	late_of(s, 1, TRUE, 20);
	late_of(s, 2, TRUE, 200);
	late_of(s, 3, FALSE, 0); /* no such rank */
	rank_steps_free(s);
}

static void test_odd_any_order(void)
{
	static const gint64 orders[][3] = { { 0, 1, 2 }, { 2, 1, 0 }, { 1, 2, 0 } };
	for (gsize i = 0; i < G_N_ELEMENTS(orders); i++)
		odd(orders[i]);
}

static void test_even(void)
{
	/* two common steps (1, 2), rank 1's step 3 alone, in ns:
	 *   step 1: r0 0, r1 20000, r2 10000;  step 2: r0 2030000, r1 2000000, r2 2050001.
	 * Lateness: r0 0, 30000; r1 20000, 0; r2 10000, 50001: twice the medians 30000, 20000, 60001;
	 * written 15000, 10000 and 30000.5 rounded half up: 30001 */
	static const guint64 n[] = { 1, 2 }, n1[] = { 1, 2, 3 };
	static const gint64 s0[] = { 0, 2030000 }, s1[] = { 20000, 2000000, 4000000 }, s2[] = { 10000, 2050001 };
	struct rank_steps *s = rank_steps_new();
	g_autoptr(RankRecord) r0 = record(0, 2, n, s0);
	g_autoptr(RankRecord) r1 = record(1, 3, n1, s1);
	g_autoptr(RankRecord) r2 = record(2, 2, n, s2);
	rank_steps_add(s, r2);
	rank_steps_add(s, r0);
	rank_steps_add(s, r1);
	rank_steps_finish(s, 3);
	late_of(s, 0, TRUE, 30000);
	late_of(s, 1, TRUE, 20000);
	late_of(s, 2, TRUE, 60001);
	struct rank_late late = { 0 };
	rank_steps_late(s, 2, &late);
	CU_ASSERT_EQUAL(rank_late_ns(&late), 30001);
	struct value v = { 0 };
	rank_late_value(&late, &v);
	CU_ASSERT_EQUAL(v.type, VALUE_DURATION);
	CU_ASSERT_EQUAL(v.number, 30001);
	rank_steps_free(s);
}

static void test_none_common(void)
{
	/* rank 0 has step 1, rank 1 step 2: no common step, every rank empty */
	static const guint64 a[] = { 1 }, b[] = { 2 };
	static const gint64 t[] = { 5 };
	struct rank_steps *s = rank_steps_new();
	g_autoptr(RankRecord) r0 = record(0, 1, a, t);
	g_autoptr(RankRecord) r1 = record(1, 1, b, t);
	rank_steps_add(s, r0);
	rank_steps_add(s, r1);
	rank_steps_finish(s, 2);
	late_of(s, 0, FALSE, 0);
	late_of(s, 1, FALSE, 0);
	struct rank_late late = { 0 };
	rank_steps_late(s, 0, &late);
	struct value v = { .type = VALUE_DURATION };
	rank_late_value(&late, &v);
	CU_ASSERT_EQUAL(v.type, VALUE_EMPTY);
	rank_steps_free(s);
	/* a rank without starts (an older map): none known, though both have step 1 */
	s = rank_steps_new();
	g_autoptr(RankRecord) known = record(0, 1, a, t);
	g_autoptr(RankRecord) unknown = record(1, 1, a, NULL);
	rank_steps_add(s, known);
	rank_steps_add(s, unknown);
	rank_steps_finish(s, 2);
	late_of(s, 0, FALSE, 0);
	late_of(s, 1, FALSE, 0);
	rank_steps_free(s);
}

static void test_before_step(void)
{
	/* mean lateness at 3 collectives 300 ns (900 in all): before the step from a median of 150 (2 x 150 x 3 =
	 * 900 >= 900), not at 149.5 (twice: 299; 299 x 3 = 897 < 900) */
	struct rank_late at = { TRUE, 300, 900 }, under = { TRUE, 299, 900 }, unknown = { FALSE, 300, 900 };
	CU_ASSERT_TRUE(rank_late_before_step(&at, 3));
	CU_ASSERT_FALSE(rank_late_before_step(&under, 3));
	CU_ASSERT_FALSE(rank_late_before_step(&unknown, 3));
	CU_ASSERT_FALSE(rank_late_before_step(&at, 0)); /* no collective: no mean */
	/* late at the steps, never at the collectives: before the step */
	struct rank_late none = { TRUE, 0, 0 };
	CU_ASSERT_TRUE(rank_late_before_step(&none, 2));
}

/* Through the reduce: start_before (tests/ranks/WORKING) as records, in ns:
 * one all-reduce per common step, 200 us into it, 400 us long. */
static void test_reduce(void)
{
	static const guint64 n0[] = { 1, 2, 3, 4 }, n[] = { 1, 2, 3 };
	static const gint64 steps[3][4] = { { 0, 2000000, 4000000, 6000000 }, { 10000, 2000000, 4010000 },
					    { 100000, 2300000, 4040000 } };
	struct rank_reduce *reduce = rank_reduce_new();
	g_autoptr(GString) key = g_string_new(NULL);
	rank_key_collective(key, "allreduce", "0", NULL);
	for (gint64 r = 2; r >= 0; r--) {
		g_autoptr(RankRecord) rec = r == 0 ? record(0, 4, n0, steps[0]) : record(r, 3, n, steps[r]);
		for (guint s = 0; s < 3; s++) {
			struct rank_event e = { .kind = RANK_EVENT_NUMBERED, .in_step = TRUE, .step = s + 1, .key = key->str,
						.key_len = key->len, .start = steps[r][s] + 200000, .end = steps[r][s] + 600000 };
			rank_record_add(rec, &e);
		}
		rank_reduce_add(reduce, rec);
	}
	g_autoptr(GString) warnings = g_string_new(NULL);
	CU_ASSERT_TRUE(rank_reduce_finish(reduce, warnings, NULL));
	ASSERT_STR(warnings->str, "");
	/* arrivals: step 1 200000, 210000, 300000; step 2 2200000, 2200000, 2500000; step 3 4200000, 4210000,
	 * 4240000: rank 2 last at 3, delay 90000 + 300000 + 30000 = 420000; its lateness 100000 + 300000 +
	 * 40000 = 440000; its step start late 100000 (twice 200000): 200000 x 3 = 600000 >= 440000 */
	struct rank_job job;
	rank_reduce_job(reduce, &job);
	CU_ASSERT_EQUAL(job.first_rank, 2);
	CU_ASSERT_EQUAL(job.first_delay, 420000);
	CU_ASSERT_EQUAL(job.first_collectives, 3);
	CU_ASSERT_TRUE(job.first_late.known);
	CU_ASSERT_EQUAL(job.first_late.median2, 200000);
	CU_ASSERT_EQUAL(job.first_late.arrivals, 440000);
	CU_ASSERT_TRUE(rank_late_before_step(&job.first_late, job.first_collectives));
	/* the column: rows by delay caused: 2, 0, 1 with 100000, 0, 10000 */
	const GPtrArray *rows = rank_reduce_rows(reduce);
	const struct catalogue *c = rank_summary_catalogue();
	const struct column *late = NULL;
	for (gsize i = 0; i < c->count; i++)
		if (strcmp(c->columns[i].name, "step start late(ms)") == 0)
			late = &c->columns[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(late);
	CU_ASSERT_EQUAL_FATAL(rows->len, 3);
	static const gint64 want[] = { 100000, 0, 10000 };
	for (guint i = 0; i < 3; i++) {
		struct value v = { 0 };
		late->get(rows->pdata[i], &v);
		CU_ASSERT_EQUAL(v.type, VALUE_DURATION);
		CU_ASSERT_EQUAL(v.number, want[i]);
	}
	rank_reduce_free(reduce);
}

UNIT_MAIN("rank_steps", UNIT_TEST(test_odd_any_order), UNIT_TEST(test_even), UNIT_TEST(test_none_common),
	  UNIT_TEST(test_before_step), UNIT_TEST(test_reduce))
