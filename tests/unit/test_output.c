/* Output: names for -d DIR/ (unique among traces of the same name), the
 * form a name stands for, and a destination replaced only on commit. */
#include "unit.h"
#include <glib/gstdio.h>
#include <stdarg.h>
#include <sys/stat.h>
#include "cli/options.h"
#include "output/output.h"
#include "output/output_names.h"

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
	CU_ASSERT_TRUE(output_open(&out, path, FALSE, NULL));
	CU_ASSERT_TRUE(output_write(&out, "new", 3));
	CU_ASSERT_FALSE(g_file_test(path, G_FILE_TEST_EXISTS)); /* not before the commit */
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	g_autofree char *text = NULL;
	CU_ASSERT_TRUE(g_file_get_contents(path, &text, NULL, NULL));
	ASSERT_STR(text, "new");
	/* an aborted output leaves the old file, and no temporary one */
	CU_ASSERT_TRUE(output_open(&out, path, FALSE, NULL));
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

/* output_unique_paths of the COUNT SOURCES in "out/" are EXPECTED (file names). */
static void assert_unique(const char *const *sources, const char *const *expected, guint count)
{
	g_auto(GStrv) paths = output_unique_paths("out/", (char *const *)sources, count, ".csv");
	CU_ASSERT_EQUAL(g_strv_length(paths), count);
	for (guint i = 0; i < count; i++) {
		g_autofree char *want = g_build_filename("out", expected[i], NULL);
		ASSERT_STR(paths[i], want);
	}
}

static void test_unique_paths(void)
{
	/* the innermost parent that tells them apart; other names unchanged */
	const char *folders[] = { "a/trace.json", "b/trace.json", "c/other.json" };
	assert_unique(folders, (const char *[]){ "a_trace.csv", "b_trace.csv", "other.csv" }, 3);
	/* in any order, the same name for each trace */
	const char *reversed[] = { "c/other.json", "b/trace.json", "a/trace.json" };
	assert_unique(reversed, (const char *[]){ "other.csv", "b_trace.csv", "a_trace.csv" }, 3);
	/* as many parents as each takes */
	const char *deep[] = { "/x/a/t.json", "/y/a/t.json", "/z/b/t.json" };
	assert_unique(deep, (const char *[]){ "x_a_t.csv", "y_a_t.csv", "b_t.csv" }, 3);
	/* relative paths are told apart by their absolute folders */
	g_autofree char *cwd = g_get_current_dir();
	g_autofree char *here = g_path_get_basename(cwd);
	g_autofree char *here_t = g_strconcat(here, "_t.csv", NULL);
	/* (the other folder is named after this one, so that the two never meet by chance) */
	g_autofree char *other = g_strconcat(here, "_other/t.json", NULL);
	g_autofree char *other_t = g_strconcat(here, "_other_t.csv", NULL);
	const char *relative[] = { "t.json", other };
	assert_unique(relative, (const char *[]){ here_t, other_t }, 2);
	/* one folder, told apart only by the endings: the whole file name */
	const char *endings[] = { "/d/t.json", "/d/t.json.gz", "/d/t.pt.trace.json" };
	assert_unique(endings, (const char *[]){ "t.json.csv", "t.json.gz.csv", "t.pt.trace.json.csv" }, 3);
	/* standard input has no folder: the file of its name gets one */
	const char *input[] = { "-", "/r/stdin.json" };
	assert_unique(input, (const char *[]){ "stdin.csv", "r_stdin.csv" }, 2);
	/* names alike by chance (folder a_b, folders a/b): a number */
	const char *chance[] = { "/a_b/t.json", "/a/b/t.json", "/c/b/t.json" };
	assert_unique(chance, (const char *[]){ "a_b_t.csv", "a_b_t-2.csv", "c_b_t.csv" }, 3);
	/* a trace whose own name a widened one reaches keeps it; the widened one widens on */
	const char *reached[] = { "/t/a/trace.json", "/t/b/trace.json", "/t/c/a/trace.json", "/t/a_trace.json" };
	assert_unique(reached, (const char *[]){ "t_a_trace.csv", "b_trace.csv", "c_a_trace.csv", "a_trace.csv" }, 4);
}

static void assert_extension(const char *dst, const char *extension, gboolean gzip)
{
	gboolean gz = !gzip;
	g_autofree char *got = output_name_extension(dst, &gz);
	CU_ASSERT_EQUAL(gz, gzip);
	if (extension) {
		ASSERT_STR(got, extension);
	} else {
		CU_ASSERT_PTR_NULL(got);
	}
}

static void test_name_extension(void)
{
	assert_extension("x.csv", ".csv", FALSE);
	assert_extension("d.d/x.jsonl.gz", ".jsonl", TRUE);
	assert_extension("x.txt", ".txt", FALSE);
	assert_extension("x.gz", NULL, TRUE);
	assert_extension("d.csv/x", NULL, FALSE);
	assert_extension(".csv", NULL, FALSE); /* a hidden file, not an extension */
	assert_extension("-", NULL, FALSE);
	assert_extension("out/", NULL, FALSE);
}

