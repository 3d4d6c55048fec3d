/* libprofile_parser's API (SPEC 31), through the shared library as a
 * program links it: every view's table equals the program's CSV of the
 * same options cell for cell, on fixtures of one trace and of several;
 * the columns' types; the errors' codes and messages (a trace that is not
 * there, an option unknown or refused, a bad value, a view that is none
 * or that the options cannot give); two analyses in two threads agree
 * with each alone. The program is $PROFILE_PARSER, the fixtures under
 * $top_srcdir. */
#include "config.h"
#include <math.h>
#include <stdlib.h>
#include "profile_parser.h"
#include "unit.h"

static const char *top(void)
{
	const char *dir = g_getenv("top_srcdir");
	return dir ? dir : ".";
}

static char *fixture(const char *path)
{
	return g_build_filename(top(), path, NULL);
}

/* The fields of CSV (RFC 4180, every field quoted, CRLF): rows of GPtrArray of char *. */
static GPtrArray *csv_parse(const char *text)
{
	GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
	GPtrArray *row = NULL;
	const char *p = text;
	while (*p) {
		if (!row)
			row = g_ptr_array_new_with_free_func(g_free);
		GString *field = g_string_new(NULL);
		if (*p == '"') {
			for (p++; *p; p++) {
				if (*p == '"' && p[1] == '"')
					g_string_append_c(field, '"'), p++;
				else if (*p == '"')
					break;
				else
					g_string_append_c(field, *p);
			}
			if (*p)
				p++;
		} else {
			while (*p && *p != ',' && *p != '\r' && *p != '\n')
				g_string_append_c(field, *p++);
		}
		g_ptr_array_add(row, g_string_free(field, FALSE));
		if (*p == ',') {
			p++;
			continue;
		}
		while (*p == '\r' || *p == '\n')
			p++;
		g_ptr_array_add(rows, row);
		row = NULL;
	}
	return rows;
}

/* The program's CSV of ARGS (NULL-terminated; -s and --summary among them) on standard output. */
static char *program_csv(const char *const *args)
{
	const char *program = g_getenv("PROFILE_PARSER");
	CU_ASSERT_PTR_NOT_NULL_FATAL(program);
	g_autoptr(GPtrArray) argv = g_ptr_array_new();
	g_ptr_array_add(argv, (gpointer)program);
	for (const char *const *a = args; *a; a++)
		g_ptr_array_add(argv, (gpointer)*a);
	g_ptr_array_add(argv, (gpointer) "-d");
	g_ptr_array_add(argv, (gpointer) "-");
	g_ptr_array_add(argv, NULL);
	char *out = NULL;
	gint status = 0;
	g_autoptr(GError) error = NULL;
	gboolean ran = g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
				    &status, &error);
	CU_ASSERT_FATAL(ran);
	return out;
}

/* Whether TABLE is the CSV TEXT, cell for cell (saying where it is not). */
static gboolean table_is_csv(const pp_table *table, const char *text, const char *what)
{
	g_autoptr(GPtrArray) rows = csv_parse(text);
	if (!rows->len || pp_table_rows(table) + 1 != rows->len) {
		fprintf(stderr, "%s: %zu rows, the CSV %u\n", what, pp_table_rows(table), rows->len ? rows->len - 1 : 0);
		return FALSE;
	}
	const GPtrArray *header = rows->pdata[0];
	if (pp_table_columns(table) != header->len) {
		fprintf(stderr, "%s: %zu columns, the CSV %u\n", what, pp_table_columns(table), header->len);
		return FALSE;
	}
	for (guint c = 0; c < header->len; c++)
		if (strcmp(pp_table_column_name(table, c), header->pdata[c]) != 0) {
			fprintf(stderr, "%s: column %u is %s, the CSV's %s\n", what, c, pp_table_column_name(table, c),
				(char *)header->pdata[c]);
			return FALSE;
		}
	for (guint r = 1; r < rows->len; r++) {
		const GPtrArray *row = rows->pdata[r];
		for (guint c = 0; c < row->len && c < header->len; c++)
			if (strcmp(pp_table_text(table, r - 1, c), row->pdata[c]) != 0) {
				fprintf(stderr, "%s: row %u column %s: '%s', the CSV '%s'\n", what, r - 1,
					(char *)header->pdata[c], pp_table_text(table, r - 1, c), (char *)row->pdata[c]);
				return FALSE;
			}
	}
	return TRUE;
}

