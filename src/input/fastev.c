#include "input/fastev.h"
#include "input/fastlit.h"
#include "input/roles.h"
#include "input/extract_roles.h"
#include "util/pylit.h"
#include "util/timefmt.h"
#include <string.h>

#define MAX_CATEGORY 64 /* longer categories are left to json-c */
#define ROLES_UNREAD G_MAXUINT /* not looked up yet, or not an X event of a category string (x_roles) */

/* The members of args that extract.c reads. */
enum arg_member { A_CORRELATION, A_DEVICE, A_KERNEL, A_DIMS, A_DIMS_LOWER, A_TYPE, A_CONCRETE, A_RECORD_ID,
		  A_EXTERNAL_ID, A_BYTES, A_DEVICE_TYPE, A_DEVICE_ID, A_TOTAL_ALLOCATED, A_TOTAL_RESERVED, A_MEMBERS };

static const struct {
	const char *key;
	gsize len;
} arg_keys[A_MEMBERS] = {
#define KEY(text) { text, sizeof text - 1 }
	KEY("correlation"), KEY("device"), KEY("kernel"), KEY("Input Dims"), KEY("Input dims"),
	KEY("Input type"), KEY("Concrete Inputs"), KEY("Record function id"), KEY("External id"),
	KEY("Bytes"), KEY("Device Type"), KEY("Device Id"), KEY("Total Allocated"), KEY("Total Reserved"),
#undef KEY
};

struct args_seen {
	struct raw value[A_MEMBERS]; /* kind K_NONE: absent */
	struct fastev_literal literal[A_MEMBERS];
};

static gboolean on_arg(void *data, const struct raw *key, const struct raw *value, gsize literal_start,
		       gsize replaced_before, struct fp *s)
{
	struct args_seen *seen = data;
	for (int i = 0; i < A_MEMBERS; i++) {
		if (key->len != arg_keys[i].len || memcmp(key->text, arg_keys[i].key, key->len) != 0)
			continue;
		seen->value[i] = *value;
		seen->literal[i] = (struct fastev_literal){ .start = literal_start, .len = s->out->len - literal_start,
							    .present = TRUE, .replaced = s->replaced > replaced_before };
		break;
	}
	return TRUE;
}

/* integer_arg(): an integer, or nothing; a string holding one, or an integer
 * of 19 digits or more, is declined. */
static gboolean integer_of(const struct raw *value, struct fastev_integer *integer)
{
	if (value->kind == K_STRING || value->kind == K_LONG)
		return FALSE;
	if (value->kind == K_INT) {
		integer->value = fastlit_int(value);
		integer->kind = integer->value < 0 ? 2 : 1;
	}
	return TRUE;
}

/* shapes_empty(): a literal "[]" or "[[], [], ...]" (or none at all). */
static gboolean shapes_empty(const struct raw *value, const char *literal, gsize len)
{
	if (value->kind == K_NONE || value->kind == K_NULL)
		return TRUE;
	if (len < 2 || literal[0] != '[' || literal[len - 1] != ']')
		return FALSE;
	if (len == 2)
		return TRUE;
	if (len < 4 || memcmp(literal + 1, "[]", 2) != 0)
		return FALSE;
	gsize i = 3;
	for (; i + 4 < len; i += 4)
		if (memcmp(literal + i, ", []", 4) != 0)
			return FALSE;
	return i == len - 1;
}

/* What extra_of() and the others read of args, from the members seen. */
static gboolean read_args(struct fastev *ev, const struct args_seen *seen, const GString *staging)
{
	if (!integer_of(&seen->value[A_CORRELATION], &ev->correlation) || !integer_of(&seen->value[A_DEVICE], &ev->device))
		return FALSE;
	if (seen->value[A_KERNEL].kind == K_STRING)
		ev->kernel = seen->value[A_KERNEL].text, ev->kernel_len = seen->value[A_KERNEL].len;
	int dims = seen->literal[A_DIMS].present ? A_DIMS : A_DIMS_LOWER;
	ev->input_dims = seen->literal[dims];
	ev->input_type = seen->literal[A_TYPE];
	ev->concrete_inputs = seen->literal[A_CONCRETE];
	ev->shapes_empty = shapes_empty(&seen->value[dims], staging->str + seen->literal[dims].start,
					seen->literal[dims].len);
	int join = seen->literal[A_RECORD_ID].present ? A_RECORD_ID : A_EXTERNAL_ID;
	if (seen->value[join].kind == K_LONG)
		return FALSE;
	ev->has_join_id = seen->value[join].kind == K_INT;
	ev->join_id = ev->has_join_id ? fastlit_int(&seen->value[join]) : 0;
	return TRUE;
}

