#include "unit.h"
#include "fixture.h"
#include "report/report.h"
#include "input/roles.h"

static struct event *monitored(struct trace *t, guint i)
{
	CU_ASSERT_TRUE_FATAL(i < t->monitored->len);
	return &g_array_index(t->monitored, struct event, i);
}

/* The error message for JSON, or NULL when it reads. */
static char *read_error(const char *json, gsize chunk)
{
	struct read_config config = fixture_config();
	GError *error = NULL;
	struct trace *trace = fixture_read_chunked(json, &config, chunk, &error);
	trace_free(trace);
	if (!error)
		return NULL;
	char *message = g_strdup(error->message);
	g_error_free(error);
	return message;
}

#define ASSERT_ERROR_HAS(json, part)                                                  \
	do {                                                                          \
		g_autofree char *m = read_error(json, 0);                             \
		CU_ASSERT_PTR_NOT_NULL_FATAL(m);                                      \
		if (!strstr(m, part))                                                 \
			fprintf(stderr, "\n  message was: %s\n", m);                  \
		CU_ASSERT_PTR_NOT_NULL(strstr(m, part));                              \
	} while (0)

static void test_object_and_bare_array(void)
{
	g_autoptr(Trace) a = fixture_read("{\"schemaVersion\": 1, \"traceEvents\": [" OP("x", 1, 2, 1) "], \"traceName\": \"t\"}");
	g_autoptr(Trace) b = fixture_read("[" OP("x", 1, 2, 1) "]");
	CU_ASSERT_EQUAL(a->monitored->len, 1);
	CU_ASSERT_EQUAL(b->monitored->len, 1);
	CU_ASSERT_EQUAL(monitored(a, 0)->dur, 2000);
}

static void test_chunking_does_not_matter(void)
{
	const char *json = "{\"deviceProperties\": [{\"id\": 0, \"name\": \"GPU\"}], \"traceEvents\": [" OP("a", 1.5, 2, 1) ","
			   OP("b", 10, 20, 1) "], \"x\": [1, 2.5, \"s\"]}";
	struct read_config config = fixture_config();
	for (gsize chunk = 1; chunk < 8; chunk++) {
		GError *error = NULL;
		g_autoptr(Trace) t = fixture_read_chunked(json, &config, chunk, &error);
		CU_ASSERT_PTR_NULL(error);
		g_clear_error(&error);
		CU_ASSERT_PTR_NOT_NULL_FATAL(t);
		CU_ASSERT_EQUAL(t->monitored->len, 2);
		CU_ASSERT_EQUAL(monitored(t, 0)->ts, 1500);
		CU_ASSERT_EQUAL(t->devices->len, 1);
	}
}

static void test_exact_times(void)
{
	g_autoptr(Trace) t = fixture_read("[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":1732000000000100.123,\"dur\":\"2.5\"}]");
	CU_ASSERT_EQUAL(monitored(t, 0)->ts, G_GINT64_CONSTANT(1732000000000100123));
	CU_ASSERT_EQUAL(monitored(t, 0)->dur, 2500);
	ASSERT_STR(monitored(t, 0)->name->text, "");
}

static void test_begin_end_pairs(void)
{
	g_autoptr(Trace) t = fixture_read("["
		"{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"outer\",\"pid\":1,\"tid\":1,\"ts\":0,\"args\":{\"a\":1,\"b\":2}},"
		"{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"inner\",\"pid\":1,\"tid\":1,\"ts\":2},"
		"{\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":3},"
		"{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":5},"
		"{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":9,\"args\":{\"b\":3,\"c\":4}},"
		"{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"open\",\"pid\":1,\"tid\":1,\"ts\":20}]");
	CU_ASSERT_EQUAL(t->monitored->len, 2);
	struct event *inner = monitored(t, 0), *outer = monitored(t, 1);
	ASSERT_STR(inner->name->text, "inner");
	CU_ASSERT_EQUAL(inner->dur, 3000);
	CU_ASSERT_EQUAL(inner->index, 1);
	ASSERT_STR(outer->name->text, "outer");
	CU_ASSERT_EQUAL(outer->dur, 9000);
	CU_ASSERT_EQUAL(outer->index, 0);
	ASSERT_STR(outer->args, "{'a': 1, 'b': 3, 'c': 4}");
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_UNMATCHED_E], 1);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_UNMATCHED_B], 1);
	CU_ASSERT_EQUAL(t->stats.events, 6);
}

