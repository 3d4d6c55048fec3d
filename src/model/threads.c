#include "model/threads.h"
#include "util/json_text.h"
#include "util/fault.h"
#include "util/pylit.h"
#include <string.h>

/* A thread is two items, its pid's and its tid's, in one buffer for all. A
 * pid or tid written as a number below 2^64 in plain decimal (no sign, no
 * leading zero: "7" and 7 alike) is the tag NUMBER_TAG + n - 1 and the
 * number in n little-endian bytes (n from 1 to 8); any other is its text
 * and a NUL, a NUL character within it written NUL 0xFF. Neither the tags
 * nor 0xFF are bytes of valid UTF-8: items are one to one with the texts,
 * and the pid and tid read as C strings up to their first NUL character. */
#define NUMBER_TAG 0xF5
#define ESCAPED_NUL 0xFF
#define MIN_SLOTS 64
#define SPARSE_SHIFT 4 /* sparse: the start of every 16th thread only, the others found from it */
#define DENSE_MAX 65536 /* past as many threads, sparse even while adding */

struct threads {
	char *text;
	gsize text_len, text_room;
	/* dense: where thread T's text starts, count + 1 entries, the last the
	 * end of the text (at most DENSE_MAX + 1 of them: 8 bytes each is little) */
	guint64 *start;
	gsize start_room;
	guint64 *sparse; /* in place of those past dense_max threads, and after threads_trim */
	gsize sparse_room;
	guint32 dense_max;
	guint32 count;
	/* the index: open addressing, linear probing, thread + 1 (0: free) in
	 * each slot, at most 7 in 10 of them taken; NULL after threads_trim */
	guint32 *slots;
	guint32 slot_count;
	/* threads_add()'s last pid and tid as given (LAST_PID_LEN then
	 * LAST_TID_LEN bytes) and their thread: a run of events of one thread,
	 * the common case, costs a compare; none after threads_clear() */
	char *last;
	gsize last_pid_len, last_tid_len, last_room;
	guint32 last_thread;
	gboolean has_last;
};

static guint item_number_bytes(guchar tag)
{
	return tag >= NUMBER_TAG && tag < NUMBER_TAG + 8 ? tag - NUMBER_TAG + 1 : 0;
}

/* Past the item at P. */
static const char *skip_item(const struct threads *t, const char *p)
{
	guint n = item_number_bytes((guchar)*p);
	if (n)
		return p + 1 + n;
	const char *end = t->text + t->text_len;
	for (;;) {
		p += strlen(p);
		if (p + 1 == end || (guchar)p[1] != ESCAPED_NUL)
			return p + 1;
		p += 2; /* a NUL character within */
	}
}

static gsize start_of(const struct threads *t, guint32 thread)
{
	if (!t->sparse)
		return t->start[thread];
	const char *p = t->text + t->sparse[thread >> SPARSE_SHIFT];
	for (guint32 skip = thread & ((1u << SPARSE_SHIFT) - 1); skip; skip--)
		p = skip_item(t, skip_item(t, p));
	return p - t->text;
}

/* Where THREAD's items start, and their length. */
static gsize span_of(const struct threads *t, guint32 thread, gsize *len)
{
	gsize start = start_of(t, thread);
	if (t->sparse)
		*len = skip_item(t, skip_item(t, t->text + start)) - (t->text + start);
	else
		*len = start_of(t, thread + 1) - start;
	return start;
}

/* The starts of every 16th thread, from the dense ones. */
static void make_sparse(struct threads *t)
{
	gsize room = (t->count >> SPARSE_SHIFT) + 1;
	guint64 *sparse = g_new(guint64, room);
	for (guint32 i = 0; i < room; i++)
		sparse[i] = start_of(t, i << SPARSE_SHIFT);
	t->sparse = sparse;
	t->sparse_room = room;
	g_clear_pointer(&t->start, g_free);
	t->start_room = 0;
}

static void set_start(struct threads *t, guint32 thread, gsize start)
{
	if (t->sparse) {
		if (thread & ((1u << SPARSE_SHIFT) - 1))
			return;
		if ((thread >> SPARSE_SHIFT) >= t->sparse_room) {
			t->sparse_room *= 2;
			t->sparse = g_renew(guint64, t->sparse, t->sparse_room);
		}
		t->sparse[thread >> SPARSE_SHIFT] = start;
		return;
	}
	if (thread >= t->start_room) {
		t->start_room = MAX(t->start_room * 2, 16);
		t->start = g_renew(guint64, t->start, t->start_room);
	}
	t->start[thread] = start;
	if (thread > t->dense_max) { /* many threads: 8 bytes each is too much */
		make_sparse(t);
		set_start(t, thread, start);
	}
}