/* Options: NAME, VALUE pairs (VALUE NULL: a flag), NULL-terminated; and the peaks of the source tree. */
static pp_options *options_of(const char *const *pairs)
{
	pp_options *options = pp_options_new();
	g_autofree char *peaks = fixture("data/peaks.tsv");
	CU_ASSERT_EQUAL(pp_options_set(options, "peaks", peaks, NULL), 0);
	for (const char *const *p = pairs; p && *p; p += 2) {
		pp_error *error = NULL;
		int set = pp_options_set(options, p[0], p[1], &error);
		if (set)
			fprintf(stderr, "%s: %s\n", p[0], pp_error_message(error));
		CU_ASSERT_EQUAL(set, 0);
		pp_error_free(error);
	}
	return options;
}

/* The program's arguments for the same: "--NAME=VALUE" each, --peaks, -s each trace. */
static GPtrArray *program_args(const char *const *pairs, const char *const *traces, gsize count, const char *view)
{
	GPtrArray *args = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(args, g_strdup_printf("--peaks=%s/data/peaks.tsv", top()));
	for (const char *const *p = pairs; p && *p; p += 2)
		g_ptr_array_add(args, p[1] ? g_strdup_printf("%s%s=%s", strlen(p[0]) <= 2 ? "-" : "--", p[0], p[1])
					   : g_strdup_printf("--%s", p[0]));
	for (gsize i = 0; i < count; i++) {
		g_ptr_array_add(args, g_strdup("-s"));
		g_ptr_array_add(args, g_strdup(traces[i]));
	}
	if (view && strcmp(view, "nodes") != 0 && strcmp(view, "diff") != 0 && strcmp(view, "across_ranks") != 0)
		g_ptr_array_add(args, g_strdup_printf("--summary=%s", view));
	g_ptr_array_add(args, NULL);
	return args;
}

static const char *const every_view[] = { "nodes", "path", "name", "step", "kernel", "perf", "collective", "timeline",
					  "idle", "memory", "rank", "findings", "gaps", "critical", NULL };

/* Each of VIEWS of TRACES (the fixtures' paths) with PAIRS against the program's CSV. */
static void check_views(const char *const *traces_in, gsize count, const char *const *pairs, const char *const *views)
{
	g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func(g_free);
	for (gsize i = 0; i < count; i++)
		g_ptr_array_add(traces, fixture(traces_in[i]));
	g_autoptr(GPtrArray) tail = g_ptr_array_new();
	pp_options *options = options_of(pairs);
	pp_error *error = NULL;
	pp_analysis *analysis = pp_analyze((const char *const *)traces->pdata, count, options, &error);
	if (!analysis)
		fprintf(stderr, "pp_analyze: %s\n", pp_error_message(error));
	CU_ASSERT_PTR_NOT_NULL_FATAL(analysis);
	CU_ASSERT_EQUAL(pp_analysis_traces(analysis), count);
	CU_ASSERT_PTR_NOT_NULL(pp_analysis_report(analysis));
	for (const char *const *view = views; *view; view++) {
		pp_table *table = pp_analysis_table(analysis, *view, &error);
		if (!table)
			fprintf(stderr, "%s: %s\n", *view, pp_error_message(error));
		CU_ASSERT_PTR_NOT_NULL(table);
		pp_error_free(g_steal_pointer(&error));
		if (!table)
			continue;
		g_autoptr(GPtrArray) args = program_args(pairs, (const char *const *)traces->pdata, count, *view);
		g_autofree char *csv = program_csv((const char *const *)args->pdata);
		g_autofree char *what = g_strdup_printf("%s of %s", *view, traces_in[0]);
		CU_ASSERT(table_is_csv(table, csv, what));
		pp_table_free(table);
	}
	pp_analysis_free(analysis);
	pp_options_free(options);
}

