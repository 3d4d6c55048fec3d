#include "input/worker.h"
#include "util/fault.h"
#include "util/json_digits.h"
#include "input/pair.h"
#include "input/roles.h"
#include "input/skim.h"
#include "input/fastev.h"
#include <json-c/printbuf.h>
#include <limits.h>
#include <string.h>

#define GROUP_EVENTS 64

void extractor_setup(struct extractor *x, GHashTable *roles, const struct read_config *config, struct names *names,
		     GStringChunk *text)
{
	x->roles = roles;
	x->all_python_functions = config->all_python_functions;
	x->steps = config->steps;
	x->names = names;
	x->text = text;
	x->literal = g_string_new(NULL);
	x->extras = config->event_extras ? g_ptr_array_new_with_free_func(g_free) : NULL;
	x->extras_wanted = config->extras_wanted;
	x->json_values = config->json_values;
	x->launch_kernels = config->launch_kernels;
	x->drop_args = config->drop_args;
	x->keep_comms_args = config->keep_comms_args;
	x->has_last_category = FALSE;
}

void extractor_teardown(struct extractor *x)
{
	g_string_free(x->literal, TRUE);
	if (x->extras)
		g_ptr_array_unref(x->extras);
}

void worker_free(gpointer data)
{
	struct worker *w = data;
	names_free(w->extractor.names);
	if (w->extractor.text)
		g_string_chunk_free(w->extractor.text);
	extractor_teardown(&w->extractor);
	json_tokener_free(w->tokener);
	g_string_free(w->group, TRUE);
	g_array_free(w->entries, TRUE);
	g_array_free(w->fast, TRUE);
	g_string_free(w->staging, TRUE);
	g_free(w);
}
void batch_free(struct batch *b)
{
	if (!b)
		return;
	g_string_free(b->bytes, TRUE);
	g_array_free(b->elements, TRUE);
	g_byte_array_unref(b->pairing);
	extracted_free(b->out);
	g_clear_error(&b->error);
	g_free(b);
}

struct worker *worker_new(GHashTable *roles, const struct read_config *config)
{
	struct worker *w = g_new0(struct worker, 1);
	extractor_setup(&w->extractor, roles, config, names_new(), g_string_chunk_new(1 << 20));
	w->tokener = read_tokener_new();
	w->execution_trace = config->execution_trace;
	w->group = g_string_sized_new(1 << 16);
	w->entries = g_array_new(FALSE, FALSE, sizeof(struct group_entry));
	w->fast = g_array_new(FALSE, FALSE, sizeof(struct fast_entry));
	w->staging = g_string_sized_new(1 << 16);
	return w;
}

struct extractor *worker_extractor(struct worker *w)
{
	return &w->extractor;
}

static void element_error(struct batch *b, const struct element *e, gsize pos, const char *why)
{
	g_autofree char *what = g_strdup_printf("JSON syntax error (%s)", why);
	read_fail(&b->error, READ_ERROR_SYNTAX, e->offset + (gint64)MIN(pos, e->len), what);
}

/* The group entry holding byte POS of the group (the one before it, for a separator). */
static const struct group_entry *entry_at(GArray *entries, gsize pos)
{
	guint low = 0, high = entries->len;
	while (high - low > 1) {
		guint middle = low + (high - low) / 2;
		if (g_array_index(entries, struct group_entry, middle).start <= pos)
			low = middle;
		else
			high = middle;
	}
	return &g_array_index(entries, struct group_entry, low);
}

/* An element as json-c made it, extracted; its B or E event waits as a record (src/input/pair.h). */
static void take_parsed(struct worker *w, struct batch *b, json_object *element, gint64 index)
{
	guint pending = b->out->begin_end->len;
	if (w->execution_trace)
		extract_et_node(&w->extractor, element, index);
	else
		extract_event(&w->extractor, element, index);
	pair_record_pending(b->pairing, b->out->begin_end, pending);
}

/* Room in json-c's buffer for a token of LEN bytes, before it reads: json-c before 0.17
 * drops, unsaid, what it cannot append to a string or number (0.17 says error_memory). */