struct threads *threads_new(void)
{
	struct threads *t = g_new0(struct threads, 1);
	t->dense_max = DENSE_MAX;
	set_start(t, 0, 0);
	return t;
}

void threads_sparse_past(struct threads *t, guint32 count)
{
	t->dense_max = count;
}

void threads_free(struct threads *t)
{
	if (!t)
		return;
	g_free(t->text);
	g_free(t->start);
	g_free(t->sparse);
	g_free(t->slots);
	g_free(t->last);
	g_free(t);
}

void threads_clear(struct threads *t)
{
	g_clear_pointer(&t->sparse, g_free);
	t->count = 0;
	t->text_len = 0;
	t->has_last = FALSE;
	set_start(t, 0, 0);
	if (t->slots)
		memset(t->slots, 0, (gsize)t->slot_count * sizeof *t->slots);
}

guint32 threads_count(const struct threads *t)
{
	return t->count;
}

/* The item at P as a C string: a number written into BUF. */
static const char *item_text(const char *p, char buf[THREADS_NUMBER_MAX])
{
	guint n = item_number_bytes((guchar)*p);
	if (!n)
		return p;
	guint64 number = 0;
	for (guint k = n; k-- > 0;)
		number = number << 8 | (guchar)p[1 + k];
	g_snprintf(buf, THREADS_NUMBER_MAX, "%" G_GUINT64_FORMAT, number);
	return buf;
}

const char *threads_pid(const struct threads *t, guint32 thread, char buf[THREADS_NUMBER_MAX])
{
	return item_text(t->text + start_of(t, thread), buf);
}

const char *threads_tid(const struct threads *t, guint32 thread, char buf[THREADS_NUMBER_MAX])
{
	return item_text(skip_item(t, t->text + start_of(t, thread)), buf);
}

static void append(struct threads *t, const char *bytes, gsize len)
{
	if (!len)
		return;
	if (len > t->text_room - t->text_len) {
		t->text_room = MAX(MAX(t->text_room * 2, t->text_len + len), 256);
		t->text = g_realloc(t->text, t->text_room);
	}
	memcpy(t->text + t->text_len, bytes, len);
	t->text_len += len;
}

static void append_number(struct threads *t, guint64 number)
{
	guchar item[9];
	guint n = 1;
	while (n < 8 && number >> (8 * n))
		n++;
	item[0] = (guchar)(NUMBER_TAG + n - 1);
	for (guint k = 0; k < n; k++)
		item[1 + k] = (guchar)(number >> (8 * k));
	append(t, (const char *)item, n + 1);
}

/* TEXT's item: a number in plain decimal below 2^64 as one; else the text,
 * its NUL characters escaped, and the NUL that ends it. */
static void append_item(struct threads *t, const char *text, gsize len)
{
	guint64 number = 0;
	gsize digits = 0;
	while (digits < len && digits < 20 && g_ascii_isdigit(text[digits]) &&
	       number <= (G_MAXUINT64 - (guint)(text[digits] - '0')) / 10)
		number = number * 10 + (guint)(text[digits++] - '0');
	if (digits && digits == len && (text[0] != '0' || len == 1)) {
		append_number(t, number);
		return;
	}
	g_assert(len == 0 || !item_number_bytes((guchar)text[0])); /* valid UTF-8 never begins so */
	const char *end = text + len;
	const char *nul;
	while ((nul = len ? memchr(text, 0, end - text) : NULL)) {
		append(t, text, nul - text);
		append(t, "\0\xff", 2);
		len = end - (text = nul + 1);
	}
	append(t, text, len);
	append(t, "", 1);
}

/* FNV-1a, then murmur3's finalizer: numbers that differ in one digit land apart. */
static guint32 hash_text(const char *text, gsize len)
{
	guint32 h = 2166136261u;
	for (gsize i = 0; i < len; i++)
		h = (h ^ (guchar)text[i]) * 16777619u;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	return h ^ (h >> 16);
}

/* A hash's slot, for any number of slots (Lemire's multiply and shift). */
static guint32 slot_of(const struct threads *t, guint32 hash)
{
	return (guint32)(((guint64)hash * t->slot_count) >> 32);
}

/* The index with room for COUNT threads and as many again, each of them in
 * it: twice as many slots as threads, built again at 7 slots in 10 taken,
 * for 5.7 to 8 bytes a thread. */