static void test_views_one_trace(void)
{
	static const char *const traces[] = { "examples/example_trace.json" };
	static const char *const pairs[] = { "monitor_cat", "cpu_op,user_annotation", NULL };
	check_views(traces, 1, pairs, every_view);
	static const char *const defaults[] = { NULL };
	check_views(traces, 1, defaults, every_view);
}

static void test_views_fixtures(void)
{
	static const char *const fixtures[] = { "tests/cases/critical_basic.json", "tests/cases/findings_memory.json",
						"tests/cases/gaps_causes.json", "tests/cases/collective_step.json",
						"tests/cases/findings_perf.json", "tests/cases/device_busy.json" };
	static const char *const pairs[] = { "monitor_cat", "cpu_op,user_annotation", NULL };
	for (gsize i = 0; i < G_N_ELEMENTS(fixtures); i++)
		check_views(&fixtures[i], 1, pairs, every_view);
}

static void test_views_options(void)
{
	static const char *const traces[] = { "examples/example_trace.json" };
	/* --columns and --sort are the options' view's (--summary name): the path summary has them too */
	static const char *const pairs[] = { "mc", "cpu_op", "max_depth", "2", "summary", "name", "columns", "name,count",
					     "sort", "count", "top", "3", NULL };
	static const char *const views[] = { "path", "name", NULL };
	check_views(traces, 1, pairs, views);
	static const char *const nodes[] = { "mc", "cpu_op,user_annotation", "max-depth", "2", "leaves", NULL, NULL };
	static const char *const node_view[] = { "nodes", NULL };
	check_views(traces, 1, nodes, node_view);
}

static void test_views_several(void)
{
	static const char *const ranks[] = { "tests/compare/ranks/rank0.json", "tests/compare/ranks/rank1.json",
					     "tests/compare/ranks/rank2.json" };
	static const char *const pairs[] = { "monitor_cat", "cpu_op,user_annotation", NULL };
	static const char *const one_table[] = { "rank", "findings", "memory", "critical", NULL };
	check_views(ranks, 3, pairs, one_table);
	static const char *const across[] = { "monitor_cat", "cpu_op,user_annotation", "summary", "name",
					       "across-ranks", NULL, NULL };
	static const char *const across_view[] = { "across_ranks", NULL };
	check_views(ranks, 3, across, across_view);
	static const char *const pair[] = { "tests/compare/base.json", "tests/compare/new.json" };
	static const char *const diff[] = { "diff", "name", NULL };
	static const char *const diff_view[] = { "diff", NULL };
	check_views(pair, 2, diff, diff_view);
}

/* Several traces: a per-trace view is each trace's table alone, and an error for the whole. */
static void test_table_of(void)
{
	g_autofree char *a = fixture("tests/compare/ranks/rank0.json"), *b = fixture("tests/compare/ranks/rank1.json");
	const char *traces[] = { a, b };
	pp_options *options = options_of(NULL);
	pp_analysis *analysis = pp_analyze(traces, 2, options, NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(analysis);
	pp_error *error = NULL;
	CU_ASSERT_PTR_NULL(pp_analysis_table(analysis, "name", &error));
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "pp_analysis_table_of"));
	pp_error_free(error);
	for (gsize i = 0; i < 2; i++) {
		pp_table *table = pp_analysis_table_of(analysis, i, "name", NULL);
		CU_ASSERT_PTR_NOT_NULL_FATAL(table);
		const char *one[] = { traces[i] };
		g_autoptr(GPtrArray) args = program_args(NULL, one, 1, "name");
		g_autofree char *csv = program_csv((const char *const *)args->pdata);
		CU_ASSERT(table_is_csv(table, csv, "name of one of two"));
		pp_table_free(table);
	}
	CU_ASSERT_PTR_NULL(pp_analysis_table_of(analysis, 2, "name", &error));
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	pp_error_free(error);
	pp_analysis_free(analysis);
	pp_options_free(options);
}

