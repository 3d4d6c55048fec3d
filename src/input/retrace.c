#include "input/retrace.h"
#include <errno.h>
#include <string.h>
#include "input/unzip.h"

#define CHUNK (1u << 20)
#define OUTPUT (1u << 20)
#define KEY_MAX 16 /* the longest key kept: "traceEvents" */

const char *const retrace_keys[RETRACE_KEYS] = { "pid", "args" };

static const guint8 structure[256] = { ['"'] = 1, ['{'] = 2, ['['] = 2, ['}'] = 3, [']'] = 3 };

static gboolean is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Where the copy is. */
enum where { BEFORE, BETWEEN, ELEMENT, AFTER };

struct copy {
	const struct retrace_hooks *hooks;
	enum where where;
	/* BEFORE: the document around the array */
	gboolean in_string, escaped, pending;
	guint depth;
	char key[KEY_MAX + 1];
	guint key_len;    /* G_MAXUINT: the string under way is too long to be a key read */
	gboolean key_open; /* the string under way is of depth 1 */
	/* ELEMENT: the element under way */
	gboolean scalar;
	guint element_depth;
	GString *element; /* gathered, when it straddles chunks */
	GString *scratch; /* the hook's text of the element */
	/* the keys of depth 1 noted as the element is scanned (struct
	 * retrace_element): offsets of their opening quotes, or -1 */
	gssize keys[RETRACE_KEYS];
	const guchar *segment; /* where this call's part of the element starts, */
	gsize base;            /* at this offset of the element */
	const guchar *open;    /* the opening quote of the string under way, in this part; or NULL */
	guint64 count;
	GString *out;
	gboolean failed;
};

static void flush(struct copy *c, gboolean all)
{
	if (c->failed || (!all && c->out->len < OUTPUT))
		return;
	if (c->out->len && !c->hooks->write(c->hooks->data, c->out->str, c->out->len))
		c->failed = TRUE;
	g_string_truncate(c->out, 0);
}

/* The string [OPEN, QUOTE] of depth 1 just closed: noted when it is one of
 * the keys (a value of that text too: the hook checks the colon). */
static void note_key(struct copy *c, const guchar *open, const guchar *quote)
{
	gsize len = (gsize)(quote - open - 1);
	for (guint k = 0; k < RETRACE_KEYS; k++)
		if (c->keys[k] < 0 && len == strlen(retrace_keys[k]) && memcmp(open + 1, retrace_keys[k], len) == 0)
			c->keys[k] = (gssize)(c->base + (gsize)(open - c->segment));
}

/* Advances P through the element under way; TRUE when it ended (P just past it). */
static gboolean scan_element(struct copy *c, const char **p, const char *end)
{
	const guchar *s = (const guchar *)*p, *stop = (const guchar *)end;
	c->segment = s;
	c->open = NULL; /* a string begun in an earlier part is not looked at */
	while (s < stop) {
		if (c->in_string) {
			if (c->escaped) {
				c->escaped = FALSE;
				s++;
				continue;
			}
			/* to the closing quote or a backslash, by memchr (strings hold most bytes) */
			const guchar *quote = memchr(s, '"', (gsize)(stop - s));
			const guchar *slash = memchr(s, '\\', (gsize)((quote ? quote : stop) - s));
			if (slash) {
				s = slash + 1;
				c->escaped = TRUE;
				continue;
			}
			if (!quote) {
				s = stop;
				break;
			}
			s = quote + 1;
			c->in_string = FALSE;
			if (c->element_depth == 0)
				goto ended;
			if (c->element_depth == 1 && c->open)
				note_key(c, c->open, quote);
		} else if (c->scalar) {
			if (*s == ',' || *s == ']' || *s == '}' || is_blank((char)*s))
				goto ended;
			s++;
		} else {
			while (s < stop && !structure[*s])
				s++;
			if (s == stop)
				break;
			switch (structure[*s++]) {
			case 1:
				c->in_string = TRUE;
				c->open = s - 1;
				break;
			case 2: c->element_depth++; break;
			case 3:
				if (--c->element_depth == 0)
					goto ended;
				break;
			}
		}
	}
	*p = (const char *)s;
	return FALSE;
ended:
	*p = (const char *)s;
	return TRUE;
}

