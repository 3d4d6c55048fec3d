#include "sinks/table_names.h"
#include <string.h>
#include "util/short_name.h"

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026, one character */
#define ELLIPSIS_BYTES 3
#define INDENT_KEPT 3 /* an indentation stays when this many characters of the name remain beside it */
#define TABLE_END_SHARE 3 /* a name that keeps its start keeps at least 1/3 of the room for its end */
#define HASH_MOD ((G_GUINT64_CONSTANT(1) << 61) - 1) /* a prime: hashes are polynomials modulo it */

/* A cell noted: its text (no NUL within), and its form once decided. */
struct noted {
	gsize len;
	guint chars;
	char *form; /* at the width decided; NULL: shown whole (or not decided) */
	char text[];
};

struct table_names {
	GHashTable *cells; /* text -> struct noted * (owned; the key is its text) */
	GPtrArray *order;  /* the cells, in the order they first came */
	guint width;       /* decided; 0: not yet */
};

guint table_text_width(const char *text, gsize len)
{
	return (guint)g_utf8_strlen(text, (gssize)len);
}

/* The first byte of the last K characters of TEXT (LEN bytes of valid UTF-8
 * that hold at least K characters): K characters are read, no more. */
static const char *last_chars(const char *text, gsize len, guint k)
{
	const char *p = text + len;
	for (; k && p > text; k--)
		do
			p--;
		while (p > text && ((guchar)*p & 0xc0) == 0x80);
	return p;
}

/* Appends REST (LEN bytes, CHARS characters) in ROOM characters: whole when
 * it fits, else its first HEAD (< ROOM), "…" and its end. Only the
 * characters shown are read. */
static void shorten(GString *out, const char *rest, gsize len, guint chars, guint room, guint head)
{
	if (chars <= room) {
		g_string_append_len(out, rest, (gssize)len);
		return;
	}
	if (room == 0)
		return;
	head = MIN(head, room - 1);
	const char *tail = last_chars(rest, len, room - 1 - head);
	g_string_append_len(out, rest, g_utf8_offset_to_pointer(rest, head) - rest);
	g_string_append(out, ELLIPSIS);
	g_string_append_len(out, tail, rest + len - tail);
}

void table_shorten(GString *out, const char *text, gsize len, guint width, guint head)
{
	shorten(out, text, len, table_text_width(text, len), width, head);
}

struct table_names *table_names_new(void)
{
	struct table_names *names = g_new0(struct table_names, 1);
	names->cells = g_hash_table_new(g_str_hash, g_str_equal);
	names->order = g_ptr_array_new();
	return names;
}

static void noted_free(gpointer data)
{
	struct noted *cell = data;
	g_free(cell->form);
	g_free(cell);
}

void table_names_free(struct table_names *names)
{
	if (!names)
		return;
	g_hash_table_destroy(names->cells);
	g_ptr_array_set_free_func(names->order, noted_free);
	g_ptr_array_free(names->order, TRUE);
	g_free(names);
}

void table_names_add(struct table_names *names, const char *cell, gsize len)
{
	guint chars = table_text_width(cell, len);
	if (chars <= TABLE_NAME_MIN && !g_strstr_len(cell, (gssize)len, ELLIPSIS))
		return; /* never shortened, and like no form */
	g_autofree char *key = g_strndup(cell, len); /* a cell holds no NUL (src/util/visible.h) */
	if (g_hash_table_contains(names->cells, key))
		return;
	struct noted *noted = g_malloc(sizeof *noted + len + 1); /* the text once, as long as it is */
	noted->len = len;
	noted->chars = chars;
	noted->form = NULL;
	memcpy(noted->text, cell, len + 1);
	g_hash_table_insert(names->cells, noted->text, noted);
	g_ptr_array_add(names->order, noted);
}

/* The spaces of CELL's indentation that stay at WIDTH: none when too deep. */
static guint indent_of(const struct noted *cell, guint width)
{
	guint indent = (guint)strspn(cell->text, " ");
	return indent + INDENT_KEPT > width ? 0 : indent;
}

/* CELL at WIDTH with HEAD characters of its start (after its indentation),
 * ending in TAG (NULL: none). */