/* time_of(): an integer of microseconds, a double's or a string's text; a skip is declined. */
static gboolean time_ns(const struct raw *value, gint64 *ns)
{
	if (value->kind == K_INT) {
		gint64 us = fastlit_int(value);
		if (us >= G_MAXINT64 / 1000 || us <= G_MININT64 / 1000)
			return FALSE;
		*ns = us * 1000;
		return TRUE;
	}
	return (value->kind == K_DOUBLE || value->kind == K_STRING) && time_parse_us(value->text, value->len, ns);
}

/* The top-level members that matter. */
enum member { M_PH, M_CAT, M_NAME, M_PID, M_TID, M_TS, M_DUR, M_ARGS, M_OTHER };

static enum member member_of(const struct raw *key)
{
	const char *k = key->text;
	switch (key->len) {
	case 2:
		return k[0] == 'p' && k[1] == 'h' ? M_PH : k[0] == 't' && k[1] == 's' ? M_TS : M_OTHER;
	case 3:
		if (memcmp(k, "cat", 3) == 0)
			return M_CAT;
		if (memcmp(k, "pid", 3) == 0)
			return M_PID;
		if (memcmp(k, "tid", 3) == 0)
			return M_TID;
		return memcmp(k, "dur", 3) == 0 ? M_DUR : M_OTHER;
	case 4:
		return memcmp(k, "name", 4) == 0 ? M_NAME : memcmp(k, "args", 4) == 0 ? M_ARGS : M_OTHER;
	default:
		return M_OTHER;
	}
}

/* Whether the raw NAME is a memory instant's: "[memory]", or (SPEC 24) "[OutOfMemory]"; *OOM tells which. */
static gboolean memory_name(const struct raw *name, gboolean *oom)
{
	static const char memory[] = "[memory]", out_of_memory[] = "[OutOfMemory]";
	if (name->kind != K_STRING)
		return FALSE;
	*oom = name->len == sizeof out_of_memory - 1 && memcmp(name->text, out_of_memory, name->len) == 0;
	return *oom || (name->len == sizeof memory - 1 && memcmp(name->text, memory, name->len) == 0);
}

/* Whether V, the members read so far, are a memory instant's: its args'
 * literal is not kept (commit_memory() reads five integers of them). */
static gboolean memory_instant(const struct raw v[M_OTHER])
{
	gboolean oom;
	return v[M_PH].kind == K_STRING && v[M_PH].len == 1 && v[M_PH].text[0] == 'i' && memory_name(&v[M_NAME], &oom);
}

/* A top-level value: args' literal, and its members, with SEEN (only its
 * members when RAW_ARGS); the others read raw. */
static gboolean member_value(struct fp *s, enum member m, struct raw *value, struct args_seen *seen,
			     gboolean raw_args)
{
	if (s->p >= s->end)
		return FALSE;
	switch (*s->p) {
	case '"':
		return fastlit_string(s, value);
	case '{':
		if (m == M_ARGS) {
			value->kind = K_OBJECT;
			return raw_args ? fastlit_object_raw(s, 1, on_arg, seen) : fastlit_object(s, 1, on_arg, seen);
		}
		break;
	case '[':
	case 't':
	case 'f':
	case 'n':
		break;
	default:
		return fastlit_number(s, value);
	}
	gsize mark = s->out->len;
	gboolean ok = fastlit_value(s, 1, value);
	g_string_truncate(s->out, mark); /* only args' literal is kept */
	return ok;
}

/* The roles of an X event with a category string (shorter than
 * MAX_CATEGORY), as the rule gives them for its category; ROLES_UNREAD for
 * any other event, which decide() declines. */
static guint x_roles(const struct extractor *x, const struct raw v[M_OTHER])
{
	if (v[M_PH].kind != K_STRING || v[M_PH].len != 1 || v[M_PH].text[0] != 'X' || v[M_CAT].kind != K_STRING ||
	    v[M_CAT].len >= MAX_CATEGORY)
		return ROLES_UNREAD;
	char category[MAX_CATEGORY];
	memcpy(category, v[M_CAT].text, v[M_CAT].len);
	category[v[M_CAT].len] = 0;
	return event_roles(x->roles, "X", 1, category_canonical(category));
}

