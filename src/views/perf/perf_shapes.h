/* The inputs of an op as the performance models read them (SPEC 15.1):
 * its Input Dims, Input type and Concrete Inputs literals parsed into
 * values, one recursive descent each, and read back as tensors (dims,
 * elements, bytes per element, precision) and as the parameters the
 * Concrete Inputs give ("[1, 1]", "2", "True", "[True, True, False]").
 *
 * A literal is a Python literal as src/util/pylit.c writes it (strings in
 * single quotes, or double quotes when they hold a single quote, with
 * backslash escapes; True, False, None) or JSON text (--format jsonl: strings
 * in double quotes with JSON escapes; true, false, null): both are read.
 * Lists, integers and strings are kept; any other value (a float, a word, a
 * dict) is kept as a word, which no shape reads. Integers past 64 bits,
 * nesting past PERF_DEPTH_MAX, or anything else that is not such a literal
 * make the literal malformed. */
#ifndef PP_PERF_SHAPES_H
#define PP_PERF_SHAPES_H

#include <glib.h>

/* The models' types, for src/views/perf/perf_model.h (which includes this header). */
enum perf_family { PERF_FAMILY_NONE, PERF_GEMM, PERF_ATTENTION, PERF_CONVOLUTION, PERF_MEMORY };
/* PERF_PRECISION_NONE: a memory op, or a matrix input of an integer type other than int8 */
enum perf_precision { PERF_PRECISION_NONE, PERF_FP64, PERF_FP32, PERF_16BIT, PERF_FP8, PERF_INT8 };
enum perf_reason { PERF_MODELLED, PERF_NOT_IN_TABLE, PERF_NO_SHAPES, PERF_UNKNOWN_TYPE, PERF_OTHER };

struct perf_model {
	enum perf_family family;
	enum perf_precision precision;
	guint64 flops, bytes;
	/* aten::copy_: the bytes of its smaller side (source or destination),
	 * what a copy between host and device moves across the host link at
	 * least (SPEC 26.4); 0 for the other ops */
	guint64 link_bytes;
	/* set by src/views/perf/perf.c, not the model: a copy to or from the host,
	 * judged against the host link (SPEC 26.4) */
	gboolean host_link;
};

#define PERF_DEPTH_MAX 64 /* nesting of a literal */
#define PERF_RANK_MAX 64  /* dims of a tensor */

enum perf_value_kind { PERF_VALUE_LIST, PERF_VALUE_INT, PERF_VALUE_STRING, PERF_VALUE_WORD };

struct perf_value {
	enum perf_value_kind kind;
	gint64 number;    /* PERF_VALUE_INT */
	char *text;       /* PERF_VALUE_STRING: its characters, decoded (UTF-8); PERF_VALUE_WORD: as written */
	GPtrArray *items; /* PERF_VALUE_LIST: struct perf_value * */
};

/* TEXT parsed (a whole literal, spaces around it allowed); NULL when malformed. */
struct perf_value *perf_value_parse(const char *text);
void perf_value_free(struct perf_value *value);
typedef struct perf_value PerfValue;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(PerfValue, perf_value_free)

/* An op's inputs: entry i of Input Dims and of Input type, and its Concrete Inputs. */
struct perf_inputs {
	struct perf_value *dims, *types, *concrete; /* lists; concrete NULL when absent */
};

/* Reads the literals: PERF_NO_SHAPES when DIMS or TYPES is NULL;
 * PERF_OTHER when one is malformed or not a list; PERF_NO_SHAPES when one
 * is an empty list; PERF_OTHER when they differ in length; else
 * PERF_MODELLED. Clear IN after it, whatever it returns. */
enum perf_reason perf_inputs_read(struct perf_inputs *in, const char *dims, const char *types);
/* Reads Concrete Inputs, for the ops that need them: PERF_OTHER when
 * CONCRETE is NULL, malformed or not a list. */
enum perf_reason perf_inputs_concrete(struct perf_inputs *in, const char *concrete);
void perf_inputs_clear(struct perf_inputs *in);
guint perf_inputs_count(const struct perf_inputs *in);

/* Whether input I is a tensor: its type is a string neither empty nor
 * Scalar, ScalarList, TensorList, GenericList, and its dims a list of integers. */
gboolean perf_is_tensor(const struct perf_inputs *in, guint i);

struct perf_tensor {
	guint rank;
	guint64 dims[PERF_RANK_MAX];
	guint64 el;  /* the product of the dims, 1 for [] */
	guint bpe;   /* bytes per element */
	enum perf_precision precision;
	gboolean is_bool;
};

/* Bytes per element and precision of TYPE (compared without case); FALSE when it has no size. */
gboolean perf_dtype(const char *type, guint *bpe, enum perf_precision *precision);

/* The tensors INDEXES[0..N) into OUT[0..N): PERF_OTHER when one is not a
 * tensor; else PERF_UNKNOWN_TYPE when one's type has no size; else
 * PERF_OTHER when one has a negative dim, more than PERF_RANK_MAX dims or
 * elements past 2^64 - 1; else PERF_MODELLED. */
enum perf_reason perf_tensors(const struct perf_inputs *in, const guint *indexes, guint n, struct perf_tensor *out);

/* The text of Concrete Inputs entry I when it is a string, else NULL. */
const char *perf_concrete(const struct perf_inputs *in, guint i);
/* TEXT as N non-negative integers: a list of N, or one number (or a list of
 * one) applying to each; FALSE when it is neither. */
gboolean perf_parse_ints(const char *text, guint n, guint64 *out);
/* TEXT as one non-negative integer. */
gboolean perf_parse_int(const char *text, guint64 *out);
/* TEXT as True or False (or true, false). */
gboolean perf_parse_bool(const char *text, gboolean *out);
/* TEXT as a list of exactly N booleans. */
gboolean perf_parse_bools(const char *text, guint n, gboolean *out);

/* Checked arithmetic: the exact result, or 0 with *OK set to FALSE when it
 * would pass 2^64 - 1 (callers then drop every figure). */
static inline guint64 perf_mul(gboolean *ok, guint64 a, guint64 b)
{
	guint64 r;
	if (!g_uint64_checked_mul(&r, a, b)) {
		*ok = FALSE;
		return 0;
	}
	return r;
}

static inline guint64 perf_add(gboolean *ok, guint64 a, guint64 b)
{
	guint64 r;
	if (!g_uint64_checked_add(&r, a, b)) {
		*ok = FALSE;
		return 0;
	}
	return r;
}

#endif
