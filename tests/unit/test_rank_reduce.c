/* The rank reduce (src/views/ranks/rank_reduce.h): collective instances across
 * ranks from records made by hand, their figures worked out by hand (SPEC
 * 20.1, 20.2), whatever order the ranks come in; the count warnings and
 * the straggler line. */
#include "views/ranks/rank_reduce.h"
#include "unit.h"

/* A record of RANK with N numbered all-reduces of step 1, [START, END) each (ns). */
static struct rank_record *record(gint64 rank, guint n, const gint64 *start, const gint64 *end)
{
	struct rank_record *r = rank_record_new();
	r->rank = rank;
	g_autoptr(GString) key = g_string_new(NULL);
	rank_key_collective(key, "allreduce", "0", NULL);
	for (guint i = 0; i < n; i++) {
		struct rank_event e = { .kind = RANK_EVENT_NUMBERED, .in_step = TRUE, .step = 1, .key = key->str,
					.key_len = key->len, .number = i, .start = start[i], .end = end[i] };
		rank_record_add(r, &e);
	}
	guint64 step = 1;
	g_array_append_val(r->step_numbers, step);
	r->steps = 1;
	r->step_total = 1000;
	return r;
}

/* The cell COLUMN of ROW. */
static gint64 cell(const void *row, const char *column)
{
	const struct catalogue *c = rank_summary_catalogue();
	for (gsize i = 0; i < c->count; i++)
		if (strcmp(c->columns[i].name, column) == 0) {
			struct value v = { 0 };
			c->columns[i].get(row, &v);
			return v.type == VALUE_EMPTY ? -1 : v.number;
		}
	CU_FAIL("no such column");
	return -2;
}

/* late (tests/ranks/WORKING), as records: rank 2 late, delay 50. */
static void three_ranks(const gint64 *order)
{
	static const gint64 start[3] = { 200, 210, 260 }, end[3] = { 300, 300, 310 };
	struct rank_reduce *reduce = rank_reduce_new();
	for (int i = 0; i < 3; i++) {
		gint64 r = order[i];
		g_autoptr(RankRecord) rec = record(r, 1, &start[r], &end[r]);
		rank_reduce_add(reduce, rec);
	}
	g_autoptr(GString) warnings = g_string_new(NULL);
	CU_ASSERT_TRUE(rank_reduce_finish(reduce, warnings, NULL));
	ASSERT_STR(warnings->str, "");
	const GPtrArray *rows = rank_reduce_rows(reduce);
	CU_ASSERT_EQUAL_FATAL(rows->len, 3);
	static const gint64 want[3][6] = { /* rank, wait, transfer, last count, delay, collectives */
		{ 2, 0, 50, 1, 50, 1 }, { 0, 60, 40, 0, 0, 1 }, { 1, 50, 40, 0, 0, 1 } };
	for (int i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "rank"), want[i][0]);
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "wait(ms)"), want[i][1]);
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "transfer(ms)"), want[i][2]);
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "last count"), want[i][3]);
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "delay caused(ms)"), want[i][4]);
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "collectives"), want[i][5]);
		CU_ASSERT_EQUAL(cell(rows->pdata[i], "step mean(ms)"), 1000);
	}
	g_autofree char *straggler = rank_reduce_straggler(reduce);
	ASSERT_STR(straggler, "straggler: rank 2 arrived last at 1 of 1 collectives, 0.00005 ms after the next rank in all; "
			      "the ranks waited 0.00011 ms\n");
	rank_reduce_free(reduce);
}

static void test_late_any_order(void)
{
	static const gint64 orders[][3] = { { 0, 1, 2 }, { 2, 0, 1 }, { 1, 2, 0 } };
	for (gsize i = 0; i < G_N_ELEMENTS(orders); i++)
		three_ranks(orders[i]);
}

/* Ranks 1 and 2 arrive together and last: the last rank is 1, no delay, no straggler. */
static void test_tie(void)
{
	static const gint64 start[3] = { 200, 250, 250 }, end[3] = { 300, 300, 310 };
	struct rank_reduce *reduce = rank_reduce_new();
	for (gint64 r = 2; r >= 0; r--) {
		g_autoptr(RankRecord) rec = record(r, 1, &start[r], &end[r]);
		rank_reduce_add(reduce, rec);
	}
	g_autoptr(GString) warnings = g_string_new(NULL);
	CU_ASSERT_TRUE(rank_reduce_finish(reduce, warnings, NULL));
	const GPtrArray *rows = rank_reduce_rows(reduce);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "rank"), 1);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "last count"), 1);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "delay caused(ms)"), 0);
	CU_ASSERT_EQUAL(cell(rows->pdata[0], "wait(ms)"), 50);
	CU_ASSERT_PTR_NULL(rank_reduce_straggler(reduce));
	rank_reduce_free(reduce);
}

