#include "unit.h"
#include "cli/options.h"
#include "views/table/option_values.h"
#include "views/table/shape_text.h"
#include <stdarg.h>

static enum options_result parse(struct options *o, char **error_message, ...)
{
	va_list args;
	GPtrArray *argv = g_ptr_array_new();
	g_ptr_array_add(argv, "profile_parser");
	va_start(args, error_message);
	for (char *arg; (arg = va_arg(args, char *));)
		g_ptr_array_add(argv, arg);
	va_end(args);
	GError *error = NULL;
	enum options_result result = options_parse(argv->len, (char **)argv->pdata, o, &error);
	*error_message = error ? g_strdup(error->message) : NULL;
	g_clear_error(&error);
	g_ptr_array_free(argv, TRUE);
	return result;
}

static void test_reference_spellings(void)
{
	struct options o;
	g_autofree char *error = NULL;
	CU_ASSERT_EQUAL(parse(&o, &error, "-s", "t.json", "-d", "o.csv", "-mc", "cpu_op,user_annotation",
			      "-hc", "cuda_runtime", "-dc", "kernel", "--max_depth", "3", NULL), OPTIONS_RUN);
	ASSERT_STR(o.sources[0], "t.json");
	ASSERT_STR(o.monitor_cats[1], "user_annotation");
	CU_ASSERT_PTR_NULL(o.monitor_cats[2]);
	ASSERT_STR(o.host_cats[0], "cuda_runtime");
	CU_ASSERT_PTR_NULL(o.host_cats[1]);
	CU_ASSERT_EQUAL(o.max_depth, 3);
	CU_ASSERT_EQUAL(o.min_depth, DEPTH_UNBOUNDED);
	options_clear(&o);
}

static void test_hyphenated_and_equals(void)
{
	struct options o;
	g_autofree char *error = NULL;
	CU_ASSERT_EQUAL(parse(&o, &error, "--src=t.json", "--dst", "-", "--monitor-cat=cpu_op", "--max-depth", "-1",
			      "--min-depth=2", "--all_python_functions", "-q", NULL), OPTIONS_RUN);
	ASSERT_STR(o.dst, "-");
	ASSERT_STR(o.monitor_cats[0], "cpu_op");
	CU_ASSERT_EQUAL(o.max_depth, -1);
	CU_ASSERT_EQUAL(o.min_depth, 2);
	CU_ASSERT_TRUE(o.all_python_functions);
	CU_ASSERT_TRUE(o.quiet);
	options_clear(&o);
}

static void test_defaults(void)
{
	struct options o;
	g_autofree char *error = NULL;
	CU_ASSERT_EQUAL(parse(&o, &error, "-s", "-mc", "-d", "o.csv", NULL), OPTIONS_RUN);
	ASSERT_STR(o.sources[0], "-mc"); /* a value is never taken for an option */
	ASSERT_STR(o.monitor_cats[0], "python_function");
	ASSERT_STR(o.host_cats[1], "cuda_driver");
	ASSERT_STR(o.device_cats[2], "gpu_memset");
	CU_ASSERT_EQUAL(o.max_depth, DEPTH_UNBOUNDED);
	options_clear(&o);
}