static void build_index(struct threads *t, guint32 count)
{
	guint64 slots = MAX((guint64)count * 2, MIN_SLOTS);
	if (slots > G_MAXUINT32)
		fault_out_of_memory();
	g_free(t->slots);
	t->slots = g_new0(guint32, slots);
	t->slot_count = (guint32)slots;
	const char *p = t->text;
	for (guint32 thread = 0; thread < t->count; thread++) {
		const char *next = skip_item(t, skip_item(t, p));
		guint32 i = slot_of(t, hash_text(p, next - p));
		while (t->slots[i])
			i = i + 1 == t->slot_count ? 0 : i + 1;
		t->slots[i] = thread + 1;
		p = next;
	}
}

static void dense(struct threads *t);

/* The thread whose items were appended from byte FROM on: an old one (the
 * text taken back), or a new one. */
static guint32 settle(struct threads *t, gsize from)
{
	if (t->sparse && t->count <= t->dense_max)
		dense(t);
	if (!t->slots || (guint64)t->count * 10 >= (guint64)t->slot_count * 7)
		build_index(t, t->count + 1);
	const char *text = t->text + from;
	gsize len = t->text_len - from;
	guint32 i = slot_of(t, hash_text(text, len));
	for (; t->slots[i]; i = i + 1 == t->slot_count ? 0 : i + 1) {
		guint32 thread = t->slots[i] - 1;
		gsize other, start = span_of(t, thread, &other);
		if (other == len && memcmp(t->text + start, text, len) == 0) {
			t->text_len = from;
			return thread;
		}
	}
	if (t->count == G_MAXUINT32 - 1) /* numbers are 32 bits, and so are the slots */
		fault_out_of_memory();
	t->slots[i] = ++t->count;
	set_start(t, t->count, t->text_len);
	return t->count - 1;
}

guint32 threads_add(struct threads *t, const char *pid, gsize pid_len, const char *tid, gsize tid_len)
{
	if (t->has_last && t->last_pid_len == pid_len && t->last_tid_len == tid_len &&
	    memcmp(t->last, pid, pid_len) == 0 && memcmp(t->last + pid_len, tid, tid_len) == 0)
		return t->last_thread;
	gsize from = t->text_len;
	append_item(t, pid, pid_len);
	append_item(t, tid, tid_len);
	guint32 thread = settle(t, from);
	if (!t->last || pid_len + tid_len > t->last_room) {
		t->last_room = MAX(pid_len + tid_len, 64);
		t->last = g_realloc(t->last, t->last_room);
	}
	memcpy(t->last, pid, pid_len);
	memcpy(t->last + pid_len, tid, tid_len);
	t->last_pid_len = pid_len, t->last_tid_len = tid_len;
	t->last_thread = thread;
	t->has_last = TRUE;
	return thread;
}

guint32 threads_add_json(struct threads *t, json_object *pid, json_object *tid, struct names *names, gint64 *replaced)
{
	json_object *value[2] = { pid, tid };
	gsize from = t->text_len;
	for (int i = 0; i < 2; i++) {
		gint64 number; /* the common case, a number: no text made */
		if (json_object_is_type(value[i], json_type_int) && (number = json_object_get_int64(value[i])) >= 0 &&
		    number < G_MAXINT64) {
			append_number(t, (guint64)number);
			continue;
		}
		char digits[24];
		gsize len;
		const char *text = json_text(value[i], digits, &len);
		if (!pylit_utf8_valid(text, len)) { /* seldom: names keep its replacement */
			const struct name *clean = names_intern(names, text, len, replaced);
			text = clean->text;
			len = clean->len;
		}
		append_item(t, text, len);
	}
	return settle(t, from);
}

guint32 threads_add_from(struct threads *into, const struct threads *from, guint32 thread)
{
	gsize len, start = span_of(from, thread, &len), at = into->text_len;
	append(into, from->text + start, len);
	return settle(into, at);
}

/* Every thread's start again, as while adding. */
static void dense(struct threads *t)
{
	g_clear_pointer(&t->sparse, g_free);
	t->start_room = 0;
	const char *p = t->text;
	for (guint32 thread = 0; thread < t->count; thread++) {
		set_start(t, thread, p - t->text);
		p = skip_item(t, skip_item(t, p));
	}
	set_start(t, t->count, p - t->text); /* (text being added may follow) */
}

void threads_trim(struct threads *t)
{
	g_clear_pointer(&t->slots, g_free);
	t->slot_count = 0;
	if (!t->sparse)
		make_sparse(t);
	t->text_room = MAX(t->text_len, 1);
	t->text = g_realloc(t->text, t->text_room);
}
