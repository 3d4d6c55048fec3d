/* The collective rules (SPEC 15.2): families, nccl-tests' factors, dtype
 * bytes, the bandwidths from integers (rounding, refusals), and the args
 * members read out of Python literals and JSON text. Every expected figure
 * is worked out by hand in the comment beside it. */
#include "unit.h"
#include "views/collectives/collective.h"
#include "views/collectives/collective_args.h"
#include "util/literal_members.h"

#define FAMILY(name) collective_family(name, strlen(name))

static void test_families(void)
{
	CU_ASSERT_EQUAL(FAMILY("allreduce"), COLLECTIVE_ALLREDUCE);
	CU_ASSERT_EQUAL(FAMILY("all_reduce_coalesced"), COLLECTIVE_ALLREDUCE); /* without '_' */
	CU_ASSERT_EQUAL(FAMILY("AllReduce"), COLLECTIVE_ALLREDUCE);            /* without case */
	CU_ASSERT_EQUAL(FAMILY("_allgather_base"), COLLECTIVE_ALLGATHER);     /* not "gather" */
	CU_ASSERT_EQUAL(FAMILY("all_gather_into_tensor"), COLLECTIVE_ALLGATHER);
	CU_ASSERT_EQUAL(FAMILY("reduce_scatter_tensor"), COLLECTIVE_REDUCESCATTER); /* not "reduce" */
	CU_ASSERT_EQUAL(FAMILY("all_to_all"), COLLECTIVE_ALLTOALL);
	CU_ASSERT_EQUAL(FAMILY("alltoall_base"), COLLECTIVE_ALLTOALL);
	CU_ASSERT_EQUAL(FAMILY("broadcast"), COLLECTIVE_ONE);
	CU_ASSERT_EQUAL(FAMILY("reduce"), COLLECTIVE_ONE);
	CU_ASSERT_EQUAL(FAMILY("send"), COLLECTIVE_ONE);
	CU_ASSERT_EQUAL(FAMILY("recv"), COLLECTIVE_ONE);
	CU_ASSERT_EQUAL(FAMILY("gather"), COLLECTIVE_ONE);
	CU_ASSERT_EQUAL(FAMILY("scatter"), COLLECTIVE_ONE);
	CU_ASSERT_EQUAL(FAMILY("barrier"), COLLECTIVE_UNKNOWN);
	CU_ASSERT_EQUAL(FAMILY("wait"), COLLECTIVE_UNKNOWN);
	CU_ASSERT_EQUAL(FAMILY(""), COLLECTIVE_UNKNOWN);
	/* a NUL is a character, not '_': "all", NUL, "reduce" holds reduce, not allreduce */
	CU_ASSERT_EQUAL(collective_family("all\0reduce", 10), COLLECTIVE_ONE);
}

static void test_factors(void)
{
	guint64 num, den;
	collective_factor(COLLECTIVE_ALLREDUCE, 8, &num, &den); /* 2(8-1)/8 = 14/8 */
	CU_ASSERT(num == 14 && den == 8);
	collective_factor(COLLECTIVE_ALLREDUCE, 2, &num, &den); /* 2/2 */
	CU_ASSERT(num == 2 && den == 2);
	collective_factor(COLLECTIVE_ALLREDUCE, 1, &num, &den); /* 0/1: one rank moves nothing */
	CU_ASSERT(num == 0 && den == 1);
	collective_factor(COLLECTIVE_ALLGATHER, 8, &num, &den); /* 7/8 */
	CU_ASSERT(num == 7 && den == 8);
	collective_factor(COLLECTIVE_REDUCESCATTER, 4, &num, &den); /* 3/4 */
	CU_ASSERT(num == 3 && den == 4);
	collective_factor(COLLECTIVE_ALLTOALL, 16, &num, &den); /* 15/16 */
	CU_ASSERT(num == 15 && den == 16);
	collective_factor(COLLECTIVE_ONE, 8, &num, &den);
	CU_ASSERT(num == 1 && den == 1);
}

static void test_dtypes(void)
{
	CU_ASSERT_EQUAL(collective_dtype_bytes("Float"), 4);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Int"), 4);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Double"), 8);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Long"), 8);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Half"), 2);
	CU_ASSERT_EQUAL(collective_dtype_bytes("BFloat16"), 2);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Short"), 2);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Byte"), 1);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Char"), 1);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Bool"), 1);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Float8_e4m3fn"), 1);
	CU_ASSERT_EQUAL(collective_dtype_bytes("Float8_e5m2fnuz"), 1);
	CU_ASSERT_EQUAL(collective_dtype_bytes("float"), 0); /* spelled as PyTorch does */
	CU_ASSERT_EQUAL(collective_dtype_bytes("Float8"), 0);
	CU_ASSERT_EQUAL(collective_dtype_bytes("ComplexFloat"), 0);
	CU_ASSERT_EQUAL(collective_dtype_bytes(""), 0);
}

