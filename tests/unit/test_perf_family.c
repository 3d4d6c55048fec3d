/* Roofline families (src/views/perf/perf_family.h, SPEC 26.4): each family where
 * its rule holds and just where it stops holding, from the names, Input
 * Dims and Input types as traces write them (the model's family and
 * precision given as src/views/perf/perf_model.c makes them), and the detail the
 * evidence writes. The copy's link bytes (the smaller side) are
 * src/views/perf/perf_model.c's, checked here too. */
#include "views/perf/perf_family.h"
#include "views/perf/perf_model.h"
#include "unit.h"

/* The family of NAME with DIMS and TYPES, its model made by perf_model_op
 * (none when the table has not the name); C filled (clear it). */
static enum roofline_family classify(const char *name, const char *dims, const char *types, struct roofline_class *c)
{
	struct perf_model model;
	gboolean modelled = perf_model_op(name, strlen(name), dims, types, NULL, &model) == PERF_MODELLED;
	roofline_classify(name, strlen(name), dims, types, modelled ? &model : NULL, c);
	return c->family;
}

static enum roofline_family family(const char *name, const char *dims, const char *types)
{
	struct roofline_class c;
	enum roofline_family f = classify(name, dims, types, &c);
	roofline_class_clear(&c);
	return f;
}

static void expect_detail(const struct roofline_class *c, const char *want)
{
	g_autofree char *got = roofline_class_detail(c);
	if (strcmp(got, want) != 0)
		printf("\ndetail '%s', not '%s'\n", got, want);
	ASSERT_STR(got, want);
}

static void test_unfused_attention(void)
{
	struct roofline_class c;
	/* softmax over [B, H, S, S] scores, S = 1024: the last two dims equal and >= 1024 */
	CU_ASSERT_EQUAL(classify("aten::_softmax", "[[2, 16, 1024, 1024], [], []]", "['c10::BFloat16', 'Scalar', 'Scalar']",
				 &c),
			ROOFLINE_UNFUSED_ATTENTION);
	CU_ASSERT_EQUAL(c.scores, 1024u);
	expect_detail(&c, ", S x S scores with S 1024");
	roofline_class_clear(&c);
	/* aten::softmax (not modelled) the same */
	CU_ASSERT_EQUAL(family("aten::softmax", "[[4, 2048, 2048], [], []]", "['float', 'Scalar', '']"),
			ROOFLINE_UNFUSED_ATTENTION);
	/* just under: 1023 x 1023, and 1024 x 1023 (not square): elementwise */
	CU_ASSERT_EQUAL(family("aten::_softmax", "[[2, 16, 1023, 1023], [], []]", "['float', 'Scalar', 'Scalar']"),
			ROOFLINE_ELEMENTWISE);
	CU_ASSERT_EQUAL(family("aten::_softmax", "[[2, 16, 1024, 1023], [], []]", "['float', 'Scalar', 'Scalar']"),
			ROOFLINE_ELEMENTWISE);
	/* bmm producing the scores: Q [b, S, d] x K^T [b, d, S] -> [b, S, S] (M = N = 2048) */
	CU_ASSERT_EQUAL(classify("aten::bmm", "[[32, 2048, 64], [32, 64, 2048]]", "['c10::Half', 'c10::Half']", &c),
			ROOFLINE_UNFUSED_ATTENTION);
	CU_ASSERT_EQUAL(c.scores, 2048u);
	roofline_class_clear(&c);
	/* bmm consuming them: P [b, S, S] x V [b, S, d] (M = K = 1024) */
	CU_ASSERT_EQUAL(family("aten::bmm", "[[32, 1024, 1024], [32, 1024, 64]]", "['c10::Half', 'c10::Half']"),
			ROOFLINE_UNFUSED_ATTENTION);
	/* consuming as B: [b, M, S] x [b, S, S] (K = N = 1024) */
	CU_ASSERT_EQUAL(family("aten::bmm", "[[32, 64, 1024], [32, 1024, 1024]]", "['c10::Half', 'c10::Half']"),
			ROOFLINE_UNFUSED_ATTENTION);
	/* baddbmm reads A and B at in1, in2 */
	CU_ASSERT_EQUAL(family("aten::baddbmm", "[[32, 1024, 1024], [32, 1024, 64], [32, 64, 1024], [], []]",
			       "['c10::Half', 'c10::Half', 'c10::Half', 'Scalar', 'Scalar']"),
			ROOFLINE_UNFUSED_ATTENTION);
	/* 1023: a gemm (aligned in 16-bit? 1023 is not a multiple of 8: unaligned) */
	CU_ASSERT_EQUAL(family("aten::bmm", "[[32, 1023, 64], [32, 64, 1023]]", "['c10::Half', 'c10::Half']"),
			ROOFLINE_UNALIGNED_GEMM);
	/* M = N = 1024 on a 2-D mm is no bmm: a gemm */
	CU_ASSERT_EQUAL(family("aten::mm", "[[1024, 64], [64, 1024]]", "['c10::Half', 'c10::Half']"), ROOFLINE_GEMM);
}