/* The element TEXT[LEN] ended: its hook's text, or (FALSE) none. */
static gboolean hand_over(struct copy *c, const char *text, gsize len)
{
	g_string_truncate(c->scratch, 0);
	c->where = BETWEEN;
	struct retrace_element e = { c->count++, text, len, { 0 } };
	memcpy(e.keys, c->keys, sizeof e.keys);
	return c->hooks->element(c->hooks->data, &e, c->scratch);
}

/* The document before the array: one byte. */
static void before(struct copy *c, char ch)
{
	if (c->in_string) {
		if (c->escaped)
			c->escaped = FALSE;
		else if (ch == '\\')
			c->escaped = TRUE, c->key_len = G_MAXUINT;
		else if (ch == '"')
			c->in_string = FALSE;
		else if (c->key_open && c->key_len < KEY_MAX)
			c->key[c->key_len++] = ch;
		else
			c->key_len = G_MAXUINT;
		return;
	}
	if (is_blank(ch))
		return;
	gboolean pending = c->pending;
	c->pending = FALSE;
	if (ch == '[' && (c->depth == 0 || (pending && c->depth == 1))) {
		c->where = BETWEEN;
		return;
	}
	if (ch == '"') {
		c->in_string = TRUE;
		c->key_open = c->depth == 1;
		c->key_len = 0;
	} else if (ch == ':' && c->depth == 1) {
		c->pending = c->key_len == 11 && memcmp(c->key, "traceEvents", 11) == 0;
	} else if (ch == '{' || ch == '[') {
		c->depth++;
	} else if (ch == '}' || ch == ']') {
		if (c->depth)
			c->depth--;
	}
}

/* Copies DATA[LEN] through the hooks. The bytes copied as they are, an
 * unchanged element's too, are appended to the output in runs ([kept, p)),
 * not one by one. */
static void feed(struct copy *c, const char *data, gsize len)
{
	const char *p = data, *end = data + len, *kept = data;
	while (p < end && !c->failed) {
		if (c->where == BEFORE) {
			while (p < end && c->where == BEFORE)
				before(c, *p++);
		} else if (c->where == BETWEEN) {
			while (p < end && (is_blank(*p) || *p == ','))
				p++;
			if (p == end)
				break;
			if (*p == ']') {
				g_string_append_len(c->out, kept, p - kept);
				c->hooks->end(c->hooks->data, c->count, c->out);
				kept = p++; /* the bracket follows what was added */
				c->where = AFTER;
				continue;
			}
			c->where = ELEMENT;
			c->scalar = *p != '{' && *p != '[' && *p != '"';
			c->element_depth = 0;
			c->in_string = c->escaped = FALSE;
			for (guint k = 0; k < RETRACE_KEYS; k++)
				c->keys[k] = -1;
			c->base = 0;
			const char *start = p;
			if (scan_element(c, &p, end)) {
				if (hand_over(c, start, p - start)) {
					g_string_append_len(c->out, kept, start - kept);
					g_string_append_len(c->out, c->scratch->str, c->scratch->len);
					kept = p;
				}
			} else { /* to be gathered: the element goes on in the next chunk */
				g_string_append_len(c->out, kept, start - kept);
				g_string_assign(c->element, "");
				g_string_append_len(c->element, start, p - start);
				kept = p;
			}
		} else if (c->where == ELEMENT) {
			const char *start = p;
			c->base = c->element->len;
			gboolean ended = scan_element(c, &p, end);
			g_string_append_len(c->element, start, p - start);
			kept = p;
			if (ended) {
				gboolean changed = hand_over(c, c->element->str, c->element->len);
				GString *text = changed ? c->scratch : c->element;
				g_string_append_len(c->out, text->str, text->len);
			}
		} else {
			p = end;
		}
		if (c->out->len >= OUTPUT) {
			g_string_append_len(c->out, kept, p - kept);
			kept = p;
			flush(c, FALSE);
		}
	}
	g_string_append_len(c->out, kept, p - kept);
	flush(c, FALSE);
}

/* The file inflated ahead by a thread of its own into CHUNKS buffers, so
 * that the copy's scan and writing overlap zlib's work (the reader's
 * src/input/input.c does the same). */
#define CHUNKS 3

struct piece {
	char *bytes;
	gssize len; /* unzip_read's: 0 at the end, negative on an error */
};

struct inflating {
	Unzip *in;
	GAsyncQueue *empty, *full;
	gint stop;
	char *error;
};