static void test_categories_and_aliases(void)
{
	g_autoptr(Trace) t = fixture_read("["
		"{\"ph\":\"X\",\"cat\":\"Operator\",\"name\":\"old\",\"ts\":0,\"dur\":1},"
		"{\"ph\":\"X\",\"name\":\"legacy\",\"pid\":\"CPU functions\",\"tid\":1,\"ts\":0,\"dur\":1},"
		"{\"ph\":\"X\",\"name\":\"nocat\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"Runtime\",\"name\":\"rt\",\"ts\":0,\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"Kernel\",\"name\":\"k\",\"ts\":0,\"dur\":1},"
		"{\"ph\":\"i\",\"cat\":\"cpu_op\",\"name\":\"instant\",\"ts\":0}]");
	CU_ASSERT_EQUAL(t->monitored->len, 2);
	ASSERT_STR(category_name(monitored(t, 0)->category)->text, "cpu_op");
	ASSERT_STR(monitored(t, 1)->name->text, "legacy");
	CU_ASSERT_EQUAL(t->launches->len, 1);
	CU_ASSERT_EQUAL(t->device->len, 1);
}

static void test_python_functions(void)
{
	static char *python[] = { "python_function", NULL };
	struct read_config config = fixture_config();
	config.monitor_cats = python;
	const char *json = "[" EV("python_function", "nn.Module: Linear_0", 0, 5, 1) "," EV("python_function", "torch/nn/x.py(1): f", 1, 1, 1) "]";
	g_autoptr(Trace) modules = fixture_read_with(json, &config);
	CU_ASSERT_EQUAL(modules->monitored->len, 1);
	config.all_python_functions = TRUE;
	g_autoptr(Trace) all = fixture_read_with(json, &config);
	CU_ASSERT_EQUAL(all->monitored->len, 2);
}

static void test_skipped_events(void)
{
	g_autoptr(Trace) t = fixture_read("[1,"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":\"soon\",\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":1},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":1,\"dur\":-1},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":1,\"dur\":NaN},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":1e300,\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"other\",\"dur\":1}]");
	CU_ASSERT_EQUAL(t->monitored->len, 0);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_NOT_OBJECT], 1);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_NO_TS], 1);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_BAD_TS], 2);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_NO_DUR], 1);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_NEGATIVE_DUR], 1);
	CU_ASSERT_EQUAL(t->stats.skipped[SKIP_BAD_DUR], 1);
	CU_ASSERT_EQUAL(t->stats.first_skipped_index, 0);
	CU_ASSERT_EQUAL(t->stats.events, 8);
}

static void test_threads_by_text(void)
{
	/* pid 1 and "1" are the same thread */
	g_autoptr(Trace) t = fixture_read("["
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"pid\":1,\"tid\":\"7\",\"ts\":0,\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"pid\":\"1\",\"tid\":7,\"ts\":0,\"dur\":1},"
		"{\"ph\":\"X\",\"cat\":\"cpu_op\",\"pid\":17,\"tid\":\"\",\"ts\":0,\"dur\":1}]");
	CU_ASSERT_EQUAL(threads_count(t->threads), 2);
	CU_ASSERT_EQUAL(monitored(t, 0)->thread, monitored(t, 1)->thread);
}

static void test_raw_control_characters(void)
{
	g_autoptr(Trace) t = fixture_read("[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\tb\",\"ts\":0,\"dur\":1,\"args\":{\"s\":\"x\ny\"}}]");
	ASSERT_STR(monitored(t, 0)->name->text, "a\tb");
	ASSERT_STR(monitored(t, 0)->args, "{'s': 'x\\ny'}");
}