/* Whether args' literal would go unused, as fastev_commit() decides with
 * the roles decide() finds (*FOUND; the name takes only monitored and host
 * away): an X event (its category read before args, as Kineto writes them)
 * whose roles are neither monitored nor device, or whose args
 * extract_keep_args() drops and whose extras no one reads (the name
 * extract_keep_args() reads is the raw one: an escape would have declined
 * the event, and invalid UTF-8 matches no name it keeps). Its args are then
 * read without their literal, their invalid UTF-8 counted all the same, and
 * their members heard (correlation, a launch's kernel). */
static gboolean args_unused(const struct extractor *x, const struct raw v[M_OTHER], guint *found)
{
	guint roles = *found = x_roles(x, v);
	if (roles == ROLES_UNREAD)
		return FALSE;
	if (!(roles & (ROLE_MONITORED | ROLE_DEVICE)))
		return TRUE;
	return !((roles & ROLE_MONITORED) && x->extras) && v[M_NAME].kind == K_STRING &&
	       !extract_keep_args(x, roles, v[M_NAME].text, v[M_NAME].len);
}

/* The members of the event object, validated, those that matter in V. */
static gboolean read_event(const struct extractor *x, struct fp *s, struct raw v[M_OTHER], struct args_seen *seen,
			   struct fastev_literal *args, guint *roles)
{
	fastlit_blanks(s);
	if (!fastlit_at(s, '{'))
		return FALSE;
	s->p++;
	fastlit_blanks(s);
	gboolean more = !fastlit_at(s, '}');
	if (!more)
		s->p++;
	while (more) {
		fastlit_blanks(s);
		struct raw key;
		if (!fastlit_at(s, '"') || !fastlit_string(s, &key))
			return FALSE;
		fastlit_blanks(s);
		if (!fastlit_at(s, ':'))
			return FALSE;
		s->p++;
		fastlit_blanks(s);
		enum member m = member_of(&key);
		struct raw other = { 0 }, *value = m == M_OTHER ? &other : &v[m];
		if (value->kind != K_NONE) /* a duplicate of a member that matters */
			return FALSE;
		gsize start = s->out->len, replaced = s->replaced;
		if (!member_value(s, m, value, seen, m == M_ARGS && (memory_instant(v) || args_unused(x, v, roles))))
			return FALSE;
		if (m == M_ARGS)
			*args = (struct fastev_literal){ .start = start, .len = s->out->len - start,
							 .present = value->kind != K_NULL, .replaced = s->replaced > replaced };
		fastlit_blanks(s);
		if (fastlit_at(s, ',')) {
			s->p++;
		} else if (fastlit_at(s, '}')) {
			s->p++;
			more = FALSE;
		} else {
			return FALSE;
		}
	}
	fastlit_blanks(s);
	return s->p == s->end;
}

/* pid and tid: as threads_add_json() takes them, an integer as written, a string, or none. */
static gboolean thread_part(const struct raw *value, const char **text, gsize *len)
{
	switch (value->kind) {
	case K_NONE:
	case K_NULL:
		*text = "", *len = 0;
		return TRUE;
	case K_INT:
	case K_STRING:
		*text = value->text, *len = value->len;
		return TRUE;
	default:
		return FALSE;
	}
}

/* A [memory] member as keep_memory() reads it: an integer (NON_NEGATIVE: not
 * below 0), or none (absent or null); anything else declined (json-c reads
 * it, and skips the event). */
static gboolean memory_member(const struct raw *value, struct fastev_integer *integer, gboolean non_negative)
{
	if (value->kind == K_NONE || value->kind == K_NULL)
		return TRUE;
	if (value->kind != K_INT)
		return FALSE;
	integer->value = fastlit_int(value);
	integer->kind = integer->value < 0 ? 2 : 1;
	return !non_negative || integer->value >= 0;
}

/* keep_memory(): a [memory] or [OutOfMemory] instant of a category with the memory role; any other instant is declined. */
static gboolean decide_memory(const struct extractor *x, struct fastev *ev, const struct raw v[M_OTHER],
			      const struct args_seen *seen)
{
	if (v[M_CAT].kind != K_STRING || v[M_CAT].len >= MAX_CATEGORY)
		return FALSE;
	char category[MAX_CATEGORY];
	memcpy(category, v[M_CAT].text, v[M_CAT].len);
	category[v[M_CAT].len] = 0;
	if (!(event_roles(x->roles, "i", 1, category_canonical(category)) & ROLE_MEMORY))
		return FALSE;
	if (!memory_name(&v[M_NAME], &ev->out_of_memory))
		return FALSE;
	if (!time_ns(&v[M_TS], &ev->ts) || !thread_part(&v[M_PID], &ev->pid, &ev->pid_len) ||
	    !thread_part(&v[M_TID], &ev->tid, &ev->tid_len))
		return FALSE;
	if (v[M_ARGS].kind != K_OBJECT && v[M_ARGS].kind != K_NULL && v[M_ARGS].kind != K_NONE)
		return FALSE;
	ev->memory = TRUE;
	return memory_member(&seen->value[A_BYTES], &ev->bytes, FALSE) &&
	       memory_member(&seen->value[A_DEVICE_TYPE], &ev->device_type, FALSE) &&
	       memory_member(&seen->value[A_DEVICE_ID], &ev->device_id, FALSE) &&
	       memory_member(&seen->value[A_TOTAL_ALLOCATED], &ev->total_allocated, TRUE) &&
	       memory_member(&seen->value[A_TOTAL_RESERVED], &ev->total_reserved, TRUE);
}