static char *form_of(const struct noted *cell, guint width, guint head, const char *tag)
{
	GString *form = g_string_new(NULL);
	guint indent = indent_of(cell, width);
	g_string_append_len(form, cell->text, indent);
	guint tag_width = tag ? (guint)strlen(tag) : 0;
	guint room = width - indent > tag_width ? width - indent - tag_width : 1;
	shorten(form, cell->text + indent, cell->len - indent, cell->chars - indent, room, head);
	if (tag)
		g_string_append(form, tag);
	return g_string_free(form, FALSE);
}

/* ---- the forms given: a set of strings, with their hashes to rule out most at once ---- */

struct decision {
	guint width;
	GHashTable *taken;  /* the forms given and the cells shown whole (owned) */
	GHashTable *hashes; /* their hashes (guint64 *, owned) */
	guint64 base;       /* of the hashes: drawn for the run, so that no input is made to collide */
	GArray *powers;     /* base^k */
};

static guint64 mod_mul(guint64 a, guint64 b)
{
	unsigned __int128 product = (unsigned __int128)a * b;
	guint64 folded = (guint64)(product & HASH_MOD) + (guint64)(product >> 61);
	folded = (folded & HASH_MOD) + (folded >> 61);
	return folded >= HASH_MOD ? folded - HASH_MOD : folded;
}

static guint64 mod_add(guint64 a, guint64 b)
{
	guint64 sum = a + b;
	return sum >= HASH_MOD ? sum - HASH_MOD : sum;
}

static guint64 power(struct decision *d, gsize k)
{
	while (d->powers->len <= k) {
		guint64 next = mod_mul(g_array_index(d->powers, guint64, d->powers->len - 1), d->base);
		g_array_append_val(d->powers, next);
	}
	return g_array_index(d->powers, guint64, k);
}

/* The hash of LEN bytes of TEXT following HASH: the hash of both. */
static guint64 hash_more(struct decision *d, guint64 hash, const char *text, gsize len)
{
	for (gsize i = 0; i < len; i++)
		hash = mod_add(mod_mul(hash, d->base), (guchar)text[i] + 1);
	return hash;
}

/* The hash of A then B, A's hash and B's (B_LEN bytes). */
static guint64 hash_join(struct decision *d, guint64 a, guint64 b, gsize b_len)
{
	return mod_add(mod_mul(a, power(d, b_len)), b);
}

static void take(struct decision *d, const char *form)
{
	if (!g_hash_table_add(d->taken, g_strdup(form)))
		return;
	guint64 *hash = g_new(guint64, 1);
	*hash = hash_more(d, 0, form, strlen(form));
	g_hash_table_add(d->hashes, hash);
}

/* ---- the start that tells a group apart ---- */

struct start {
	const char *text; /* after the indentation */
	gsize bytes;      /* of its first ROOM characters */
};

static int compare_starts(gconstpointer x, gconstpointer y)
{
	const struct start *a = x, *b = y;
	int order = memcmp(a->text, b->text, MIN(a->bytes, b->bytes));
	return order ? order : (a->bytes > b->bytes) - (a->bytes < b->bytes);
}

/* The characters A and B (BYTES at most) have in common at their start. */
static guint common_start(const char *a, const char *b, gsize bytes)
{
	gsize same = 0;
	while (same < bytes && a[same] == b[same])
		same++;
	while (same && ((guchar)a[same] & 0xc0) == 0x80) /* not inside a character */
		same--;
	return table_text_width(a, same);
}

/* The most characters two cells of GROUP (each longer than INDENT + ROOM)
 * have in common at their start after INDENT, up to ROOM: their first ROOM
 * characters sorted, the most that neighbours share. */
static guint most_in_common(const GPtrArray *group, guint indent, guint room)
{
	g_autoptr(GArray) starts = g_array_sized_new(FALSE, FALSE, sizeof(struct start), group->len);
	for (guint i = 0; i < group->len; i++) {
		const struct noted *cell = group->pdata[i];
		struct start s = { cell->text + indent, 0 };
		s.bytes = (gsize)(g_utf8_offset_to_pointer(s.text, room) - s.text);
		g_array_append_val(starts, s);
	}
	g_array_sort(starts, compare_starts);
	guint most = 0;
	for (guint i = 0; i + 1 < starts->len; i++) {
		const struct start *a = &g_array_index(starts, struct start, i), *b = a + 1;
		most = MAX(most, common_start(a->text, b->text, MIN(a->bytes, b->bytes)));
	}
	return most;
}