/* options_parse of -s t.json and ARGS: its result, format and compression. */
static enum options_result form(const char *format, gboolean compress, const char *first, ...)
{
	GPtrArray *argv = g_ptr_array_new();
	g_ptr_array_add(argv, "profile_parser");
	g_ptr_array_add(argv, "-s");
	g_ptr_array_add(argv, "t.json");
	va_list args;
	va_start(args, first);
	for (const char *arg = first; arg; arg = va_arg(args, const char *))
		g_ptr_array_add(argv, (gpointer)arg);
	va_end(args);
	struct options o;
	g_autoptr(GError) error = NULL;
	enum options_result result = options_parse(argv->len, (char **)argv->pdata, &o, &error);
	if (result == OPTIONS_RUN) {
		ASSERT_STR(o.format->format, format);
		CU_ASSERT_EQUAL(o.compress, compress);
	}
	options_clear(&o);
	g_ptr_array_free(argv, TRUE);
	return result;
}

static void test_form_from_name(void)
{
	CU_ASSERT_EQUAL(form("csv", FALSE, "-d", "x.csv", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("jsonl", FALSE, "-d", "x.jsonl", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("csv", TRUE, "-d", "x.csv.gz", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("jsonl", TRUE, "-d", "x.jsonl.gz", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("csv", FALSE, "-d", "x.txt", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("jsonl", FALSE, "-d", "x.txt", "--format", "jsonl", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("jsonl", TRUE, "-d", "x.jsonl.gz", "--format", "jsonl", "--compress", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("csv", TRUE, "-d", "-", "--compress", NULL), OPTIONS_RUN);
	CU_ASSERT_EQUAL(form("jsonl", TRUE, "-d", "out.csv/", "--compress", "--format", "jsonl", NULL), OPTIONS_RUN);
	/* contradictions */
	CU_ASSERT_EQUAL(form("", FALSE, "-d", "x.csv", "--format", "jsonl", NULL), OPTIONS_USAGE);
	CU_ASSERT_EQUAL(form("", FALSE, "-d", "x.jsonl.gz", "--format", "csv", NULL), OPTIONS_USAGE);
	CU_ASSERT_EQUAL(form("", FALSE, "-d", "x.csv", "--compress", NULL), OPTIONS_USAGE);
}

static void test_mode_kept(void)
{
	g_autofree char *directory = g_dir_make_tmp("output-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(directory, "o.csv", NULL);
	CU_ASSERT_TRUE(g_file_set_contents(path, "old", -1, NULL));
	CU_ASSERT_EQUAL(g_chmod(path, 0640), 0);
	struct output out;
	CU_ASSERT_TRUE(output_open(&out, path, FALSE, NULL));
	CU_ASSERT_TRUE(output_write(&out, "new", 3));
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	GStatBuf status;
	CU_ASSERT_EQUAL(g_stat(path, &status), 0);
	CU_ASSERT_EQUAL(status.st_mode & 0777, 0640);
	g_unlink(path);
	g_rmdir(directory);
}

static void test_gzip(void)
{
	g_autofree char *directory = g_dir_make_tmp("output-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(directory, "o.csv.gz", NULL);
	struct output out;
	CU_ASSERT_TRUE(output_open(&out, path, TRUE, NULL));
	CU_ASSERT_TRUE(output_write(&out, "compressed", 10));
	CU_ASSERT_TRUE(output_commit(&out, NULL));
	gzFile in = gzopen(path, "rb");
	char text[32] = { 0 };
	CU_ASSERT_EQUAL(gzread(in, text, sizeof text - 1), 10);
	CU_ASSERT_EQUAL(gzdirect(in), 0); /* gzip, not plain text */
	gzclose(in);
	ASSERT_STR(text, "compressed");
	g_unlink(path);
	g_rmdir(directory);
}

/* Paths in messages: controls escaped, C1 and bidirectional ones as \\uXXXX,
 * bytes that are not UTF-8 and other characters kept. */
static void test_shown(void)
{
	g_autofree char *plain = output_shown("dir/trace.json");
	ASSERT_STR(plain, "dir/trace.json");
	g_autofree char *controls = output_shown("a\nb\rc\td\x01" "e\x7f");
	ASSERT_STR(controls, "a\\nb\\rc\\td\\x01e\\x7f");
	g_autofree char *hidden = output_shown("x\xc2\x9b" "2J\xe2\x80\xaey\xe2\x81\xa9z\xc2\x85");
	ASSERT_STR(hidden, "x\\u009b2J\\u202ey\\u2069z\\u0085");
	g_autofree char *kept = output_shown("\xff\xc2\xa0\xe2\x80\xa6\xe2\x80\xaf\xc2");
	ASSERT_STR(kept, "\xff\xc2\xa0\xe2\x80\xa6\xe2\x80\xaf\xc2");
}

UNIT_MAIN("output", UNIT_TEST(test_shown), UNIT_TEST(test_paths), UNIT_TEST(test_commit_and_abort), UNIT_TEST(test_wrap),
	  UNIT_TEST(test_unique_paths), UNIT_TEST(test_name_extension), UNIT_TEST(test_form_from_name),
	  UNIT_TEST(test_mode_kept), UNIT_TEST(test_gzip))