/* The columns' types, the cells' values from their text. */
static void test_types(void)
{
	g_autofree char *trace = fixture("examples/example_trace.json");
	const char *traces[] = { trace };
	static const char *const pairs[] = { "monitor_cat", "cpu_op,user_annotation", NULL };
	pp_options *options = options_of(pairs);
	pp_analysis *analysis = pp_analyze(traces, 1, options, NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(analysis);
	pp_table *table = pp_analysis_table(analysis, "name", NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(table);
	CU_ASSERT(pp_table_rows(table) > 0);
	gboolean name = FALSE, count = FALSE, decimal = FALSE;
	for (size_t c = 0; c < pp_table_columns(table); c++) {
		const char *column = pp_table_column_name(table, c);
		pp_type type = pp_table_column_type(table, c);
		if (strcmp(column, "name") == 0)
			name = type == PP_TYPE_TEXT;
		if (strcmp(column, "count") == 0) {
			count = type == PP_TYPE_INTEGER;
			CU_ASSERT_EQUAL(pp_table_integer(table, 0, c), g_ascii_strtoll(pp_table_text(table, 0, c), NULL, 10));
			CU_ASSERT(pp_table_integer(table, 0, c) >= 1);
		}
		if (type == PP_TYPE_DECIMAL) {
			decimal = TRUE;
			for (size_t r = 0; r < pp_table_rows(table); r++) {
				if (pp_table_is_empty(table, r, c)) {
					CU_ASSERT(isnan(pp_table_double(table, r, c)));
				} else {
					CU_ASSERT_DOUBLE_EQUAL(pp_table_double(table, r, c),
							       g_ascii_strtod(pp_table_text(table, r, c), NULL), 0);
				}
			}
		}
	}
	CU_ASSERT(name && count && decimal);
	CU_ASSERT_PTR_NULL(pp_table_column_name(table, pp_table_columns(table))); /* past the end */
	CU_ASSERT_STRING_EQUAL(pp_table_text(table, pp_table_rows(table), 0), "");
	pp_table_free(table);
	pp_analysis_free(analysis);
	pp_options_free(options);
}

/* Errors: their codes and the program's messages. */
static void test_errors(void)
{
	pp_error *error = NULL;
	pp_options *options = pp_options_new();
	CU_ASSERT_EQUAL(pp_options_set(options, "no_such_option", "1", &error), -1);
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "no_such_option"));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_EQUAL(pp_options_set(options, "max_depth", "deep", &error), -1);
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "--max_depth"));
	CU_ASSERT_PTR_NULL(strstr(pp_error_message(error), "profile_parser: "));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_EQUAL(pp_options_set(options, "summary", "nothing", &error), -1);
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "nothing"));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_EQUAL(pp_options_set(options, "format", "jsonl", &error), -1); /* refused by name */
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "not an option of the library"));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_EQUAL(pp_options_set(options, "-q", NULL, NULL), -1);
	CU_ASSERT_EQUAL(pp_options_set(options, "max-depth", "-1", NULL), 0); /* a value that starts with '-' */
	CU_ASSERT_EQUAL(pp_options_set(options, "monitor-cat", "cpu_op", NULL), 0);
	g_autofree char *peaks = fixture("data/peaks.tsv"); /* not installed: the source tree's */
	CU_ASSERT_EQUAL(pp_options_set(options, "peaks", peaks, NULL), 0);

	const char *missing[] = { "/nonexistent/trace.json" };
	CU_ASSERT_PTR_NULL(pp_analyze(missing, 1, options, &error));
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_INPUT);
	CU_ASSERT_STRING_EQUAL(pp_error_message(error), "/nonexistent/trace.json: No such file or directory");
	pp_error_free(g_steal_pointer(&error));
	g_autofree char *not_json = fixture("README.md");
	const char *bad[] = { not_json };
	CU_ASSERT_PTR_NULL(pp_analyze(bad, 1, options, &error));
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_INPUT);
	CU_ASSERT(g_str_has_prefix(pp_error_message(error), not_json));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_PTR_NULL(pp_analyze(bad, 0, options, &error));
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	pp_error_free(g_steal_pointer(&error));

	g_autofree char *trace = fixture("examples/example_trace.json");
	const char *good[] = { trace };
	pp_analysis *analysis = pp_analyze(good, 1, options, &error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(analysis);
	CU_ASSERT_PTR_NULL(pp_analysis_table(analysis, "everything", &error));
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "no such view"));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_PTR_NULL(pp_analysis_table(analysis, "diff", &error)); /* no --diff set */
	CU_ASSERT_EQUAL(pp_error_code(error), PP_ERROR_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(pp_error_message(error), "--diff"));
	pp_error_free(g_steal_pointer(&error));
	CU_ASSERT_PTR_NULL(pp_analysis_table(analysis, NULL, NULL));
	pp_table *findings = pp_analysis_findings(analysis, &error);
	if (!findings)
		fprintf(stderr, "findings: %s\n", pp_error_message(error));
	CU_ASSERT_PTR_NOT_NULL(findings);
	pp_table_free(findings);
	pp_analysis_free(analysis);
	pp_options_free(options);
	CU_ASSERT_EQUAL(pp_error_code(NULL), PP_OK);
	CU_ASSERT_STRING_EQUAL(pp_version(), PACKAGE_VERSION);
}