/* Marks BAD[h - FROM] for each head h of [FROM, TO] (TO < ROOM, CELL's room
 * beside its INDENT) at which CELL's form is taken. The forms' hashes come
 * from those of CELL's first TO characters and last ROOM - 1 - FROM, each
 * read once; only a form whose hash is taken is made and looked up. */
static void mark_taken(struct decision *d, const struct noted *cell, guint indent, guint room, guint from, guint to,
		       gboolean *bad)
{
	const char *rest = cell->text + indent, *end = cell->text + cell->len;
	guint tails = room - from; /* tail lengths 0 .. ROOM - 1 - FROM */
	g_autofree guint64 *head_hash = g_new(guint64, to + 1), *tail_hash = g_new(guint64, tails);
	g_autofree gsize *head_bytes = g_new(gsize, to + 1), *tail_bytes = g_new(gsize, tails);
	const char *p = rest;
	head_hash[0] = 0, head_bytes[0] = 0;
	for (guint h = 1; h <= to; h++) {
		const char *next = g_utf8_next_char(p);
		head_hash[h] = hash_more(d, head_hash[h - 1], p, (gsize)(next - p));
		head_bytes[h] = (gsize)(next - rest);
		p = next;
	}
	p = end;
	tail_hash[0] = 0, tail_bytes[0] = 0;
	for (guint k = 1; k < tails; k++) {
		const char *last = last_chars(rest, (gsize)(p - rest), 1);
		gsize bytes = (gsize)(p - last);
		tail_hash[k] = hash_join(d, hash_more(d, 0, last, bytes), tail_hash[k - 1], tail_bytes[k - 1]);
		tail_bytes[k] = tail_bytes[k - 1] + bytes;
		p = last;
	}
	guint64 spaces = hash_more(d, 0, cell->text, indent), ellipsis = hash_more(d, 0, ELLIPSIS, ELLIPSIS_BYTES);
	for (guint h = from; h <= to; h++) {
		guint tail = room - 1 - h;
		guint64 hash = hash_join(d, spaces, head_hash[h], head_bytes[h]);
		hash = hash_join(d, hash_join(d, hash, ellipsis, ELLIPSIS_BYTES), tail_hash[tail], tail_bytes[tail]);
		if (!g_hash_table_contains(d->hashes, &hash))
			continue;
		g_autofree char *form = form_of(cell, d->width, h, NULL);
		bad[h - from] = bad[h - from] || g_hash_table_contains(d->taken, form);
	}
}

/* The fewest characters of their start, FROM to TO, at which the forms of
 * GROUP's cells (apart from each other from FROM on) are taken by none:
 * FROM when none of those is; else each head's forms are ruled out by
 * their hashes. TO + 1: none. */
static guint free_head(struct decision *d, const GPtrArray *group, guint indent, guint room, guint from, guint to)
{
	gboolean clear = TRUE;
	for (guint i = 0; i < group->len && clear; i++) {
		g_autofree char *form = form_of(group->pdata[i], d->width, from, NULL);
		clear = !g_hash_table_contains(d->taken, form);
	}
	if (clear)
		return from;
	g_autofree gboolean *bad = g_new0(gboolean, to - from + 1);
	for (guint i = 0; i < group->len; i++)
		mark_taken(d, group->pdata[i], indent, room, from, to, bad);
	guint head = from;
	while (head <= to && bad[head - from])
		head++;
	return head;
}

/* ---- where they differ: a window ---- */

static int compare_cells(gconstpointer a, gconstpointer b)
{
	return strcmp((*(const struct noted *const *)a)->text, (*(const struct noted *const *)b)->text);
}

/* The window of the cells of GROUP that holds where each differs from the
 * others (by their starts after INDENT, *WINDOW characters of the ROOM
 * beside it): its first character, 0 when there is none. */