static void test_metadata(void)
{
	g_autoptr(Trace) t = fixture_read("{\"traceEvents\": [], \"distributedInfo\": {\"rank\": 3},"
		"\"deviceProperties\": [{\"id\": 0, \"name\": \"H100\", \"totalGlobalMem\": 85899345920, \"computeMajor\": 9, \"computeMinor\": 0, \"numSms\": 132}, {\"name\": \"partial\"}]}");
	ASSERT_STR(t->rank, "3");
	CU_ASSERT_EQUAL(t->devices->len, 2);
	const struct device_info *h100 = &g_array_index(t->devices, struct device_info, 0);
	const struct device_info *partial = &g_array_index(t->devices, struct device_info, 1);
	ASSERT_STR(h100->id, "0");
	ASSERT_STR(h100->name, "H100");
	CU_ASSERT_TRUE(h100->has_memory);
	CU_ASSERT_DOUBLE_EQUAL(h100->total_global_mem, 85899345920.0, 0.5);
	ASSERT_STR(h100->compute_major, "9");
	ASSERT_STR(h100->compute_minor, "0");
	ASSERT_STR(h100->num_sms, "132");
	ASSERT_STR(partial->name, "partial");
	CU_ASSERT_PTR_NULL(partial->id);
	CU_ASSERT_FALSE(partial->has_memory);
	CU_ASSERT_PTR_NULL(partial->compute_major);
	g_autofree char *text = report_devices_text(t->devices);
	ASSERT_STR(text, "  device 0: H100, 80.0 GiB, compute 9.0, 132 SMs\n  device: partial\n");
}

static void test_not_traces(void)
{
	ASSERT_ERROR_HAS("", "empty");
	ASSERT_ERROR_HAS("  \n", "empty");
	ASSERT_ERROR_HAS("42", "not a trace");
	ASSERT_ERROR_HAS("null", "not a trace");
	ASSERT_ERROR_HAS("{\"a\": 1}", "no traceEvents");
	ASSERT_ERROR_HAS("{\"traceEvents\": {}}", "traceEvents is not an array");
	ASSERT_ERROR_HAS("{\"nodes\": [], \"schema\": \"1.0.1\"}", "Execution Trace");
}

/* Names of 64 KiB or more, kept exactly (src/model/names.c), in events of 512 KB or
 * more, parsed alone (src/input/batch.c): as any others. */
static void test_long_names(void)
{
	gsize n = 600000;
	GString *json = g_string_new("[");
	const char *kinds[] = { "a", "\xff", "\\\\", "\xc3\xa9" }; /* ASCII, invalid, backslashes, valid UTF-8 */
	for (guint k = 0; k < G_N_ELEMENTS(kinds); k++) {
		g_string_append_printf(json, "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":%u,\"dur\":1,\"name\":\"", k ? "," : "", k);
		for (gsize i = 0; i < n / strlen(kinds[k]); i++)
			g_string_append(json, kinds[k]);
		g_string_append(json, "\"}");
	}
	g_string_append(json, "]");
	g_autoptr(Trace) t = fixture_read(json->str);
	g_string_free(json, TRUE);
	CU_ASSERT_EQUAL_FATAL(t->monitored->len, 4);
	const struct name *ascii = monitored(t, 0)->name, *bad = monitored(t, 1)->name;
	const struct name *slash = monitored(t, 2)->name, *utf8 = monitored(t, 3)->name;
	CU_ASSERT_EQUAL(ascii->len, n);
	CU_ASSERT_EQUAL(ascii->literal_len, n + 2);
	CU_ASSERT(ascii->literal[0] == '\'' && ascii->literal[n + 1] == '\'' && !ascii->literal[n + 2]);
	CU_ASSERT_EQUAL(bad->len, 3 * n); /* each byte became U+FFFD */
	CU_ASSERT(g_str_has_prefix(bad->text, "\xef\xbf\xbd\xef\xbf\xbd"));
	CU_ASSERT_EQUAL(t->stats.invalid_utf8, 1);
	CU_ASSERT_EQUAL(slash->len, n / 2);
	CU_ASSERT_EQUAL(slash->literal_len, n + 2); /* each one escaped: past the room made for none */
	CU_ASSERT(g_str_has_prefix(slash->literal, "'\\\\\\\\") && strlen(slash->literal) == n + 2);
	CU_ASSERT_EQUAL(utf8->len, n);
	CU_ASSERT_EQUAL(memcmp(utf8->text, "\xc3\xa9", 2), 0);
}