static void make_room(json_tokener *tokener G_GNUC_UNUSED, gsize len G_GNUC_UNUSED)
{
#if JSON_C_VERSION_NUM < 0x001100
	if (tokener->pb->size < (int)len + 8 && printbuf_memset(tokener->pb, 0, 0, (int)len + 8) < 0)
		fault_out_of_memory();
	printbuf_reset(tokener->pb);
#endif
}

/* Whether json-c read a value ending at LEN (WHOLE: of the type and size asked). Memory that ran
 * out ends the run: json-c 0.16 gives up, as if done, when it cannot allocate (another value, or ending early). */
static gboolean parsed(json_tokener *tokener, gboolean whole, gsize len)
{
	enum json_tokener_error status = json_tokener_get_error(tokener);
#if JSON_C_VERSION_NUM >= 0x001100
	if (status == json_tokener_error_memory)
		fault_out_of_memory();
#endif
	if (status == json_tokener_success && (!whole || json_tokener_get_parse_end(tokener) != len))
		fault_out_of_memory();
	return status == json_tokener_success;
}

/* The events read without json-c that wait for fewer than SLOW of the group's elements. */
static void commit_fast(struct worker *w, guint *next, guint slow)
{
	for (; *next < w->fast->len; ++*next) {
		const struct fast_entry *f = &g_array_index(w->fast, struct fast_entry, *next);
		if (f->before > slow)
			return;
		fastev_commit(&w->extractor, &f->event, w->staging);
	}
}

static void clear_group(struct worker *w)
{
	g_string_truncate(w->group, 0);
	g_array_set_size(w->entries, 0);
	g_array_set_size(w->fast, 0);
	g_string_truncate(w->staging, 0);
}

/* Parses the group "[e1,e2,...]" with one call to the tokener. (json-c sets
 * up a C locale on each call, under a lock that workers calling once per
 * event would queue on; a whole batch at once would not stay in the cache.) */
static gboolean parse_group(struct worker *w, struct batch *b)
{
	if (!w->entries->len)
		return TRUE;
	g_string_append_c(w->group, ']');
	json_tokener_reset(w->tokener);
	make_room(w->tokener, w->group->len); /* (no token is longer than the group) */
	json_object *group = json_tokener_parse_ex(w->tokener, w->group->str, (int)w->group->len);
	gboolean ok = parsed(w->tokener, json_object_is_type(group, json_type_array) &&
					     json_object_array_length(group) == w->entries->len, w->group->len);
	if (ok) {
		guint next = 0; /* the events read without json-c go between, in document order */
		for (guint i = 0; i < w->entries->len; i++) {
			commit_fast(w, &next, i);
			const struct group_entry *entry = &g_array_index(w->entries, struct group_entry, i);
			json_object *element = json_object_array_get_idx(group, i);
			json_digits_keep(element, w->group->str + entry->start, entry->element->len); /* SPEC 24 */
			take_parsed(w, b, element, entry->element->index);
		}
		commit_fast(w, &next, w->entries->len);
	} else {
		gsize pos = json_tokener_get_parse_end(w->tokener);
		const char *why = json_tokener_error_desc(json_tokener_get_error(w->tokener));
		if (pos < w->group->len && !w->group->str[pos]) /* json-c takes a NUL for the end */
			why = "a raw NUL byte";
		else if (pos && pos <= w->group->len && !w->group->str[pos - 1]) /* (after it, in a string) */
			pos--, why = "a raw NUL byte";
		const struct group_entry *entry = entry_at(w->entries, pos);
		element_error(b, entry->element, pos - entry->start, why);
	}
	json_object_put(group);
	clear_group(w);
	return ok;
}

/* An object of BATCH_BYTES bytes or more, parsed where it lies, not copied into the group, by
 * a tokener freed with its buffer; then the batch's copy goes (a batch is sent once it holds
 * BATCH_BYTES: it is the last). FALSE when it is not JSON: the group says why, as for any. */