static void test_bandwidths(void)
{
	/* nccl_data's first all-reduce: 2049000 Float, 3 events, 11820962 ns:
	 * 1000 * 8196000 * 3 = 24588000000; / 11820962 = 2080 rest 399040,
	 * below half of 11820962: 2080 (2.080 GB/s) */
	CU_ASSERT_EQUAL(collective_bandwidth(2049000, 4, 3, 11820962, 1, 1), 2080);
	/* half up: 1000 * 1 / 2000 = 0.5 -> 1; / 2001 = 0.49975 -> 0 */
	CU_ASSERT_EQUAL(collective_bandwidth(1, 1, 1, 2000, 1, 1), 1);
	CU_ASSERT_EQUAL(collective_bandwidth(1, 1, 1, 2001, 1, 1), 0);
	/* busbw from the exact algbw: 1000 * 1 * 14 / (3 * 8) = 583.33 -> 583;
	 * from the rounded algbw (333) it would be 333 * 14 / 8 = 582.75 -> 583,
	 * and 1000 * 1 * 7 / (3 * 8) = 291.67 -> 292 where 333 * 7 / 8 = 291.4 -> 291 */
	CU_ASSERT_EQUAL(collective_bandwidth(1, 1, 1, 3, 14, 8), 583);
	CU_ASSERT_EQUAL(collective_bandwidth(1, 1, 1, 3, 7, 8), 292);
	CU_ASSERT_EQUAL(collective_bandwidth(5, 4, 2, 10, 0, 1), 0); /* all-reduce of one rank */
	/* refused: no time, no denominator */
	CU_ASSERT_EQUAL(collective_bandwidth(1, 4, 1, 0, 1, 1), -1);
	CU_ASSERT_EQUAL(collective_bandwidth(1, 4, 1, -5, 1, 1), -1);
	CU_ASSERT_EQUAL(collective_bandwidth(1, 4, 1, 10, 1, 0), -1);
	/* (2^63 - 1) * 8 * 2^40 * 1000 is about 2^116; times 2^62 is past 2^128: refused, not wrapped */
	CU_ASSERT_EQUAL(collective_bandwidth(G_MAXINT64, 8, (guint64)1 << 40, 1, (guint64)1 << 62, 1), -1);
	/* (2^63 - 1) * 8 * 1000 over 1 ns fits 128 bits but not 63: refused */
	CU_ASSERT_EQUAL(collective_bandwidth(G_MAXINT64, 8, 1, 1, 1, 1), -1);
	/* large but fitting: 2^62 elements of 1 byte over 2^62 ns * 1000 = 1000 */
	CU_ASSERT_EQUAL(collective_bandwidth((guint64)1 << 62, 1, 1, (gint64)1 << 62, 1, 1), 1000);
	/* a denominator near 2^126: 2^62 ns * (2^63 - 1) ranks, fits; the quotient rounds to 0 */
	CU_ASSERT_EQUAL(collective_bandwidth(1, 1, 1, (gint64)1 << 62, 1, G_MAXINT64), 0);
}

/* The cells read from LITERAL must be these; "" for an absent cell, "#N" for the integer N. */
static void assert_cells(const char *literal, const char *const expected[FIELD_COUNT])
{
	struct collective_args args;
	CU_ASSERT_TRUE_FATAL(collective_args_read(literal, &args));
	for (int f = 0; f < FIELD_COUNT; f++) {
		const struct cell *c = &args.cells[f];
		g_autofree char *shown = c->kind == CELL_INT  ? g_strdup_printf("#%" G_GINT64_FORMAT, c->number)
					 : c->kind == CELL_ABSENT ? g_strdup("")
								  : g_strdup(c->text);
		if (strcmp(shown, expected[f]) != 0)
			fprintf(stderr, "\n  field %d of %s: %s, not %s\n", f, literal, shown, expected[f]);
		CU_ASSERT_STRING_EQUAL(shown, expected[f]);
	}
	collective_args_clear(&args);
}

