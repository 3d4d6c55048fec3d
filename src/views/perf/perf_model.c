/* The table of modelled ops (SPEC 15.1) and the gemm, attention and memory
 * formulas; convolutions are src/views/perf/perf_conv.c's. An op is looked up
 * by its whole name in a small static table (a linear scan, lengths first),
 * its literals parsed once (src/views/perf/perf_shapes.c), the tensors its
 * formulas read checked (tensor, known type, dims), then its figures
 * computed with checked arithmetic. An attention op is causal when its
 * Concrete Inputs entry is the text True (Python's), not causal when it is
 * False, false or true. The causal pair count is in closed
 * form: sum over i < Nq of min(i + 1, Nk) = T(Nq) when Nq <= Nk, else
 * T(Nk) + (Nq - Nk) Nk, with T(n) = n(n + 1) / 2. aten::copy_ also says
 * the bytes of its smaller side (link_bytes: what a copy between host and
 * device moves across the host link at least, SPEC 26.4). */
#include "views/perf/perf_model.h"
#include <string.h>
#include "views/perf/perf_conv.h"
#include "views/perf/perf_shapes.h"

enum kind {
	KIND_MM, KIND_ADDMM, KIND_BMM, KIND_BADDBMM, KIND_SCALED_MM,
	KIND_SDPA,          /* Q [B, H, Nq, d], K [B, Hk, Nk, d], V [B, Hk, Nk, dv] */
	KIND_FLASH_FORWARD, /* Q [B, Nq, H, d], K [B, Nk, Hk, d], V [B, Nk, Hk, dv] */
	KIND_CONV, KIND_CONV_BACKWARD,
	KIND_BROADCAST,     /* out: the broadcast shape of the tensor inputs */
	KIND_LIKE_INPUT,    /* out: in0's shape (in-place forms, norms, softmaxes) */
	KIND_COPY,          /* out: in0's shape; bytes: read in1, write in0 */
};

struct entry {
	const char *name;
	gsize len;
	enum perf_family family;
	enum kind kind;
	guint causal; /* attention: the Concrete Inputs entry of is_causal */
};

#define ENTRY(name, family, kind, causal) { name, sizeof name - 1, family, kind, causal }
#define MEMORY(name, kind) ENTRY(name, PERF_MEMORY, kind, 0)
#define ELEMENTWISE(op) MEMORY("aten::" op, KIND_BROADCAST), MEMORY("aten::" op "_", KIND_LIKE_INPUT)

static const struct entry table[] = {
	ENTRY("aten::mm", PERF_GEMM, KIND_MM, 0),
	ENTRY("aten::addmm", PERF_GEMM, KIND_ADDMM, 0),
	ENTRY("aten::bmm", PERF_GEMM, KIND_BMM, 0),
	ENTRY("aten::baddbmm", PERF_GEMM, KIND_BADDBMM, 0),
	ENTRY("aten::_scaled_mm", PERF_GEMM, KIND_SCALED_MM, 0),
	ENTRY("aten::_scaled_dot_product_flash_attention", PERF_ATTENTION, KIND_SDPA, 4),
	ENTRY("aten::_scaled_dot_product_efficient_attention", PERF_ATTENTION, KIND_SDPA, 6),
	ENTRY("aten::_scaled_dot_product_cudnn_attention", PERF_ATTENTION, KIND_SDPA, 6),
	ENTRY("aten::_flash_attention_forward", PERF_ATTENTION, KIND_FLASH_FORWARD, 8),
	ENTRY("aten::convolution", PERF_CONVOLUTION, KIND_CONV, 0),
	ENTRY("aten::convolution_backward", PERF_CONVOLUTION, KIND_CONV_BACKWARD, 0),
	ELEMENTWISE("add"), ELEMENTWISE("sub"), ELEMENTWISE("mul"), ELEMENTWISE("div"),
	ELEMENTWISE("relu"), ELEMENTWISE("gelu"), ELEMENTWISE("silu"), ELEMENTWISE("sigmoid"),
	ELEMENTWISE("tanh"), ELEMENTWISE("exp"), ELEMENTWISE("neg"), ELEMENTWISE("rsqrt"),
	ELEMENTWISE("pow"), ELEMENTWISE("clamp_min"),
	MEMORY("aten::where", KIND_BROADCAST),
	MEMORY("aten::_softmax", KIND_LIKE_INPUT),
	MEMORY("aten::_log_softmax", KIND_LIKE_INPUT),
	MEMORY("aten::native_layer_norm", KIND_LIKE_INPUT),
	MEMORY("aten::native_batch_norm", KIND_LIKE_INPUT),
	MEMORY("aten::_fused_rms_norm", KIND_LIKE_INPUT),
	MEMORY("aten::copy_", KIND_COPY),
};

