#include "views/perf/perf_family.h"
#include <string.h>

#define SCORES_LEAST 1024 /* an S x S matrix of attention scores: S >= 1024 */

static const char *const names[ROOFLINE_FAMILIES] = {
	"unfused attention", "fused attention", "unaligned gemm", "gemm", "convolution",
	"copy between host and device", "elementwise and normalization",
};

static const char *const advice[ROOFLINE_FAMILIES] = {
	"unfused attention (the S x S scores written out by a bmm, read by the softmax and the next bmm): "
	"torch.nn.functional.scaled_dot_product_attention (attn_implementation=\"sdpa\" in Hugging Face) or "
	"FlashAttention, which never write the S x S scores",
	"fused attention (already fused: nothing to fuse): its head dim and dtype are in the evidence; the fused "
	"kernels are fastest in bf16 or fp16 with a head dim a multiple of 8 (64 or 128); otherwise more work per "
	"call (a larger batch or longer sequences)",
	"unaligned gemm (an M, N or K off a multiple of 8 in 16-bit, 4 in fp32 or tf32, 16 in 8-bit): pad those "
	"dims (a vocabulary, hidden or batch size) to the multiple, so that the Tensor Core kernels take the shape",
	"gemm (aligned, yet far from the peak: too small to fill the device): larger batches, or fewer, larger "
	"matmuls (fused projections, torch.compile)",
	"convolution: channels_last (model.to(memory_format=torch.channels_last) and the inputs too) and "
	"torch.backends.cudnn.benchmark = True",
	"copy between host and device (far below the host link, never the memory bandwidth): pinned memory "
	"(DataLoader(pin_memory=True), tensor.pin_memory()) with .to(device, non_blocking=True), and fewer, larger "
	"copies",
	"elementwise and normalization (each reads and writes its tensors in full): torch.compile to fuse them",
};

const char *roofline_family_name(enum roofline_family family)
{
	return family < ROOFLINE_FAMILIES ? names[family] : NULL;
}

const char *roofline_family_advice(enum roofline_family family)
{
	return family < ROOFLINE_FAMILIES ? advice[family] : NULL;
}

void roofline_class_clear(struct roofline_class *c)
{
	g_free(c->dtype);
	memset(c, 0, sizeof *c);
}

static gboolean named(const char *name, gsize len, const char *what)
{
	return strlen(what) == len && memcmp(name, what, len) == 0;
}

/* NAME less "aten::" starts with PREFIX. */
static gboolean starts(const char *name, gsize len, const char *prefix)
{
	if (len >= 6 && memcmp(name, "aten::", 6) == 0)
		name += 6, len -= 6;
	gsize n = strlen(prefix);
	return len >= n && memcmp(name, prefix, n) == 0;
}

/* Input I of IN as a tensor of rank RANK (0: any) into T. */
static gboolean tensor(const struct perf_inputs *in, guint i, guint rank, struct perf_tensor *t)
{
	return i < perf_inputs_count(in) && perf_tensors(in, &i, 1, t) == PERF_MODELLED && (!rank || t->rank == rank);
}

static gboolean square(guint64 a, guint64 b)
{
	return a == b && a >= SCORES_LEAST;
}

/* A bmm or baddbmm producing or consuming an S x S matrix: *S. */
static gboolean scores_bmm(const struct perf_inputs *in, guint first, guint64 *s)
{
	struct perf_tensor a, b;
	if (!tensor(in, first, 3, &a) || !tensor(in, first + 1, 3, &b))
		return FALSE;
	guint64 m = a.dims[1], k = a.dims[2], n = b.dims[2];
	*s = square(m, n) ? m : square(m, k) ? m : square(k, n) ? k : 0;
	return *s != 0;
}

/* The gemm's M, N, K (A, B as its formulas read them) into C; FALSE when unread. */
static gboolean gemm_dims(const struct perf_inputs *in, const char *name, gsize len, struct roofline_class *c)
{
	gboolean batched = named(name, len, "aten::bmm") || named(name, len, "aten::baddbmm");
	guint first = named(name, len, "aten::addmm") || named(name, len, "aten::baddbmm") ? 1 : 0, rank = batched ? 3 : 2;
	struct perf_tensor a, b;
	if (!tensor(in, first, rank, &a) || !tensor(in, first + 1, rank, &b))
		return FALSE;
	c->m = a.dims[rank - 2];
	c->k = a.dims[rank - 1];
	c->n = b.dims[rank - 1];
	return TRUE;
}

