/* Convolutions: x [N, C, s...], w [Co, C/g, k...] (transposed: [C, Co/g,
 * k...]), one output spatial dim per input dim, each by exact unsigned
 * arithmetic (the subtractions are compared first, never wrapped), and the
 * flops and bytes of SPEC 15.1 with every product and sum checked. */
#include "views/perf/perf_conv.h"

struct conv_params {
	guint64 stride[PERF_RANK_MAX], padding[PERF_RANK_MAX], dilation[PERF_RANK_MAX], output_padding[PERF_RANK_MAX];
	gboolean transposed;
	guint64 groups;
};

/* Concrete Inputs[FIRST...FIRST+5] for N spatial dims: stride, padding,
 * dilation, transposed, output_padding, groups; stride, dilation and groups
 * at least 1. */
static gboolean read_params(const struct perf_inputs *in, guint first, guint n, struct conv_params *p)
{
	if (!perf_parse_ints(perf_concrete(in, first), n, p->stride) ||
	    !perf_parse_ints(perf_concrete(in, first + 1), n, p->padding) ||
	    !perf_parse_ints(perf_concrete(in, first + 2), n, p->dilation) ||
	    !perf_parse_bool(perf_concrete(in, first + 3), &p->transposed) ||
	    !perf_parse_ints(perf_concrete(in, first + 4), n, p->output_padding) ||
	    !perf_parse_int(perf_concrete(in, first + 5), &p->groups) || p->groups == 0)
		return FALSE;
	for (guint d = 0; d < n; d++)
		if (p->stride[d] == 0 || p->dilation[d] == 0)
			return FALSE;
	return TRUE;
}

/* Output spatial dim D: floor((in + 2p - d(k-1) - 1) / s) + 1, or when
 * transposed (in - 1)s - 2p + d(k-1) + output_padding + 1; FALSE when the
 * kernel dim is 0, the figure is not positive or passes 64 bits. */
static gboolean out_dim(const struct conv_params *p, guint d, guint64 in, guint64 k, guint64 *out)
{
	gboolean ok = TRUE;
	if (k == 0)
		return FALSE;
	guint64 reach = perf_mul(&ok, p->dilation[d], k - 1); /* d(k-1) */
	guint64 pad2 = perf_mul(&ok, 2, p->padding[d]);
	if (!p->transposed) {
		guint64 plus = perf_add(&ok, in, pad2), minus = perf_add(&ok, reach, 1);
		if (!ok || plus < minus)
			return FALSE;
		*out = (plus - minus) / p->stride[d] + 1;
		return TRUE;
	}
	/* (in - 1)s - 2p + d(k-1) + op + 1 = (in s + d(k-1) + op + 1) - (s + 2p) */
	guint64 plus = perf_add(&ok, perf_add(&ok, perf_mul(&ok, in, p->stride[d]), reach),
				perf_add(&ok, p->output_padding[d], 1));
	guint64 minus = perf_add(&ok, p->stride[d], pad2);
	if (!ok || plus <= minus)
		return FALSE;
	*out = plus - minus;
	return TRUE;
}

enum perf_reason perf_conv(struct perf_inputs *in, const char *concrete, gboolean backward, struct perf_model *out)
{
	/* forward: x, w[, bias]; backward: grad, x, w */
	struct perf_tensor t[3];
	guint forward_ix[3] = { 0, 1, 2 }, backward_ix[3] = { 1, 2, 0 };
	gboolean bias = !backward && perf_is_tensor(in, 2);
	enum perf_reason reason = perf_tensors(in, backward ? backward_ix : forward_ix, backward || bias ? 3 : 2, t);
	if (reason != PERF_MODELLED)
		return reason;
	const struct perf_tensor *x = &t[0], *w = &t[1];
	guint64 el_third = backward || bias ? t[2].el : 0; /* grad, or bias */
	if (x->rank != w->rank || x->rank < 3 || perf_inputs_concrete(in, concrete) != PERF_MODELLED)
		return PERF_OTHER;
	guint n = x->rank - 2;
	struct conv_params p;
	gboolean mask[3] = { TRUE, FALSE, FALSE };
	if (!read_params(in, backward ? 4 : 3, n, &p) || (backward && !perf_parse_bools(perf_concrete(in, 10), 3, mask)))
		return PERF_OTHER;
	gboolean ok = TRUE;
	guint64 spatial_in = 1, spatial_out = 1;
	for (guint d = 0; d < n; d++) {
		guint64 dim;
		if (!out_dim(&p, d, x->dims[2 + d], w->dims[2 + d], &dim))
			return PERF_OTHER;
		spatial_in = perf_mul(&ok, spatial_in, x->dims[2 + d]);
		spatial_out = perf_mul(&ok, spatial_out, dim);
	}
	guint64 channels_out = p.transposed ? perf_mul(&ok, w->dims[1], p.groups) : w->dims[0];
	guint64 el_out = perf_mul(&ok, perf_mul(&ok, x->dims[0], channels_out), spatial_out);
	/* 2 N prod(S) el(w), S the output spatial dims (the input's when transposed) */
	guint64 flops = perf_mul(&ok, perf_mul(&ok, 2, x->dims[0]),
				 perf_mul(&ok, p.transposed ? spatial_in : spatial_out, w->el));
	guint64 elements;
	if (!backward) {
		elements = perf_add(&ok, perf_add(&ok, x->el, w->el), perf_add(&ok, el_third, el_out));
	} else {
		flops = perf_mul(&ok, (guint64)mask[0] + (guint64)mask[1], flops);
		elements = perf_add(&ok, perf_add(&ok, el_third, x->el), w->el);
		elements = perf_add(&ok, elements, perf_add(&ok, mask[0] ? x->el : 0, mask[1] ? w->el : 0));
	}
	guint64 bytes = perf_mul(&ok, elements, x->bpe);
	if (!ok)
		return PERF_OTHER;
	*out = (struct perf_model){ .family = PERF_CONVOLUTION, .precision = x->precision, .flops = flops, .bytes = bytes };
	return PERF_MODELLED;
}
