#include "views/collectives/collective.h"
#include <string.h>

typedef unsigned __int128 wide; /* GCC and Clang on 64-bit targets, as perf_sum */

enum collective_family collective_family(const char *name, gsize len)
{
	static const struct {
		const char *part;
		enum collective_family family;
	} rules[] = {
		{ "allreduce", COLLECTIVE_ALLREDUCE },     { "allgather", COLLECTIVE_ALLGATHER },
		{ "reducescatter", COLLECTIVE_REDUCESCATTER }, { "alltoall", COLLECTIVE_ALLTOALL },
		{ "broadcast", COLLECTIVE_ONE }, { "reduce", COLLECTIVE_ONE }, { "send", COLLECTIVE_ONE },
		{ "recv", COLLECTIVE_ONE },      { "gather", COLLECTIVE_ONE }, { "scatter", COLLECTIVE_ONE },
	};
	g_autoptr(GString) squeezed = g_string_sized_new(len);
	for (gsize i = 0; i < len; i++)
		if (name[i] != '_') /* a NUL, which would end the search, as a byte no family has */
			g_string_append_c(squeezed, name[i] ? g_ascii_tolower(name[i]) : '\x01');
	for (guint i = 0; i < G_N_ELEMENTS(rules); i++)
		if (strstr(squeezed->str, rules[i].part))
			return rules[i].family;
	return COLLECTIVE_UNKNOWN;
}

void collective_factor(enum collective_family family, guint64 n, guint64 *num, guint64 *den)
{
	switch (family) {
	case COLLECTIVE_ALLREDUCE:
		*num = 2 * (n - 1), *den = n; /* n < 2^63: a group size is a gint64 */
		break;
	case COLLECTIVE_ALLGATHER:
	case COLLECTIVE_REDUCESCATTER:
	case COLLECTIVE_ALLTOALL:
		*num = n - 1, *den = n;
		break;
	default:
		*num = *den = 1;
	}
}

guint collective_dtype_bytes(const char *text)
{
	static const struct {
		const char *name;
		guint bytes;
	} sizes[] = {
		{ "Float", 4 }, { "Int", 4 },      { "Double", 8 }, { "Long", 8 }, { "Half", 2 }, { "BFloat16", 2 },
		{ "Short", 2 }, { "Byte", 1 },     { "Char", 1 },   { "Bool", 1 },
	};
	for (guint i = 0; i < G_N_ELEMENTS(sizes); i++)
		if (strcmp(text, sizes[i].name) == 0)
			return sizes[i].bytes;
	return g_str_has_prefix(text, "Float8_") ? 1 : 0;
}

/* *R = A · B, FALSE when it does not fit 128 bits. */
static gboolean multiply(wide a, wide b, wide *r)
{
	if (a && b > ~(wide)0 / a)
		return FALSE;
	*r = a * b;
	return TRUE;
}

gint64 collective_bandwidth(guint64 elements, guint bytes, guint64 count, gint64 total, guint64 num, guint64 den)
{
	wide s, top, bottom;
	if (total <= 0 || den == 0 || !multiply(elements, bytes, &s) || !multiply(s, count, &top) ||
	    !multiply(top, 1000, &top) || !multiply(top, num, &top) || !multiply((guint64)total, den, &bottom))
		return -1;
	/* half up: (2·top + bottom) / (2·bottom), both fitting 128 bits */
	wide half = ~(wide)0 >> 1;
	if (top > half || bottom > half || 2 * top > ~(wide)0 - bottom)
		return -1;
	wide r = (2 * top + bottom) / (2 * bottom);
	return r > G_MAXINT64 ? -1 : (gint64)r;
}
