/* The performance models of ops (SPEC 15.1), family by family: every
 * expected figure below is worked out by hand in the comment beside it. */
#include "perf_assert.h"

static void test_mm(void)
{
	/* M=64 K=512 N=1024 float: flops 2*64*1024*512 = 67108864;
	 * bytes (32768 + 524288)*4 + 65536*4 = 2228224 + 262144 = 2490368 */
	ASSERT_MODEL("aten::mm", "[[64, 512], [512, 1024]]", "['float', 'float']", NULL, PERF_GEMM, PERF_FP32,
		     67108864, 2490368);
}

static void test_addmm(void)
{
	/* C [1024], A [64, 512], B [512, 1024] half: flops 2*64*1024*512 = 67108864;
	 * bytes (1024 + 32768 + 524288)*2 + 65536*2 = 1116160 + 131072 = 1247232 */
	ASSERT_MODEL("aten::addmm", "[[1024], [64, 512], [512, 1024], [], []]",
		     "['c10::Half', 'c10::Half', 'c10::Half', 'Scalar', 'Scalar']", "['', '', '', '1', '1']", PERF_GEMM,
		     PERF_16BIT, 67108864, 1247232);
}

static void test_bmm(void)
{
	/* b=8 M=16 K=32 N=64 bfloat16: flops 2*8*16*64*32 = 524288;
	 * bytes (4096 + 16384)*2 + 8*16*64*2 = 40960 + 16384 = 57344 */
	ASSERT_MODEL("aten::bmm", "[[8, 16, 32], [8, 32, 64]]", "['c10::BFloat16', 'c10::BFloat16']", NULL, PERF_GEMM,
		     PERF_16BIT, 524288, 57344);
	/* batches differ; K differs */
	ASSERT_REASON("aten::bmm", "[[8, 16, 32], [4, 32, 64]]", "['float', 'float']", NULL, PERF_OTHER);
	ASSERT_REASON("aten::bmm", "[[8, 16, 32], [8, 31, 64]]", "['float', 'float']", NULL, PERF_OTHER);
}

static void test_baddbmm(void)
{
	/* C [8, 16, 64] float, A [8, 16, 32] half, B [8, 32, 64] half: bpe and precision are A's;
	 * flops 2*8*16*64*32 = 524288; bytes (8192 + 4096 + 16384)*2 + 8192*2 = 57344 + 16384 = 73728 */
	ASSERT_MODEL("aten::baddbmm", "[[8, 16, 64], [8, 16, 32], [8, 32, 64], [], []]",
		     "['float', 'c10::Half', 'c10::Half', 'Scalar', 'Scalar']", NULL, PERF_GEMM, PERF_16BIT, 524288,
		     73728);
}

static void test_scaled_mm(void)
{
	/* A [16, 32], B [32, 64] fp8 (the trace's case): flops 2*16*64*32 = 65536;
	 * bytes (512 + 2048)*1 + 2*16*64 = 2560 + 2048 = 4608; the scales are not read */
	ASSERT_MODEL("aten::_scaled_mm", "[[16, 32], [32, 64], [], [], [], [], [], []]",
		     "['c10::Float8_e4m3fn', 'c10::Float8_e4m3fn', 'float', 'float', '', '', 'Scalar', 'Scalar']", NULL,
		     PERF_GEMM, PERF_FP8, 65536, 4608);
}

#define FLASH_CONCRETE(causal) "['', '', '', '0.0', '" causal "', 'False', '']"

