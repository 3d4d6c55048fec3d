#include "attribution/capture.h"
#include "input/roles.h"
#include <string.h>

struct capture *capture_new(void)
{
	struct capture *capture = g_new0(struct capture, 1);
	capture->windows = g_array_new(FALSE, FALSE, sizeof(struct capture_window));
	capture->launches = g_array_new(FALSE, FALSE, sizeof(struct captured_launch));
	capture->nodes = g_array_new(FALSE, FALSE, sizeof(struct capture_node));
	capture->names = names_new();
	capture->warnings = g_ptr_array_new_with_free_func(g_free);
	return capture;
}

void capture_free(struct capture *capture)
{
	if (!capture)
		return;
	g_array_free(capture->windows, TRUE);
	g_array_free(capture->launches, TRUE);
	g_array_free(capture->nodes, TRUE);
	names_free(capture->names);
	g_ptr_array_unref(capture->warnings);
	g_free(capture);
}

/* Whether NAME's bytes (NUL characters included) hold WORD. */
static gboolean name_has(const struct name *name, const char *word)
{
	gsize len = strlen(word);
	for (gsize at = 0; name && at + len <= name->len; at++)
		if (memcmp(name->text + at, word, len) == 0)
			return TRUE;
	return FALSE;
}

gboolean capture_is_graph_launch(const struct name *name)
{
	return name_has(name, "GraphLaunch");
}

enum launch_kind { KIND_OTHER, KIND_BEGIN, KIND_END, KIND_CAPTURABLE };

/* What launch L is to the windows: a not nested BeginCapture or EndCapture,
 * a launch a window may capture, or nothing. Graph launches are nothing. */
static enum launch_kind kind_of(const struct attribution *a, guint l)
{
	const struct name *name = a->launches[l].name;
	if (a->nested[l] || capture_is_graph_launch(name))
		return KIND_OTHER;
	if (name_has(name, "BeginCapture"))
		return KIND_BEGIN;
	if (name_has(name, "EndCapture"))
		return KIND_END;
	if ((name_has(name, "Launch") && !name_has(name, "HostFunc")) || name_has(name, "Memcpy") ||
	    name_has(name, "Memset"))
		return KIND_CAPTURABLE;
	return KIND_OTHER;
}

/* A window of the file at hand, before its launches are known. */
struct open_window {
	guint begin, end; /* launches */
	gint64 start, stop; /* end of the BeginCapture, start of the EndCapture */
};

/* A launch captured by a window of the file at hand. */
struct member {
	guint window; /* in the file's open windows */
	guint launch;
	gint64 ts;
	guint32 index;
};

static int compare_members(gconstpointer x, gconstpointer y)
{
	const struct member *a = x, *b = y;
	if (a->window != b->window)
		return a->window < b->window ? -1 : 1;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static void warn(struct capture *capture, const char *path, const struct threads *threads, guint32 thread,
		 guint count, const char *what, const char *missing)
{
	char pid[THREADS_NUMBER_MAX], tid[THREADS_NUMBER_MAX];
	g_ptr_array_add(capture->warnings,
			g_strdup_printf("%s: %u %s without %s on thread %s/%s, ignored", path, count, what, missing,
					threads_pid(threads, thread, pid), threads_tid(threads, thread, tid)));
}

/* The windows of the thread of launches [FIRST, END): the k-th BeginCapture
 * with the k-th EndCapture, in sort order; the unpaired ones are warned of. */
static void thread_windows(struct capture *capture, const char *path, const struct attribution *a,
			   const struct threads *threads, guint first, guint end, GArray *windows)
{
	g_autoptr(GArray) begins = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) ends = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint l = first; l < end; l++) {
		enum launch_kind kind = kind_of(a, l);
		if (kind == KIND_BEGIN)
			g_array_append_val(begins, l);
		else if (kind == KIND_END)
			g_array_append_val(ends, l);
	}
	guint paired = MIN(begins->len, ends->len);
	for (guint k = 0; k < paired; k++) {
		struct open_window w = { .begin = g_array_index(begins, guint, k), .end = g_array_index(ends, guint, k) };
		w.start = event_end(&a->launches[w.begin]);
		w.stop = a->launches[w.end].ts;
		g_array_append_val(windows, w);
	}
	guint32 thread = a->launches[first].thread;
	if (begins->len > paired)
		warn(capture, path, threads, thread, begins->len - paired, "BeginCapture", "EndCapture");
	if (ends->len > paired)
		warn(capture, path, threads, thread, ends->len - paired, "EndCapture", "BeginCapture");
}

