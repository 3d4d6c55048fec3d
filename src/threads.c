#include "threads.h"
#include "extract.h"
#include "fault.h"
#include "pylit.h"
#include <string.h>

/* A thread's text is its pid, a NUL, its tid, a NUL, in one buffer for all.
 * A NUL character within a pid or tid is written NUL 0xFF, a byte that valid
 * UTF-8 never holds: the text stays one to one with the pair, and the pid
 * and tid read as C strings up to their first NUL character. */
#define ESCAPED_NUL 0xFF
#define MIN_SLOTS 64
#define SPARSE_SHIFT 4 /* trimmed: the start of every 16th thread only, the others found from it */

struct threads {
	char *text;
	gsize text_len, text_room;
	/* where thread T's text starts: count + 1 entries, the last the end of
	 * the text; 4 bytes each until the text passes 4 GiB, then 8 */
	guint32 *start32;
	guint64 *start64;
	gsize start_room;
	gsize wide_at; /* G_MAXUINT32, or less for tests */
	guint64 *sparse; /* in place of those after threads_trim */
	guint32 count;
	/* the index: open addressing, linear probing, thread + 1 (0: free) in
	 * each slot, half of them free at least; NULL after threads_trim */
	guint32 *slots;
	guint32 slot_mask;
};

/* Past the NUL that ends the pid or tid at P. */
static const char *skip_text(const struct threads *t, const char *p)
{
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
		return t->start64 ? t->start64[thread] : t->start32[thread];
	const char *p = t->text + t->sparse[thread >> SPARSE_SHIFT];
	for (guint32 skip = thread & ((1u << SPARSE_SHIFT) - 1); skip; skip--)
		p = skip_text(t, skip_text(t, p));
	return p - t->text;
}

/* Where THREAD's text starts, and its length. */
static gsize span_of(const struct threads *t, guint32 thread, gsize *len)
{
	gsize start = start_of(t, thread);
	if (t->sparse)
		*len = skip_text(t, skip_text(t, t->text + start)) - (t->text + start);
	else
		*len = start_of(t, thread + 1) - start;
	return start;
}

static void set_start(struct threads *t, guint32 thread, gsize start)
{
	if (thread >= t->start_room) {
		t->start_room = MAX(t->start_room * 2, 16);
		if (t->start64)
			t->start64 = g_renew(guint64, t->start64, t->start_room);
		else
			t->start32 = g_renew(guint32, t->start32, t->start_room);
	}
	if (!t->start64 && start > t->wide_at) { /* 4 GiB of text: offsets of 8 bytes from now on */
		t->start64 = g_new(guint64, t->start_room);
		for (guint32 i = 0; i < thread; i++)
			t->start64[i] = t->start32[i];
		g_clear_pointer(&t->start32, g_free);
	}
	if (t->start64)
		t->start64[thread] = start;
	else
		t->start32[thread] = (guint32)start;
}

struct threads *threads_new(void)
{
	struct threads *t = g_new0(struct threads, 1);
	t->wide_at = G_MAXUINT32;
	set_start(t, 0, 0);
	return t;
}

void threads_widen_at(struct threads *t, gsize bytes)
{
	t->wide_at = MIN(bytes, G_MAXUINT32);
}

void threads_free(struct threads *t)
{
	if (!t)
		return;
	g_free(t->text);
	g_free(t->start32);
	g_free(t->start64);
	g_free(t->sparse);
	g_free(t->slots);
	g_free(t);
}

void threads_clear(struct threads *t)
{
	g_clear_pointer(&t->sparse, g_free);
	t->count = 0;
	t->text_len = 0;
	set_start(t, 0, 0);
	if (t->slots)
		memset(t->slots, 0, ((gsize)t->slot_mask + 1) * sizeof *t->slots);
}

guint32 threads_count(const struct threads *t)
{
	return t->count;
}

const char *threads_pid(const struct threads *t, guint32 thread)
{
	return t->text + start_of(t, thread);
}

const char *threads_tid(const struct threads *t, guint32 thread)
{
	return skip_text(t, threads_pid(t, thread));
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

/* TEXT, its NUL characters escaped, and the NUL that ends it. */
static void append_escaped(struct threads *t, const char *text, gsize len)
{
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

/* The index with room for more than COUNT threads, each of them in it. */
static void build_index(struct threads *t, guint32 count)
{
	gsize slots = MIN_SLOTS;
	while (slots / 2 <= count)
		slots *= 2;
	g_free(t->slots);
	t->slots = g_new0(guint32, slots);
	t->slot_mask = (guint32)(slots - 1);
	for (guint32 thread = 0; thread < t->count; thread++) {
		gsize len, start = span_of(t, thread, &len);
		guint32 i = hash_text(t->text + start, len) & t->slot_mask;
		while (t->slots[i])
			i = (i + 1) & t->slot_mask;
		t->slots[i] = thread + 1;
	}
}

static void dense(struct threads *t);

/* The thread whose text was appended from byte FROM on: an old one (the text
 * taken back), or a new one. */
static guint32 settle(struct threads *t, gsize from)
{
	if (t->sparse)
		dense(t);
	if (!t->slots || t->count >= (t->slot_mask + 1) / 2)
		build_index(t, t->count + 1);
	const char *text = t->text + from;
	gsize len = t->text_len - from;
	guint32 i = hash_text(text, len) & t->slot_mask;
	for (; t->slots[i]; i = (i + 1) & t->slot_mask) {
		guint32 thread = t->slots[i] - 1;
		gsize start = start_of(t, thread);
		if (start_of(t, thread + 1) - start == len && memcmp(t->text + start, text, len) == 0) {
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
	gsize from = t->text_len;
	append_escaped(t, pid, pid_len);
	append_escaped(t, tid, tid_len);
	return settle(t, from);
}

guint32 threads_add_json(struct threads *t, json_object *pid, json_object *tid, struct names *names, gint64 *replaced)
{
	json_object *value[2] = { pid, tid };
	char digits[2][24];
	const char *text[2];
	gsize len[2];
	for (int i = 0; i < 2; i++) {
		text[i] = json_text(value[i], digits[i], &len[i]);
		if (!pylit_utf8_valid(text[i], len[i])) { /* seldom: names keep its replacement */
			const struct name *clean = names_intern(names, text[i], len[i], replaced);
			text[i] = clean->text;
			len[i] = clean->len;
		}
	}
	return threads_add(t, text[0], len[0], text[1], len[1]);
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
		p = skip_text(t, skip_text(t, p));
	}
	set_start(t, t->count, p - t->text); /* (text being added may follow) */
}

void threads_trim(struct threads *t)
{
	g_clear_pointer(&t->slots, g_free);
	t->slot_mask = 0;
	if (!t->sparse) {
		guint32 every = (t->count >> SPARSE_SHIFT) + 1;
		guint64 *sparse = g_new(guint64, every);
		for (guint32 i = 0; i < every; i++)
			sparse[i] = start_of(t, i << SPARSE_SHIFT);
		g_clear_pointer(&t->start32, g_free);
		g_clear_pointer(&t->start64, g_free);
		t->start_room = 0;
		t->sparse = sparse;
	}
	t->text_room = MAX(t->text_len, 1);
	t->text = g_realloc(t->text, t->text_room);
}