static void expect_usage_error(const char *part, ...)
{
	/* the arguments after PART, up to NULL, in a fixed array for parse() */
	va_list args;
	char *argv[8] = { 0 };
	int n = 0;
	va_start(args, part);
	for (char *arg; n < 7 && (arg = va_arg(args, char *));)
		argv[n++] = arg;
	va_end(args);
	struct options o;
	g_autofree char *error = NULL;
	CU_ASSERT_EQUAL(parse(&o, &error, argv[0], argv[1], argv[2], argv[3], argv[4], argv[5], argv[6], NULL), OPTIONS_USAGE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(error);
	if (!strstr(error, part))
		fprintf(stderr, "\n  message was: %s\n", error);
	CU_ASSERT_PTR_NOT_NULL(strstr(error, part));
	options_clear(&o);
}

static void test_usage_errors(void)
{
	expect_usage_error("-d/--dst", "-s", "t.json", NULL);
	expect_usage_error("-s/--src", "-d", "o.csv", NULL);
	expect_usage_error("not '0'", "-s", "t", "-d", "o", "--max_depth", "0", NULL);
	expect_usage_error("not '-2'", "-s", "t", "-d", "o", "--min_depth", "-2", NULL);
	expect_usage_error("not 'x'", "-s", "t", "-d", "o", "--max_depth", "x", NULL);
	expect_usage_error("below --min_depth", "-s", "t", "-d", "o", "--max_depth=2", "--min_depth=3", NULL);
	expect_usage_error("unexpected argument 'extra'", "-s", "t", "-d", "o", "extra", NULL);
	expect_usage_error("Unknown option", "-s", "t", "-d", "o", "--bogus", NULL);
	/* empty names in lists, empty values */
	expect_usage_error("-mc/--monitor_cat 'a,,b' has an empty category", "-s", "t", "-d", "o", "-mc", "a,,b", NULL);
	expect_usage_error("-dc/--device_cat names no category", "-s", "t", "-d", "o", "--device-cat= ", NULL);
	expect_usage_error("--columns '+name,' has an empty column", "-s", "t", "-d", "o", "--columns", "+name,", NULL);
	expect_usage_error("--sort 'name,,depth' has an empty column", "-s", "t", "-d", "o", "--sort", "name,,depth", NULL);
	expect_usage_error("--step wants a step number", "-s", "t", "-d", "o", "--step", "", NULL);
	expect_usage_error("--exclude/--blacklist '' names no file", "-s", "t", "-d", "o", "--exclude", "", NULL);
}

/* The lists' checks alone: blanks around names are allowed, empty names not. */
static void test_list_check(void)
{
	const struct {
		const char *value;
		gboolean prefix, ok;
	} cases[] = {
		{ "a", FALSE, TRUE },   { " a , b ", FALSE, TRUE }, { "+a", TRUE, TRUE },  { "a,", FALSE, FALSE },
		{ ",a", FALSE, FALSE }, { "a, ,b", FALSE, FALSE },  { "", FALSE, FALSE },  { " ", FALSE, FALSE },
		{ "+", TRUE, FALSE },   { "+a,,b", TRUE, FALSE },   { "+a", FALSE, TRUE }, /* "+a": a name */
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GError) error = NULL;
		gboolean ok = option_list_check("--x", cases[i].value, "name", cases[i].prefix, &error);
		if (ok != cases[i].ok)
			fprintf(stderr, "\n  '%s': %s\n", cases[i].value, ok ? "taken" : error->message);
		CU_ASSERT_EQUAL(ok, cases[i].ok);
		CU_ASSERT_EQUAL(error == NULL, cases[i].ok);
	}
	CU_ASSERT_TRUE(option_list_check("--x", NULL, "name", FALSE, NULL)); /* not given */
}

/* The option two recorded option texts differ in (src/views/table/shape_text.h):
 * named with both files; a quoted value is one value. */
static void test_shape_difference(void)
{
	static const char *const base = "-mc cpu_op -hc cuda_driver,cuda_runtime -dc kernel";
	static const struct {
		const char *a, *b, *want;
	} cases[] = {
		{ base, base, NULL },
		{ base, "-mc cpu_op -hc cuda_driver,cuda_runtime -dc kernel --module-class", "b has --module-class, a has not" },
		{ "-mc cpu_op -hc cuda_driver,cuda_runtime -dc kernel --module-class", base, "a has --module-class, b has not" },
		{ base, "-mc cpu_op -hc cuda_runtime -dc kernel", "a has -hc cuda_driver,cuda_runtime, b -hc cuda_runtime" },
		{ "-mc x --comm-pattern 'a -b'", "-mc x --comm-pattern 'a'\\''s'", "a has --comm-pattern a -b, b --comm-pattern a's" },
		{ NULL, base, "a records no options" },
		{ "-mc x --top 5 --sort 'name'", "-mc x --top 5 --sort 'count'", "a has --sort name, b --sort count" },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *got = shape_difference(cases[i].a, "a", cases[i].b, "b");
		CU_ASSERT_STRING_EQUAL(got ? got : "(same)", cases[i].want ? cases[i].want : "(same)");
	}
}

UNIT_MAIN("options", UNIT_TEST(test_shape_difference), UNIT_TEST(test_reference_spellings), UNIT_TEST(test_hyphenated_and_equals),
	  UNIT_TEST(test_defaults), UNIT_TEST(test_usage_errors), UNIT_TEST(test_list_check))