/* Appends to MEMBERS the captured launches of the thread of launches
 * [FIRST, END), whose windows are WINDOWS[FROM, TO): one walk over the
 * launches in sort order (ts ascending). The BeginCaptures and the
 * EndCaptures are in that order, so the windows that may hold launch L are
 * those whose BeginCapture starts by L's ts (a prefix, which grows as L
 * goes) and whose EndCapture starts at L's end or later (a suffix: a binary
 * search); of those, the ones whose BeginCapture ends by L's ts hold it. */
static void thread_members(const struct attribution *a, guint first, guint end, const struct open_window *windows,
			   guint from, guint to, GArray *members)
{
	guint begun = from; /* windows [from, begun) have their BeginCapture start by the launch's ts */
	for (guint l = first; l < end && from < to; l++) {
		const struct event *launch = &a->launches[l];
		while (begun < to && a->launches[windows[begun].begin].ts <= launch->ts)
			begun++;
		if (kind_of(a, l) != KIND_CAPTURABLE)
			continue;
		guint low = from, high = begun; /* the first window whose EndCapture starts at the launch's end or later */
		while (low < high) {
			guint middle = low + (high - low) / 2;
			if (windows[middle].stop < event_end(launch))
				low = middle + 1;
			else
				high = middle;
		}
		for (guint w = low; w < begun; w++) {
			if (windows[w].start > launch->ts)
				continue;
			struct member m = { .window = w, .launch = l, .ts = launch->ts, .index = launch->index };
			g_array_append_val(members, m);
		}
	}
}

/* Capture nodes of one file: forest node and the capture node of its
 * parent on the path -> its capture node, so that paths that begin with the
 * same forest nodes share their capture nodes. */
struct path_table {
	struct capture *capture;
	const struct forest *forest;
	GHashTable *nodes;   /* gint64 *: node << 32 | (parent + 1) -> capture node + 1 */
	GHashTable *window;  /* forest node + 1 -> the capture node ending its path in the window at hand */
	GArray *chain;       /* guint: scratch */
};

/* Both halves of a node << 32 | parent key: GLib's g_int64_hash keeps only
 * the low 32 bits, which would put every path's first node in one bucket. */
static guint node_key_hash(gconstpointer key)
{
	guint64 k = *(const guint64 *)key;
	k ^= k >> 33;
	k *= G_GUINT64_CONSTANT(0xff51afd7ed558ccd);
	k ^= k >> 33;
	return (guint)k;
}

static guint capture_node_of(struct path_table *t, guint node, guint parent)
{
	gint64 key = (gint64)((guint64)node << 32 | (guint32)(parent + 1u));
	gpointer found = g_hash_table_lookup(t->nodes, &key);
	if (found)
		return GPOINTER_TO_UINT(found) - 1;
	const struct event *event = &t->forest->events[node];
	const struct name *category = category_name(event->category);
	struct capture_node c = {
		.name = names_intern(t->capture->names, event->name->text, event->name->len, NULL),
		.category = names_intern(t->capture->names, category->text, category->len, NULL),
		.category_id = event->category,
		.parent = parent,
	};
	guint index = t->capture->nodes->len;
	g_array_append_val(t->capture->nodes, c);
	g_hash_table_insert(t->nodes, g_memdup2(&key, sizeof key), GUINT_TO_POINTER(index + 1));
	return index;
}

/* The capture node ending the capture path of a launch attributed to OWNER
 * in the window of BEGIN: OWNER and its ancestors up to the first that
 * contains BEGIN (its own ancestors contain it too). Nodes met before in
 * the window are not walked again. */