/* Counts 2 and 3: a warning naming the key, the step and the counts; the third is not matched. */
static void test_counts_differ(void)
{
	static const gint64 s0[] = { 100, 200 }, e0[] = { 110, 210 }, s1[] = { 105, 202, 300 }, e1[] = { 115, 212, 310 };
	struct rank_reduce *reduce = rank_reduce_new();
	g_autoptr(RankRecord) a = record(0, 2, s0, e0);
	g_autoptr(RankRecord) b = record(1, 3, s1, e1);
	rank_reduce_add(reduce, b);
	rank_reduce_add(reduce, a);
	g_autoptr(GString) warnings = g_string_new(NULL);
	CU_ASSERT_TRUE(rank_reduce_finish(reduce, warnings, NULL));
	ASSERT_STR(warnings->str, "profile_parser: warning: --summary rank: allreduce (process group 0) in step 1: rank 1 "
				  "has 3 events, rank 0 2: the last 1 of rank 1 are not matched\n");
	CU_ASSERT_EQUAL(rank_reduce_instances(reduce), 2);
	const GPtrArray *rows = rank_reduce_rows(reduce);
	CU_ASSERT_EQUAL(cell(rows->pdata[0], "rank"), 1);
	CU_ASSERT_EQUAL(cell(rows->pdata[0], "delay caused(ms)"), 7);
	CU_ASSERT_EQUAL(cell(rows->pdata[0], "transfer(ms)"), 20);
	rank_reduce_free(reduce);
}

/* A Comms Id past 2^63 on two ranks, the first of a rank's two events of it taking part; the clocks warning. */
static void test_comms_id(void)
{
	struct rank_reduce *reduce = rank_reduce_new();
	for (gint64 rank = 0; rank < 2; rank++) {
		g_autoptr(RankRecord) r = rank_record_new();
		r->rank = rank;
		struct rank_event e = { .kind = RANK_EVENT_COMMS, .id = "18446744073709551615",
					.start = rank ? 500 : 100, .end = rank ? 510 : 110 };
		rank_record_add(r, &e);
		rank_reduce_add(reduce, r);
	}
	g_autoptr(GString) warnings = g_string_new(NULL);
	CU_ASSERT_TRUE(rank_reduce_finish(reduce, warnings, NULL));
	CU_ASSERT_EQUAL(rank_reduce_instances(reduce), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(warnings->str, "the clocks of the ranks disagree: in 1 of 1"));
	const GPtrArray *rows = rank_reduce_rows(reduce);
	CU_ASSERT_EQUAL(cell(rows->pdata[0], "delay caused(ms)"), 400);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "wait(ms)"), 10); /* min(500, 110) - 100 */
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "transfer(ms)"), 0);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "step mean(ms)"), -1); /* no steps: empty */
	rank_reduce_free(reduce);
}

/* The bars (src/views/ranks/rank_bars.h), bars in tests/ranks/WORKING as records:
 * rank 0's all-reduce [150,300) and broadcast [230,260), exposed [200,300)
 * (its gemm [100,200) covers the rest); rank 1's [250,320) and [240,270).
 * A = 250 and 240: rank 0's transfer parts [250,300) and [240,260), so its
 * bar's wait is [200,240) = 40 and its transfer 100 - 40 = 60, whatever
 * order the ranks come in; rank 1 waits nowhere. */
