/* The table of device peaks (src/views/perf/peaks.h): strict parsing with
 * FILE:LINE errors, exact figures, the longest match, the overrides, where
 * the shipped table is found; and the shipped data/peaks.tsv ($top_srcdir)
 * loads and maps the device names traces write to the intended rows. Most
 * tables here have the header of before the links (HEADER, eight cells a
 * row), which still loads; test_links has the header with them
 * (HEADER_LINKS, ten cells, SPEC 26.4, 26.5). */
#include "views/perf/peaks.h"
#include "unit.h"
#include <glib/gstdio.h>

#define HEADER "match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\tsource\n"
#define HEADER_LINKS "match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\thost link(TB/s)\tinterconnect(TB/s)\tsource\n"

static struct peaks *parse(const char *text, GError **error)
{
	return peaks_parse(text, strlen(text), "t.tsv", error);
}

/* TEXT is no table, and the error names LOCATION ("t.tsv:3:") and WORDS. */
static void expect_rejected(const char *text, const char *location, const char *words)
{
	GError *error = NULL;
	struct peaks *peaks = parse(text, &error);
	CU_ASSERT_PTR_NULL(peaks);
	CU_ASSERT_PTR_NOT_NULL_FATAL(error);
	if (!g_str_has_prefix(error->message, location) || !strstr(error->message, words))
		printf("\nmessage: %s (wanted %s ... %s)\n", error->message, location, words);
	CU_ASSERT(g_str_has_prefix(error->message, location));
	CU_ASSERT_PTR_NOT_NULL(strstr(error->message, words));
	g_error_free(error);
	peaks_free(peaks);
}

static guint64 decimal(const char *text)
{
	guint64 value = 0;
	GError *error = NULL;
	CU_ASSERT_TRUE(peaks_decimal(text, "x", &value, &error));
	if (error)
		printf("\n%s\n", error->message), g_error_free(error);
	return value;
}

static void test_decimal_exact(void)
{
	/* millionths of TFLOP/s (MFLOP/s) and of TB/s (MB/s), worked by hand */
	CU_ASSERT_EQUAL(decimal("989.4"), 989400000u);
	CU_ASSERT_EQUAL(decimal("989.5"), 989500000u);
	CU_ASSERT_EQUAL(decimal("1979"), 1979000000u);
	CU_ASSERT_EQUAL(decimal("3.35"), 3350000u);
	CU_ASSERT_EQUAL(decimal("0.5"), 500000u);
	CU_ASSERT_EQUAL(decimal("0.000001"), 1u);
	CU_ASSERT_EQUAL(decimal("181.05"), 181050000u);
	CU_ASSERT_EQUAL(decimal("007.250"), 7250000u);
	CU_ASSERT_EQUAL(decimal("9223372036854"), G_GUINT64_CONSTANT(9223372036854000000));
	const char *bad[] = { "", "abc", "1e3", "-1", "+1", "1.", ".5", " 1", "1 ", "1,5", "0", "0.000000", "0.0000001",
			      "1.2345678", "9223372036855", "99999999999999999999", "1..2", "0x10", "inf", "nan" };
	for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
		guint64 value = 42;
		GError *error = NULL;
		CU_ASSERT_FALSE(peaks_decimal(bad[i], "fp64", &value, &error));
		CU_ASSERT_EQUAL(value, 42u);
		CU_ASSERT_PTR_NOT_NULL(error);
		if (error) {
			CU_ASSERT(g_str_has_prefix(error->message, "fp64 '"));
			g_error_free(error);
		} else
			printf("\naccepted: '%s'\n", bad[i]);
	}
}

