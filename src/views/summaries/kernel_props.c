#include "views/summaries/kernel_props.h"
#include <string.h>
#include "util/literal_members.h"
#include "util/pylit.h"

const char *const kernel_prop_members[KERNEL_PROPS] = {
	[KERNEL_GRID] = "grid",
	[KERNEL_BLOCK] = "block",
	[KERNEL_REGISTERS] = "registers per thread",
	[KERNEL_SHARED_MEMORY] = "shared memory",
	[KERNEL_BLOCKS_PER_SM] = "blocks per SM",
	[KERNEL_WARPS_PER_SM] = "warps per SM",
	[KERNEL_OCCUPANCY] = "est. achieved occupancy %",
};

/* A value of a property: how many events had it, and its first event. */
struct seen {
	guint64 count;
	guint32 first;  /* the least position of those events */
	char *shown;    /* its text in that event */
};

struct kernel_props {
	GHashTable *values[KERNEL_PROPS]; /* the text counted by (owned) -> struct seen * (owned); NULL: none yet */
	const struct seen *chosen[KERNEL_PROPS];
	GString *key;
};

static void seen_free(gpointer data)
{
	struct seen *s = data;
	g_free(s->shown);
	g_free(s);
}

struct kernel_props *kernel_props_new(void)
{
	struct kernel_props *props = g_new0(struct kernel_props, 1);
	props->key = g_string_new(NULL);
	return props;
}

void kernel_props_free(struct kernel_props *props)
{
	if (!props)
		return;
	for (guint p = 0; p < KERNEL_PROPS; p++)
		if (props->values[p])
			g_hash_table_destroy(props->values[p]);
	g_string_free(props->key, TRUE);
	g_free(props);
}

/* Whether [P, END) is a JSON number with a fraction or an exponent. */
static gboolean fraction_number(const char *p, const char *end)
{
	gboolean digits = FALSE, other = FALSE;
	if (p < end && *p == '-')
		p++;
	for (; p < end; p++) {
		if (g_ascii_isdigit(*p))
			digits = TRUE;
		else if (*p == '.' || *p == 'e' || *p == 'E' || ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E')))
			other = TRUE;
		else
			return FALSE;
	}
	return digits && other;
}

/* Whether TEXT is a whole number of 64 bits: '-'? digits; its value into *NUMBER. */
static gboolean whole_number(const char *text, gint64 *number)
{
	const char *digits = text + (*text == '-');
	if (!g_ascii_isdigit(*digits))
		return FALSE;
	for (const char *p = digits; *p; p++)
		if (!g_ascii_isdigit(*p))
			return FALSE;
	return g_ascii_string_to_signed(text, 10, G_MININT64, G_MAXINT64, number, NULL);
}

void kernel_props_add(struct kernel_props *props, const struct event *event)
{
	struct literal_span spans[KERNEL_PROPS];
	if (!event->args || !strchr(event->args, '{'))
		return;
	literal_members(event->args, kernel_prop_members, KERNEL_PROPS, spans); /* what was found before a fault counts */
	for (guint p = 0; p < KERNEL_PROPS; p++) {
		const char *start = spans[p].start, *end = spans[p].end;
		gsize len = start ? (gsize)(end - start) : 0;
		if (!start || (len == 4 && (memcmp(start, "None", 4) == 0 || memcmp(start, "null", 4) == 0)))
			continue;
		g_string_truncate(props->key, 0);
		if (fraction_number(start, end)) {
			g_autofree char *text = g_strndup(start, len);
			pylit_append_double_text(props->key, text);
		} else
			g_string_append_len(props->key, start, (gssize)len);
		if (!props->values[p])
			props->values[p] = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, seen_free);
		struct seen *s = g_hash_table_lookup(props->values[p], props->key->str);
		if (!s) {
			s = g_new0(struct seen, 1);
			s->first = event->index;
			s->shown = g_strndup(start, len);
			g_hash_table_insert(props->values[p], g_strdup(props->key->str), s);
		} else if (event->index < s->first) {
			s->first = event->index;
			g_free(s->shown);
			s->shown = g_strndup(start, len);
		}
		s->count++;
	}
}

void kernel_props_choose(struct kernel_props *props)
{
	for (guint p = 0; p < KERNEL_PROPS; p++) {
		props->chosen[p] = NULL;
		if (!props->values[p])
			continue;
		GHashTableIter iter;
		gpointer value;
		g_hash_table_iter_init(&iter, props->values[p]);
		while (g_hash_table_iter_next(&iter, NULL, &value)) {
			const struct seen *s = value, *best = props->chosen[p];
			if (!best || s->count > best->count || (s->count == best->count && s->first < best->first))
				props->chosen[p] = s;
		}
	}
}

void kernel_props_value(const struct kernel_props *props, enum kernel_prop which, enum value_type number_type,
			struct value *v)
{
	const struct seen *s = props ? props->chosen[which] : NULL;
	gint64 number;
	if (!s)
		v->type = VALUE_EMPTY;
	else if (number_type != VALUE_LITERAL && whole_number(s->shown, &number))
		value_number(v, number_type, number);
	else
		value_literal(v, s->shown);
}