/* The multiple a gemm's dims should be of: 16 bytes of its precision's elements; 0 for none. */
static guint multiple_of(enum perf_precision precision)
{
	switch (precision) {
	case PERF_16BIT: return 8;
	case PERF_FP32: return 4;
	case PERF_FP8: case PERF_INT8: return 16;
	case PERF_FP64: return 2;
	default: return 0;
	}
}

void roofline_classify(const char *name, gsize len, const char *input_dims, const char *input_type,
		       const struct perf_model *model, struct roofline_class *out)
{
	memset(out, 0, sizeof *out);
	out->family = ROOFLINE_ELEMENTWISE;
	if (model && model->host_link) {
		out->family = ROOFLINE_HOST_COPY;
		return;
	}
	struct perf_inputs in;
	gboolean read = perf_inputs_read(&in, input_dims, input_type) == PERF_MODELLED;
	struct perf_tensor t;
	enum perf_family family = model ? model->family : PERF_FAMILY_NONE;
	if (read && (named(name, len, "aten::_softmax") || named(name, len, "aten::softmax")) && tensor(&in, 0, 0, &t) &&
	    t.rank >= 2 && square(t.dims[t.rank - 2], t.dims[t.rank - 1])) {
		out->family = ROOFLINE_UNFUSED_ATTENTION;
		out->scores = t.dims[t.rank - 1];
	} else if (read && (named(name, len, "aten::bmm") || named(name, len, "aten::baddbmm")) &&
		   scores_bmm(&in, named(name, len, "aten::baddbmm") ? 1 : 0, &out->scores)) {
		out->family = ROOFLINE_UNFUSED_ATTENTION;
	} else if (family == PERF_ATTENTION || starts(name, len, "_flash_attention_") ||
		   starts(name, len, "_efficient_attention_") || starts(name, len, "_scaled_dot_product_") ||
		   starts(name, len, "_cudnn_attention")) {
		out->family = ROOFLINE_FUSED_ATTENTION;
		if (read && tensor(&in, 0, 0, &t) && t.rank)
			out->head_dim = t.dims[t.rank - 1];
		if (read && in.types->items->len) {
			const struct perf_value *type = g_ptr_array_index(in.types->items, 0);
			out->dtype = type->kind == PERF_VALUE_STRING && *type->text ? g_strdup(type->text) : NULL;
		}
	} else if (family == PERF_GEMM) {
		out->family = ROOFLINE_GEMM;
		guint multiple = multiple_of(model->precision);
		if (read && gemm_dims(&in, name, len, out) && multiple) {
			out->off = (out->m % multiple ? ROOFLINE_OFF_M : 0) | (out->n % multiple ? ROOFLINE_OFF_N : 0) |
				   (out->k % multiple ? ROOFLINE_OFF_K : 0);
			out->multiple = out->off ? multiple : 0;
			out->family = out->off ? ROOFLINE_UNALIGNED_GEMM : ROOFLINE_GEMM;
		}
	} else if (family == PERF_CONVOLUTION) {
		out->family = ROOFLINE_CONVOLUTION;
	}
	perf_inputs_clear(&in);
}

char *roofline_class_detail(const struct roofline_class *c)
{
	switch (c->family) {
	case ROOFLINE_UNFUSED_ATTENTION:
		return g_strdup_printf(", S x S scores with S %" G_GUINT64_FORMAT, c->scores);
	case ROOFLINE_FUSED_ATTENTION: {
		g_autofree char *head = c->head_dim ? g_strdup_printf("head dim %" G_GUINT64_FORMAT, c->head_dim)
						    : g_strdup("head dim unknown");
		return g_strdup_printf(", %s, %s", head, c->dtype ? c->dtype : "dtype unknown");
	}
	case ROOFLINE_UNALIGNED_GEMM: {
		GString *text = g_string_new(NULL);
		g_string_append_printf(text, ", M %" G_GUINT64_FORMAT ", N %" G_GUINT64_FORMAT ", K %" G_GUINT64_FORMAT ": ",
				       c->m, c->n, c->k);
		static const char *const dims[] = { "M", "N", "K" };
		guint written = 0;
		for (guint d = 0; d < 3; d++)
			if (c->off & (1u << d))
				g_string_append_printf(text, "%s%s", written++ ? " and " : "", dims[d]);
		g_string_append_printf(text, " off a multiple of %u", c->multiple);
		return g_string_free(text, FALSE);
	}
	case ROOFLINE_GEMM:
		return c->m || c->n || c->k ? g_strdup_printf(", M %" G_GUINT64_FORMAT ", N %" G_GUINT64_FORMAT
							      ", K %" G_GUINT64_FORMAT, c->m, c->n, c->k)
					    : g_strdup("");
	default:
		return g_strdup("");
	}
}