static guint path_end(struct path_table *t, guint owner, const struct event *begin)
{
	guint top = G_MAXUINT;
	g_array_set_size(t->chain, 0);
	for (guint n = owner == NO_OWNER ? FOREST_END : owner; n != FOREST_END; n = forest_parent(t->forest, n)) {
		gpointer known;
		if (g_hash_table_lookup_extended(t->window, GUINT_TO_POINTER(n + 1), NULL, &known)) {
			top = GPOINTER_TO_UINT(known);
			break;
		}
		if (event_contains(&t->forest->events[n], begin)) {
			g_hash_table_insert(t->window, GUINT_TO_POINTER(n + 1), GUINT_TO_POINTER(G_MAXUINT));
			break;
		}
		g_array_append_val(t->chain, n);
	}
	for (guint k = t->chain->len; k-- > 0;) { /* root-most first */
		guint n = g_array_index(t->chain, guint, k);
		top = capture_node_of(t, n, top);
		g_hash_table_insert(t->window, GUINT_TO_POINTER(n + 1), GUINT_TO_POINTER(top));
	}
	return top;
}

/* The windows, in the order of WINDOWS, with their launches (MEMBERS, sorted). */
static void add_windows(struct capture *capture, guint file, const struct forest *forest,
			const struct attribution *a, const struct open_window *windows, guint count,
			const GArray *members)
{
	struct path_table t = {
		.capture = capture,
		.forest = forest,
		.nodes = g_hash_table_new_full(node_key_hash, g_int64_equal, g_free, NULL),
		.window = g_hash_table_new(g_direct_hash, g_direct_equal),
		.chain = g_array_new(FALSE, FALSE, sizeof(guint)),
	};
	guint m = 0;
	for (guint w = 0; w < count; w++) {
		const struct event *begin = &a->launches[windows[w].begin];
		struct capture_window window = {
			.file = file, .begin_ts = begin->ts, .begin_index = begin->index, .first = capture->launches->len,
		};
		g_hash_table_remove_all(t.window);
		for (; m < members->len && g_array_index(members, struct member, m).window == w; m++) {
			guint l = g_array_index(members, struct member, m).launch;
			const struct event *launch = &a->launches[l];
			struct captured_launch c = {
				.name = launch->args ? names_intern(capture->names, launch->args, strlen(launch->args), NULL)
						     : NULL,
				.path_end = path_end(&t, a->owner[l], begin),
				.ts = launch->ts,
				.index = launch->index,
			};
			window.unnamed += c.name == NULL;
			g_array_append_val(capture->launches, c);
		}
		window.count = capture->launches->len - window.first;
		g_array_append_val(capture->windows, window);
	}
	g_hash_table_unref(t.nodes);
	g_hash_table_unref(t.window);
	g_array_free(t.chain, TRUE);
}

guint capture_add(struct capture *capture, guint file, const char *path, const struct trace *trace,
		  const struct forest *forest, const struct attribution *a)
{
	g_autoptr(GArray) windows = g_array_new(FALSE, FALSE, sizeof(struct open_window));
	g_autoptr(GArray) members = g_array_new(FALSE, FALSE, sizeof(struct member));
	for (guint first = 0, end; first < a->launch_count; first = end) { /* each thread's run */
		guint32 thread = a->launches[first].thread;
		for (end = first + 1; end < a->launch_count && a->launches[end].thread == thread; end++)
			;
		guint from = windows->len;
		thread_windows(capture, path, a, trace->threads, first, end, windows);
		thread_members(a, first, end, (const struct open_window *)windows->data, from, windows->len, members);
	}
	g_array_sort(members, compare_members);
	add_windows(capture, file, forest, a, (const struct open_window *)windows->data, windows->len, members);
	if (!windows->len)
		g_ptr_array_add(capture->warnings,
				g_strdup_printf("%s: no graph capture in this trace (no BeginCapture/EndCapture pair)", path));
	return windows->len;
}

static int compare_windows(gconstpointer x, gconstpointer y)
{
	const struct capture_window *a = x, *b = y;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->begin_ts != b->begin_ts)
		return a->begin_ts < b->begin_ts ? -1 : 1;
	return a->begin_index < b->begin_index ? -1 : a->begin_index > b->begin_index;
}

void capture_finish(struct capture *capture)
{
	g_array_sort(capture->windows, compare_windows);
}