static const struct entry *lookup(const char *name, gsize len)
{
	if (!name)
		return NULL;
	for (gsize i = 0; i < G_N_ELEMENTS(table); i++)
		if (table[i].len == len && memcmp(table[i].name, name, len) == 0)
			return &table[i];
	return NULL;
}

enum perf_family perf_family_of(const char *name, gsize len)
{
	const struct entry *e = lookup(name, len);
	return e ? e->family : PERF_FAMILY_NONE;
}

/* A [M, K] x B [K, N] (batched: [b, M, K] x [b, K, N]), with C added (addmm, baddbmm). */
static enum perf_reason gemm(const struct perf_inputs *in, enum kind kind, struct perf_model *out)
{
	gboolean added = kind == KIND_ADDMM || kind == KIND_BADDBMM;
	gboolean batched = kind == KIND_BMM || kind == KIND_BADDBMM;
	guint plain[2] = { 0, 1 }, with_c[3] = { 1, 2, 0 };
	struct perf_tensor t[3];
	enum perf_reason reason = perf_tensors(in, added ? with_c : plain, added ? 3 : 2, t);
	if (reason != PERF_MODELLED)
		return reason;
	const struct perf_tensor *a = &t[0], *b = &t[1];
	guint r = batched ? 3 : 2;
	if (a->rank != r || b->rank != r || (batched && a->dims[0] != b->dims[0]) || a->dims[r - 1] != b->dims[r - 2])
		return PERF_OTHER;
	gboolean ok = TRUE;
	guint64 batch = batched ? a->dims[0] : 1, m = a->dims[r - 2], k = a->dims[r - 1], n = b->dims[r - 1];
	guint64 el_out = perf_mul(&ok, perf_mul(&ok, batch, m), n);
	guint64 flops = perf_mul(&ok, perf_mul(&ok, 2, el_out), k);
	guint64 elements = perf_add(&ok, perf_add(&ok, a->el, b->el), added ? t[2].el : 0);
	guint64 bytes = perf_add(&ok, perf_mul(&ok, elements, a->bpe),
				 perf_mul(&ok, el_out, kind == KIND_SCALED_MM ? 2 : a->bpe));
	if (!ok)
		return PERF_OTHER;
	*out = (struct perf_model){ .family = PERF_GEMM, .precision = a->precision, .flops = flops, .bytes = bytes };
	return PERF_MODELLED;
}

/* n(n + 1) / 2, halving the even factor first. */
static guint64 triangle(gboolean *ok, guint64 n)
{
	guint64 next = perf_add(ok, n, 1);
	return n % 2 == 0 ? perf_mul(ok, n / 2, next) : perf_mul(ok, n, next / 2);
}

/* The (query, key) pairs: Nq Nk, or causal (top-left) sum over i < Nq of min(i + 1, Nk). */
static guint64 pairs(gboolean *ok, guint64 nq, guint64 nk, gboolean causal)
{
	if (!causal)
		return perf_mul(ok, nq, nk);
	if (nq <= nk)
		return triangle(ok, nq);
	return perf_add(ok, triangle(ok, nk), perf_mul(ok, nq - nk, nk));
}