static gpointer inflate_ahead(gpointer data)
{
	struct inflating *f = data;
	for (;;) {
		struct piece *p = g_async_queue_pop(f->empty);
		p->len = g_atomic_int_get(&f->stop) ? 0 : unzip_read(f->in, p->bytes, CHUNK);
		if (p->len < 0)
			f->error = g_strdup(unzip_error(f->in));
		gboolean last = p->len <= 0;
		g_async_queue_push(f->full, p);
		if (last)
			return NULL;
	}
}

gboolean retrace_file(const char *path, const struct retrace_hooks *hooks, GError **error)
{
	errno = 0;
	Unzip *in = strcmp(path, "-") == 0 ? NULL : unzip_open(path);
	if (!in) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot read it again: %s",
			    strcmp(path, "-") == 0 ? "standard input is read once" : errno ? g_strerror(errno) : "cannot open");
		return FALSE;
	}
	struct copy c = { .hooks = hooks, .where = BEFORE, .element = g_string_new(NULL), .scratch = g_string_new(NULL), .out = g_string_sized_new(OUTPUT + CHUNK) };
	struct inflating f = { in, g_async_queue_new(), g_async_queue_new(), 0, NULL };
	struct piece pieces[CHUNKS];
	for (guint i = 0; i < CHUNKS; i++) {
		pieces[i].bytes = g_malloc(CHUNK);
		g_async_queue_push(f.empty, &pieces[i]);
	}
	GThread *thread = g_thread_new("inflate", inflate_ahead, &f);
	for (;;) {
		struct piece *p = g_async_queue_pop(f.full);
		if (p->len <= 0)
			break;
		if (!c.failed)
			feed(&c, p->bytes, (gsize)p->len);
		if (c.failed)
			g_atomic_int_set(&f.stop, 1); /* its next read is the end */
		g_async_queue_push(f.empty, p);
	}
	g_thread_join(thread);
	unzip_close(in);
	for (guint i = 0; i < CHUNKS; i++)
		g_free(pieces[i].bytes);
	g_async_queue_unref(f.empty);
	g_async_queue_unref(f.full);
	gboolean ok = FALSE;
	if (f.error)
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot read it again: %s", f.error);
	else if (!c.failed && c.where != AFTER)
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "read again, it has no whole event array (did it change?)");
	else if (flush(&c, TRUE), c.failed)
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno ? errno : EIO));
	else
		ok = TRUE;
	g_free(f.error);
	g_string_free(c.element, TRUE);
	g_string_free(c.scratch, TRUE);
	g_string_free(c.out, TRUE);
	return ok;
}

/* The end of the value starting at TEXT[I] (I < LEN). */
static gsize value_end(const char *text, gsize len, gsize i)
{
	const guchar *t = (const guchar *)text;
	if (t[i] != '{' && t[i] != '[' && t[i] != '"') {
		while (i < len && t[i] != ',' && t[i] != '}' && t[i] != ']' && !is_blank((char)t[i]))
			i++;
		return i;
	}
	guint depth = 0;
	while (i < len) {
		while (i < len && !structure[t[i]])
			i++;
		if (i == len)
			break;
		switch (structure[t[i++]]) {
		case 1: /* a string: to its closing quote */
			while (i < len && t[i] != '"') {
				if (t[i] == '\\')
					i++;
				i++;
			}
			i++;
			if (depth == 0)
				return MIN(i, len);
			break;
		case 2: depth++; break;
		case 3:
			if (--depth == 0)
				return i;
			break;
		}
	}
	return len;
}

void retrace_members(const char *text, gsize len, const char *const *keys, guint count, struct retrace_span *spans)
{
	for (guint k = 0; k < count; k++)
		spans[k] = (struct retrace_span){ -1, 0 };
	gsize i = 0;
	guint found = 0;
	while (i < len && is_blank(text[i]))
		i++;
	if (i == len || text[i] != '{')
		return;
	i++;
	while (i < len) {
		while (i < len && (is_blank(text[i]) || text[i] == ','))
			i++;
		if (i == len || text[i] != '"')
			return;
		gsize key = i + 1, key_end = value_end(text, len, i) - 1;
		i = key_end + 1;
		while (i < len && (is_blank(text[i]) || text[i] == ':'))
			i++;
		if (i == len)
			return;
		gsize end = value_end(text, len, i);
		for (guint k = 0; k < count; k++)
			if (spans[k].start < 0 && strlen(keys[k]) == key_end - key &&
			    memcmp(keys[k], text + key, key_end - key) == 0) {
				spans[k] = (struct retrace_span){ (gssize)i, end - i };
				if (++found == count)
					return;
			}
		i = end;
	}
}
