/* Output: names for -d DIR/, and a destination replaced only on commit. */
#include "unit.h"
#include <glib/gstdio.h>
#include "output.h"

static void test_paths(void)
{
	g_autofree char *csv = output_path("out/", "runs/rank3.pt.trace.json.gz", ".csv");
	ASSERT_STR(csv, "out/rank3.csv");
	g_autofree char *jsonl = output_path("out/", "trace.json", ".jsonl");
	ASSERT_STR(jsonl, "out/trace.jsonl");
	g_autofree char *input = output_path("out/", "-", ".csv");
	ASSERT_STR(input, "out/stdin.csv");
	g_autofree char *file = output_path("x.csv", "trace.json", ".jsonl");
	ASSERT_STR(file, "x.csv");
	g_autofree char *bare = output_path("d/", ".json", ".csv"); /* no empty stem */
	ASSERT_STR(bare, "d/.json.csv");
	CU_ASSERT_TRUE(output_is_directory("/"));
	CU_ASSERT_FALSE(output_is_directory("-"));
}

static guint files_in(const char *directory)
{
	g_autoptr(GDir) dir = g_dir_open(directory, 0, NULL);
	guint n = 0;
	while (dir && g_dir_read_name(dir))
		n++;
	return n;
}

static void test_commit_and_abort(void)
{
	g_autofree char *directory = g_dir_make_tmp("output-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(directory, "sub", "o.csv", NULL);
	struct output out;
	CU_ASSERT_TRUE(output_open(&out, path, NULL));
	CU_ASSERT_TRUE(output_write(&out, "new", 3));
	CU_ASSERT_FALSE(g_file_test(path, G_FILE_TEST_EXISTS)); /* not before the commit */
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	g_autofree char *text = NULL;
	CU_ASSERT_TRUE(g_file_get_contents(path, &text, NULL, NULL));
	ASSERT_STR(text, "new");
	/* an aborted output leaves the old file, and no temporary one */
	CU_ASSERT_TRUE(output_open(&out, path, NULL));
	CU_ASSERT_TRUE(output_write(&out, "other", 5));
	output_abort(&out);
	g_autofree char *kept = NULL;
	CU_ASSERT_TRUE(g_file_get_contents(path, &kept, NULL, NULL));
	ASSERT_STR(kept, "new");
	g_autofree char *sub = g_path_get_dirname(path);
	CU_ASSERT_EQUAL(files_in(sub), 1);
	g_unlink(path);
	g_rmdir(sub);
	g_rmdir(directory);
}

static void test_wrap(void)
{
	char *text = NULL;
	size_t size = 0;
	FILE *file = open_memstream(&text, &size);
	struct output out;
	output_wrap(&out, file);
	CU_ASSERT_TRUE(output_write(&out, "abc", 3));
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	fclose(file); /* still the caller's */
	ASSERT_STR(text, "abc");
	free(text);
}

UNIT_MAIN("output", UNIT_TEST(test_paths), UNIT_TEST(test_commit_and_abort), UNIT_TEST(test_wrap))
