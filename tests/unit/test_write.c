#include "unit.h"
#include "fixture.h"
#include "sinks/sink_csv.h"
#include "views/table/write.h"

static char *quoted(const char *text)
{
	GString *out = g_string_new(NULL);
	csv_append_field(out, text, strlen(text));
	return g_string_free(out, FALSE);
}

static void test_quoting(void)
{
	g_autofree char *plain = quoted("aten::mm");
	ASSERT_STR(plain, "\"aten::mm\"");
	g_autofree char *quotes = quoted("say \"hi\"");
	ASSERT_STR(quotes, "\"say \"\"hi\"\"\"");
	g_autofree char *only = quoted("\"");
	ASSERT_STR(only, "\"\"\"\"");
	g_autofree char *separators = quoted("a,b\r\nc");
	ASSERT_STR(separators, "\"a,b\r\nc\"");
	g_autofree char *empty = quoted("");
	ASSERT_STR(empty, "\"\"");
}

/* The CSV written for JSON within the depth bounds. */
static char *csv_of(const char *json, int min_depth, int max_depth, guint64 *rows)
{
	g_autoptr(Trace) t = fixture_read(json);
	g_autoptr(Forest) f = forest_build(t);
	g_autoptr(Attribution) a = attribute(t, f);
	struct selection selection = { .min_depth = min_depth, .max_depth = max_depth };
	g_autoptr(GPtrArray) columns = g_ptr_array_new();
	catalogue_pick(node_catalogue(), NULL, COLUMN_DEFAULT, columns, NULL);
	struct layout layout = { .picked = columns };
	struct write_config config = { .selection = &selection, .layout = &layout, .format = &csv_sink };
	char *text = NULL;
	size_t size = 0;
	FILE *file = open_memstream(&text, &size);
	struct output out;
	output_wrap(&out, file);
	struct write_result result;
	CU_ASSERT_TRUE(write_nodes(&out, f, a, &config, &result));
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	*rows = result.rows;
	fclose(file);
	return text;
}

#define HEADER "\"name\",\"args\",\"host duration(ms)\",\"device duration(ms)\",\"cuda launch duration(ms)\",\"cuda_runtime\",\"kernels\",\"kernel infos\",\"host ts\",\"cuda launch ts\",\"kernel ts\"\r\n"

static const char tree[] = "[" OP("root", 0, 100, 1) "," OP("child", 10, 20, 1) ","
	LAUNCH("cuda_runtime", "cudaLaunchKernel", 12, 3, 1, 1) ","
	"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"it's\",\"ts\":40,\"dur\":2.5,\"args\":{\"correlation\":1,\"grid\":[1,2]}}]";

static void test_rows(void)
{
	guint64 rows;
	g_autofree char *csv = csv_of(tree, -1, -1, &rows);
	CU_ASSERT_EQUAL(rows, 2);
	ASSERT_STR(csv, HEADER
		"\"root\",\"\",\"0.1\",\"0.0025\",\"0.003\",\"{'cudaLaunchKernel': 0.003}\",\"{\"\"it's\"\": 0.0025}\","
		"\"{\"\"it's\"\": {'correlation': 1, 'grid': [1, 2]}}\",\"0\",\"{'cudaLaunchKernel': 12}\",\"{\"\"it's\"\": 40}\"\r\n"
		"\"root$$child\",\"\",\"0.02\",\"0.0025\",\"0.003\",\"{'cudaLaunchKernel': 0.003}\",\"{\"\"it's\"\": 0.0025}\","
		"\"{\"\"it's\"\": {'correlation': 1, 'grid': [1, 2]}}\",\"10\",\"{'cudaLaunchKernel': 12}\",\"{\"\"it's\"\": 40}\"\r\n");
}

static void test_depth_bounds(void)
{
	guint64 rows;
	g_autofree char *only_child = csv_of(tree, 2, 2, &rows);
	CU_ASSERT_EQUAL(rows, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(only_child, "\r\n\"root$$child\""));
	g_autofree char *only_root = csv_of(tree, -1, 1, &rows);
	CU_ASSERT_EQUAL(rows, 1);
	CU_ASSERT_PTR_NULL(strstr(only_root, "child"));
	g_autofree char *none = csv_of(tree, 3, -1, &rows);
	CU_ASSERT_EQUAL(rows, 0);
	ASSERT_STR(none, HEADER);
}

UNIT_MAIN("write", UNIT_TEST(test_quoting), UNIT_TEST(test_rows), UNIT_TEST(test_depth_bounds))