static void test_attention(void)
{
	/* Q [2,4,128,64], K [2,4,256,64], V [2,4,256,32] half, not causal: P = 128*256 = 32768;
	 * flops 2*2*4*(64+32)*32768 = 1536*32768 = 50331648;
	 * bytes (65536 + 131072 + 65536 + 2*4*128*32 = 32768)*2 = 294912*2 = 589824 */
	const char *dims = "[[2, 4, 128, 64], [2, 4, 256, 64], [2, 4, 256, 32], [], [], [], []]";
	const char *types = "['c10::Half', 'c10::Half', 'c10::Half', 'Scalar', 'Scalar', 'Scalar', '']";
	ASSERT_MODEL("aten::_scaled_dot_product_flash_attention", dims, types, FLASH_CONCRETE("False"),
		     PERF_ATTENTION, PERF_16BIT, 50331648, 589824);
	/* causal, Nq = 128 <= Nk = 256: P = 128*129/2 = 8256; flops 1536*8256 = 12681216 */
	ASSERT_MODEL("aten::_scaled_dot_product_flash_attention", dims, types, FLASH_CONCRETE("True"),
		     PERF_ATTENTION, PERF_16BIT, 12681216, 589824);
	/* grouped-query: H=8, Hk=2, Nq=Nk=4, d=dv=16 float: P=16; flops 2*1*8*32*16 = 8192;
	 * bytes (512 + 128 + 128 + 1*8*4*16 = 512)*4 = 5120 */
	ASSERT_MODEL("aten::_scaled_dot_product_flash_attention", "[[1, 8, 4, 16], [1, 2, 4, 16], [1, 2, 4, 16]]",
		     "['float', 'float', 'float']", "['', '', '', '0.0', 'False']", PERF_ATTENTION, PERF_FP32, 8192,
		     5120);
	/* the is_causal entry missing, malformed, or not True/False; Concrete Inputs absent */
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", dims, types, "['', '', '', '0.0']", PERF_OTHER);
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", dims, types, FLASH_CONCRETE(""), PERF_OTHER);
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", dims, types, "['', ", PERF_OTHER);
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", dims, types, NULL, PERF_OTHER);
	/* rank 3 (varlen), K's d not Q's, V's Nk not K's */
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", "[[4, 128, 64], [4, 256, 64], [4, 256, 32]]",
		      "['float', 'float', 'float']", FLASH_CONCRETE("False"), PERF_OTHER);
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", "[[2, 4, 128, 64], [2, 4, 256, 32], [2, 4, 256, 32]]",
		      "['float', 'float', 'float']", FLASH_CONCRETE("False"), PERF_OTHER);
	ASSERT_REASON("aten::_scaled_dot_product_flash_attention", "[[2, 4, 128, 64], [2, 4, 256, 64], [2, 4, 255, 32]]",
		      "['float', 'float', 'float']", FLASH_CONCRETE("False"), PERF_OTHER);
}

/* Efficient and cudnn attention read is_causal at [6]. */
#define EFFICIENT_DIMS(nq, nk) "[[1, 1, " #nq ", 2], [1, 1, " #nk ", 2], [1, 1, " #nk ", 2], [], [], [], [], []]"
#define EFFICIENT_TYPES "['float', 'float', 'float', '', 'Scalar', 'Scalar', 'Scalar', '']"
#define EFFICIENT_CAUSAL "['', '', '', '', 'True', '0.0', 'True', '']"