/* Every view's tables of TRACE as one text (each cell and its type), and its report. */
static char *everything_of(const char *trace)
{
	static const char *const pairs[] = { "monitor_cat", "cpu_op,user_annotation", NULL };
	pp_options *options = options_of(pairs);
	const char *traces[] = { trace };
	pp_analysis *analysis = pp_analyze(traces, 1, options, NULL);
	pp_options_free(options);
	if (!analysis)
		return g_strdup("(failed)");
	GString *text = g_string_new(NULL);
	g_auto(GStrv) lines = g_strsplit(pp_analysis_report(analysis), "\n", -1);
	for (char **line = lines; *line; line++) /* the report but its times */
		if (!g_str_has_prefix(*line, "  wall time:"))
			g_string_append_printf(text, "%s\n", *line);
	for (const char *const *view = every_view; *view; view++) {
		pp_table *table = pp_analysis_table(analysis, *view, NULL);
		g_string_append_printf(text, "== %s\n", *view);
		for (size_t r = 0; table && r < pp_table_rows(table); r++)
			for (size_t c = 0; c < pp_table_columns(table); c++)
				g_string_append_printf(text, "%s:%d:%s\n", pp_table_column_name(table, c),
						       pp_table_column_type(table, c), pp_table_text(table, r, c));
		pp_table_free(table);
	}
	pp_analysis_free(analysis);
	return g_string_free(text, FALSE);
}

static gpointer analyse_thread(gpointer trace)
{
	return everything_of(trace);
}

/* Two analyses in two threads, at once, give what each gives alone. */
static void test_threads(void)
{
	g_autofree char *a = fixture("tests/cases/critical_basic.json"), *b = fixture("examples/example_trace.json");
	g_autofree char *alone_a = everything_of(a), *alone_b = everything_of(b);
	for (int round = 0; round < 3; round++) {
		GThread *ta = g_thread_new("a", analyse_thread, a), *tb = g_thread_new("b", analyse_thread, b);
		g_autofree char *at_once_a = g_thread_join(ta), *at_once_b = g_thread_join(tb);
		CU_ASSERT_STRING_EQUAL(at_once_a, alone_a);
		CU_ASSERT_STRING_EQUAL(at_once_b, alone_b);
	}
	CU_ASSERT(strstr(alone_a, "== critical\n") != NULL);
	CU_ASSERT(strlen(alone_b) > 1000);
}

UNIT_MAIN("api", UNIT_TEST(test_views_one_trace), UNIT_TEST(test_views_fixtures), UNIT_TEST(test_views_options),
	  UNIT_TEST(test_views_several), UNIT_TEST(test_table_of), UNIT_TEST(test_types), UNIT_TEST(test_errors),
	  UNIT_TEST(test_threads))
