#include "input/pair.h"
#include "util/fault.h"
#include "util/json_digits.h"
#include <string.h>

/* A record holds what pairing reads of an event, and nothing else: of a B,
 * the members extract_complete() reads of the event it makes (not ph, nor
 * dur, which E's ts replaces); of an E, its ts and args. Each member is a
 * byte (the member, and the kind of its value), then the value; END ends the
 * record. A JSON null member is left out: extract.c reads it as missing.
 * The values are json-c's, made again with its constructors as its parser
 * makes them: an integer as a varint (signed ones zigzagged), or as its
 * digits (length, bytes) when past 64 bits (SPEC 24), a double as
 * its 8 bytes and the text it was read from (which json-c keeps, and
 * extract.c and pylit.c read), a string as its length and bytes, an array
 * as its length and values, an object as its length, and keys (length,
 * bytes, NUL) with values; inside them a value begins with its kind. A B
 * event of the hostile kind ({"ph":"B","cat":"cpu_op","name":"op","pid":1,
 * "tid":5,"ts":123456}, 67 bytes) becomes 21, where json-c took 2 KB. */
enum member { CAT, NAME, PID, TID, TS, ARGS, MEMBERS };
static const char *const member_key[MEMBERS] = { "cat", "name", "pid", "tid", "ts", "args" };
enum kind {
	KIND_NULL, KIND_FALSE, KIND_TRUE, KIND_INT, KIND_UINT, KIND_DOUBLE, KIND_NUMBER, KIND_STRING, KIND_ARRAY, KIND_OBJECT,
	KIND_DIGITS /* an integer past 64 bits */
};
#define MEMBER(member) ((guint8)((member) << 4)) /* or'd with the kind */
#define END 0xFF

/* Each thread's open B events are a stack of entries in one buffer: B's
 * index (a varint), its record, then the length of both, written backwards
 * (the last byte holds the lowest seven bits, 0x80 when more come before
 * it), so that the last entry is found from the end. */
struct stack {
	guint8 *data;
	gsize len, size;
};

struct pairs {
	GPtrArray *open; /* per thread: struct stack */
};