static void test_causal_pairs(void)
{
	/* Nq=3 < Nk=5: P = 1+2+3 = 6; flops 2*1*1*(2+2)*6 = 48; bytes (6 + 10 + 10 + 3*2)*4 = 128 */
	ASSERT_MODEL("aten::_scaled_dot_product_efficient_attention", EFFICIENT_DIMS(3, 5), EFFICIENT_TYPES,
		     EFFICIENT_CAUSAL, PERF_ATTENTION, PERF_FP32, 48, 128);
	/* Nq=5 > Nk=3: P = 1+2+3+3+3 = 12; flops 8*12 = 96; bytes (10 + 6 + 6 + 5*2)*4 = 128 */
	ASSERT_MODEL("aten::_scaled_dot_product_cudnn_attention", EFFICIENT_DIMS(5, 3), EFFICIENT_TYPES,
		     EFFICIENT_CAUSAL, PERF_ATTENTION, PERF_FP32, 96, 128);
	/* not causal: P = 5*3 = 15; flops 8*15 = 120 */
	ASSERT_MODEL("aten::_scaled_dot_product_cudnn_attention", EFFICIENT_DIMS(5, 3), EFFICIENT_TYPES,
		     "['', '', '', '', 'True', '0.0', 'False', '']", PERF_ATTENTION, PERF_FP32, 120, 128);
	/* only Python's True is the causal flag (issue 33): true (JSON's spelling, no Python literal) and
	 * false are bools that are not it: not causal, P = 15, flops 120 */
	ASSERT_MODEL("aten::_scaled_dot_product_efficient_attention", EFFICIENT_DIMS(5, 3), EFFICIENT_TYPES,
		     "['', '', '', '', 'True', '0.0', 'true', '']", PERF_ATTENTION, PERF_FP32, 120, 128);
	ASSERT_MODEL("aten::_scaled_dot_product_cudnn_attention", EFFICIENT_DIMS(5, 3), EFFICIENT_TYPES,
		     "['', '', '', '', 'True', '0.0', 'false', '']", PERF_ATTENTION, PERF_FP32, 120, 128);
	/* any other text is no bool: not modelled */
	ASSERT_REASON("aten::_scaled_dot_product_efficient_attention", EFFICIENT_DIMS(3, 5), EFFICIENT_TYPES,
		      "['', '', '', '', 'True', '0.0', '1', '']", PERF_OTHER);
	ASSERT_REASON("aten::_scaled_dot_product_efficient_attention", EFFICIENT_DIMS(3, 5), EFFICIENT_TYPES,
		      "['', '', '', '', 'True', '0.0', 'TRUE', '']", PERF_OTHER);
	/* [4] is not the efficient kernel's flag: [6] reads '' here */
	ASSERT_REASON("aten::_scaled_dot_product_efficient_attention", EFFICIENT_DIMS(3, 5), EFFICIENT_TYPES,
		      "['', '', '', '', 'True', '0.0', '', '']", PERF_OTHER);
	/* Nq = Nk = 10^9, d = dv = 1, causal: P = 10^9 (10^9 + 1)/2 = 500000000500000000, in closed form;
	 * flops 2*1*1*2*P = 2000000002000000000; bytes (4 * 10^9)*4 = 16000000000 */
	ASSERT_MODEL("aten::_scaled_dot_product_efficient_attention",
		     "[[1, 1, 1000000000, 1], [1, 1, 1000000000, 1], [1, 1, 1000000000, 1], [], [], [], [], []]",
		     EFFICIENT_TYPES, EFFICIENT_CAUSAL, PERF_ATTENTION, PERF_FP32, G_GUINT64_CONSTANT(2000000002000000000),
		     G_GUINT64_CONSTANT(16000000000));
	/* Nq = Nk = 2^32 causal: P = 2^31 (2^32 + 1) > 2^63, and 2*2*P passes 2^64 */
	ASSERT_REASON("aten::_scaled_dot_product_efficient_attention",
		      "[[1, 1, 4294967296, 1], [1, 1, 4294967296, 1], [1, 1, 4294967296, 1], [], [], [], [], []]",
		      EFFICIENT_TYPES, EFFICIENT_CAUSAL, PERF_OTHER);
}

static void test_flash_attention_forward(void)
{
	/* [B, N, H, d]: Q [2,128,4,64], K [2,256,4,64], V [2,256,4,32] half: as in test_attention,
	 * not causal flops 50331648, causal 12681216 (P = 8256), bytes 589824; is_causal at [8] */
	const char *dims = "[[2, 128, 4, 64], [2, 256, 4, 64], [2, 256, 4, 32], [], [], [], [], [], [], [], []]";
	const char *types = "['c10::Half', 'c10::Half', 'c10::Half', '', '', 'Scalar', 'Scalar', 'Scalar', 'Scalar', "
			    "'Scalar', '']";
	ASSERT_MODEL("aten::_flash_attention_forward", dims, types,
		     "['', '', '', '', '', '128', '256', '0.0', 'False', 'False', '']", PERF_ATTENTION, PERF_16BIT,
		     50331648, 589824);
	ASSERT_MODEL("aten::_flash_attention_forward", dims, types,
		     "['', '', '', '', '', '128', '256', '0.0', 'True', 'False', '']", PERF_ATTENTION, PERF_16BIT,
		     12681216, 589824);
}

#define CONV_TYPES "['float', 'float', 'float', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', 'ScalarList', 'Scalar']"
#define CONV_DIMS(x, w, b) "[" x ", " w ", " b ", [], [], [], [], [], []]"