static enum perf_reason attention(struct perf_inputs *in, const char *concrete, const struct entry *e,
				  struct perf_model *out)
{
	static const guint qkv[3] = { 0, 1, 2 };
	struct perf_tensor t[3];
	enum perf_reason reason = perf_tensors(in, qkv, 3, t);
	if (reason != PERF_MODELLED)
		return reason;
	const struct perf_tensor *q = &t[0], *k = &t[1], *v = &t[2];
	if (q->rank != 4 || k->rank != 4 || v->rank != 4)
		return PERF_OTHER;
	guint seq = e->kind == KIND_FLASH_FORWARD ? 1 : 2, heads = e->kind == KIND_FLASH_FORWARD ? 2 : 1;
	guint64 batch = q->dims[0], h = q->dims[heads], nq = q->dims[seq], d = q->dims[3];
	guint64 nk = k->dims[seq], dv = v->dims[3];
	if (k->dims[0] != batch || v->dims[0] != batch || k->dims[3] != d || v->dims[heads] != k->dims[heads] ||
	    v->dims[seq] != nk)
		return PERF_OTHER;
	/* the entry is a bool (True, False, or JSON's true, false; else not
	 * modelled), causal only when it reads True, as Python writes it (SPEC
	 * 15.1): "true" is no Python literal, so not the causal flag */
	if (perf_inputs_concrete(in, concrete) != PERF_MODELLED)
		return PERF_OTHER;
	const char *entry = perf_concrete(in, e->causal);
	gboolean flag;
	if (!perf_parse_bool(entry, &flag))
		return PERF_OTHER;
	gboolean causal = flag && strcmp(entry, "True") == 0;
	gboolean ok = TRUE;
	guint64 bh = perf_mul(&ok, batch, h);
	/* 2 B H (d + dv) P */
	guint64 flops = perf_mul(&ok, perf_mul(&ok, 2, bh), perf_mul(&ok, perf_add(&ok, d, dv), pairs(&ok, nq, nk, causal)));
	/* (el(Q) + el(K) + el(V) + B H Nq dv) bpe(Q) */
	guint64 elements = perf_add(&ok, perf_add(&ok, q->el, k->el),
				    perf_add(&ok, v->el, perf_mul(&ok, bh, perf_mul(&ok, nq, dv))));
	guint64 bytes = perf_mul(&ok, elements, q->bpe);
	if (!ok)
		return PERF_OTHER;
	*out = (struct perf_model){ .family = PERF_ATTENTION, .precision = q->precision, .flops = flops, .bytes = bytes };
	return PERF_MODELLED;
}

/* NumPy's rule: OUT (rank *RANK) and T aligned on the right, each dim equal or 1. */
static gboolean broadcast(guint64 *out, guint *rank, const struct perf_tensor *t)
{
	guint r = MAX(*rank, t->rank);
	guint64 result[PERF_RANK_MAX];
	for (guint i = 0; i < r; i++) { /* i-th dim from the right */
		guint64 a = i < *rank ? out[*rank - 1 - i] : 1, b = i < t->rank ? t->dims[t->rank - 1 - i] : 1;
		if (a != b && a != 1 && b != 1)
			return FALSE;
		result[r - 1 - i] = a == 1 ? b : a;
	}
	memcpy(out, result, r * sizeof *out);
	*rank = r;
	return TRUE;
}

