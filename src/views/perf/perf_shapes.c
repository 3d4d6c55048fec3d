/* The inputs of an op as the performance models read them: a recursive
 * descent over a Python literal or JSON text (src/views/perf/perf_shapes.h),
 * then the tensors and parameters read out of the values. */
#include "views/perf/perf_shapes.h"
#include <string.h>

struct parser {
	const char *p;
	int depth;
};

static struct perf_value *value_new(enum perf_value_kind kind)
{
	struct perf_value *v = g_new0(struct perf_value, 1);
	v->kind = kind;
	if (kind == PERF_VALUE_LIST)
		v->items = g_ptr_array_new_with_free_func((GDestroyNotify)perf_value_free);
	return v;
}

void perf_value_free(struct perf_value *value)
{
	if (!value)
		return;
	if (value->items)
		g_ptr_array_free(value->items, TRUE);
	g_free(value->text);
	g_free(value);
}

static void skip_space(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

static struct perf_value *parse_value(struct parser *ps);

/* The items up to CLOSE, after the opening bracket: values, or KEY: VALUE
 * pairs in a dict (kept as a word). */
static struct perf_value *parse_items(struct parser *ps, char close)
{
	if (++ps->depth > PERF_DEPTH_MAX)
		return NULL;
	g_autoptr(PerfValue) list = value_new(PERF_VALUE_LIST);
	skip_space(ps);
	if (*ps->p == close) {
		ps->p++;
	} else {
		for (;;) {
			struct perf_value *item = parse_value(ps);
			if (!item)
				return NULL;
			g_ptr_array_add(list->items, item);
			skip_space(ps);
			if (close == '}') {
				if (*ps->p != ':') /* never past the end: a NUL stops here */
					return NULL;
				ps->p++;
				struct perf_value *member = parse_value(ps);
				if (!member)
					return NULL;
				perf_value_free(member);
				skip_space(ps);
			}
			if (*ps->p == close) {
				ps->p++;
				break;
			}
			if (*ps->p != ',')
				return NULL;
			ps->p++;
		}
	}
	ps->depth--;
	if (close == ']')
		return g_steal_pointer(&list);
	struct perf_value *dict = value_new(PERF_VALUE_WORD);
	dict->text = g_strdup("{}");
	return dict;
}

static gboolean hex_digits(struct parser *ps, int n, gunichar *out)
{
	*out = 0;
	for (int i = 0; i < n; i++) {
		int digit = g_ascii_xdigit_value(ps->p[i]);
		if (digit < 0)
			return FALSE;
		*out = *out * 16 + (gunichar)digit;
	}
	ps->p += n;
	return TRUE;
}

/* The escape after a backslash: Python's (\x, \u, \U) and JSON's (\u with surrogate pairs, \/, \b, \f). */
static gboolean parse_escape(struct parser *ps, GString *out)
{
	char c = *ps->p++;
	gunichar u;
	switch (c) {
	case '\\': case '\'': case '"': case '/': g_string_append_c(out, c); return TRUE;
	case 'n': g_string_append_c(out, '\n'); return TRUE;
	case 'r': g_string_append_c(out, '\r'); return TRUE;
	case 't': g_string_append_c(out, '\t'); return TRUE;
	case 'b': g_string_append_c(out, '\b'); return TRUE;
	case 'f': g_string_append_c(out, '\f'); return TRUE;
	case 'x': if (!hex_digits(ps, 2, &u)) return FALSE; break;
	case 'U': if (!hex_digits(ps, 8, &u)) return FALSE; break;
	case 'u':
		if (!hex_digits(ps, 4, &u))
			return FALSE;
		if (u >= 0xD800 && u < 0xDC00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
			struct parser low = { ps->p + 2, 0 };
			gunichar v;
			if (hex_digits(&low, 4, &v) && v >= 0xDC00 && v < 0xE000) {
				u = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
				ps->p = low.p;
			}
		}
		break;
	default: return FALSE;
	}
	if (u > 0x10FFFF)
		return FALSE;
	g_string_append_unichar(out, u >= 0xD800 && u < 0xE000 ? 0xFFFD : u); /* a lone surrogate */
	return TRUE;
}

static struct perf_value *parse_string(struct parser *ps)
{
	char quote = *ps->p++;
	g_autoptr(GString) text = g_string_new(NULL);
	for (;;) {
		char c = *ps->p;
		if (!c)
			return NULL;
		ps->p++;
		if (c == quote)
			break;
		if (c != '\\')
			g_string_append_c(text, c);
		else if (!parse_escape(ps, text))
			return NULL;
	}
	struct perf_value *v = value_new(PERF_VALUE_STRING);
	v->text = g_string_free(g_steal_pointer(&text), FALSE);
	return v;
}

static gboolean word_char(char c)
{
	return g_ascii_isalnum(c) || c == '_';
}

/* An integer (within 64 bits, signed), or a float or a word (True, None, nan, -inf...) kept as a word. */
static struct perf_value *parse_atom(struct parser *ps)
{
	const char *start = ps->p;
	gboolean negative = *ps->p == '-';
	const char *p = ps->p + negative;
	if (g_ascii_isdigit(*p)) {
		guint64 magnitude = 0;
		gboolean ok = TRUE;
		for (; g_ascii_isdigit(*p); p++)
			magnitude = perf_add(&ok, perf_mul(&ok, magnitude, 10), (guint64)(*p - '0'));
		if (*p == '.' || *p == 'e' || *p == 'E') { /* a float: its text */
			while (g_ascii_isdigit(*p) || *p == '.' || *p == 'e' || *p == 'E' ||
			       ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E')))
				p++;
		} else {
			if (!ok || magnitude > (guint64)G_MAXINT64 + negative)
				return NULL;
			struct perf_value *v = value_new(PERF_VALUE_INT);
			v->number = negative ? (gint64)(0 - magnitude) : (gint64)magnitude;
			ps->p = p;
			return v;
		}
	} else if (g_ascii_isalpha(*p) || *p == '_') {
		while (word_char(*p))
			p++;
	} else {
		return NULL;
	}
	if (word_char(*p))
		return NULL;
	struct perf_value *v = value_new(PERF_VALUE_WORD);
	v->text = g_strndup(start, p - start);
	ps->p = p;
	return v;
}

static struct perf_value *parse_value(struct parser *ps)
{
	skip_space(ps);
	switch (*ps->p) {
	case '[': ps->p++; return parse_items(ps, ']');
	case '{': ps->p++; return parse_items(ps, '}');
	case '\'': case '"': return parse_string(ps);
	default: return parse_atom(ps);
	}
}

struct perf_value *perf_value_parse(const char *text)
{
	struct parser ps = { text, 0 };
	g_autoptr(PerfValue) v = parse_value(&ps);
	if (!v)
		return NULL; /* the parser may have stopped anywhere */
	skip_space(&ps);
	return *ps.p ? NULL : g_steal_pointer(&v);
}

/* A literal that is a list, else PERF_OTHER; an empty one is *EMPTY. */
static enum perf_reason parse_list(const char *text, struct perf_value **out, gboolean *empty)
{
	*out = perf_value_parse(text);
	if (!*out || (*out)->kind != PERF_VALUE_LIST)
		return PERF_OTHER;
	*empty = (*out)->items->len == 0;
	return PERF_MODELLED;
}

enum perf_reason perf_inputs_read(struct perf_inputs *in, const char *dims, const char *types)
{
	memset(in, 0, sizeof *in);
	if (!dims || !types)
		return PERF_NO_SHAPES;
	gboolean no_dims, no_types;
	if (parse_list(dims, &in->dims, &no_dims) != PERF_MODELLED ||
	    parse_list(types, &in->types, &no_types) != PERF_MODELLED)
		return PERF_OTHER;
	if (no_dims || no_types)
		return PERF_NO_SHAPES;
	return in->dims->items->len == in->types->items->len ? PERF_MODELLED : PERF_OTHER;
}

enum perf_reason perf_inputs_concrete(struct perf_inputs *in, const char *concrete)
{
	gboolean unused;
	perf_value_free(in->concrete);
	in->concrete = NULL;
	return concrete ? parse_list(concrete, &in->concrete, &unused) : PERF_OTHER;
}

void perf_inputs_clear(struct perf_inputs *in)
{
	perf_value_free(in->dims);
	perf_value_free(in->types);
	perf_value_free(in->concrete);
	memset(in, 0, sizeof *in);
}

guint perf_inputs_count(const struct perf_inputs *in)
{
	return in->dims ? in->dims->items->len : 0;
}

static const struct perf_value *item(const struct perf_value *list, guint i)
{
	return list && list->kind == PERF_VALUE_LIST && i < list->items->len ? g_ptr_array_index(list->items, i) : NULL;
}

gboolean perf_is_tensor(const struct perf_inputs *in, guint i)
{
	static const char *const not_tensors[] = { "", "Scalar", "ScalarList", "TensorList", "GenericList" };
	const struct perf_value *type = item(in->types, i), *dims = item(in->dims, i);
	if (!type || type->kind != PERF_VALUE_STRING || !dims || dims->kind != PERF_VALUE_LIST)
		return FALSE;
	for (gsize k = 0; k < G_N_ELEMENTS(not_tensors); k++)
		if (g_ascii_strcasecmp(type->text, not_tensors[k]) == 0)
			return FALSE;
	for (guint k = 0; k < dims->items->len; k++)
		if (((const struct perf_value *)g_ptr_array_index(dims->items, k))->kind != PERF_VALUE_INT)
			return FALSE;
	return TRUE;
}

gboolean perf_dtype(const char *type, guint *bpe, enum perf_precision *precision)
{
	static const struct {
		const char *name;
		guint bpe;
		enum perf_precision precision;
	} types[] = {
		{ "double", 8, PERF_FP64 },
		{ "long int", 8, PERF_PRECISION_NONE },
		{ "long", 8, PERF_PRECISION_NONE },
		{ "float", 4, PERF_FP32 },
		{ "int", 4, PERF_PRECISION_NONE },
		{ "c10::half", 2, PERF_16BIT },
		{ "c10::bfloat16", 2, PERF_16BIT },
		{ "short", 2, PERF_PRECISION_NONE },
		{ "c10::float8_e4m3fn", 1, PERF_FP8 },
		{ "c10::float8_e5m2", 1, PERF_FP8 },
		{ "c10::float8_e4m3fnuz", 1, PERF_FP8 },
		{ "c10::float8_e5m2fnuz", 1, PERF_FP8 },
		{ "signed char", 1, PERF_INT8 },
		{ "unsigned char", 1, PERF_INT8 },
		{ "bool", 1, PERF_PRECISION_NONE },
	};
	for (gsize k = 0; k < G_N_ELEMENTS(types); k++)
		if (g_ascii_strcasecmp(type, types[k].name) == 0) {
			*bpe = types[k].bpe;
			*precision = types[k].precision;
			return TRUE;
		}
	return FALSE;
}

enum perf_reason perf_tensors(const struct perf_inputs *in, const guint *indexes, guint n, struct perf_tensor *out)
{
	for (guint k = 0; k < n; k++)
		if (!perf_is_tensor(in, indexes[k]))
			return PERF_OTHER;
	for (guint k = 0; k < n; k++) {
		const char *type = item(in->types, indexes[k])->text;
		if (!perf_dtype(type, &out[k].bpe, &out[k].precision))
			return PERF_UNKNOWN_TYPE;
		out[k].is_bool = g_ascii_strcasecmp(type, "bool") == 0;
	}
	for (guint k = 0; k < n; k++) {
		const struct perf_value *dims = item(in->dims, indexes[k]);
		if (dims->items->len > PERF_RANK_MAX)
			return PERF_OTHER;
		gboolean ok = TRUE;
		out[k].rank = dims->items->len;
		out[k].el = 1;
		for (guint d = 0; d < out[k].rank; d++) {
			gint64 dim = ((const struct perf_value *)g_ptr_array_index(dims->items, d))->number;
			if (dim < 0)
				return PERF_OTHER;
			out[k].dims[d] = (guint64)dim;
			out[k].el = perf_mul(&ok, out[k].el, (guint64)dim);
		}
		if (!ok)
			return PERF_OTHER;
	}
	return PERF_MODELLED;
}

const char *perf_concrete(const struct perf_inputs *in, guint i)
{
	const struct perf_value *v = item(in->concrete, i);
	return v && v->kind == PERF_VALUE_STRING ? v->text : NULL;
}

static gboolean non_negative(const struct perf_value *v, guint64 *out)
{
	if (!v || v->kind != PERF_VALUE_INT || v->number < 0)
		return FALSE;
	*out = (guint64)v->number;
	return TRUE;
}

gboolean perf_parse_ints(const char *text, guint n, guint64 *out)
{
	g_autoptr(PerfValue) v = text ? perf_value_parse(text) : NULL;
	if (!v)
		return FALSE;
	if (v->kind == PERF_VALUE_LIST && v->items->len == n && n != 1) {
		for (guint k = 0; k < n; k++)
			if (!non_negative(g_ptr_array_index(v->items, k), &out[k]))
				return FALSE;
		return TRUE;
	}
	guint64 one;
	if (!non_negative(v->kind == PERF_VALUE_LIST ? item(v, 0) : v, &one) ||
	    (v->kind == PERF_VALUE_LIST && v->items->len != 1))
		return FALSE;
	for (guint k = 0; k < n; k++)
		out[k] = one;
	return TRUE;
}

gboolean perf_parse_int(const char *text, guint64 *out)
{
	g_autoptr(PerfValue) v = text ? perf_value_parse(text) : NULL;
	return non_negative(v, out);
}

static gboolean boolean_word(const struct perf_value *v, gboolean *out)
{
	if (!v || v->kind != PERF_VALUE_WORD)
		return FALSE;
	if (strcmp(v->text, "True") == 0 || strcmp(v->text, "true") == 0)
		*out = TRUE;
	else if (strcmp(v->text, "False") == 0 || strcmp(v->text, "false") == 0)
		*out = FALSE;
	else
		return FALSE;
	return TRUE;
}

gboolean perf_parse_bool(const char *text, gboolean *out)
{
	g_autoptr(PerfValue) v = text ? perf_value_parse(text) : NULL;
	return boolean_word(v, out);
}

gboolean perf_parse_bools(const char *text, guint n, gboolean *out)
{
	g_autoptr(PerfValue) v = text ? perf_value_parse(text) : NULL;
	if (!v || v->kind != PERF_VALUE_LIST || v->items->len != n)
		return FALSE;
	for (guint k = 0; k < n; k++)
		if (!boolean_word(g_ptr_array_index(v->items, k), &out[k]))
			return FALSE;
	return TRUE;
}