static void test_convolution(void)
{
	/* x [2,3,32,32], w [16,3,3,3], bias [16], stride 1, padding 1, dilation 1: out dims
	 * (32 + 2 - 2 - 1)/1 + 1 = 32; el(w) = 432; flops 2*2*1024*432 = 1769472;
	 * bytes (6144 + 432 + 16 + 2*16*1024 = 32768)*4 = 39360*4 = 157440 */
	ASSERT_MODEL("aten::convolution", CONV_DIMS("[2, 3, 32, 32]", "[16, 3, 3, 3]", "[16]"), CONV_TYPES,
		     "['', '', '', '[1, 1]', '[1, 1]', '[1, 1]', 'False', '[0, 0]', '1']", PERF_CONVOLUTION, PERF_FP32,
		     1769472, 157440);
	/* no bias (in2 [] typed ''); stride 2, padding 0, dilation 2 as single numbers: x [1,1,9,9],
	 * w [1,1,3,3]: (9 + 0 - 2*2 - 1)/2 + 1 = 3; flops 2*1*9*9 = 162; bytes (81 + 9 + 0 + 9)*4 = 396 */
	const char *strided = "['', '', '', '2', '0', '2', 'False', '0', '1']";
	ASSERT_MODEL("aten::convolution", CONV_DIMS("[1, 1, 9, 9]", "[1, 1, 3, 3]", "[]"),
		     "['float', 'float', '', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', 'ScalarList', 'Scalar']",
		     strided, PERF_CONVOLUTION, PERF_FP32, 162, 396);
	/* the floor: x 10x10: (10 - 4 - 1)/2 + 1 = 2 + 1 = 3; bytes (100 + 9 + 9)*4 = 472; one-item lists as well */
	ASSERT_MODEL("aten::convolution", CONV_DIMS("[1, 1, 10, 10]", "[1, 1, 3, 3]", "[]"),
		     "['float', 'float', '', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', 'ScalarList', 'Scalar']",
		     "['', '', '', '[2]', '[0]', '[2]', 'False', '[0]', '1']", PERF_CONVOLUTION, PERF_FP32, 162, 472);
	/* bias missing from the inputs altogether (two entries): el(bias) = 0 */
	ASSERT_MODEL("aten::convolution", "[[1, 1, 9, 9], [1, 1, 3, 3]]", "['float', 'float']", strided,
		     PERF_CONVOLUTION, PERF_FP32, 162, 396);
	/* 1-D, from a real trace: x [512,4,8256], w [64,4,1], bias [64] half: out 8256; el(w) = 256;
	 * flops 2*512*8256*256 = 2164260864; bytes (16908288 + 256 + 64 + 512*64*8256 = 270532608)*2 = 574882432 */
	ASSERT_MODEL("aten::convolution", CONV_DIMS("[512, 4, 8256]", "[64, 4, 1]", "[64]"),
		     "['c10::Half', 'c10::Half', 'c10::Half', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', "
		     "'ScalarList', 'Scalar']",
		     "['', '', '', '[1]', '[0]', '[1]', 'False', '[0]', '1']", PERF_CONVOLUTION, PERF_16BIT, 2164260864,
		     574882432);
}

static void test_convolution_grouped_transposed(void)
{
	/* grouped: x [1,8,6,6], w [8,2,3,3], groups 4, stride 1, padding 0: out (6 - 2 - 1)/1 + 1 = 4;
	 * Co = 8; flops 2*1*16*144 = 4608; bytes (288 + 144 + 0 + 8*16 = 128)*2 = 1120 */
	ASSERT_MODEL("aten::convolution", CONV_DIMS("[1, 8, 6, 6]", "[8, 2, 3, 3]", "[]"),
		     "['c10::Half', 'c10::Half', '', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', 'ScalarList', "
		     "'Scalar']",
		     "['', '', '', '[1, 1]', '[0, 0]', '[1, 1]', 'False', '[0, 0]', '4']", PERF_CONVOLUTION, PERF_16BIT,
		     4608, 1120);
	/* transposed: x [1,4,5,5], w [4,2,3,3], bias [4], groups 2, stride 2, padding 1, output_padding 1:
	 * out (5 - 1)*2 - 2*1 + 1*(3 - 1) + 1 + 1 = 10; Co = 2*2 = 4; flops 2*1*25 (input dims)*72 = 3600;
	 * bytes (100 + 72 + 4 + 4*100)*4 = 576*4 = 2304 */
	ASSERT_MODEL("aten::convolution", CONV_DIMS("[1, 4, 5, 5]", "[4, 2, 3, 3]", "[4]"), CONV_TYPES,
		     "['', '', '', '[2, 2]', '[1, 1]', '[1, 1]', 'True', '[1, 1]', '2']", PERF_CONVOLUTION, PERF_FP32,
		     3600, 2304);
}