static gboolean decide(const struct extractor *x, struct fastev *ev, const struct raw v[M_OTHER], guint roles,
		       const struct args_seen *seen, const GString *staging)
{
	if (v[M_PH].kind == K_STRING && v[M_PH].len == 1 && v[M_PH].text[0] == 'i')
		return decide_memory(x, ev, v, seen);
	if (roles == ROLES_UNREAD)
		roles = x_roles(x, v);
	if (roles == ROLES_UNREAD)
		return FALSE;
	ev->cat = v[M_CAT].text;
	ev->cat_len = v[M_CAT].len;
	ev->roles = roles;
	if (x->steps && v[M_NAME].kind == K_STRING && step_name_candidate(v[M_NAME].text, v[M_NAME].len))
		return FALSE;
	if (!ev->roles)
		return TRUE; /* counted, nothing kept */
	if (ev->roles & ROLE_SYNC)
		return FALSE; /* cuda_sync events (few) go to json-c: keep_sync() reads their args */
	if (v[M_NAME].kind != K_STRING || !time_ns(&v[M_TS], &ev->ts) || !time_ns(&v[M_DUR], &ev->dur) || ev->dur < 0 ||
	    ev->ts > G_MAXINT64 - ev->dur)
		return FALSE;
	ev->name = v[M_NAME].text;
	ev->name_len = v[M_NAME].len;
	if (!thread_part(&v[M_PID], &ev->pid, &ev->pid_len) || !thread_part(&v[M_TID], &ev->tid, &ev->tid_len))
		return FALSE;
	if (v[M_ARGS].kind != K_OBJECT && v[M_ARGS].kind != K_NULL && v[M_ARGS].kind != K_NONE)
		return FALSE; /* args that is no object */
	return read_args(ev, seen, staging);
}

gboolean fastev_parse(const struct extractor *x, const char *text, gsize len, gint64 index, GString *staging,
		      struct fastev *ev)
{
	if (x->json_values)
		return FALSE;
	gsize mark = staging->len;
	struct fp s = { .p = text, .end = text + len, .out = staging };
	struct raw v[M_OTHER] = { 0 };
	struct args_seen seen = { 0 };
	memset(ev, 0, sizeof *ev);
	ev->index = index;
	guint roles = ROLES_UNREAD; /* the category's roles, once read_event() has looked them up */
	if (read_event(x, &s, v, &seen, &ev->args, &roles) && decide(x, ev, v, roles, &seen, staging))
		return TRUE;
	g_string_truncate(staging, mark);
	return FALSE;
}

/* ---- committing, in document order ---- */

/* value_text(): the literal kept when KEEP, a replacement counted. */
static const char *literal_of(struct extractor *x, const struct fastev_literal *literal, const GString *staging,
			      gboolean keep)
{
	if (!literal->present)
		return NULL;
	if (literal->replaced)
		x->out->stats.invalid_utf8++;
	return keep ? g_string_chunk_insert_len(x->text, staging->str + literal->start, literal->len) : NULL;
}

/* threads_add_json(): invalid UTF-8 interned, to be replaced as in names. */
static void clean_text(struct extractor *x, const char **text, gsize *len)
{
	if (pylit_utf8_valid(*text, *len))
		return;
	const struct name *clean = names_intern(x->names, *text, *len, &x->out->stats.invalid_utf8);
	*text = clean->text;
	*len = clean->len;
}

/* kernel_text(). */
static const char *kernel_of(struct extractor *x, const struct fastev *ev)
{
	if (!ev->kernel)
		return NULL;
	g_string_truncate(x->literal, 0);
	if (pylit_utf8_valid(ev->kernel, ev->kernel_len)) {
		g_string_append_len(x->literal, ev->kernel, ev->kernel_len);
	} else {
		pylit_append_utf8(x->literal, ev->kernel, ev->kernel_len);
		x->out->stats.invalid_utf8++;
	}
	return g_string_chunk_insert_const(x->text, x->literal->str);
}