static void test_args_python(void)
{
	/* nccl_data's kernels, as the reader keeps them (Python literal) */
	assert_cells("{'External id': 12945, 'grid': [8, 1, 1], 'blocks per SM': 0.074074, 'Collective name': "
		     "'allreduce', 'In msg nelems': 6637568, 'Out msg nelems': 6637568, 'Group size': 2, 'dtype': "
		     "'Float', 'In split size': '[]', 'Process Group Name': '0', 'Process Group Ranks': '[0, 1]'}",
		     (const char *const[]){ "allreduce", "0", "#2", "Float", "#6637568", "#6637568" });
	/* ns_resolution's record_param_comms: Process Group ID, an integer, as the group's name */
	assert_cells("{'External id': 2099, 'Collective name': 'allreduce', 'dtype': 'Float', 'In msg nelems': 2049000, "
		     "'Group size': 1, 'Process Group Ranks': '[0]', 'Out msg nelems': 2049000, 'Process Group ID': 0}",
		     (const char *const[]){ "allreduce", "0", "#1", "Float", "#2049000", "#2049000" });
	/* the Name wins over the ID, whichever comes first */
	assert_cells("{'Process Group ID': 7, 'Collective name': 'broadcast', 'Process Group Name': 'tp'}",
		     (const char *const[]){ "broadcast", "tp", "", "", "", "" });
	/* strings of whole numbers are numbers; other values kept as written; escapes decoded */
	assert_cells("{'Collective name': \"it's\", 'Group size': '8', 'In msg nelems': -3, 'Out msg nelems': 1.5, "
		     "'dtype': None, 'Process Group Name': 'a\\\\b'}",
		     (const char *const[]){ "it's", "a\\b", "#8", "None", "#-3", "1.5" });
	/* past 64 bits, a list, a string that is not a whole number */
	assert_cells("{'Collective name': 'allgather', 'In msg nelems': 99999999999999999999, 'Out msg nelems': [1, 2], "
		     "'Group size': '2x', 'dtype': 4}",
		     (const char *const[]){ "allgather", "", "2x", "#4", "99999999999999999999", "[1, 2]" });
}

static void test_args_json(void)
{
	/* --format jsonl keeps JSON text */
	assert_cells("{\"Collective name\":\"reduce_scatter\",\"nested\":{\"dtype\":\"Half\",\"x\":[\"}\",\"]\"]},"
		     "\"dtype\":\"BFloat16\",\"In msg nelems\":1024,\"Out msg nelems\":\"128\",\"Group size\":8,"
		     "\"Process Group Name\":\"q\\\"u\\u00e9\"}",
		     (const char *const[]){ "reduce_scatter", "q\"u\xc3\xa9", "#8", "BFloat16", "#1024", "#128" });
}

static void test_args_without(void)
{
	struct collective_args args;
	CU_ASSERT_FALSE(collective_args_read(NULL, &args));
	CU_ASSERT_FALSE(collective_args_read("{}", &args));
	CU_ASSERT_FALSE(collective_args_read("{'device': 0, 'stream': 7}", &args));
	CU_ASSERT_FALSE(collective_args_read("{'Collective name': 'allreduce'", &args)); /* malformed: no end */
	CU_ASSERT_FALSE(collective_args_read("{'Collective name' 'allreduce'}", &args)); /* no ':' */
	CU_ASSERT_FALSE(collective_args_read("['Collective name']", &args));             /* not a dict */
	CU_ASSERT_FALSE(collective_args_read("{'nested': {'Collective name': 'x'}}", &args)); /* not at the top */
	for (int f = 0; f < FIELD_COUNT; f++)
		CU_ASSERT_EQUAL(args.cells[f].kind, CELL_ABSENT);
}

/* The ids of SPEC 20.1 (issue 44): a Comms Id is an unsigned integer
 * written as one, not 0; else a Seq (0 included) with a named group, its
 * ranks canonical in either syntax; anything else is no id. */