static void test_convolution_rejects(void)
{
	const char *dims = CONV_DIMS("[1, 1, 9, 9]", "[1, 1, 3, 3]", "[]");
	/* stride 0, groups 0, transposed neither True nor False, lists of the wrong length, negative padding */
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, "['', '', '', '0', '0', '1', 'False', '0', '1']", PERF_OTHER);
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, "['', '', '', '1', '0', '1', 'False', '0', '0']", PERF_OTHER);
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, "['', '', '', '1', '0', '1', '', '0', '1']", PERF_OTHER);
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, "['', '', '', '[1, 1, 1]', '0', '1', 'False', '0', '1']",
		      PERF_OTHER);
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, "['', '', '', '1', '-1', '1', 'False', '0', '1']", PERF_OTHER);
	/* Concrete Inputs absent, or too short */
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, NULL, PERF_OTHER);
	ASSERT_REASON("aten::convolution", dims, CONV_TYPES, "['', '', '', '1', '0']", PERF_OTHER);
	/* a kernel larger than the padded input: (2 - 4 - 1) < 0 */
	ASSERT_REASON("aten::convolution", CONV_DIMS("[1, 1, 2, 2]", "[1, 1, 5, 5]", "[]"), CONV_TYPES,
		      "['', '', '', '1', '0', '1', 'False', '0', '1']", PERF_OTHER);
	/* x and w of different ranks; rank 2 */
	ASSERT_REASON("aten::convolution", CONV_DIMS("[1, 1, 9, 9]", "[1, 1, 3]", "[]"), CONV_TYPES,
		      "['', '', '', '1', '0', '1', 'False', '0', '1']", PERF_OTHER);
	ASSERT_REASON("aten::convolution", CONV_DIMS("[1, 9]", "[1, 3]", "[]"), CONV_TYPES,
		      "['', '', '', '1', '0', '1', 'False', '0', '1']", PERF_OTHER);
	/* a bias of a type without a size is read */
	ASSERT_REASON("aten::convolution", CONV_DIMS("[1, 1, 9, 9]", "[1, 1, 3, 3]", "[1]"),
		      "['float', 'float', 'c10::complex<float>', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', "
		      "'ScalarList', 'Scalar']",
		      "['', '', '', '1', '0', '1', 'False', '0', '1']", PERF_UNKNOWN_TYPE);
}

#define BACKWARD_DIMS "[[2, 16, 32, 32], [2, 3, 32, 32], [16, 3, 3, 3], [], [], [], [], [], [], [], []]"
#define BACKWARD_TYPES "['float', 'float', 'float', 'ScalarList', 'ScalarList', 'ScalarList', 'ScalarList', " \
		       "'Scalar', 'ScalarList', 'Scalar', 'ScalarList']"
#define BACKWARD_CONCRETE(mask) "['', '', '', '[16]', '[1, 1]', '[1, 1]', '[1, 1]', 'False', '[0, 0]', '1', '" mask "']"

static void test_convolution_backward(void)
{
	/* the forward of test_convolution (flops 1769472), grad [2,16,32,32] (32768), x 6144, w 432:
	 * [True, True, True]: flops 2*1769472 = 3538944; bytes (32768 + 6144 + 432 + 6144 + 432)*4 = 183680 */
	ASSERT_MODEL("aten::convolution_backward", BACKWARD_DIMS, BACKWARD_TYPES, BACKWARD_CONCRETE("[True, True, True]"),
		     PERF_CONVOLUTION, PERF_FP32, 3538944, 183680);
	/* [False, True, False]: flops 1769472; bytes (32768 + 6144 + 432 + 432)*4 = 159104 */
	ASSERT_MODEL("aten::convolution_backward", BACKWARD_DIMS, BACKWARD_TYPES,
		     BACKWARD_CONCRETE("[False, True, False]"), PERF_CONVOLUTION, PERF_FP32, 1769472, 159104);
	/* [True, False, False]: flops 1769472; bytes (32768 + 6144 + 432 + 6144)*4 = 181952 */
	ASSERT_MODEL("aten::convolution_backward", BACKWARD_DIMS, BACKWARD_TYPES,
		     BACKWARD_CONCRETE("[True, False, False]"), PERF_CONVOLUTION, PERF_FP32, 1769472, 181952);
	/* [False, False, True] (the bias alone): flops 0; bytes (32768 + 6144 + 432)*4 = 157376 */
	ASSERT_MODEL("aten::convolution_backward", BACKWARD_DIMS, BACKWARD_TYPES,
		     BACKWARD_CONCRETE("[False, False, True]"), PERF_CONVOLUTION, PERF_FP32, 0, 157376);
	/* a mask of two, or not booleans */
	ASSERT_REASON("aten::convolution_backward", BACKWARD_DIMS, BACKWARD_TYPES, BACKWARD_CONCRETE("[True, True]"),
		      PERF_OTHER);
	ASSERT_REASON("aten::convolution_backward", BACKWARD_DIMS, BACKWARD_TYPES, BACKWARD_CONCRETE("[1, 1, 0]"),
		      PERF_OTHER);
}