static guint window_start(const GPtrArray *group, guint indent, guint room, guint *window)
{
	g_autoptr(GPtrArray) sorted = g_ptr_array_copy((GPtrArray *)group, NULL, NULL);
	g_ptr_array_sort(sorted, compare_cells);
	guint first = G_MAXUINT, last = 0; /* where two of them first differ: the least, the most */
	for (guint i = 0; i + 1 < sorted->len; i++) {
		const struct noted *a = sorted->pdata[i], *b = sorted->pdata[i + 1];
		guint at = common_start(a->text + indent, b->text + indent, MIN(a->len, b->len) - indent);
		first = MIN(first, at);
		last = MAX(last, at);
	}
	*window = room > 2 ? (room - 2) / 2 : 0; /* "…WINDOW…END": the end gets the rest */
	if (first == G_MAXUINT || !*window || last - first >= *window)
		return 0;
	guint context = (*window - 1 - (last - first)) / 2;
	return first > context ? first - context : 1;
}

/* CELL at WIDTH: WINDOW characters from START (after the indentation), then its end. */
static char *window_form(const struct noted *cell, guint width, guint start, guint window)
{
	GString *form = g_string_new(NULL);
	guint indent = indent_of(cell, width);
	const char *rest = cell->text + indent;
	gsize len = cell->len - indent;
	guint chars = cell->chars - indent, room = width - indent;
	g_string_append_len(form, cell->text, indent);
	if (chars <= room || window + 2 > room || start + window >= chars) {
		shorten(form, rest, len, chars, room, 0);
		return g_string_free(form, FALSE);
	}
	const char *from = g_utf8_offset_to_pointer(rest, start);
	const char *tail = last_chars(rest, len, room - 2 - window);
	g_string_append(form, ELLIPSIS);
	g_string_append_len(form, from, g_utf8_offset_to_pointer(from, window) - from);
	g_string_append(form, ELLIPSIS);
	g_string_append_len(form, tail, rest + len - tail);
	return g_string_free(form, FALSE);
}

/* Whether FORMS[COUNT] are apart from each other and from those TAKEN. */
static gboolean apart_forms(char **forms, guint count, GHashTable *taken)
{
	g_autoptr(GHashTable) these = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint i = 0; i < count; i++)
		if (g_hash_table_contains(taken, forms[i]) || !g_hash_table_add(these, forms[i]))
			return FALSE;
	return TRUE;
}

/* Gives the cells of GROUP (sharing one form of their end, so one
 * indentation) forms apart from each other and from those taken, which
 * get them too: the end, else a start and the end (the fewest characters
 * of the start that tell them apart: more than their sorted neighbours
 * share), else a window where they differ and the end, else the end
 * numbered. */
static void decide_group(struct decision *d, const GPtrArray *group)
{
	guint width = d->width, indent = indent_of(group->pdata[0], width), room = width - indent;
	char **forms = g_new0(char *, group->len);
	guint end = (room + TABLE_END_SHARE - 1) / TABLE_END_SHARE; /* the least of the end a start leaves */
	guint from = group->len > 1 ? 1 + most_in_common(group, indent, room) : 0, to = room > end ? room - 1 - end : 0;
	guint head = from <= to ? free_head(d, group, indent, room, from, to) : to + 1;
	gboolean apart = head <= to;
	for (guint i = 0; apart && i < group->len; i++)
		forms[i] = form_of(group->pdata[i], width, head, NULL);
	guint window, start = apart ? 0 : window_start(group, indent, room, &window);
	if (start) {
		for (guint i = 0; i < group->len; i++)
			forms[i] = window_form(group->pdata[i], width, start, window);
		apart = apart_forms(forms, group->len, d->taken);
	}
	for (guint i = 0, n = 1; !apart && i < group->len; i++) { /* alike in any cut: numbered */
		do {
			g_autofree char *tag = g_strdup_printf("~%u", n++);
			g_free(forms[i]);
			forms[i] = form_of(group->pdata[i], width, 0, tag);
		} while (g_hash_table_contains(d->taken, forms[i]));
		take(d, forms[i]);
	}
	for (guint i = 0; i < group->len; i++) {
		struct noted *cell = group->pdata[i];
		if (apart)
			take(d, forms[i]);
		g_free(cell->form);
		cell->form = forms[i];
	}
	g_free(forms);
}

/* SPEC 23, when ON: a cell too long shows its short name (util/short_name.h) when no
 * other cell's is the same nor a cell shown whole: whole when it fits (its
 * form, padded, taken now), else shortened like a cell. Returns, per cell in
 * order, the short name to shorten instead of the cell (NULL: the cell). */
