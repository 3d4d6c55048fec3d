/* The performance models' reading of an op's inputs (SPEC 15.1): the
 * literals (Python and JSON), bytes per element and precision, and the
 * reasons an op is not modelled; every expected figure is worked out by
 * hand in the comment beside it. */
#include "perf_assert.h"

/* mm [1, 1] x [1, 1] of TYPE: flops 2; bytes (1 + 1)*bpe + 1*bpe = 3*bpe. */
#define ASSERT_DTYPE(type, prec, bpe)                                                                    \
	ASSERT_MODEL("aten::mm", "[[1, 1], [1, 1]]", "['" type "', '" type "']", NULL, PERF_GEMM, prec, 2, \
		     3 * (bpe))

static void test_dtypes_and_precision(void)
{
	ASSERT_DTYPE("double", PERF_FP64, 8);
	ASSERT_DTYPE("long int", PERF_PRECISION_NONE, 8);
	ASSERT_DTYPE("long", PERF_PRECISION_NONE, 8);
	ASSERT_DTYPE("float", PERF_FP32, 4);
	ASSERT_DTYPE("FLOAT", PERF_FP32, 4); /* without case */
	ASSERT_DTYPE("int", PERF_PRECISION_NONE, 4);
	ASSERT_DTYPE("c10::Half", PERF_16BIT, 2);
	ASSERT_DTYPE("c10::BFloat16", PERF_16BIT, 2);
	ASSERT_DTYPE("short", PERF_PRECISION_NONE, 2);
	ASSERT_DTYPE("c10::Float8_e4m3fn", PERF_FP8, 1);
	ASSERT_DTYPE("c10::Float8_e5m2", PERF_FP8, 1);
	ASSERT_DTYPE("c10::Float8_e4m3fnuz", PERF_FP8, 1);
	ASSERT_DTYPE("c10::Float8_e5m2fnuz", PERF_FP8, 1);
	ASSERT_DTYPE("signed char", PERF_INT8, 1);
	ASSERT_DTYPE("unsigned char", PERF_INT8, 1);
	ASSERT_DTYPE("bool", PERF_PRECISION_NONE, 1);
	ASSERT_STR(perf_precision_name(PERF_FP64), "fp64");
	ASSERT_STR(perf_precision_name(PERF_FP32), "fp32");
	ASSERT_STR(perf_precision_name(PERF_16BIT), "16-bit");
	ASSERT_STR(perf_precision_name(PERF_FP8), "fp8");
	ASSERT_STR(perf_precision_name(PERF_INT8), "int8");
	CU_ASSERT_PTR_NULL(perf_precision_name(PERF_PRECISION_NONE));
}

static void test_unknown_types(void)
{
	ASSERT_REASON("aten::mm", "[[2, 2], [2, 2]]", "['c10::complex<float>', 'c10::complex<float>']", NULL,
		      PERF_UNKNOWN_TYPE);
	/* B is read too */
	ASSERT_REASON("aten::mm", "[[2, 2], [2, 2]]", "['float', 'unsigned int']", NULL, PERF_UNKNOWN_TYPE);
	ASSERT_REASON("aten::add", "[[2], [2]]", "['float', 'short int']", NULL, PERF_UNKNOWN_TYPE);
	/* an unknown type wins over a wrong rank */
	ASSERT_REASON("aten::mm", "[[2, 2, 2], [2, 2]]", "['float', 'c10::complex<double>']", NULL, PERF_UNKNOWN_TYPE);
	/* inputs the formulas do not read may have any type: addmm's Scalars, mm's extra entries */
	ASSERT_MODEL("aten::mm", "[[1, 1], [1, 1], []]", "['float', 'float', 'Device']", NULL, PERF_GEMM, PERF_FP32, 2,
		     12);
}

static void test_other(void)
{
	/* wrong ranks, K that differs, an input the formula reads that is not a tensor */
	ASSERT_REASON("aten::mm", "[[2, 2, 2], [2, 2]]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[2], [2, 2]]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[2, 3], [2, 2]]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[2, 2], []]", "['float', 'Scalar']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[2, 2], [[2], [2]]]", "['float', 'TensorList']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::addmm", "[[2, 2], [2, 2]]", "['float', 'float']", NULL, PERF_OTHER);
	/* negative dims */
	ASSERT_REASON("aten::mm", "[[-1, 4], [4, 2]]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::relu", "[[3, -2]]", "['float']", NULL, PERF_OTHER);
	/* Input Dims and Input type of different lengths */
	ASSERT_REASON("aten::mm", "[[2, 2], [2, 2]]", "['float', 'float', 'Scalar']", NULL, PERF_OTHER);
}

static void test_overflow(void)
{
	/* elements 2^96 */
	ASSERT_REASON("aten::relu", "[[4294967296, 4294967296, 4294967296]]", "['float']", NULL, PERF_OTHER);
	/* elements 2^62 fit, bytes 2^62 * 4 = 2^64 do not */
	ASSERT_REASON("aten::relu", "[[2147483648, 2147483648]]", "['float']", NULL, PERF_OTHER);
	/* mm 2^21 x 2^21 x 2^21: bytes fit (2^42*4*3 = 3*2^44) but flops 2*2^63 = 2^64 do not */
	ASSERT_REASON("aten::mm", "[[2097152, 2097152], [2097152, 2097152]]", "['float', 'float']", NULL, PERF_OTHER);
	/* 2^21 x 2^21 x 2^20: flops 2^63 = 9223372036854775808; bytes (2^42 + 2^41)*4 + 2^41*4 = 2^45 = 35184372088832 */
	ASSERT_MODEL("aten::mm", "[[2097152, 2097152], [2097152, 1048576]]", "['float', 'float']", NULL, PERF_GEMM,
		     PERF_FP32, G_GUINT64_CONSTANT(9223372036854775808), G_GUINT64_CONSTANT(35184372088832));
	/* an integer past 64 bits in the literal */
	ASSERT_REASON("aten::relu", "[[18446744073709551616]]", "['float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::relu", "[[9223372036854775808]]", "['float']", NULL, PERF_OTHER);
}