static void test_broadcast(void)
{
	/* [8,1,4] + [3,1] -> [8,3,4] = 96; flops 96; bytes 32*4 + 3*4 + 96*4 = 128 + 12 + 384 = 524 */
	ASSERT_MODEL("aten::add", "[[8, 1, 4], [3, 1], []]", "['float', 'float', 'Scalar']", "['', '', '1']",
		     PERF_MEMORY, PERF_PRECISION_NONE, 96, 524);
	/* [2, 3] + [4]: 3 and 4 differ, neither is 1 */
	ASSERT_REASON("aten::add", "[[2, 3], [4], []]", "['float', 'float', 'Scalar']", NULL, PERF_OTHER);
	/* a dim of 0 against 1 gives 0: [0, 5] * [1, 5] -> [0, 5]: flops 0; bytes 0 + 5*4 + 0 = 20 */
	ASSERT_MODEL("aten::mul", "[[0, 5], [1, 5]]", "['float', 'float']", NULL, PERF_MEMORY, PERF_PRECISION_NONE,
		     0, 20);
}

static void test_memory_scalars_and_in_place(void)
{
	/* [512,1,8256] float * [] long int (a 0-dim tensor): out 4227072;
	 * bytes 4227072*4 + 1*8 + 4227072*4 = 33816584 */
	ASSERT_MODEL("aten::mul", "[[512, 1, 8256], []]", "['float', 'long int']", NULL, PERF_MEMORY,
		     PERF_PRECISION_NONE, 4227072, 33816584);
	/* Scalar inputs are not tensors: pow(Scalar, [] long): out []; bytes 1*8 + 1*8 = 16 */
	ASSERT_MODEL("aten::pow", "[[], []]", "['Scalar', 'long']", "['0.9', '']", PERF_MEMORY, PERF_PRECISION_NONE,
		     1, 16);
	/* in place, out in0's: add_ [512,64,1,8256] half + [1,64,1,1] half: el 270532608;
	 * bytes 270532608*2 + 64*2 + 270532608*2 = 1082130560 */
	ASSERT_MODEL("aten::add_", "[[512, 64, 1, 8256], [1, 64, 1, 1], []]", "['c10::Half', 'c10::Half', 'Scalar']",
		     "['', '', '1']", PERF_MEMORY, PERF_PRECISION_NONE, 270532608, 1082130560);
	/* in place on the smaller shape: out stays in0's [4]: bytes 4*4 + 12*4 + 4*4 = 80 */
	ASSERT_MODEL("aten::mul_", "[[4], [3, 4]]", "['float', 'float']", NULL, PERF_MEMORY, PERF_PRECISION_NONE, 4, 80);
	/* each elementwise op and its in-place form: gelu_ [10] float: bytes 40 + 40 */
	ASSERT_MODEL("aten::gelu_", "[[10], []]", "['float', '']", NULL, PERF_MEMORY, PERF_PRECISION_NONE, 10, 80);
	ASSERT_MODEL("aten::clamp_min_", "[[10], []]", "['float', 'Scalar']", NULL, PERF_MEMORY, PERF_PRECISION_NONE,
		     10, 80);
	/* only Scalars: nothing to read */
	ASSERT_REASON("aten::relu", "[[], []]", "['Scalar', 'Scalar']", NULL, PERF_OTHER);
	/* in place on something that is not a tensor */
	ASSERT_REASON("aten::add_", "[[], [4]]", "['Scalar', 'float']", NULL, PERF_OTHER);
}