static GPtrArray *short_names(struct table_names *names, struct decision *d, gboolean on)
{
	GPtrArray *shorts = g_ptr_array_sized_new(names->order->len);
	g_autoptr(GPtrArray) folds = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GHashTable) count = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint i = 0; i < names->order->len; i++) {
		struct noted *cell = names->order->pdata[i];
		g_clear_pointer(&cell->form, g_free);
		char *fold = cell->chars > names->width ? short_name(cell->text, cell->len) : g_strdup(cell->text);
		g_ptr_array_add(folds, fold);
		g_hash_table_replace(count, fold, GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(count, fold)) + 1));
	}
	for (guint i = 0; i < names->order->len; i++) {
		struct noted *cell = names->order->pdata[i], *proxy = NULL;
		const char *fold = folds->pdata[i];
		gsize len = strlen(fold);
		guint chars = table_text_width(fold, len);
		gboolean apart = on && cell->chars > names->width && len != cell->len &&
				 GPOINTER_TO_UINT(g_hash_table_lookup(count, fold)) == 1;
		if (apart && chars <= names->width) {
			cell->form = g_strdup_printf("%s%*s", fold, (int)(names->width - chars), "");
			take(d, fold);
		} else if (apart) {
			proxy = g_malloc(sizeof *proxy + len + 1);
			*proxy = (struct noted){ .len = len, .chars = chars };
			memcpy(proxy->text, fold, len + 1);
		}
		g_ptr_array_add(shorts, proxy);
	}
	return shorts;
}

void table_names_decide(struct table_names *names, guint width, gboolean fold)
{
	names->width = MAX(width, 1);
	struct decision d = {
		.width = names->width,
		.taken = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
		.hashes = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL),
		.base = (guint64)g_random_int_range(256, G_MAXINT32),
		.powers = g_array_new(FALSE, FALSE, sizeof(guint64)),
	};
	guint64 one = 1;
	g_array_append_val(d.powers, one);
	g_autoptr(GHashTable) groups = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
							       (GDestroyNotify)g_ptr_array_unref);
	g_autoptr(GPtrArray) group_order = g_ptr_array_new();
	g_autoptr(GPtrArray) shorts = short_names(names, &d, fold);
	for (guint i = 0; i < names->order->len; i++) {
		struct noted *cell = names->order->pdata[i];
		if (cell->chars <= names->width) {
			take(&d, cell->text); /* shown whole */
			continue;
		}
		if (cell->form)
			continue; /* its short name, whole */
		if (shorts->pdata[i])
			cell = shorts->pdata[i]; /* its short name, shortened */
		char *end = form_of(cell, names->width, 0, NULL);
		GPtrArray *group = g_hash_table_lookup(groups, end);
		if (!group) {
			group = g_ptr_array_new();
			g_hash_table_insert(groups, end, group);
			g_ptr_array_add(group_order, group);
		} else {
			g_free(end);
		}
		g_ptr_array_add(group, cell);
	}
	for (guint g = 0; g < group_order->len; g++)
		decide_group(&d, group_order->pdata[g]);
	for (guint i = 0; i < shorts->len; i++) { /* the forms of the short names are the cells' */
		struct noted *proxy = shorts->pdata[i];
		if (proxy) {
			struct noted *cell = names->order->pdata[i];
			cell->form = g_steal_pointer(&proxy->form);
			noted_free(proxy);
		}
	}
	g_hash_table_destroy(d.taken);
	g_hash_table_destroy(d.hashes);
	g_array_free(d.powers, TRUE);
}

void table_names_append(const struct table_names *names, GString *out, const char *cell, gsize len)
{
	guint chars = table_text_width(cell, len);
	if (chars <= names->width) {
		g_string_append_len(out, cell, (gssize)len);
		return;
	}
	g_autofree char *key = g_strndup(cell, len);
	const struct noted *noted = g_hash_table_lookup(names->cells, key);
	if (noted && noted->form) {
		g_string_append(out, noted->form);
		return;
	}
	struct noted *alone = g_malloc(sizeof *alone + len + 1); /* not noted: not expected */
	*alone = (struct noted){ .len = len, .chars = chars };
	memcpy(alone->text, key, len + 1);
	g_autofree char *end = form_of(alone, names->width, 0, NULL);
	g_free(alone);
	g_string_append(out, end);
}
