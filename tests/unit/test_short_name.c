/* Short names (SPEC 23), worked by hand: "void " dropped, each outermost
 * template written <…>, a trailing parameter list (…), namespaces kept;
 * operators, lambdas and names with no template. */
#include "unit.h"
#include "util/short_name.h"

static void same(const char *name, const char *expected)
{
	g_autofree char *got = short_name(name, strlen(name));
	ASSERT_STR(got, expected);
}

static void test_nested_templates(void)
{
	same("void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, c10::BFloat16, float, c10::BFloat16, "
	     "at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(c10::BFloat16*, c10::BFloat16 const*, int)",
	     "at::native::(anonymous namespace)::cunn_SoftMaxForward<…>(…)");
	same("void at::native::vectorized_elementwise_kernel<4, at::native::AbsFunctor<float>, "
	     "at::detail::Array<char*, 2> >(int, at::native::AbsFunctor<float>, at::detail::Array<char*, 2>)",
	     "at::native::vectorized_elementwise_kernel<…>(…)");
	same("cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_16x16_128x2_tn_align8>(Params)",
	     "cutlass::Kernel2<…>(…)");
	/* a member of a template: each outermost list folded */
	same("void foo::Bar<int>::baz<Tag<1> >(float*)", "foo::Bar<…>::baz<…>(…)");
	same("  void k<int>(int)", "  k<…>(…)"); /* a tree's indentation stays */
}

static void test_operators(void)
{
	same("void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl_nocast<"
	     "at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> > >"
	     "(at::TensorIteratorBase&, at::native::BinaryFunctor<float, float, float, "
	     "at::native::binary_internal::MulFunctor<float> > const&)::{lambda(int)#1}>(int, "
	     "at::native::gpu_kernel_impl_nocast<at::native::BinaryFunctor<float, float, float, "
	     "at::native::binary_internal::MulFunctor<float> > >(at::TensorIteratorBase&, "
	     "at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> > "
	     "const&)::{lambda(int)#1})",
	     "at::native::elementwise_kernel<…>(…)");
	same("void Functor<float>::operator()(float*, int)", "Functor<…>::operator()(…)");
	same("Functor::operator()()", "Functor::operator()()"); /* an empty list stays */
	same("bool operator<(A const&, B const&)", "bool operator<(…)");
	same("std::ostream& operator<< <int>(std::ostream&, int)", "std::ostream& operator<< <int>(…)");
	same("bool a::operator<=<T>(T)", "bool a::operator<=<T>(…)"); /* an operator's '<' is no template */
}

static void test_lambdas_and_plain(void)
{
	same("void at::native::(anonymous namespace)::f(int)::{lambda(int)#1}", /* not a trailing list */
	     "at::native::(anonymous namespace)::f(int)::{lambda(int)#1}");
	same("void at::native::f<float>(int)::{lambda()#2}::operator()() const", "at::native::f<…>(int)::{lambda()#2}::operator()() const");
	same("ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_tn", "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_tn");
	same("aten::linear", "aten::linear");
	same("nn.Module: Owlv2EncoderLayer_3", "nn.Module: Owlv2EncoderLayer_3");
	same("<built-in method to of Tensor object at 0x7f>", "<built-in method to of Tensor object at 0x7f>");
	same("torch/nn/modules/module.py(1501): _call_impl", "torch/nn/modules/module.py(1501): _call_impl");
	same("Memcpy DtoH (Device -> Pinned)", "Memcpy DtoH (Device -> Pinned)"); /* '(' after a space */
	same("void", "void");
	same("f<a<b>(int)", "f<a<b>(…)"); /* unbalanced: the rest as it is */
	same("", "");
}

UNIT_MAIN("short_name", UNIT_TEST(test_nested_templates), UNIT_TEST(test_operators), UNIT_TEST(test_lambdas_and_plain))