static void test_fused_attention(void)
{
	struct roofline_class c;
	/* Q [B, H, Nq, d] bf16, d = 80 */
	CU_ASSERT_EQUAL(classify("aten::_scaled_dot_product_flash_attention",
				 "[[2, 16, 512, 80], [2, 16, 512, 80], [2, 16, 512, 80], [], [], [], []]",
				 "['c10::BFloat16', 'c10::BFloat16', 'c10::BFloat16', 'Scalar', 'Scalar', 'Scalar', 'Scalar']",
				 &c),
			ROOFLINE_FUSED_ATTENTION);
	CU_ASSERT_EQUAL(c.head_dim, 80u);
	expect_detail(&c, ", head dim 80, c10::BFloat16");
	roofline_class_clear(&c);
	/* by name alone, not modelled: the backward, _efficient_attention_*, _cudnn_attention* */
	CU_ASSERT_EQUAL(family("aten::_scaled_dot_product_efficient_attention_backward", NULL, NULL),
			ROOFLINE_FUSED_ATTENTION);
	CU_ASSERT_EQUAL(family("aten::_efficient_attention_forward", NULL, NULL), ROOFLINE_FUSED_ATTENTION);
	CU_ASSERT_EQUAL(family("aten::_cudnn_attention_forward", NULL, NULL), ROOFLINE_FUSED_ATTENTION);
	CU_ASSERT_EQUAL(classify("aten::_flash_attention_backward", NULL, NULL, &c), ROOFLINE_FUSED_ATTENTION);
	expect_detail(&c, ", head dim unknown, dtype unknown");
	roofline_class_clear(&c);
	/* a name that only contains the words: not one */
	CU_ASSERT_EQUAL(family("my_flash_attention_forward", NULL, NULL), ROOFLINE_ELEMENTWISE);
}

static void test_gemm(void)
{
	struct roofline_class c;
	/* 16-bit: multiples of 8. M 1000 (8 x 125), N 50257, K 768: N off */
	CU_ASSERT_EQUAL(classify("aten::mm", "[[1000, 768], [768, 50257]]", "['c10::BFloat16', 'c10::BFloat16']", &c),
			ROOFLINE_UNALIGNED_GEMM);
	CU_ASSERT_EQUAL(c.off, (guint)ROOFLINE_OFF_N);
	CU_ASSERT_EQUAL(c.multiple, 8u);
	expect_detail(&c, ", M 1000, N 50257, K 768: N off a multiple of 8");
	roofline_class_clear(&c);
	/* addmm reads A, B at in1, in2: M 1001 and K 766 off 8 */
	CU_ASSERT_EQUAL(classify("aten::addmm", "[[1024], [1001, 766], [766, 1024], [], []]",
				 "['c10::Half', 'c10::Half', 'c10::Half', 'Scalar', 'Scalar']", &c),
			ROOFLINE_UNALIGNED_GEMM);
	expect_detail(&c, ", M 1001, N 1024, K 766: M and K off a multiple of 8");
	roofline_class_clear(&c);
	/* fp32: multiples of 4. 1020 is (4 x 255) and not of 8: aligned in fp32 */
	CU_ASSERT_EQUAL(classify("aten::mm", "[[1020, 1020], [1020, 1020]]", "['float', 'float']", &c), ROOFLINE_GEMM);
	expect_detail(&c, ", M 1020, N 1020, K 1020");
	roofline_class_clear(&c);
	/* the same in 16-bit: off 8 */
	CU_ASSERT_EQUAL(family("aten::mm", "[[1020, 1020], [1020, 1020]]", "['c10::Half', 'c10::Half']"),
			ROOFLINE_UNALIGNED_GEMM);
	/* fp32: 1022 off 4 */
	CU_ASSERT_EQUAL(family("aten::mm", "[[64, 1022], [1022, 64]]", "['float', 'float']"), ROOFLINE_UNALIGNED_GEMM);
	/* 8-bit: multiples of 16; 24 is of 8, not of 16 */
	CU_ASSERT_EQUAL(classify("aten::_scaled_mm", "[[32, 64], [64, 24], [], []]",
				 "['c10::Float8_e4m3fn', 'c10::Float8_e4m3fn', 'float', 'float']", &c),
			ROOFLINE_UNALIGNED_GEMM);
	CU_ASSERT_EQUAL(c.multiple, 16u);
	roofline_class_clear(&c);
	/* bmm [b, M, K] x [b, K, N], all multiples of 8 and small: a gemm */
	CU_ASSERT_EQUAL(family("aten::bmm", "[[8, 16, 32], [8, 32, 64]]", "['c10::BFloat16', 'c10::BFloat16']"),
			ROOFLINE_GEMM);
	/* a gemm whose shapes cannot be read (no model): elementwise, as every other op */
	CU_ASSERT_EQUAL(family("aten::mm", NULL, NULL), ROOFLINE_ELEMENTWISE);
}