static void test_memory_out_type(void)
{
	/* where(cond bool [6144,6144], self int [6144,1], Scalar): out [6144,6144] = 37748736, o = self (int, 4);
	 * bytes 37748736*1 + 6144*4 + 37748736*4 = 37748736 + 24576 + 150994944 = 188768256 */
	ASSERT_MODEL("aten::where", "[[6144, 6144], [6144, 1], []]", "['bool', 'int', 'Scalar']", "['', '', '0']",
		     PERF_MEMORY, PERF_PRECISION_NONE, 37748736, 188768256);
	/* every input bool: o is the first, 1 byte: bytes 4 + 4 + 4 + 4 = 16 */
	ASSERT_MODEL("aten::where", "[[4], [4], [4]]", "['bool', 'bool', 'bool']", NULL, PERF_MEMORY,
		     PERF_PRECISION_NONE, 4, 16);
}

static void test_copy_norms_softmax(void)
{
	/* copy_(dst bool [512,1,128], src float [512,1,128]): el 65536; bytes 65536*4 (read src) + 65536*1
	 * (write dst) = 327680 */
	ASSERT_MODEL("aten::copy_", "[[512, 1, 128], [512, 1, 128], []]", "['bool', 'float', 'Scalar']",
		     "['', '', 'False']", PERF_MEMORY, PERF_PRECISION_NONE, 65536, 327680);
	/* broadcast source: dst [4, 3] half, src [3] float: flops 12; bytes 3*4 + 12*2 = 36 */
	ASSERT_MODEL("aten::copy_", "[[4, 3], [3], []]", "['c10::Half', 'float', 'Scalar']", NULL, PERF_MEMORY,
		     PERF_PRECISION_NONE, 12, 36);
	/* _softmax [4096,128,128] half: el 67108864; bytes 67108864*2 + 67108864*2 = 268435456 */
	ASSERT_MODEL("aten::_softmax", "[[4096, 128, 128], [], []]", "['c10::Half', 'Scalar', 'Scalar']",
		     "['', '-1', 'True']", PERF_MEMORY, PERF_PRECISION_NONE, 67108864, 268435456);
	ASSERT_MODEL("aten::_log_softmax", "[[4096, 128, 128], [], []]", "['c10::Half', 'Scalar', 'Scalar']", NULL,
		     PERF_MEMORY, PERF_PRECISION_NONE, 67108864, 268435456);
	/* native_layer_norm x [1024,256], weight [256], bias [256] float: out 262144;
	 * bytes 262144*4 + 256*4 + 256*4 + 262144*4 = 2099200 */
	ASSERT_MODEL("aten::native_layer_norm", "[[1024, 256], [], [256], [256], []]",
		     "['float', '', 'float', 'float', 'Scalar']", NULL, PERF_MEMORY, PERF_PRECISION_NONE, 262144, 2099200);
	/* native_batch_norm x [8,4,2] and four [4] float: out 64; bytes 64*4 + 4*16 + 64*4 = 576 */
	ASSERT_MODEL("aten::native_batch_norm", "[[8, 4, 2], [4], [4], [4], [4], [], [], []]",
		     "['float', 'float', 'float', 'float', 'float', 'Scalar', 'Scalar', 'Scalar']", NULL, PERF_MEMORY,
		     PERF_PRECISION_NONE, 64, 576);
	/* _fused_rms_norm x [16, 8] bfloat16, normalized_shape, weight [8]: bytes 128*2 + 8*2 + 128*2 = 528 */
	ASSERT_MODEL("aten::_fused_rms_norm", "[[16, 8], [], [8], []]", "['c10::BFloat16', 'ScalarList', "
		     "'c10::BFloat16', 'Scalar']", NULL, PERF_MEMORY, PERF_PRECISION_NONE, 128, 528);
	/* copy_ with a source that is not a tensor */
	ASSERT_REASON("aten::copy_", "[[4], []]", "['float', 'Scalar']", NULL, PERF_OTHER);
}








