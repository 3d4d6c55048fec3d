/* The convolution family of the performance models (SPEC 15.1):
 * aten::convolution and aten::convolution_backward, their output spatial
 * dims from the input's, the kernel's and the stride, padding, dilation,
 * transposed, output_padding and groups their Concrete Inputs give. */
#ifndef PP_PERF_CONV_H
#define PP_PERF_CONV_H

#include "views/perf/perf_shapes.h"

/* The model of a convolution (BACKWARD: of its backward) of inputs IN,
 * whose Concrete Inputs literal is CONCRETE (NULL when absent): fills
 * OUT's figures and precision on PERF_MODELLED. */
enum perf_reason perf_conv(struct perf_inputs *in, const char *concrete, gboolean backward, struct perf_model *out);

#endif