static void test_others(void)
{
	/* a convolution: x [N, C, H, W], w [Co, C, kh, kw] */
	struct perf_model model;
	const char *dims = "[[8, 3, 32, 32], [16, 3, 3, 3], [16], [], [], [], [], [], []]";
	const char *types = "['float', 'float', 'float', 'ScalarList', 'ScalarList', 'ScalarList', 'Scalar', "
			    "'ScalarList', 'Scalar']";
	const char *concrete = "['', '', '', '[1, 1]', '[1, 1]', '[1, 1]', 'False', '[0, 0]', '1']";
	CU_ASSERT_EQUAL_FATAL(perf_model_op("aten::convolution", 17, dims, types, concrete, &model), PERF_MODELLED);
	struct roofline_class c;
	roofline_classify("aten::convolution", 17, dims, types, &model, &c);
	CU_ASSERT_EQUAL(c.family, ROOFLINE_CONVOLUTION);
	roofline_class_clear(&c);
	/* elementwise and normalization: every other op */
	CU_ASSERT_EQUAL(family("aten::add", "[[1024, 1024], [1024, 1024], []]", "['float', 'float', 'Scalar']"),
			ROOFLINE_ELEMENTWISE);
	CU_ASSERT_EQUAL(family("aten::native_layer_norm", "[[8, 512, 768], [], [768], [768], []]",
			       "['c10::BFloat16', 'ScalarList', 'c10::BFloat16', 'c10::BFloat16', 'Scalar']"),
			ROOFLINE_ELEMENTWISE);
	/* a copy: elementwise unless the perf model judged it against the host link */
	const char *copy_dims = "[[1024, 1024], [1024, 1024], []]", *copy_types = "['float', 'c10::Half', 'Scalar']";
	CU_ASSERT_EQUAL_FATAL(perf_model_op("aten::copy_", 11, copy_dims, copy_types, NULL, &model), PERF_MODELLED);
	/* bytes: read 1048576 halves (2097152 bytes), write as many floats (4194304); the link
	 * moves the smaller side at least: 2097152 */
	CU_ASSERT_EQUAL(model.bytes, 6291456u);
	CU_ASSERT_EQUAL(model.link_bytes, 2097152u);
	CU_ASSERT_FALSE(model.host_link);
	roofline_classify("aten::copy_", 11, copy_dims, copy_types, &model, &c);
	CU_ASSERT_EQUAL(c.family, ROOFLINE_ELEMENTWISE);
	roofline_class_clear(&c);
	model.host_link = TRUE;
	roofline_classify("aten::copy_", 11, copy_dims, copy_types, &model, &c);
	CU_ASSERT_EQUAL(c.family, ROOFLINE_HOST_COPY);
	expect_detail(&c, "");
	roofline_class_clear(&c);
	/* the other ops' link bytes are 0 */
	CU_ASSERT_EQUAL_FATAL(perf_model_op("aten::add", 9, "[[4], [4], []]", "['float', 'float', 'Scalar']", NULL, &model),
			      PERF_MODELLED);
	CU_ASSERT_EQUAL(model.link_bytes, 0u);
}

static void test_names_and_advice(void)
{
	for (int f = 0; f < ROOFLINE_FAMILIES; f++) {
		const char *name = roofline_family_name(f), *advice = roofline_family_advice(f);
		CU_ASSERT_PTR_NOT_NULL_FATAL(name);
		CU_ASSERT_PTR_NOT_NULL_FATAL(advice);
		CU_ASSERT(g_str_has_prefix(advice, name)); /* each advice says its family first */
	}
	ASSERT_STR(roofline_family_name(ROOFLINE_UNALIGNED_GEMM), "unaligned gemm");
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_UNFUSED_ATTENTION), "scaled_dot_product_attention"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_UNFUSED_ATTENTION), "attn_implementation=\"sdpa\""));
	CU_ASSERT_PTR_NULL(strstr(roofline_family_advice(ROOFLINE_FUSED_ATTENTION), "torch.compile"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_UNALIGNED_GEMM), "pad"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_GEMM), "larger batches"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_CONVOLUTION), "channels_last"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_CONVOLUTION), "cudnn.benchmark = True"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_ELEMENTWISE), "torch.compile"));
	CU_ASSERT_PTR_NOT_NULL(strstr(roofline_family_advice(ROOFLINE_HOST_COPY), "non_blocking=True"));
	CU_ASSERT_PTR_NULL(roofline_family_name(ROOFLINE_FAMILIES));
}

UNIT_MAIN("perf_family", UNIT_TEST(test_unfused_attention), UNIT_TEST(test_fused_attention), UNIT_TEST(test_gemm),
	  UNIT_TEST(test_others), UNIT_TEST(test_names_and_advice))