static gboolean parse_alone(struct worker *w, struct batch *b, const struct element *e)
{
	json_tokener *tokener = FAULT_CHECK(json_tokener_new_ex(READ_TOKENER_DEPTH - 1)); /* as within the group's array */
	json_tokener_set_flags(tokener, READ_TOKENER_FLAGS);
	make_room(tokener, e->len);
	json_object *event = json_tokener_parse_ex(tokener, b->bytes->str + e->start, (int)e->len);
	gboolean ok = parsed(tokener, json_object_is_type(event, json_type_object), e->len);
	json_tokener_free(tokener);
	if (ok)
		json_digits_keep(event, b->bytes->str + e->start, e->len); /* SPEC 24 */
	if (ok && e == &g_array_index(b->elements, struct element, b->elements->len - 1)) {
		g_string_free(b->bytes, TRUE);
		b->bytes = g_string_sized_new(BATCH_BYTES + 65536);
	}
	if (ok)
		take_parsed(w, b, event, e->index);
	json_object_put(event);
	return ok;
}

static gboolean add_to_group(struct worker *w, struct batch *b, const struct element *e)
{
	if (e->len >= INT_MAX / 2) {
		read_fail(&b->error, READ_ERROR_SYNTAX, e->offset, "an event larger than 1 GB");
		return FALSE;
	}
	if (e->len >= BATCH_BYTES && b->bytes->str[e->start] == '{') { /* (json-c sees where an object ends) */
		if (!parse_group(w, b)) /* the elements before it first */
			return FALSE;
		if (parse_alone(w, b, e))
			return TRUE;
	}
	if (w->group->len + e->len >= INT_MAX / 2 && !parse_group(w, b))
		return FALSE;
	g_string_append_c(w->group, w->entries->len ? ',' : '[');
	struct group_entry entry = { w->group->len, e };
	g_array_append_val(w->entries, entry);
	g_string_append_len(w->group, b->bytes->str + e->start, e->len);
	return w->entries->len < GROUP_EVENTS || parse_group(w, b);
}

/* A needed element read without json-c, when it can be: its events are kept at
 * once, or after the group's elements before it. */
static gboolean take_fast(struct worker *w, struct batch *b, const struct element *e)
{
	g_array_set_size(w->fast, w->fast->len + 1);
	struct fast_entry *f = &g_array_index(w->fast, struct fast_entry, w->fast->len - 1);
	f->before = w->entries->len;
	gboolean fast = fastev_parse(&w->extractor, b->bytes->str + e->start, e->len, e->index, w->staging, &f->event);
	if (fast && w->entries->len)
		return TRUE;
	if (fast) { /* nothing waits before it */
		fastev_commit(&w->extractor, &f->event, w->staging);
		g_string_truncate(w->staging, 0);
	}
	g_array_set_size(w->fast, w->fast->len - 1);
	return fast;
}

/* One element: skimmed, read without json-c when it can be, else given to
 * json-c when it may matter. */
static gboolean take_element(struct worker *w, struct batch *b, const struct element *e)
{
	gsize pos;
	const char *why;
	if (w->execution_trace)
		return add_to_group(w, b, e);
	switch (skim_event_counted(b->bytes->str + e->start, e->len, w->extractor.roles, w->extractor.steps, &pos,
				   &why, &b->out->categories)) {
	case SKIM_NEEDED:
		if (take_fast(w, b, e))
			return TRUE;
		return add_to_group(w, b, e);
	case SKIM_IGNORED:
		return TRUE;
	case SKIM_NOT_OBJECT:
		read_stats_note_skip(&b->out->stats, e->index, SKIP_NOT_OBJECT);
		return TRUE;
	case SKIM_INVALID:
		if (parse_group(w, b)) /* an error in the group comes earlier */
			element_error(b, e, pos, why);
		return FALSE;
	}
	return FALSE;
}

void worker_parse(struct worker *w, struct batch *b)
{
	if (!b->out)
		b->out = extracted_new();
	w->extractor.out = b->out;
	gboolean ok = TRUE;
	for (guint i = 0; ok && i < b->elements->len; i++)
		ok = take_element(w, b, &g_array_index(b->elements, struct element, i));
	if (ok)
		parse_group(w, b);
	clear_group(w);
	w->extractor.out = NULL;
}