/* The args the performance models read, as Python literals, or JSON text for --format jsonl. */
static void test_event_extras(void)
{
	const char *json = "[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::add\",\"pid\":1,\"tid\":1,\"ts\":1,"
			   "\"dur\":2,\"args\":{\"Input Dims\":[[2,3],[]],\"Input type\":[\"float\",\"Scalar\"],"
			   "\"Concrete Inputs\":[\"\",\"[1, 1]\",\"it's\"]}}," OP("y", 4, 1, 1) "]";
	struct read_config config = fixture_config();
	config.event_extras = TRUE;
	g_autoptr(Trace) t = fixture_read_with(json, &config);
	const struct event_extra *a = monitored(t, 0)->extra, *b = monitored(t, 1)->extra;
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	ASSERT_STR(a->input_dims, "[[2, 3], []]");
	ASSERT_STR(a->input_type, "['float', 'Scalar']");
	ASSERT_STR(a->concrete_inputs, "['', '[1, 1]', \"it's\"]");
	CU_ASSERT_PTR_NULL(b->concrete_inputs);
	CU_ASSERT_PTR_NULL(b->input_dims);
	config.json_values = TRUE;
	g_autoptr(Trace) j = fixture_read_with(json, &config);
	a = monitored(j, 0)->extra;
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	ASSERT_STR(a->input_dims, "[[2,3],[]]");
	ASSERT_STR(a->input_type, "[\"float\",\"Scalar\"]");
	ASSERT_STR(a->concrete_inputs, "[\"\",\"[1, 1]\",\"it's\"]");
}

/* PyTorch's legacy format: "CPU functions" events of no cat (a B/E pair
 * counts once); one event with a cat, or none of that pid, is not it. */
static void test_legacy_format(void)
{
#define LEGACY(name, ts) "{\"ph\":\"X\",\"name\":\"" name "\",\"pid\":\"CPU functions\",\"tid\":1,\"ts\":" #ts ",\"dur\":1,\"args\":{}}"
	g_autoptr(Trace) legacy = fixture_read("[" LEGACY("a", 1) "," LEGACY("b", 3)
					       ",{\"ph\":\"B\",\"name\":\"c\",\"pid\":\"CPU functions\",\"tid\":1,\"ts\":5},"
					       "{\"ph\":\"E\",\"pid\":\"CPU functions\",\"tid\":1,\"ts\":6}]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(legacy);
	CU_ASSERT_EQUAL(legacy->stats.legacy, 3);
	CU_ASSERT_TRUE(trace_legacy(legacy));
	g_autoptr(Trace) mixed = fixture_read("{\"traceEvents\":[" LEGACY("a", 1) "," OP("x", 4, 1, 1) "]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mixed);
	CU_ASSERT_EQUAL(mixed->stats.legacy, 1);
	CU_ASSERT_FALSE(trace_legacy(mixed));
	g_autoptr(Trace) other_pid = fixture_read("[{\"ph\":\"X\",\"name\":\"a\",\"pid\":\"CPU\",\"tid\":1,\"ts\":1,\"dur\":1}]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(other_pid);
	CU_ASSERT_FALSE(trace_legacy(other_pid));
	g_autoptr(Trace) kineto = fixture_read("[" OP("x", 4, 1, 1) "]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(kineto);
	CU_ASSERT_FALSE(trace_legacy(kineto));
#undef LEGACY
}

static void test_syntax_errors(void)
{
	ASSERT_ERROR_HAS("[" OP("x", 1, 2, 1), "cut short");
	ASSERT_ERROR_HAS("{\"traceEvents\": [{\"ph\": \"X", "cut short");
	ASSERT_ERROR_HAS("[] []", "data after");
	ASSERT_ERROR_HAS("[1,]", "at byte 3");
	ASSERT_ERROR_HAS("[{\"a\": tru}]", "byte");
	ASSERT_ERROR_HAS("{'traceEvents': []}", "byte 1");
	ASSERT_ERROR_HAS("[{\"a\":1}{\"b\":2}]", "byte 8");
	g_autofree char *ok = read_error("\xEF\xBB\xBF[]", 1);
	CU_ASSERT_PTR_NULL(ok);
}

UNIT_MAIN("read", UNIT_TEST(test_object_and_bare_array), UNIT_TEST(test_chunking_does_not_matter),
	  UNIT_TEST(test_exact_times), UNIT_TEST(test_begin_end_pairs), UNIT_TEST(test_categories_and_aliases),
	  UNIT_TEST(test_python_functions), UNIT_TEST(test_skipped_events), UNIT_TEST(test_threads_by_text),
	  UNIT_TEST(test_raw_control_characters), UNIT_TEST(test_metadata), UNIT_TEST(test_not_traces),
	  UNIT_TEST(test_syntax_errors), UNIT_TEST(test_long_names), UNIT_TEST(test_event_extras),
	  UNIT_TEST(test_legacy_format))
