/* The rank reduce (src/views/rank_reduce.h): collective instances across
 * ranks from records made by hand, their figures worked out by hand (SPEC
 * 20.1, 20.2), whatever order the ranks come in; the count warnings and
 * the straggler line. */
#include "views/rank_reduce.h"
#include "unit.h"

/* A record of RANK with N numbered all-reduces of step 1, [START, END) each (ns). */
static struct rank_record *record(gint64 rank, guint n, const gint64 *start, const gint64 *end)
{
	struct rank_record *r = rank_record_new();
	r->rank = rank;
	g_autoptr(GString) key = g_string_new(NULL);
	rank_key_collective(key, "allreduce", "0");
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
	rank_reduce_finish(reduce, warnings);
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
	rank_reduce_finish(reduce, warnings);
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
	rank_reduce_finish(reduce, warnings);
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
	rank_reduce_finish(reduce, warnings);
	CU_ASSERT_EQUAL(rank_reduce_instances(reduce), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(warnings->str, "the clocks of the ranks disagree: in 1 of 1"));
	const GPtrArray *rows = rank_reduce_rows(reduce);
	CU_ASSERT_EQUAL(cell(rows->pdata[0], "delay caused(ms)"), 400);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "wait(ms)"), 10); /* min(500, 110) - 100 */
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "transfer(ms)"), 0);
	CU_ASSERT_EQUAL(cell(rows->pdata[1], "step mean(ms)"), -1); /* no steps: empty */
	rank_reduce_free(reduce);
}

UNIT_MAIN("rank_reduce", UNIT_TEST(test_late_any_order), UNIT_TEST(test_tie), UNIT_TEST(test_counts_differ),
	  UNIT_TEST(test_comms_id))