static void test_ids(void)
{
	static const struct {
		const char *args, *comms, *seq, *group, *ranks;
	} cases[] = {
		{ "{'Comms Id': 7, 'Seq': 3, 'Process Group Name': 'tp'}", "7", NULL, NULL, NULL },
		{ "{\"Comms Id\": 18446744073709551615}", "18446744073709551615", NULL, NULL, NULL },
		{ "{'Comms Id': 0, 'Seq': 0, 'Process Group Name': 'tp', 'Process Group Ranks': '[0, 1]'}", NULL, "0", "tp",
		  "[0, 1]" },
		{ "{\"Comms Id\": null, \"Seq\": 4, \"Process Group ID\": 12, \"Process Group Ranks\": [2,3]}", NULL, "4",
		  "12", "[2, 3]" },
		{ "{'Comms Id': '', 'Seq': 4, 'Process Group Name': 'tp', 'Process Group Ranks': [2, 3]}", NULL, "4", "tp",
		  "[2, 3]" },
		{ "{'Comms Id': '5'}", "5", NULL, NULL, NULL },             /* a number in a string (SPEC 24) */
		{ "{'Comms Id': '05'}", "5", NULL, NULL, NULL },
		{ "{'Comms Id': 'x5'}", NULL, NULL, NULL, NULL },           /* another string: no id */
		{ "{'Comms Id': '0', 'Seq': '4', 'Process Group Name': 'tp'}", NULL, "4", "tp", NULL },
		{ "{'Comms Id': 1.5}", NULL, NULL, NULL, NULL },            /* a float */
		{ "{'Comms Id': -1}", NULL, NULL, NULL, NULL },             /* negative */
		{ "{'Comms Id': 18446744073709551616}", NULL, NULL, NULL, NULL }, /* past 64 bits */
		{ "{'Comms Id': True}", NULL, NULL, NULL, NULL },
		{ "{'Seq': None, 'Process Group Name': 'tp'}", NULL, NULL, NULL, NULL },
		{ "{'Seq': '', 'Process Group Name': 'tp'}", NULL, NULL, NULL, NULL },
		{ "{'Seq': 1, 'Process Group Name': ''}", NULL, NULL, NULL, NULL }, /* no group */
		{ "{'Seq': 1, 'Process Group Name': 'tp', 'Process Group Ranks': 'all'}", NULL, "1", "tp", "all" },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct collective_ids ids;
		gboolean any = collective_ids_read(cases[i].args, &ids);
		CU_ASSERT_EQUAL(any, cases[i].comms || cases[i].seq);
		CU_ASSERT_STRING_EQUAL(ids.comms_id ? ids.comms_id : "-", cases[i].comms ? cases[i].comms : "-");
		CU_ASSERT_STRING_EQUAL(ids.seq ? ids.seq : "-", cases[i].seq ? cases[i].seq : "-");
		CU_ASSERT_STRING_EQUAL(ids.group ? ids.group : "-", cases[i].group ? cases[i].group : "-");
		CU_ASSERT_STRING_EQUAL(ids.group_ranks ? ids.group_ranks : "-", cases[i].ranks ? cases[i].ranks : "-");
		collective_ids_clear(&ids);
	}
	struct collective_args args;
	CU_ASSERT_TRUE(collective_args_read("{'Collective name': 'allreduce', 'Process Group Ranks': '[4,  5]'}", &args));
	CU_ASSERT_STRING_EQUAL(args.group_ranks, "[4, 5]");
	collective_args_clear(&args);
}

/* util/literal_members: the spans of the members wanted, blanks around a
 * value left out, brackets and quotes skipped over, the last of a member
 * named twice; a text that is no dict is FALSE. */
static void test_members(void)
{
	static const char *const names[] = { "grid", "blocks per SM", "x" };
	struct literal_span spans[3];
	const char *text = "{'a': '}, \\'grid\\': 1', \"grid\": [1, [2, 3]] , 'blocks per SM': 0.5, 'x': 1, 'x': {'y': (1, 2)}}";
	CU_ASSERT_TRUE(literal_members(text, names, 3, spans));
	CU_ASSERT_EQUAL(spans[0].end - spans[0].start, 11); /* [1, [2, 3]]: 11 characters, the blank after it out */
	CU_ASSERT_EQUAL(strncmp(spans[0].start, "[1, [2, 3]]", 11), 0);
	CU_ASSERT_EQUAL(strncmp(spans[1].start, "0.5", (gsize)(spans[1].end - spans[1].start)), 0);
	CU_ASSERT_EQUAL(spans[2].end - spans[2].start, 13); /* the second x: {'y': (1, 2)}, 13 characters */
	CU_ASSERT_FALSE(literal_members("[1, 2]", names, 3, spans));
	CU_ASSERT_PTR_NULL(spans[0].start);
	CU_ASSERT_FALSE(literal_members("{'grid': [1, 2}", names, 3, spans)); /* a bracket never closed */
	CU_ASSERT_TRUE(literal_members("{}", names, 3, spans));
	CU_ASSERT_PTR_NULL(spans[0].start);
	CU_ASSERT_FALSE(literal_members(NULL, names, 3, spans));
}

UNIT_MAIN("collective", UNIT_TEST(test_families), UNIT_TEST(test_factors), UNIT_TEST(test_dtypes),
	  UNIT_TEST(test_bandwidths), UNIT_TEST(test_args_python), UNIT_TEST(test_args_json),
	  UNIT_TEST(test_args_without), UNIT_TEST(test_ids), UNIT_TEST(test_members))