static void test_no_shapes(void)
{
	ASSERT_REASON("aten::mm", NULL, "['float', 'float']", NULL, PERF_NO_SHAPES);
	ASSERT_REASON("aten::mm", "[[2, 2], [2, 2]]", NULL, NULL, PERF_NO_SHAPES);
	ASSERT_REASON("aten::mm", "[]", "[]", NULL, PERF_NO_SHAPES);
	ASSERT_REASON("aten::mm", "[]", "['float', 'float']", NULL, PERF_NO_SHAPES);
	ASSERT_REASON("aten::add", " [ ] ", "[]", NULL, PERF_NO_SHAPES);
}

static void test_malformed_literals(void)
{
	ASSERT_REASON("aten::mm", "[[64, 512], [512", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[64, 512], [512, 1024]] x", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[64, 512], [512, 1024],]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[64 512], [512, 1024]]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[64, 512], [512, 1024]]", "['float', 'float]", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[64, 512], [512, 1024]]", "['float', 'fl\\qoat']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[64, 512], [512, 1024]]", "'float'", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::mm", "[[1x, 2], [2, 2]]", "['float', 'float']", NULL, PERF_OTHER);
	/* nesting: PERF_DEPTH_MAX levels read, one more does not */
	g_autofree char *open = g_strnfill(PERF_DEPTH_MAX, '['), *close = g_strnfill(PERF_DEPTH_MAX, ']');
	g_autofree char *deepest = g_strconcat(open, close, NULL), *too_deep = g_strconcat("[", open, close, "]", NULL);
	g_autoptr(PerfValue) v = perf_value_parse(deepest);
	CU_ASSERT_PTR_NOT_NULL(v);
	CU_ASSERT_PTR_NULL(perf_value_parse(too_deep));
	ASSERT_REASON("aten::relu", too_deep, "['float']", NULL, PERF_OTHER);
	/* a malformed Concrete Inputs does not matter where the table reads none */
	ASSERT_MODEL("aten::mm", "[[1, 1], [1, 1]]", "['float', 'float']", "['", PERF_GEMM, PERF_FP32, 2, 12);
}

static void test_literal_forms(void)
{
	/* JSON text (--format jsonl) reads as the Python literal: the mm of test_mm */
	ASSERT_MODEL("aten::mm", "[[64,512],[512,1024]]", "[\"float\",\"float\"]", NULL, PERF_GEMM, PERF_FP32,
		     67108864, 2490368);
	/* JSON escapes: \u0066 is f, \/ is / */
	ASSERT_MODEL("aten::mm", "[[64,512],[512,1024]]", "[\"\\u0066loat\",\"float\"]", NULL, PERF_GEMM, PERF_FP32,
		     67108864, 2490368);
	/* Python escapes and quotes: \x66 is f; a string in double quotes */
	ASSERT_MODEL("aten::mm", "[[64, 512], [512, 1024]]", "['\\x66loat', \"float\"]", NULL, PERF_GEMM, PERF_FP32,
		     67108864, 2490368);
	/* spaces anywhere; other values (None, floats, True, dicts, words) kept but not read */
	ASSERT_MODEL("aten::mm", " [ [64 ,512 ] ,\n[512,1024] , None, 1.5e-05, {'a': [1]}, true ] ",
		     "['float', 'float', '', 'Scalar', 'GenericList', 'Scalar']", NULL, PERF_GEMM, PERF_FP32, 67108864,
		     2490368);
	/* the convolution of test_convolution with its Concrete Inputs as JSON */
	ASSERT_MODEL("aten::convolution", "[[2,3,32,32],[16,3,3,3],[16],[],[],[],[],[],[]]",
		     "[\"float\",\"float\",\"float\",\"ScalarList\",\"ScalarList\",\"ScalarList\",\"Scalar\","
		     "\"ScalarList\",\"Scalar\"]",
		     "[\"\",\"\",\"\",\"[1, 1]\",\"[1, 1]\",\"[1, 1]\",\"False\",\"[0, 0]\",\"1\"]", PERF_CONVOLUTION,
		     PERF_FP32, 1769472, 157440);
	/* a string with a quote in it, as pylit writes it ("it's"), and a JSON surrogate pair */
	g_autoptr(PerfValue) v = perf_value_parse("[\"it's\", 'a\\'b', \"\\ud83d\\ude00\", '\\U0001f600']");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL_FATAL(v->items->len, 4);
	ASSERT_STR(((struct perf_value *)g_ptr_array_index(v->items, 0))->text, "it's");
	ASSERT_STR(((struct perf_value *)g_ptr_array_index(v->items, 1))->text, "a'b");
	ASSERT_STR(((struct perf_value *)g_ptr_array_index(v->items, 2))->text, "\xf0\x9f\x98\x80");
	ASSERT_STR(((struct perf_value *)g_ptr_array_index(v->items, 3))->text, "\xf0\x9f\x98\x80");
}

UNIT_MAIN("perf_shapes", UNIT_TEST(test_dtypes_and_precision), UNIT_TEST(test_unknown_types), UNIT_TEST(test_other),
	  UNIT_TEST(test_overflow), UNIT_TEST(test_no_shapes), UNIT_TEST(test_malformed_literals),
	  UNIT_TEST(test_literal_forms))