static const struct event_extra *extra_of(struct extractor *x, const struct fastev *ev, const GString *staging)
{
	struct event_extra *extra = g_new0(struct event_extra, 1);
	extra->input_dims = literal_of(x, &ev->input_dims, staging, TRUE);
	extra->input_type = literal_of(x, &ev->input_type, staging, TRUE);
	extra->concrete_inputs = literal_of(x, &ev->concrete_inputs, staging, TRUE);
	extra->shapes_empty = ev->shapes_empty;
	extra->has_join_id = ev->has_join_id;
	extra->join_id = ev->join_id;
	g_ptr_array_add(x->extras, extra);
	return extra;
}

/* As extract_event() with keep_memory(), for a [memory] or [OutOfMemory] instant. */
static void commit_memory(struct extractor *x, const struct fastev *ev)
{
	struct memory_event memory = { .index = ev->index, .ts = ev->ts, .bytes = ev->bytes.value };
	memory.device = ev->device_type.value != 0;
	memory.accelerator = ev->device_type.kind && memory.device;
	memory.device_id = ev->device_id.value;
	memory.has_total = ev->total_allocated.kind != 0;
	memory.total_allocated = ev->total_allocated.value;
	memory.has_reserved = ev->total_reserved.kind != 0;
	memory.total_reserved = ev->total_reserved.value;
	memory.has_type = ev->device_type.kind != 0;
	memory.device_type = ev->device_type.value;
	memory.out_of_memory = ev->out_of_memory;
	const char *pid = ev->pid, *tid = ev->tid;
	gsize pid_len = ev->pid_len, tid_len = ev->tid_len;
	clean_text(x, &pid, &pid_len);
	clean_text(x, &tid, &tid_len);
	memory.thread = threads_add(x->out->threads, pid, pid_len, tid, tid_len);
	g_array_append_val(x->out->memory, memory);
}

/* As extract_event() with keep(), for an X event (or keep_memory(), for a [memory] instant). */
void fastev_commit(struct extractor *x, const struct fastev *ev, const GString *staging)
{
	if (ev->memory) {
		commit_memory(x, ev);
		return;
	}
	char buffer[MAX_CATEGORY];
	memcpy(buffer, ev->cat, ev->cat_len);
	buffer[ev->cat_len] = 0;
	const char *category = category_canonical(buffer);
	if (*category)
		category_counts_add(&x->out->categories, category, strlen(category));
	guint roles = ev->roles;
	if (!roles)
		return;
	struct event event = { .index = (guint32)ev->index, .ts = ev->ts, .dur = ev->dur };
	event.name = names_intern(x->names, ev->name, ev->name_len, &x->out->stats.invalid_utf8);
	roles = extract_roles_by_name(x->all_python_functions, roles, category, event.name);
	if (!roles)
		return;
	if (!x->has_last_category || strcmp(x->last_category, category) != 0) {
		g_strlcpy(x->last_category, category, sizeof x->last_category);
		x->last_category_id = roles_category(x->roles, category);
		x->has_last_category = strlen(category) < sizeof x->last_category;
	}
	event.category = x->last_category_id;
	const char *pid = ev->pid, *tid = ev->tid;
	gsize pid_len = ev->pid_len, tid_len = ev->tid_len;
	clean_text(x, &pid, &pid_len);
	clean_text(x, &tid, &tid_len);
	event.thread = threads_add(x->out->threads, pid, pid_len, tid, tid_len);
	event.has_correlation = ev->correlation.kind;
	if (ev->correlation.kind)
		event.correlation = ev->correlation.value;
	if (roles & ROLE_DEVICE)
		extract_set_device(&event, ev->device.kind, ev->device.value);
	if (roles & (ROLE_MONITORED | ROLE_DEVICE))
		event.args = literal_of(x, &ev->args, staging, extract_keep_args(x, roles, event.name->text, event.name->len)); /* args_literal() */
	const struct event_extra *extra =
		(roles & ROLE_MONITORED) && extract_extras_wanted(x, &event) ? extra_of(x, ev, staging) : NULL;
	const char *kernel = (roles & ROLE_LAUNCH) && x->launch_kernels ? kernel_of(x, ev) : NULL;
	extract_keep_roles(x->out, x->launch_kernels, &event, roles, extra, kernel);
}
