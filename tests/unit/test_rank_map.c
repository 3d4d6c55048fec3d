/* The rank map (src/views/ranks/rank_map.h): a record written and read back is
 * the same record, every kind of event (a name with a NUL, a Comms Id past
 * 2^63, a Seq of a group with its ranks, an event outside the steps), its
 * options, lanes and exposed intervals, and its steps' starts (SPEC 26.6;
 * a map without them reads, its starts unknown); a line that is not a map's, or
 * one no trace makes (an instance twice, an id that is none, a number out
 * of turn), is refused, naming the line. */
#include "views/ranks/rank_map.h"
#include "views/ranks/rank_map_write.h"
#include "unit.h"
#include <glib/gstdio.h>

static char *write_map(const struct rank_record *r, const char *rank)
{
	g_autofree char *dir = g_dir_make_tmp("rank_map_XXXXXX", NULL);
	char *path = g_build_filename(dir, "map.jsonl", NULL);
	struct output out;
	GError *error = NULL;
	CU_ASSERT_TRUE_FATAL(output_open(&out, path, FALSE, &error));
	CU_ASSERT_TRUE(rank_map_write(&out, r, rank));
	CU_ASSERT_TRUE(output_commit(&out, &error));
	return path;
}

static void test_round_trip(void)
{
	g_autoptr(RankRecord) r = rank_record_new();
	r->steps = 2;
	r->step_total = 2000;
	guint64 steps[] = { 3, 4 };
	g_array_append_vals(r->step_numbers, steps, 2);
	gint64 starts[] = { -5, 1000 }; /* each number's earliest ProfilerStep#N start (SPEC 26.6) */
	g_array_append_vals(r->step_starts, starts, 2);
	r->busy = 10, r->compute = 4, r->communication = 7, r->exposed = 6, r->host_wait = 1, r->idle = 3;
	r->devices = g_strdup("NVIDIA H100");
	g_autoptr(GString) key = g_string_new(NULL);
	rank_key_name(key, "k\0x", 3);
	struct rank_event named = { .kind = RANK_EVENT_NUMBERED, .key = key->str, .key_len = key->len, .number = 0,
				    .start = -7, .end = 9 };
	rank_record_add(r, &named);
	rank_key_collective(key, "allreduce", "pg", "[0, 1]");
	struct rank_event known = { .kind = RANK_EVENT_NUMBERED, .in_step = TRUE, .step = 4, .key = key->str,
				    .key_len = key->len, .number = 0, .start = 100, .end = 200 };
	rank_record_add(r, &known);
	struct rank_event comms = { .kind = RANK_EVENT_COMMS, .id = "18446744073709551615", .start = 1, .end = 2 };
	rank_record_add(r, &comms);
	struct rank_event seq = { .kind = RANK_EVENT_SEQ, .id = "12", .key = "b\0[2, 3]", .key_len = 8, .start = 3, .end = 4,
				  .lane = 65536 };
	rank_record_add(r, &seq);
	struct rank_interval parts[] = { { 0, 0, -7, -5 }, { 0, 0, 3, 4 }, { 0, 65536, 100, 103 } };
	g_array_append_vals(r->exposed_parts, parts, G_N_ELEMENTS(parts));
	r->left_out = 2;
	r->repeated = g_strdup("Comms Id 5");
	r->options = g_strdup("-mc cpu_op --comm-pattern 'a b'");
	g_autofree char *path = write_map(r, "7");
	CU_ASSERT_TRUE(rank_map_is(path));
	GError *error = NULL;
	g_autoptr(RankRecord) back = rank_map_read(path, 99, &error);
	if (error)
		printf("\n%s\n", error->message);
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	CU_ASSERT_EQUAL(back->rank, 7);
	CU_ASSERT_FALSE(back->by_position);
	CU_ASSERT_EQUAL(back->steps, 2);
	CU_ASSERT_EQUAL(back->step_total, 2000);
	CU_ASSERT_EQUAL(back->step_numbers->len, 2);
	CU_ASSERT_EQUAL_FATAL(back->step_starts->len, 2);
	CU_ASSERT_EQUAL(g_array_index(back->step_starts, gint64, 0), -5);
	CU_ASSERT_EQUAL(g_array_index(back->step_starts, gint64, 1), 1000);
	CU_ASSERT_EQUAL(back->busy + back->compute + back->communication + back->exposed + back->host_wait + back->idle, 31);
	ASSERT_STR(back->devices, "NVIDIA H100");
	CU_ASSERT_PTR_NULL(back->world_size);
	CU_ASSERT_EQUAL_FATAL(back->events->len, 4);
	for (guint i = 0; i < 4; i++) {
		const struct rank_event *a = &g_array_index(r->events, struct rank_event, i);
		const struct rank_event *b = &g_array_index(back->events, struct rank_event, i);
		CU_ASSERT_EQUAL(a->kind, b->kind);
		CU_ASSERT_EQUAL(a->in_step, b->in_step);
		CU_ASSERT_EQUAL(a->step, b->step);
		CU_ASSERT_EQUAL(a->number, b->number);
		CU_ASSERT_EQUAL(a->start, b->start);
		CU_ASSERT_EQUAL(a->end, b->end);
		CU_ASSERT_EQUAL(a->key_len, b->key_len);
		CU_ASSERT(a->key_len == 0 || memcmp(a->key, b->key, a->key_len) == 0);
		CU_ASSERT_STRING_EQUAL(a->id ? a->id : "", b->id ? b->id : "");
		CU_ASSERT_EQUAL(a->lane, b->lane);
	}
	CU_ASSERT_EQUAL_FATAL(back->exposed_parts->len, 3);
	for (guint i = 0; i < G_N_ELEMENTS(parts); i++) {
		const struct rank_interval *got = &g_array_index(back->exposed_parts, struct rank_interval, i);
		CU_ASSERT(got->lane == parts[i].lane && got->start == parts[i].start && got->end == parts[i].end);
	}
	CU_ASSERT_EQUAL(back->left_out, 2);
	ASSERT_STR(back->repeated, "Comms Id 5");
	ASSERT_STR(back->options, "-mc cpu_op --comm-pattern 'a b'");
	/* no rank recorded: its place */
	g_autofree char *unranked = write_map(r, NULL);
	g_autoptr(RankRecord) placed = rank_map_read(unranked, 99, &error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(placed);
	CU_ASSERT_EQUAL(placed->rank, 99);
	CU_ASSERT_TRUE(placed->by_position);
	/* a record whose starts are unknown (an older map's): written without them, read back unknown */
	g_array_set_size(r->step_starts, 0);
	g_autofree char *older = write_map(r, "7");
	g_autoptr(RankRecord) unknown = rank_map_read(older, 0, &error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(unknown);
	CU_ASSERT_EQUAL(unknown->step_numbers->len, 2);
	CU_ASSERT_EQUAL(unknown->step_starts->len, 0);
}

/* A map of before the step starts (SPEC 26.6) reads, its starts unknown. */
static void test_older_map(void)
{
	g_autofree char *dir = g_dir_make_tmp("rank_map_XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "older.jsonl", NULL);
	CU_ASSERT_TRUE(g_file_set_contents(
		path,
		"{\"summary\":\"rank\",\"rank\":3,\"options\":\"\",\"steps\":2,\"step total(ns)\":10,\"step numbers\":[1,2],"
		"\"device busy(ns)\":0,\"compute(ns)\":0,\"communication(ns)\":0,\"exposed communication(ns)\":0,"
		"\"host wait(ns)\":0,\"idle(ns)\":0,\"devices\":null,\"world size\":null,\"left out\":0,"
		"\"comms id 0\":0,\"exposed\":0,\"events\":0}\n",
		-1, NULL));
	GError *error = NULL;
	g_autoptr(RankRecord) r = rank_map_read(path, 0, &error);
	CU_ASSERT_PTR_NULL(error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(r->rank, 3);
	CU_ASSERT_EQUAL(r->step_numbers->len, 2);
	CU_ASSERT_EQUAL(r->step_starts->len, 0);
}

/* A head with no events nor intervals but as many event lines as follow it. */
#define HEAD "{\"summary\":\"rank\",\"rank\":0,\"options\":\"\",\"steps\":0,\"step total(ns)\":0,\"device busy(ns)\":0," \
	     "\"compute(ns)\":0,\"communication(ns)\":0,\"exposed communication(ns)\":0,\"host wait(ns)\":0,\"idle(ns)\":0," \
	     "\"step numbers\":[],\"left out\":0,\"comms id 0\":0,\"exposed\":0,\"events\":"

static void test_refused(void)
{
	g_autofree char *dir = g_dir_make_tmp("rank_map_XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "bad.jsonl", NULL);
	static const struct {
		const char *text, *why;
	} cases[] = {
		{ "{\"summary\":\"name\"}\n", "line 1: no \"summary\": \"rank\"" },
		{ "[1]\n", "line 1: not a JSON object" },
		{ HEAD "1}\n{\"start\":5,\"end\":4,\"lane\":0,\"comms id\":\"1\"}\n", "line 2: an \"end\" before its \"start\"" },
		{ HEAD "2}\n{\"start\":1,\"end\":4,\"lane\":0,\"comms id\":\"1\"}\n", "fewer or more lines" },
		{ HEAD "2}\n{\"start\":1,\"end\":4,\"lane\":0,\"comms id\":\"1\"}\n{\"start\":5,\"end\":6,\"lane\":0,\"comms id\":\"1\"}\n",
		  "line 3: the collective instance of line 2 again" },
		{ HEAD "1}\n{\"start\":1,\"end\":4,\"lane\":0,\"comms id\":\"0\"}\n", "line 2: a \"comms id\" that is not" },
		{ HEAD "1}\n{\"start\":1,\"end\":4,\"lane\":0,\"seq\":\"1\",\"group\":\"\"}\n", "line 2: a \"seq\" without a \"group\"" },
		{ HEAD "1}\n{\"start\":1,\"end\":4,\"lane\":0,\"step\":null,\"name\":\"k\",\"number\":1}\n",
		  "line 2: \"number\" 1 where 0 is due" },
		{ "{\"summary\":\"rank\",\"rank\":0,\"options\":\"\",\"steps\":2,\"step total(ns)\":0,\"device busy(ns)\":0,"
		  "\"compute(ns)\":0,\"communication(ns)\":0,\"exposed communication(ns)\":0,\"host wait(ns)\":0,\"idle(ns)\":0,"
		  "\"step numbers\":[1,2],\"step starts(ns)\":[5],\"left out\":0,\"comms id 0\":0,\"exposed\":0,\"events\":0}\n",
		  "line 1: \"step starts(ns)\" that is not a list as long as \"step numbers\"" },
		{ "{\"summary\":\"rank\",\"rank\":0,\"options\":\"\",\"steps\":1,\"step total(ns)\":0,\"device busy(ns)\":0,"
		  "\"compute(ns)\":0,\"communication(ns)\":0,\"exposed communication(ns)\":0,\"host wait(ns)\":0,\"idle(ns)\":0,"
		  "\"step numbers\":[1],\"step starts(ns)\":[\"5\"],\"left out\":0,\"comms id 0\":0,\"exposed\":0,\"events\":0}\n",
		  "line 1: a step start that is not a whole number" },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		CU_ASSERT_TRUE(g_file_set_contents(path, cases[i].text, -1, NULL));
		GError *error = NULL;
		struct rank_record *r = rank_map_read(path, 0, &error);
		CU_ASSERT_PTR_NULL(r);
		CU_ASSERT_PTR_NOT_NULL_FATAL(error);
		if (!strstr(error->message, cases[i].why))
			printf("\n%s (wanted %s)\n", error->message, cases[i].why);
		CU_ASSERT_PTR_NOT_NULL(strstr(error->message, cases[i].why));
		g_error_free(error);
	}
}

UNIT_MAIN("rank_map", UNIT_TEST(test_round_trip), UNIT_TEST(test_older_map), UNIT_TEST(test_refused))