static guint varint(guint8 bytes[10], guint64 n)
{
	guint len = 0;
	do {
		bytes[len++] = (guint8)((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
		n >>= 7;
	} while (n);
	return len;
}

static guint64 get_varint(const guint8 **p)
{
	guint64 n = 0;
	guint8 byte;
	int shift = 0;
	do {
		byte = *(*p)++;
		n |= (guint64)(byte & 0x7f) << shift;
		shift += 7;
	} while (byte & 0x80);
	return n;
}

static guint backward(guint8 bytes[10], gsize n)
{
	guint8 groups[10];
	guint len = 0;
	do {
		groups[len++] = n & 0x7f;
		n >>= 7;
	} while (n);
	for (guint i = 0; i < len; i++) /* the highest group first */
		bytes[len - 1 - i] = (guint8)(groups[i] | (i + 1 < len ? 0x80 : 0));
	return len;
}

/* The start of the entry that ends at END, whose length is written backwards just before it. */
static const guint8 *entry_start(const guint8 *end)
{
	gsize n = 0;
	int shift = 0;
	const guint8 *p = end;
	guint8 byte;
	do {
		byte = *--p;
		n |= (gsize)(byte & 0x7f) << shift;
		shift += 7;
	} while (byte & 0x80);
	return p - n;
}

static void put_varint(GByteArray *out, guint64 n)
{
	guint8 bytes[10];
	g_byte_array_append(out, bytes, varint(bytes, n));
}

/* Grows by half: a stack of a million entries wastes less than doubling would. */
static void stack_append(struct stack *stack, const guint8 *bytes, gsize len)
{
	if (stack->size - stack->len < len) {
		stack->size = MAX(stack->len + len, MAX(stack->size + stack->size / 2, 256));
		stack->data = g_realloc(stack->data, stack->size);
	}
	memcpy(stack->data + stack->len, bytes, len);
	stack->len += len;
}

static void put_bytes(GByteArray *out, const void *bytes, gsize len)
{
	g_byte_array_append(out, bytes, (guint)len);
}

static void put_text(GByteArray *out, const char *text, gsize len, gboolean nul)
{
	put_varint(out, len);
	put_bytes(out, text, len + nul);
}

/* VALUE, its kind or'd into TAG (a member's, or 0 inside a value). */
static void put_value(GByteArray *out, guint8 tag, json_object *value)
{
	enum kind kind = KIND_NULL;
	switch (json_object_get_type(value)) {
	case json_type_null:
		break;
	case json_type_boolean:
		kind = json_object_get_boolean(value) ? KIND_TRUE : KIND_FALSE;
		break;
	case json_type_int: /* json-c keeps those above INT64_MAX as uint64 */
		kind = KIND_INT;
		if (json_object_get_int64(value) == G_MAXINT64 && json_object_get_uint64(value) > G_MAXINT64)
			kind = KIND_UINT;
		if (json_digits(value))
			kind = KIND_DIGITS;
		break;
	case json_type_double:
		kind = json_object_get_userdata(value) ? KIND_NUMBER : KIND_DOUBLE; /* NaN, Infinity: no text */
		break;
	case json_type_string:
		kind = KIND_STRING;
		break;
	case json_type_array:
		kind = KIND_ARRAY;
		break;
	case json_type_object:
		kind = KIND_OBJECT;
		break;
	}
	tag |= kind;
	g_byte_array_append(out, &tag, 1);
	switch (kind) {
	case KIND_NULL:
	case KIND_FALSE:
	case KIND_TRUE:
		break;
	case KIND_INT: {
		gint64 number = json_object_get_int64(value);
		put_varint(out, number < 0 ? ~((guint64)number << 1) : (guint64)number << 1);
		break;
	}
	case KIND_UINT:
		put_varint(out, json_object_get_uint64(value));
		break;
	case KIND_DOUBLE:
	case KIND_NUMBER: {
		double number = json_object_get_double(value);
		put_bytes(out, &number, sizeof number);
		if (kind == KIND_NUMBER) {
			const char *text = json_object_get_userdata(value);
			put_text(out, text, strlen(text), TRUE);
		}
		break;
	}
	case KIND_STRING:
		put_text(out, json_object_get_string(value), (gsize)json_object_get_string_len(value), FALSE);
		break;
	case KIND_DIGITS:
		put_text(out, json_digits(value), strlen(json_digits(value)), FALSE);
		break;
	case KIND_ARRAY: {
		size_t length = json_object_array_length(value);
		put_varint(out, length);
		for (size_t i = 0; i < length; i++)
			put_value(out, 0, json_object_array_get_idx(value, i));
		break;
	}
	case KIND_OBJECT:
		put_varint(out, (guint64)json_object_object_length(value));
		json_object_object_foreach(value, key, member) {
			put_text(out, key, strlen(key), TRUE);
			put_value(out, 0, member);
		}
		break;
	}
}

void pair_record(GByteArray *records, json_object *event, char phase)
{
	json_object *found[MEMBERS] = { NULL };
	int first = phase == 'B' ? CAT : TS;
	json_object_object_foreach(event, key, value) /* the last of a key, as extract.c's gather_fields */
		for (int m = first; m < MEMBERS; m++)
			if (strcmp(key, member_key[m]) == 0)
				found[m] = value;
	for (int m = first; m < MEMBERS; m++)
		if (found[m])
			put_value(records, MEMBER(m), found[m]);
	guint8 end = END;
	g_byte_array_append(records, &end, 1);
}

void pair_record_pending(GByteArray *records, GArray *pending, guint first)
{
	for (guint i = first; i < pending->len; i++) {
		struct pending_event *p = &g_array_index(pending, struct pending_event, i);
		pair_record(records, p->event, p->phase);
		json_object_put(p->event);
		p->event = NULL;
	}
}

/* Past the value of KIND at P. */
static const guint8 *skip_value(const guint8 *p, enum kind kind)
{
	switch (kind) {
	case KIND_NULL:
	case KIND_FALSE:
	case KIND_TRUE:
		return p;
	case KIND_INT:
	case KIND_UINT:
		get_varint(&p);
		return p;
	case KIND_DOUBLE:
		return p + sizeof(double);
	case KIND_NUMBER:
		p += sizeof(double);
		/* fall through */
	case KIND_STRING:
	case KIND_DIGITS: {
		guint64 len = get_varint(&p);
		return p + len + (kind == KIND_NUMBER);
	}
	case KIND_ARRAY:
	case KIND_OBJECT:
		for (guint64 n = get_varint(&p); n; n--) {
			if (kind == KIND_OBJECT)
				p += get_varint(&p) + 1;
			guint8 inner = *p++;
			p = skip_value(p, inner);
		}
		return p;
	}
	g_assert_not_reached();
}

/* Past the record at P. */
static const guint8 *skip_record(const guint8 *p)
{
	for (guint8 tag; (tag = *p++) != END;)
		p = skip_value(p, tag & 0xF);
	return p;
}

static json_object *made(json_object *value)
{
	return FAULT_CHECK(value);
}

/* The value of KIND at *P, made again (NULL for a JSON null); *P moves past it. */
static json_object *value_of(const guint8 **p, enum kind kind)
{
	double number;
	guint64 n;
	switch (kind) {
	case KIND_NULL:
		return NULL;
	case KIND_FALSE:
	case KIND_TRUE:
		return made(json_object_new_boolean(kind == KIND_TRUE));
	case KIND_INT:
		n = get_varint(p);
		return made(json_object_new_int64(n & 1 ? (gint64)~(n >> 1) : (gint64)(n >> 1)));
	case KIND_UINT:
		return made(json_object_new_uint64(get_varint(p)));
	case KIND_DOUBLE:
	case KIND_NUMBER:
		memcpy(&number, *p, sizeof number);
		*p += sizeof number;
		if (kind == KIND_DOUBLE)
			return made(json_object_new_double(number));
		n = get_varint(p);
		*p += n + 1;
		return made(json_object_new_double_s(number, (const char *)*p - n - 1));
	case KIND_STRING:
		n = get_varint(p);
		*p += n;
		return made(json_object_new_string_len((const char *)*p - n, (int)n));
	case KIND_DIGITS:
		n = get_varint(p);
		*p += n;
		return json_digits_new((const char *)*p - n, n);
	case KIND_ARRAY: {
		json_object *array = made(json_object_new_array());
		for (n = get_varint(p); n; n--) {
			guint8 inner = *(*p)++;
			if (json_object_array_add(array, value_of(p, inner)) != 0)
				fault_out_of_memory();
		}
		return array;
	}
	case KIND_OBJECT: {
		json_object *object = made(json_object_new_object());
		for (n = get_varint(p); n; n--) {
			guint64 len = get_varint(p);
			const char *key = (const char *)*p;
			*p += len + 1;
			guint8 inner = *(*p)++;
			if (json_object_object_add_ex(object, key, value_of(p, inner), JSON_C_OBJECT_ADD_KEY_IS_NEW) != 0)
				fault_out_of_memory();
		}
		return object;
	}
	}
	g_assert_not_reached();
}

/* The event of the record at *P, owned by the caller; *P moves past it. */
static json_object *event_of(const guint8 **p)
{
	json_object *event = made(json_object_new_object());
	for (guint8 tag; (tag = *(*p)++) != END;)
		if (json_object_object_add_ex(event, member_key[tag >> 4], value_of(p, tag & 0xF),
					      JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_KEY_IS_CONSTANT) != 0)
			fault_out_of_memory();
	return event;
}

static void stack_free(gpointer data)
{
	struct stack *stack = data;
	g_free(stack->data);
	g_free(stack);
}

struct pairs *pairs_new(void)
{
	struct pairs *pairs = g_new0(struct pairs, 1);
	pairs->open = g_ptr_array_new_with_free_func(stack_free);
	return pairs;
}

void pairs_free(struct pairs *pairs)
{
	if (!pairs)
		return;
	g_ptr_array_free(pairs->open, TRUE);
	g_free(pairs);
}

static struct stack *stack_of(struct pairs *pairs, guint32 thread)
{
	while (pairs->open->len <= thread)
		g_ptr_array_add(pairs->open, g_new0(struct stack, 1));
	return g_ptr_array_index(pairs->open, thread);
}

/* B's args updated with E's, as Python's dict.update does. */
static json_object *merged_args(json_object *begin, json_object *end)
{
	json_object *args = json_member(begin, "args"), *more = json_member(end, "args");
	if (!json_object_is_type(args, json_type_object) || !json_object_is_type(more, json_type_object))
		return more ? more : args;
	json_object_object_foreach(more, key, value)
		if (json_object_object_add(args, key, json_object_get(value)) != 0)
			fault_out_of_memory();
	return args;
}

void pairs_take(struct pairs *pairs, struct extractor *x, const struct pending_event *event, const guint8 **record,
		guint32 thread)
{
	struct stack *stack = stack_of(pairs, thread);
	const guint8 *start = *record;
	*record = skip_record(start);
	if (event->phase == 'B') {
		guint8 bytes[10];
		guint n = varint(bytes, (guint64)event->index);
		stack_append(stack, bytes, n);
		stack_append(stack, start, (gsize)(*record - start));
		n = backward(bytes, n + (gsize)(*record - start));
		stack_append(stack, bytes, n);
	} else if (!stack->len) {
		read_stats_note_skip(&x->out->stats, event->index, SKIP_UNMATCHED_E);
	} else {
		const guint8 *entry = entry_start(stack->data + stack->len);
		stack->len = (gsize)(entry - stack->data); /* the bytes stay until the next B */
		gint64 index = (gint64)get_varint(&entry);
		json_object *begin = event_of(&entry), *end = event_of(&start);
		extract_complete(x, begin, end, merged_args(begin, end), index);
		json_object_put(begin);
		json_object_put(end);
	}
}

void pairs_count_unmatched(struct pairs *pairs, struct read_stats *stats)
{
	for (guint t = 0; t < pairs->open->len; t++) {
		struct stack *stack = g_ptr_array_index(pairs->open, t);
		while (stack->len) {
			const guint8 *entry = entry_start(stack->data + stack->len);
			stack->len = (gsize)(entry - stack->data);
			read_stats_note_skip(stats, (gint64)get_varint(&entry), SKIP_UNMATCHED_B);
		}
	}
}