static void test_bars(void)
{
	for (int order = 0; order < 2; order++) {
		struct rank_reduce *reduce = rank_reduce_new();
		rank_reduce_keep_bars(reduce);
		for (int k = 0; k < 2; k++) {
			gint64 rank = order ? 1 - k : k;
			g_autoptr(RankRecord) r = rank_record_new();
			r->rank = rank;
			g_autoptr(GString) ar = g_string_new(NULL), bc = g_string_new(NULL);
			rank_key_collective(ar, "allreduce", "0", NULL);
			rank_key_collective(bc, "broadcast", "0", NULL);
			struct rank_event a = { .kind = RANK_EVENT_NUMBERED, .in_step = TRUE, .step = 1, .key = ar->str,
						.key_len = ar->len, .start = rank ? 250 : 150, .end = rank ? 320 : 300 };
			struct rank_event b = { .kind = RANK_EVENT_NUMBERED, .in_step = TRUE, .step = 1, .key = bc->str,
						.key_len = bc->len, .start = rank ? 240 : 230, .end = rank ? 270 : 260 };
			rank_record_add(r, &a);
			rank_record_add(r, &b);
			struct rank_interval exposed = { 0, 0, rank ? 240 : 200, rank ? 320 : 300 };
			g_array_append_val(r->exposed_parts, exposed);
			r->busy = rank ? 80 : 250, r->compute = rank ? 0 : 100, r->communication = rank ? 80 : 150;
			r->exposed = rank ? 80 : 100, r->host_wait = rank ? 0 : 50, r->idle = rank ? 0 : 100;
			rank_reduce_add(reduce, r);
		}
		g_autoptr(GString) warnings = g_string_new(NULL);
		CU_ASSERT_TRUE(rank_reduce_finish(reduce, warnings, NULL));
		const GPtrArray *rows = rank_reduce_rows(reduce);
		struct rank_bar bar;
		rank_reduce_bar(rows->pdata[1], &bar);
		CU_ASSERT_EQUAL(bar.rank, 0);
		CU_ASSERT_EQUAL(bar.span, 350);
		CU_ASSERT_EQUAL(bar.compute, 100);
		CU_ASSERT_EQUAL(bar.transfer, 60);
		CU_ASSERT_EQUAL(bar.wait, 40);
		CU_ASSERT_EQUAL(bar.other_busy, 50);
		CU_ASSERT_EQUAL(bar.host_wait, 50);
		CU_ASSERT_EQUAL(bar.other_idle, 50);
		CU_ASSERT_EQUAL(cell(rows->pdata[1], "wait(ms)"), 110); /* the table's: each event's own wait */
		rank_reduce_bar(rows->pdata[0], &bar);
		CU_ASSERT_EQUAL(bar.rank, 1);
		CU_ASSERT_EQUAL(bar.transfer, 80);
		CU_ASSERT_EQUAL(bar.wait, 0);
		rank_reduce_free(reduce);
	}
}

/* Events 2^63 ns apart, and skews adding up past 2^63 - 1: an error, no rows. */
static void test_too_far(void)
{
	static const gint64 far[2][2] = { { G_MININT64 / 2 - 10, G_MININT64 / 2 }, { G_MAXINT64 / 2 + 10, G_MAXINT64 / 2 + 20 } };
	struct rank_reduce *reduce = rank_reduce_new();
	for (gint64 r = 0; r < 2; r++) {
		g_autoptr(RankRecord) rec = record(r, 1, &far[r][0], &far[r][1]);
		rank_reduce_add(reduce, rec);
	}
	g_autoptr(GString) warnings = g_string_new(NULL);
	GError *error = NULL;
	CU_ASSERT_FALSE(rank_reduce_finish(reduce, warnings, &error));
	CU_ASSERT_PTR_NOT_NULL_FATAL(error);
	CU_ASSERT_PTR_NOT_NULL(strstr(error->message, "span more than 2^63 ns"));
	g_clear_error(&error);
	rank_reduce_free(reduce);
	static const gint64 s0[3] = { 0, 1, 2 }, e0[3] = { 1, 2, 3 };
	static const gint64 s1[3] = { 4000000000000000000, 4000000000000000001, 4000000000000000002 };
	static const gint64 e1[3] = { 4000000000000000001, 4000000000000000002, 4000000000000000003 };
	reduce = rank_reduce_new();
	g_autoptr(RankRecord) a = record(0, 3, s0, e0);
	g_autoptr(RankRecord) b = record(1, 3, s1, e1);
	rank_reduce_add(reduce, a);
	rank_reduce_add(reduce, b);
	CU_ASSERT_FALSE(rank_reduce_finish(reduce, warnings, &error));
	CU_ASSERT_PTR_NOT_NULL_FATAL(error);
	ASSERT_STR(error->message, "the instances' skews add up past 2^63 ns (292 years): sums would be wrong");
	g_clear_error(&error);
	CU_ASSERT_PTR_NULL(rank_reduce_rows(reduce));
	rank_reduce_free(reduce);
}

UNIT_MAIN("rank_reduce", UNIT_TEST(test_late_any_order), UNIT_TEST(test_tie), UNIT_TEST(test_counts_differ),
	  UNIT_TEST(test_comms_id), UNIT_TEST(test_bars), UNIT_TEST(test_too_far))