/* Every tensor input read; out is in0's shape or the broadcast one; o the first tensor input not bool. */
static enum perf_reason memory(const struct perf_inputs *in, enum kind kind, struct perf_model *out)
{
	guint count = perf_inputs_count(in), n = 0;
	g_autofree guint *indexes = g_new(guint, count);
	for (guint i = 0; i < count; i++)
		if (perf_is_tensor(in, i))
			indexes[n++] = i;
	if (n == 0 || (kind != KIND_BROADCAST && indexes[0] != 0) || (kind == KIND_COPY && (n < 2 || indexes[1] != 1)))
		return PERF_OTHER;
	g_autofree struct perf_tensor *t = g_new(struct perf_tensor, n);
	enum perf_reason reason = perf_tensors(in, indexes, n, t);
	if (reason != PERF_MODELLED)
		return reason;
	gboolean ok = TRUE;
	guint64 el_out = t[0].el, bytes = 0, link = 0;
	if (kind == KIND_BROADCAST) {
		guint64 shape[PERF_RANK_MAX];
		guint rank = 0;
		for (guint k = 0; k < n; k++)
			if (!broadcast(shape, &rank, &t[k]))
				return PERF_OTHER;
		el_out = 1;
		for (guint d = 0; d < rank; d++)
			el_out = perf_mul(&ok, el_out, shape[d]);
	}
	if (kind == KIND_COPY) { /* reads the source, writes the destination */
		guint64 source = perf_mul(&ok, t[1].el, t[1].bpe), destination = perf_mul(&ok, t[0].el, t[0].bpe);
		bytes = perf_add(&ok, source, destination);
		link = MIN(source, destination);
	} else {
		const struct perf_tensor *o = &t[0]; /* all bool: the first */
		for (guint k = n; k-- > 0;)
			if (!t[k].is_bool)
				o = &t[k];
		for (guint k = 0; k < n; k++)
			bytes = perf_add(&ok, bytes, perf_mul(&ok, t[k].el, t[k].bpe));
		bytes = perf_add(&ok, bytes, perf_mul(&ok, el_out, o->bpe));
	}
	if (!ok)
		return PERF_OTHER;
	*out = (struct perf_model){ PERF_MEMORY, PERF_PRECISION_NONE, el_out, bytes, link, FALSE };
	return PERF_MODELLED;
}

enum perf_reason perf_model_op(const char *name, gsize len, const char *input_dims, const char *input_type,
			       const char *concrete_inputs, struct perf_model *out)
{
	*out = (struct perf_model){ .family = PERF_FAMILY_NONE, .precision = PERF_PRECISION_NONE, .flops = 0, .bytes = 0 };
	const struct entry *e = lookup(name, len);
	if (!e)
		return PERF_NOT_IN_TABLE;
	struct perf_inputs in;
	enum perf_reason reason = perf_inputs_read(&in, input_dims, input_type);
	if (reason == PERF_MODELLED) {
		switch (e->kind) {
		case KIND_MM: case KIND_ADDMM: case KIND_BMM: case KIND_BADDBMM: case KIND_SCALED_MM:
			reason = gemm(&in, e->kind, out);
			break;
		case KIND_SDPA: case KIND_FLASH_FORWARD:
			reason = attention(&in, concrete_inputs, e, out);
			break;
		case KIND_CONV: case KIND_CONV_BACKWARD:
			reason = perf_conv(&in, concrete_inputs, e->kind == KIND_CONV_BACKWARD, out);
			break;
		default:
			reason = memory(&in, e->kind, out);
		}
	}
	perf_inputs_clear(&in);
	if (reason != PERF_MODELLED)
		*out = (struct perf_model){ .family = PERF_FAMILY_NONE, .precision = PERF_PRECISION_NONE, .flops = 0, .bytes = 0 };
	return reason;
}

const char *perf_family_name(enum perf_family family)
{
	static const char *const names[] = { NULL, "gemm", "attention", "convolution", "memory" };
	return (guint)family < G_N_ELEMENTS(names) ? names[family] : NULL;
}

const char *perf_precision_name(enum perf_precision precision)
{
	static const char *const names[] = { NULL, "fp64", "fp32", "16-bit", "fp8", "int8" };
	return (guint)precision < G_N_ELEMENTS(names) ? names[precision] : NULL;
}

const char *perf_reason_name(enum perf_reason reason)
{
	static const char *const names[] = { NULL, NULL, "no shapes", "unknown type", "other" };
	return (guint)reason < G_N_ELEMENTS(names) ? names[reason] : NULL;
}