static void test_parse(void)
{
	const char *text = "# a comment\n"
			   "#\tanother, with a tab\n" HEADER "# between rows\n"
			   "Alpha\t1.5\t2\t\t\t8\t0.25\tthe alpha datasheet\n"
			   "Beta\t\t\t\t\t\t\t\n";
	GError *error = NULL;
	g_autoptr(Peaks) peaks = parse(text, &error);
	CU_ASSERT_PTR_NULL(error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	CU_ASSERT_EQUAL_FATAL(peaks->rows->len, 2);
	const struct peak_row *alpha = g_ptr_array_index(peaks->rows, 0);
	ASSERT_STR(alpha->match, "Alpha");
	ASSERT_STR(alpha->source, "the alpha datasheet");
	CU_ASSERT_EQUAL(alpha->line, 5);
	CU_ASSERT_EQUAL(alpha->figure[PEAK_FP64], 1500000u);
	CU_ASSERT_EQUAL(alpha->figure[PEAK_FP32], 2000000u);
	CU_ASSERT_EQUAL(alpha->figure[PEAK_16BIT], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(alpha->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(alpha->figure[PEAK_INT8], 8000000u);
	CU_ASSERT_EQUAL(alpha->figure[PEAK_BANDWIDTH], 250000u);
	const struct peak_row *beta = g_ptr_array_index(peaks->rows, 1);
	for (int kind = 0; kind < PEAK_KINDS; kind++)
		CU_ASSERT_EQUAL(beta->figure[kind], PEAK_UNKNOWN);
	ASSERT_STR(beta->source, "");
	ASSERT_STR(peak_kind_name(PEAK_16BIT), "16-bit");
	ASSERT_STR(peak_kind_name(PEAK_BANDWIDTH), "bandwidth");
	/* CRLF lines, and no newline at the end */
	g_autoptr(Peaks) crlf = parse("match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\tsource\r\nA\t1\t\t\t\t\t2\ts\r\nB\t3\t\t\t\t\t4\ts", NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(crlf);
	CU_ASSERT_EQUAL(crlf->rows->len, 2);
	CU_ASSERT_EQUAL(((struct peak_row *)g_ptr_array_index(crlf->rows, 1))->figure[PEAK_BANDWIDTH], 4000000u);
}

static void test_rejected(void)
{
	expect_rejected("# only comments\n", "t.tsv:", "no header");
	expect_rejected("match fp64 fp32 16-bit fp8 int8 bandwidth source\n", "t.tsv:1:", "not the header");
	expect_rejected("# c\nmatch\tfp64\tfp32\tbf16\tfp8\tint8\tbandwidth\tsource\n", "t.tsv:2:", "not the header");
	expect_rejected("match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\n", "t.tsv:1:", "not the header");
	expect_rejected("\n" HEADER, "t.tsv:1:", "not the header");
	expect_rejected(HEADER "A\t1\t2\t3\t4\t5\t6\n", "t.tsv:2:", "7 cells, not 8 tab-separated cells");
	expect_rejected(HEADER "A\t1\t2\t3\t4\t5\t6\ts\textra\n", "t.tsv:2:", "9 cells, not 8");
	expect_rejected(HEADER "A\t1\t\t\t\t\t\ts\n\n", "t.tsv:3:", "an empty line, not 8");
	expect_rejected(HEADER "A\n", "t.tsv:2:", "1 cell, not 8");
	expect_rejected(HEADER "\t1\t\t\t\t\t\ts\n", "t.tsv:2:", "no device name substring");
	expect_rejected(HEADER "A\t1\t\t\t\t\t\ts\n# c\nA\t2\t\t\t\t\t\ts\n", "t.tsv:4:", "already the one of line 2");
	expect_rejected(HEADER "A\t1\t\t\t\t\t\ts\n#\nB\t1\tabc\t\t\t\t\ts\n", "t.tsv:4:", "fp32 'abc' is not a decimal number");
	expect_rejected(HEADER "B\t1\t2\t3\t1e3\t\t\ts\n", "t.tsv:2:", "fp8 '1e3' is not a decimal number");
	expect_rejected(HEADER "B\t-1\t\t\t\t\t\ts\n", "t.tsv:2:", "fp64 '-1' is not a decimal number");
	expect_rejected(HEADER "B\t\t\t\t\t0\t\ts\n", "t.tsv:2:", "int8 '0' is not positive");
	expect_rejected(HEADER "B\t\t\t\t\t\t1.0000001\ts\n", "t.tsv:2:", "bandwidth '1.0000001' has more than 6 decimals");
	expect_rejected(HEADER "B\t\t\t 5\t\t\t\ts\n", "t.tsv:2:", "16-bit ' 5' is not a decimal number");
	expect_rejected(HEADER "B\t\t\t\t\t\t\t\xff\n", "t.tsv:", "not UTF-8");
}

static void test_links(void)
{
	/* the header with the links: ten cells a row, the links per direction in TB/s */
	GError *error = NULL;
	g_autoptr(Peaks) peaks = parse(HEADER_LINKS "A\t1\t2\t\t\t\t3\t0.064\t0.45\tthe A datasheet\n"
						    "B\t\t\t\t\t\t\t0.0315\t\ta host link alone\n",
				       &error);
	CU_ASSERT_PTR_NULL(error);
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	const struct peak_row *a = peaks_find(peaks, "A"), *b = peaks_find(peaks, "B");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b); /* a row with a link alone is a filled one */
	CU_ASSERT_EQUAL(a->figure[PEAK_BANDWIDTH], 3000000u);
	CU_ASSERT_EQUAL(a->figure[PEAK_HOST_LINK], 64000u);     /* 64 GB/s */
	CU_ASSERT_EQUAL(a->figure[PEAK_INTERCONNECT], 450000u); /* 450 GB/s */
	ASSERT_STR(a->source, "the A datasheet");
	CU_ASSERT_EQUAL(b->figure[PEAK_HOST_LINK], 31500u);
	CU_ASSERT_EQUAL(b->figure[PEAK_INTERCONNECT], PEAK_UNKNOWN);
	ASSERT_STR(peak_kind_name(PEAK_HOST_LINK), "host link(TB/s)");
	ASSERT_STR(peak_kind_name(PEAK_INTERCONNECT), "interconnect(TB/s)");
	/* the overrides set the compute and the memory bandwidth, never a link */
	peaks->flops_override = 500000;
	peaks->bandwidth_override = 7000000;
	CU_ASSERT_EQUAL(peaks_figure(peaks, a, PEAK_FP64), 500000u);
	CU_ASSERT_EQUAL(peaks_figure(peaks, a, PEAK_BANDWIDTH), 7000000u);
	CU_ASSERT_EQUAL(peaks_figure(peaks, a, PEAK_HOST_LINK), 64000u);
	CU_ASSERT_EQUAL(peaks_figure(peaks, a, PEAK_INTERCONNECT), 450000u);
	CU_ASSERT_EQUAL(peaks_figure(peaks, NULL, PEAK_HOST_LINK), PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(peaks_figure(peaks, b, PEAK_INTERCONNECT), PEAK_UNKNOWN);
	/* the old header: its rows have no links (unknown), and rows of its own width */
	g_autoptr(Peaks) old = parse(HEADER "A\t1\t2\t\t\t\t3\ts\n", NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	const struct peak_row *o = peaks_find(old, "A");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT_EQUAL(o->figure[PEAK_BANDWIDTH], 3000000u);
	CU_ASSERT_EQUAL(o->figure[PEAK_HOST_LINK], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(o->figure[PEAK_INTERCONNECT], PEAK_UNKNOWN);
	ASSERT_STR(o->source, "s");
	/* each table its header's width; the links' cells checked as the others */
	expect_rejected(HEADER_LINKS "A\t1\t\t\t\t\t\ts\n", "t.tsv:2:", "8 cells, not 10 tab-separated cells");
	expect_rejected(HEADER "A\t1\t\t\t\t\t\t0.064\t0.45\ts\n", "t.tsv:2:", "10 cells, not 8");
	expect_rejected(HEADER_LINKS "A\t\t\t\t\t\t\t64 GB/s\t\ts\n", "t.tsv:2:",
			"host link(TB/s) '64 GB/s' is not a decimal number");
	expect_rejected(HEADER_LINKS "A\t\t\t\t\t\t\t\t0\ts\n", "t.tsv:2:", "interconnect(TB/s) '0' is not positive");
	expect_rejected("match\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\thost link\tinterconnect\tsource\n", "t.tsv:1:",
			"not the header of a peaks table (tab-separated: match, fp64, fp32, 16-bit, fp8, int8, bandwidth, "
			"host link(TB/s), interconnect(TB/s), source; or, without the links");
}

static const char *row_match(const struct peaks *peaks, const char *device)
{
	const struct peak_row *row = peaks_find(peaks, device);
	return row ? row->match : "(none)";
}

static void test_longest_match(void)
{
	/* "H100" first in the file: the longer matches still win */
	g_autoptr(Peaks) peaks = parse(HEADER "H100\t1\t\t\t\t\t\ts\n"
					      "H100 NVL\t2\t\t\t\t\t\ts\n"
					      "H100 80GB HBM3\t3\t\t\t\t\t\ts\n"
					      "MI250\t4\t\t\t\t\t\ts\n"
					      "MI250X\t5\t\t\t\t\t\ts\n"
					      "MI250X / MI250\t6\t\t\t\t\t\ts\n"
					      "XY\t7\t\t\t\t\t\ts\n"
					      "YZ\t8\t\t\t\t\t\ts\n",
				       NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	ASSERT_STR(row_match(peaks, "NVIDIA H100 NVL"), "H100 NVL");
	ASSERT_STR(row_match(peaks, "NVIDIA H100 80GB HBM3"), "H100 80GB HBM3");
	ASSERT_STR(row_match(peaks, "NVIDIA H100 PCIe"), "H100");
	ASSERT_STR(row_match(peaks, "AMD Instinct MI250X / MI250"), "MI250X / MI250");
	ASSERT_STR(row_match(peaks, "AMD Instinct MI250X"), "MI250X");
	ASSERT_STR(row_match(peaks, "AMD Instinct MI250"), "MI250");
	ASSERT_STR(row_match(peaks, "XYZ"), "XY"); /* equally long: the first of the file */
	ASSERT_STR(row_match(peaks, "h100 nvl"), "(none)"); /* case matters */
	ASSERT_STR(row_match(peaks, "NVIDIA A100-SXM4-80GB"), "(none)");
	CU_ASSERT_PTR_NULL(peaks_find(peaks, NULL));
}

static void test_empty_row_loses(void)
{
	/* a row of empty cells never hides a shorter, filled one (issue 33:
	 * the empty "MI250X / MI250" outranked MI250X and MI250); a row with
	 * one figure is a filled one */
	g_autoptr(Peaks) peaks = parse(HEADER "MI250\t4\t\t\t\t\t\ts\n"
					      "MI250X\t5\t\t\t\t\t\ts\n"
					      "MI250X / MI250\t\t\t\t\t\t\ts\n"
					      "H100\t\t\t\t\t\t\ts\n"
					      "H100 PCIe\t\t\t\t\t\t2\ts\n"
					      "V100\t\t\t\t\t\t\ts\n",
				       NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	ASSERT_STR(row_match(peaks, "AMD Instinct MI250X / MI250"), "MI250X");
	ASSERT_STR(row_match(peaks, "AMD Instinct MI250"), "MI250");
	ASSERT_STR(row_match(peaks, "NVIDIA H100 PCIe"), "H100 PCIe"); /* bandwidth alone */
	ASSERT_STR(row_match(peaks, "NVIDIA H100 NVL"), "(none)");     /* only the empty "H100" */
	ASSERT_STR(row_match(peaks, "Tesla V100-SXM2-16GB"), "(none)");
	CU_ASSERT_EQUAL(peaks_figure(peaks, peaks_find(peaks, "NVIDIA H100 NVL"), PEAK_BANDWIDTH), PEAK_UNKNOWN);
}

static void test_overrides(void)
{
	g_autoptr(Peaks) peaks = parse(HEADER "A\t1\t2\t\t\t\t3\ts\n", NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	const struct peak_row *row = peaks_find(peaks, "A");
	CU_ASSERT_EQUAL(peaks_figure(peaks, row, PEAK_FP32), 2000000u);
	CU_ASSERT_EQUAL(peaks_figure(peaks, row, PEAK_16BIT), PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(peaks_figure(peaks, NULL, PEAK_FP32), PEAK_UNKNOWN);
	peaks->flops_override = 500000; /* --peak-flops 0.5 */
	for (int kind = 0; kind < PEAK_BANDWIDTH; kind++) {
		CU_ASSERT_EQUAL(peaks_figure(peaks, row, kind), 500000u);
		CU_ASSERT_EQUAL(peaks_figure(peaks, NULL, kind), 500000u);
	}
	CU_ASSERT_EQUAL(peaks_figure(peaks, row, PEAK_BANDWIDTH), 3000000u); /* still the table's */
	CU_ASSERT_EQUAL(peaks_figure(peaks, NULL, PEAK_BANDWIDTH), PEAK_UNKNOWN);
	peaks->bandwidth_override = 7000000;
	CU_ASSERT_EQUAL(peaks_figure(peaks, NULL, PEAK_BANDWIDTH), 7000000u);
}

static void test_locate(void)
{
	g_autofree char *dir = g_dir_make_tmp("peaks-XXXXXX", NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
	g_autofree char *installed = peaks_locate(dir);
	CU_ASSERT(g_str_has_suffix(installed, "/peaks.tsv"));
	CU_ASSERT_FALSE(g_str_has_prefix(installed, dir)); /* no data/peaks.tsv there: the installed one */
	g_autofree char *none = peaks_locate(NULL);
	ASSERT_STR(none, installed);
	g_autofree char *data = g_build_filename(dir, "data", NULL);
	g_autofree char *file = g_build_filename(data, "peaks.tsv", NULL);
	CU_ASSERT_EQUAL(g_mkdir(data, 0700), 0);
	CU_ASSERT_TRUE(g_file_set_contents(file, HEADER, -1, NULL));
	g_autofree char *built = peaks_locate(dir);
	ASSERT_STR(built, file);
	g_remove(file), g_rmdir(data), g_rmdir(dir);
	g_autofree char *mine = peaks_default_file(); /* this test program's folder has no data/ */
	CU_ASSERT(g_str_has_suffix(mine, "/peaks.tsv"));
}

static struct peaks *shipped(void)
{
	const char *top = g_getenv("top_srcdir");
	g_autofree char *file = g_build_filename(top ? top : ".", "data", "peaks.tsv", NULL);
	GError *error = NULL;
	struct peaks *peaks = peaks_load(file, &error);
	if (error)
		printf("\n%s\n", error->message), g_error_free(error);
	return peaks;
}

static void test_shipped_loads(void)
{
	g_autoptr(Peaks) peaks = shipped();
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	CU_ASSERT(peaks->rows->len >= 17);
	for (guint i = 0; i < peaks->rows->len; i++) {
		const struct peak_row *row = g_ptr_array_index(peaks->rows, i);
		CU_ASSERT(*row->source != '\0'); /* every row says where it comes from */
		CU_ASSERT_PTR_EQUAL(peaks_find(peaks, row->match), row); /* no longer row hides it */
	}
	/* figures of the datasheets (data/peaks.tsv's comments), dense, by hand */
	const struct peak_row *sxm = peaks_find(peaks, "NVIDIA H100 80GB HBM3");
	CU_ASSERT_PTR_NOT_NULL_FATAL(sxm);
	CU_ASSERT_EQUAL(sxm->figure[PEAK_FP64], 67000000u);      /* FP64 Tensor Core */
	CU_ASSERT_EQUAL(sxm->figure[PEAK_FP32], 67000000u);
	CU_ASSERT_EQUAL(sxm->figure[PEAK_16BIT], 989500000u);    /* 1,979 with sparsity */
	CU_ASSERT_EQUAL(sxm->figure[PEAK_FP8], 1979000000u);     /* 3,958 with sparsity */
	CU_ASSERT_EQUAL(sxm->figure[PEAK_BANDWIDTH], 3350000u);  /* 3,350 GB/s */
	const struct peak_row *mi300x = peaks_find(peaks, "AMD Instinct MI300X");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mi300x);
	CU_ASSERT_EQUAL(mi300x->figure[PEAK_FP64], 163400000u);  /* matrix FP64 */
	CU_ASSERT_EQUAL(mi300x->figure[PEAK_FP8], 2614900000u);
	CU_ASSERT_EQUAL(mi300x->figure[PEAK_BANDWIDTH], 5300000u);
	const struct peak_row *mi250 = peaks_find(peaks, "AMD Instinct MI250");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mi250);
	CU_ASSERT_EQUAL(mi250->figure[PEAK_16BIT], 181050000u);  /* 362.1 a module, two GCDs */
	CU_ASSERT_EQUAL(mi250->figure[PEAK_FP8], PEAK_UNKNOWN);  /* CDNA 2 has none */
	CU_ASSERT_EQUAL(mi250->figure[PEAK_BANDWIDTH], 1600000u);
	/* A100 80GB: "312 TFLOPS / 624 TFLOPS*", "* With sparsity"; no FP8 */
	const struct peak_row *a100 = peaks_find(peaks, "NVIDIA A100-SXM4-80GB");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a100);
	CU_ASSERT_EQUAL(a100->figure[PEAK_FP64], 19500000u);     /* FP64 Tensor Core, not FP64's 9.7 */
	CU_ASSERT_EQUAL(a100->figure[PEAK_FP32], 19500000u);
	CU_ASSERT_EQUAL(a100->figure[PEAK_16BIT], 312000000u);   /* 624 with sparsity */
	CU_ASSERT_EQUAL(a100->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(a100->figure[PEAK_INT8], 624000000u);    /* 1248 with sparsity */
	CU_ASSERT_EQUAL(a100->figure[PEAK_BANDWIDTH], 2039000u); /* 2,039GB/s */
	const struct peak_row *a100p = peaks_find(peaks, "NVIDIA A100 80GB PCIe");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a100p);
	CU_ASSERT_EQUAL(a100p->figure[PEAK_16BIT], 312000000u);
	CU_ASSERT_EQUAL(a100p->figure[PEAK_BANDWIDTH], 1935000u); /* 1,935GB/s */
	/* A100 40GB SXM4, NVIDIA's "Ampere Architecture In-Depth": Table 1
	 * "312 TFLOPS | 624 TFLOPS" (the second with sparsity), "1555 GB/sec" */
	const struct peak_row *a100s40 = peaks_find(peaks, "NVIDIA A100-SXM4-40GB");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a100s40);
	CU_ASSERT_EQUAL(a100s40->figure[PEAK_FP64], 19500000u);   /* FP64 Tensor Core */
	CU_ASSERT_EQUAL(a100s40->figure[PEAK_FP32], 19500000u);
	CU_ASSERT_EQUAL(a100s40->figure[PEAK_16BIT], 312000000u);
	CU_ASSERT_EQUAL(a100s40->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(a100s40->figure[PEAK_INT8], 624000000u);  /* 1,248 with sparsity */
	CU_ASSERT_EQUAL(a100s40->figure[PEAK_BANDWIDTH], 1555000u);
	/* A100 40GB PCIe: the A100 GPU's figures of [NV-AMPERE] Table 1 and the
	 * 40 GB HBM2's "1555 GB/sec" (the board's own column was not read) */
	const struct peak_row *a100_40 = peaks_find(peaks, "NVIDIA A100-PCIE-40GB");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a100_40);
	ASSERT_STR(a100_40->match, "A100-PCIE-40GB");
	CU_ASSERT_EQUAL(a100_40->figure[PEAK_FP64], 19500000u);
	CU_ASSERT_EQUAL(a100_40->figure[PEAK_FP32], 19500000u);
	CU_ASSERT_EQUAL(a100_40->figure[PEAK_16BIT], 312000000u);
	CU_ASSERT_EQUAL(a100_40->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(a100_40->figure[PEAK_INT8], 624000000u);
	CU_ASSERT_EQUAL(a100_40->figure[PEAK_BANDWIDTH], 1555000u);
	CU_ASSERT(g_str_has_prefix(a100_40->source, "V "));
	/* V100 SXM2, the same blog's Table 3: FP64 7.8 (no FP64 Tensor Core),
	 * FP32 15.7, FP16 Tensor 125 (BF16 NA), INT8 Tensor NA, 900 GB/sec */
	const struct peak_row *v100 = peaks_find(peaks, "Tesla V100-SXM2-32GB");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v100);
	CU_ASSERT_EQUAL(v100->figure[PEAK_FP64], 7800000u);
	CU_ASSERT_EQUAL(v100->figure[PEAK_FP32], 15700000u);
	CU_ASSERT_EQUAL(v100->figure[PEAK_16BIT], 125000000u);
	CU_ASSERT_EQUAL(v100->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(v100->figure[PEAK_INT8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(v100->figure[PEAK_BANDWIDTH], 900000u);
	CU_ASSERT_PTR_EQUAL(peaks_find(peaks, "Tesla V100-SXM2-16GB"), v100);
	/* the rows filled from peaks_sources.md (issue 33), by hand: dense =
	 * half of a figure "with sparsity"; grade V, C or T first in the source */
	static const struct {
		const char *device, *grade;
		guint64 figure[PEAK_KINDS]; /* fp64, fp32, 16-bit, fp8, int8 in MFLOP/s; MB/s */
	} filled[] = {
		/* H200 page: "FP64 Tensor Core 67", "FP32 67", "BFLOAT16 Tensor Core² 1,979",
		 * "FP8 ... 3,958", "INT8 ... 3,958", "4.8TB/s"; "2 With sparsity" */
		{ "NVIDIA H200", "V: ", { 67000000, 67000000, 989500000, 1979000000, 1979000000, 4800000 } },
		/* H200 NVL: 60, 60, 1,671, 3,341, 3,341, 4.8TB/s */
		{ "NVIDIA H200 NVL", "V: ", { 60000000, 60000000, 835500000, 1670500000, 1670500000, 4800000 } },
		/* H100 NVL per card: 60, 60, 1,671*, 3,341*, 3,341*, 3.9TB/s */
		{ "NVIDIA H100 NVL", "T: ", { 60000000, 60000000, 835500000, 1670500000, 1670500000, 3900000 } },
		/* H800 SXM5: "FP64 1", "FP32 67", "BF16/FP16 1,979*", no FP8 row, "INT8 3,958*", 3.35 TB/s */
		{ "NVIDIA H800", "T: ", { 1000000, 67000000, 989500000, 0, 1979000000, 3350000 } },
		/* H800 PCIe: "FP64 0.8 TFLOPS" alone */
		{ "NVIDIA H800 PCIe", "T: ", { 800000, 0, 0, 0, 0, 0 } },
		/* HGX B200 per GPU: 37, 75, 4.5 PF², 9 PF², 9 POPS², 7.7 TB/s */
		{ "NVIDIA B200", "T: ", { 37000000, 75000000, 2250000000, 4500000000, 4500000000, 7700000 } },
		/* V100 PCIe: 7, 14, FP16 Tensor 112, 900 GB/s; V100S PCIe: 8.2, 16.4, 130, 1134 GB/s */
		{ "Tesla V100-PCIE-32GB", "T: ", { 7000000, 14000000, 112000000, 0, 0, 900000 } },
		{ "Tesla V100-PCIE-16GB", "T: ", { 7000000, 14000000, 112000000, 0, 0, 900000 } },
		{ "Tesla V100S-PCIE-32GB", "T: ", { 8200000, 16400000, 130000000, 0, 0, 1134000 } },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(filled); i++) {
		const struct peak_row *row = peaks_find(peaks, filled[i].device);
		CU_ASSERT_PTR_NOT_NULL_FATAL(row);
		for (int kind = 0; kind <= PEAK_BANDWIDTH; kind++) { /* the links: test_shipped_links */
			if (row->figure[kind] != filled[i].figure[kind])
				printf("\n%s %s: %" G_GUINT64_FORMAT ", not %" G_GUINT64_FORMAT "\n", filled[i].device,
				       peak_kind_name(kind), row->figure[kind], filled[i].figure[kind]);
			CU_ASSERT_EQUAL(row->figure[kind], filled[i].figure[kind]);
		}
		CU_ASSERT(g_str_has_prefix(row->source, filled[i].grade));
	}
	/* every row says the grade of its text first */
	for (guint i = 0; i < peaks->rows->len; i++) {
		const char *source = ((const struct peak_row *)g_ptr_array_index(peaks->rows, i))->source;
		CU_ASSERT(source[0] == 'V' || source[0] == 'C' || source[0] == 'T');
		CU_ASSERT(source[1] == ':' || source[1] == ';' || source[1] == ' ');
	}
	/* MI325X: CDNA 3 white paper, "1,307.4 TF | 2,614.9 TF" (dense | sparse) */
	const struct peak_row *mi325x = peaks_find(peaks, "AMD Instinct MI325X");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mi325x);
	CU_ASSERT_EQUAL(mi325x->figure[PEAK_FP64], 163400000u);  /* matrix FP64 */
	CU_ASSERT_EQUAL(mi325x->figure[PEAK_FP32], 163400000u);
	CU_ASSERT_EQUAL(mi325x->figure[PEAK_16BIT], 1307400000u);
	CU_ASSERT_EQUAL(mi325x->figure[PEAK_FP8], 2614900000u);
	CU_ASSERT_EQUAL(mi325x->figure[PEAK_INT8], 2614900000u);
	CU_ASSERT_EQUAL(mi325x->figure[PEAK_BANDWIDTH], 6000000u); /* 6.0 TB/sec */
	/* MI250X: CDNA 2 white paper 95.7 / 383.0 / 3.2 TB/s a module, halved */
	const struct peak_row *mi250x = peaks_find(peaks, "AMD Instinct MI250X");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mi250x);
	CU_ASSERT_EQUAL(mi250x->figure[PEAK_FP64], 47850000u);
	CU_ASSERT_EQUAL(mi250x->figure[PEAK_FP32], 47850000u);
	CU_ASSERT_EQUAL(mi250x->figure[PEAK_16BIT], 191500000u);
	CU_ASSERT_EQUAL(mi250x->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(mi250x->figure[PEAK_INT8], 191500000u);
	CU_ASSERT_EQUAL(mi250x->figure[PEAK_BANDWIDTH], 1600000u);
	/* MI210: one GCD, 45.3 / 181.0 / 1.6 TB/s as they are */
	const struct peak_row *mi210 = peaks_find(peaks, "AMD Instinct MI210");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mi210);
	CU_ASSERT_EQUAL(mi210->figure[PEAK_FP64], 45300000u);
	CU_ASSERT_EQUAL(mi210->figure[PEAK_16BIT], 181000000u);
	CU_ASSERT_EQUAL(mi210->figure[PEAK_INT8], 181000000u);
	CU_ASSERT_EQUAL(mi210->figure[PEAK_FP8], PEAK_UNKNOWN);
	CU_ASSERT_EQUAL(mi210->figure[PEAK_BANDWIDTH], 1600000u);
}

/* The links of the shipped table (data/peaks.tsv's comments), per direction,
 * by hand: a vendor's both-directions total halved. */
static void test_shipped_links(void)
{
	g_autoptr(Peaks) peaks = shipped();
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	static const struct {
		const char *device;
		guint64 host, interconnect; /* MB/s; 0 unknown */
	} links[] = {
		/* H100 white paper: NVLink "900 GB/sec total", PCIe Gen 5 "128 GB/sec total (64 GB/sec in each direction)" */
		{ "NVIDIA H100 80GB HBM3", 64000, 450000 },
		{ "NVIDIA H100 PCIe", 64000, 0 }, /* an optional NVLink bridge: no interconnect */
		{ "NVIDIA H200", 64000, 450000 }, /* "NVLink: 900GB/s PCIe Gen5: 128GB/s" */
		{ "NVIDIA H200 NVL", 64000, 0 },
		/* Ampere blog: 12 (A100) and 6 (V100) links of "25-GB/second bandwidth in each
		 * direction"; PCIe Gen 4 x16 "31.5 GB/sec" */
		{ "NVIDIA A100-SXM4-40GB", 31500, 300000 },
		{ "NVIDIA A100-SXM4-80GB", 31500, 300000 },
		{ "NVIDIA A100-PCIE-40GB", 31500, 0 },
		{ "NVIDIA A100 80GB PCIe", 31500, 0 },
		{ "Tesla V100-SXM2-32GB", 16000, 150000 }, /* PCIe Gen3 "32 GB/sec" (T) halved */
		{ "Tesla V100-PCIE-16GB", 16000, 16000 },  /* no NVLink: its peers over PCIe Gen3 */
		/* CDNA 3: 7 x16 Infinity Fabric links, "896 GB/s" both ways; x16 PCIe Gen 5 */
		{ "AMD Instinct MI300X", 64000, 448000 },
		{ "AMD Instinct MI325X", 64000, 448000 },
		{ "AMD Instinct MI250X", 31500, 0 }, /* PCIe Gen 4 x16 a GCD; peers by topology */
		{ "AMD Instinct MI250", 31500, 0 },
		/* not found in any text read */
		{ "NVIDIA H100 NVL", 0, 0 },
		{ "NVIDIA H800", 0, 0 },
		{ "NVIDIA B200", 0, 0 },
		{ "Tesla V100S-PCIE-32GB", 0, 0 },
		{ "AMD Instinct MI210", 0, 0 },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(links); i++) {
		const struct peak_row *row = peaks_find(peaks, links[i].device);
		CU_ASSERT_PTR_NOT_NULL_FATAL(row);
		if (row->figure[PEAK_HOST_LINK] != links[i].host || row->figure[PEAK_INTERCONNECT] != links[i].interconnect)
			printf("\n%s: links %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "\n", links[i].device,
			       row->figure[PEAK_HOST_LINK], row->figure[PEAK_INTERCONNECT]);
		CU_ASSERT_EQUAL(row->figure[PEAK_HOST_LINK], links[i].host);
		CU_ASSERT_EQUAL(row->figure[PEAK_INTERCONNECT], links[i].interconnect);
	}
}

static void test_shipped_names(void)
{
	g_autoptr(Peaks) peaks = shipped();
	CU_ASSERT_PTR_NOT_NULL_FATAL(peaks);
	/* deviceProperties names, as CUDA and ROCm write them (the first ones
	 * in real traces of /work/shared/traces), and their intended rows */
	static const char *const names[][2] = {
		{ "NVIDIA H100 80GB HBM3", "H100 80GB HBM3" },
		{ "NVIDIA H100 PCIe", "H100 PCIe" },
		{ "NVIDIA H100 NVL", "H100 NVL" },
		{ "NVIDIA H800", "H800" },
		{ "NVIDIA H800 PCIe", "H800 PCIe" },
		{ "NVIDIA H200", "H200" },
		{ "NVIDIA H200 NVL", "H200 NVL" },
		{ "NVIDIA A100-SXM4-40GB", "A100-SXM4-40GB" },
		{ "NVIDIA A100-SXM4-80GB", "A100-SXM4-80GB" },
		{ "NVIDIA A100-PCIE-40GB", "A100-PCIE-40GB" },
		{ "NVIDIA A100 80GB PCIe", "A100 80GB PCIe" },
		{ "NVIDIA B200", "B200" },
		{ "Tesla V100-SXM2-16GB", "V100-SXM2" },
		{ "Tesla V100-SXM2-32GB", "V100-SXM2" },
		{ "Tesla V100-PCIE-16GB", "V100-PCIE" },
		{ "Tesla V100-PCIE-32GB", "V100-PCIE" },
		{ "Tesla V100S-PCIE-32GB", "V100S-PCIE" },
		{ "AMD Instinct MI300X", "MI300X" },
		{ "AMD Instinct MI325X", "MI325X" },
		{ "AMD Instinct MI250X / MI250", "MI250X" }, /* either: the longest filled row */
		{ "AMD Instinct MI250X", "MI250X" },
		{ "AMD Instinct MI250", "MI250" },
		{ "AMD Instinct MI210", "MI210" },
		/* names that do not say which datasheet: unknown */
		{ "NVIDIA H100", "(none)" },
		{ "NVIDIA A100-PG509-200", "(none)" },
		{ "AMD Radeon Graphics", "(none)" },
		{ "AMD Instinct MI300A", "(none)" },
		{ "", "(none)" },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(names); i++) {
		const char *got = row_match(peaks, names[i][0]);
		if (strcmp(got, names[i][1]) != 0)
			printf("\n'%s': row '%s', not '%s'\n", names[i][0], got, names[i][1]);
		ASSERT_STR(got, names[i][1]);
	}
}

UNIT_MAIN("peaks", UNIT_TEST(test_decimal_exact), UNIT_TEST(test_parse), UNIT_TEST(test_rejected),
	  UNIT_TEST(test_links), UNIT_TEST(test_longest_match), UNIT_TEST(test_empty_row_loses), UNIT_TEST(test_overrides), UNIT_TEST(test_locate),
	  UNIT_TEST(test_shipped_loads), UNIT_TEST(test_shipped_links), UNIT_TEST(test_shipped_names))