static void test_table_and_names(void)
{
	static const char *const gemm[] = { "aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::_scaled_mm" };
	static const char *const attention[] = { "aten::_scaled_dot_product_flash_attention",
		"aten::_scaled_dot_product_efficient_attention", "aten::_scaled_dot_product_cudnn_attention",
		"aten::_flash_attention_forward" };
	static const char *const memory[] = { "aten::add", "aten::sub", "aten::mul", "aten::div", "aten::relu",
		"aten::gelu", "aten::silu", "aten::sigmoid", "aten::tanh", "aten::exp", "aten::neg", "aten::rsqrt",
		"aten::pow", "aten::clamp_min", "aten::add_", "aten::sub_", "aten::mul_", "aten::div_", "aten::relu_",
		"aten::gelu_", "aten::silu_", "aten::sigmoid_", "aten::tanh_", "aten::exp_", "aten::neg_",
		"aten::rsqrt_", "aten::pow_", "aten::clamp_min_", "aten::where", "aten::_softmax", "aten::_log_softmax",
		"aten::native_layer_norm", "aten::native_batch_norm", "aten::_fused_rms_norm", "aten::copy_" };
	static const char *const none[] = { "aten::linear", "aten::mm_", "aten::where_", "aten::copy", "aten::matmul",
		"aten::conv2d", "aten::_softmax_", "mm", "", "aten::ADD" };
	for (gsize i = 0; i < G_N_ELEMENTS(gemm); i++)
		CU_ASSERT_EQUAL(perf_family_of(gemm[i], strlen(gemm[i])), PERF_GEMM);
	for (gsize i = 0; i < G_N_ELEMENTS(attention); i++)
		CU_ASSERT_EQUAL(perf_family_of(attention[i], strlen(attention[i])), PERF_ATTENTION);
	for (gsize i = 0; i < G_N_ELEMENTS(memory); i++)
		CU_ASSERT_EQUAL(perf_family_of(memory[i], strlen(memory[i])), PERF_MEMORY);
	for (gsize i = 0; i < G_N_ELEMENTS(none); i++)
		CU_ASSERT_EQUAL(perf_family_of(none[i], strlen(none[i])), PERF_FAMILY_NONE);
	CU_ASSERT_EQUAL(perf_family_of("aten::convolution", 17), PERF_CONVOLUTION);
	CU_ASSERT_EQUAL(perf_family_of("aten::convolution_backward", 26), PERF_CONVOLUTION);
	/* the name is LEN bytes, not up to a NUL */
	CU_ASSERT_EQUAL(perf_family_of("aten::mmXYZ", 8), PERF_GEMM);
	CU_ASSERT_EQUAL(perf_family_of("aten::mm", 7), PERF_FAMILY_NONE);
	ASSERT_REASON("aten::linear", "[[2, 2], [2, 2]]", "['float', 'float']", NULL, PERF_NOT_IN_TABLE);
	ASSERT_STR(perf_family_name(PERF_GEMM), "gemm");
	ASSERT_STR(perf_family_name(PERF_ATTENTION), "attention");
	ASSERT_STR(perf_family_name(PERF_CONVOLUTION), "convolution");
	ASSERT_STR(perf_family_name(PERF_MEMORY), "memory");
	CU_ASSERT_PTR_NULL(perf_family_name(PERF_FAMILY_NONE));
	ASSERT_STR(perf_reason_name(PERF_NO_SHAPES), "no shapes");
	ASSERT_STR(perf_reason_name(PERF_UNKNOWN_TYPE), "unknown type");
	ASSERT_STR(perf_reason_name(PERF_OTHER), "other");
	CU_ASSERT_PTR_NULL(perf_reason_name(PERF_MODELLED));
}

UNIT_MAIN("perf_model", UNIT_TEST(test_mm), UNIT_TEST(test_addmm), UNIT_TEST(test_bmm), UNIT_TEST(test_baddbmm),
	  UNIT_TEST(test_scaled_mm), UNIT_TEST(test_attention), UNIT_TEST(test_causal_pairs),
	  UNIT_TEST(test_flash_attention_forward), UNIT_TEST(test_convolution),
	  UNIT_TEST(test_convolution_grouped_transposed), UNIT_TEST(test_convolution_rejects),
	  UNIT_TEST(test_convolution_backward), UNIT_TEST(test_broadcast), UNIT_TEST(test_memory_scalars_and_in_place),
	  UNIT_TEST(test_memory_out_type), UNIT_TEST(test_copy_norms_softmax), UNIT_TEST(test_table_and_names))
