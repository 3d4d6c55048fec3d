#include "attribution/capture.h"
#include "input/roles.h"
#include "util/timefmt.h"
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

static int compare_begins(const void *x, const void *y, void *data)
{
	(void)data;
	guint a = ((const struct open_window *)x)->begin, b = ((const struct open_window *)y)->begin;
	return (a > b) - (a < b);
}

/* Window indices (into DATA, struct open_window) by start ascending. */
static int compare_starts(const void *x, const void *y, void *data)
{
	const struct open_window *w = data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	if (w[a].start != w[b].start)
		return w[a].start < w[b].start ? -1 : 1;
	return (a > b) - (a < b);
}

/* Window indices by stop descending. */
static int compare_stops(const void *x, const void *y, void *data)
{
	const struct open_window *w = data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	if (w[a].stop != w[b].stop)
		return w[a].stop > w[b].stop ? -1 : 1;
	return (a > b) - (a < b);
}

#define LISTED_UNPAIRED 3 /* unpaired BeginCaptures or EndCaptures named in a warning */

/* One warning for the UNPAIRED launches (in sort order) of one kind on a
 * thread, the first LISTED_UNPAIRED of them named: NAME#CORRELATION at ts
 * (the trace's microseconds). */
static void warn(struct capture *capture, const char *path, const struct threads *threads, const struct attribution *a,
		 const GArray *unpaired, const char *what, const char *missing)
{
	char pid[THREADS_NUMBER_MAX], tid[THREADS_NUMBER_MAX];
	const struct event *first = &a->launches[g_array_index(unpaired, guint, 0)];
	GString *text = g_string_new(NULL);
	g_string_printf(text, "%s: %u %s without %s on thread %s/%s, ignored:", path, unpaired->len, what, missing,
			threads_pid(threads, first->thread, pid), threads_tid(threads, first->thread, tid));
	for (guint k = 0; k < unpaired->len && k < LISTED_UNPAIRED; k++) {
		const struct event *e = &a->launches[g_array_index(unpaired, guint, k)];
		g_string_append(text, k ? ", " : " ");
		g_string_append_len(text, e->name->text, (gssize)strnlen(e->name->text, e->name->len));
		if (e->has_correlation == 2)
			g_string_append_printf(text, "#%" G_GINT64_FORMAT, e->correlation);
		else if (e->has_correlation)
			g_string_append_printf(text, "#%" G_GUINT64_FORMAT, (guint64)e->correlation);
		g_string_append(text, " at ts ");
		time_append_us(text, e->ts);
	}
	if (unpaired->len > LISTED_UNPAIRED)
		g_string_append_printf(text, " and %u more", unpaired->len - LISTED_UNPAIRED);
	g_ptr_array_add(capture->warnings, g_string_free(text, FALSE));
}

/* The windows of the thread of launches [FIRST, END), appended to WINDOWS
 * in the order of their BeginCaptures: in sort order, an EndCapture closes
 * the latest unclosed BeginCapture (a stack); an EndCapture with none open
 * and a BeginCapture left open are warned of. */
static void thread_windows(struct capture *capture, const char *path, const struct attribution *a,
			   const struct threads *threads, guint first, guint end, GArray *windows)
{
	g_autoptr(GArray) open = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) stray = g_array_new(FALSE, FALSE, sizeof(guint));
	guint from = windows->len;
	for (guint l = first; l < end; l++) {
		enum launch_kind kind = kind_of(a, l);
		if (kind == KIND_BEGIN) {
			g_array_append_val(open, l);
		} else if (kind == KIND_END && !open->len) {
			g_array_append_val(stray, l);
		} else if (kind == KIND_END) {
			struct open_window w = { .begin = g_array_index(open, guint, open->len - 1), .end = l };
			g_array_set_size(open, open->len - 1);
			w.start = event_end(&a->launches[w.begin]);
			w.stop = a->launches[w.end].ts;
			g_array_append_val(windows, w);
		}
	}
	if (windows->len > from) /* closed innermost first: into the order of their BeginCaptures */
		g_qsort_with_data(&g_array_index(windows, struct open_window, from), (gint)(windows->len - from),
				  sizeof(struct open_window), compare_begins, NULL);
	if (open->len)
		warn(capture, path, threads, a, open, "BeginCapture", "EndCapture");
	if (stray->len)
		warn(capture, path, threads, a, stray, "EndCapture", "BeginCapture");
}

/* Appends to MEMBERS the captured launches of the thread of launches
 * [FIRST, END), each with the innermost of the thread's windows WINDOWS[FROM,
 * TO) (in the order of their BeginCaptures) that holds it: the latest whose
 * start is by the launch's ts and whose stop is at its end or later. One
 * walk in sort order (ts ascending): windows enter as their start is passed;
 * a Fenwick tree over the windows by stop (descending), so that "stop at
 * the end or later" is a prefix, keeps the latest window entered in each
 * prefix. O((L + W) log W) for L launches and W windows. */
static void thread_members(const struct attribution *a, guint first, guint end, const struct open_window *windows,
			   guint from, guint to, GArray *members)
{
	guint count = to - from;
	if (!count)
		return;
	const struct open_window *w = windows + from;
	g_autofree guint *by_start = g_new(guint, count);
	g_autofree guint *by_stop = g_new(guint, count);
	g_autofree guint *slot = g_new(guint, count); /* a window's place in by_stop */
	g_autofree guint *tree = g_new0(guint, count + 1); /* Fenwick, from 1: the latest window + 1 entered, 0: none */
	for (guint k = 0; k < count; k++)
		by_start[k] = by_stop[k] = k;
	g_qsort_with_data(by_start, (gint)count, sizeof(guint), compare_starts, (gpointer)w);
	g_qsort_with_data(by_stop, (gint)count, sizeof(guint), compare_stops, (gpointer)w);
	for (guint i = 0; i < count; i++)
		slot[by_stop[i]] = i;
	guint entered = 0;
	for (guint l = first; l < end; l++) {
		if (kind_of(a, l) != KIND_CAPTURABLE)
			continue;
		const struct event *launch = &a->launches[l];
		for (; entered < count && w[by_start[entered]].start <= launch->ts; entered++)
			for (guint k = by_start[entered], i = slot[k] + 1; i <= count; i += i & -i)
				tree[i] = MAX(tree[i], k + 1);
		guint low = 0, high = count; /* the windows whose stop is at the launch's end or later: by_stop[0, low) */
		while (low < high) {
			guint middle = low + (high - low) / 2;
			if (w[by_stop[middle]].stop >= event_end(launch))
				low = middle + 1;
			else
				high = middle;
		}
		guint latest = 0;
		for (guint i = low; i > 0; i -= i & -i)
			latest = MAX(latest, tree[i]);
		if (!latest)
			continue;
		struct member m = { .window = from + latest - 1, .launch = l, .ts = launch->ts, .index = launch->index };
		g_array_append_val(members, m);
	}
}

/* Capture nodes of one file: forest node and the capture node of its
 * parent on the path -> its capture node, so that paths that begin with the
 * same forest nodes share their capture nodes. */
struct path_table {
	struct capture *capture;
	const struct forest *forest;
	GHashTable *nodes;   /* gint64 *: node << 32 | (parent + 1) -> capture node + 1 */
	struct path_seen *seen; /* per forest node: its path in the last window that needed it */
	GArray *chain;       /* guint: scratch */
};

#define SEEN_NEVER G_MAXUINT /* path_seen.top: no window needed the node yet */
#define SEEN_EMPTY (G_MAXUINT - 1) /* path_seen.top: the node contained that window's BeginCapture */

/* A forest node's capture path in the last window that needed it: the
 * path's root-most forest node TOP (or SEEN_*) and its capture node. */
struct path_seen {
	guint top, capture;
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

/* Whether node N's path in the window of BEGIN is the one it had when last
 * seen: the same cut. Containing BEGIN holds from some node of a chain up
 * to its root (a parent contains its children), so the path is N up to TOP
 * when TOP does not contain BEGIN and TOP's parent, if any, does. */
static gboolean seen_holds(const struct path_table *t, guint n, const struct event *begin)
{
	guint top = t->seen[n].top;
	if (top == SEEN_NEVER)
		return FALSE;
	if (top == SEEN_EMPTY)
		return event_contains(&t->forest->events[n], begin);
	guint parent = forest_parent(t->forest, top);
	return !event_contains(&t->forest->events[top], begin) &&
	       (parent == FOREST_END || event_contains(&t->forest->events[parent], begin));
}

/* The capture node ending the capture path of a launch attributed to OWNER
 * in the window of BEGIN: OWNER and its ancestors up to the first that
 * contains BEGIN (its own ancestors contain it too). A node whose path in
 * an earlier window had the same cut (seen_holds, O(1)) ends the walk with
 * that path, so nested windows with one cut walk each node once. */
static guint path_end(struct path_table *t, guint owner, const struct event *begin)
{
	guint top = G_MAXUINT, root_most = G_MAXUINT;
	g_array_set_size(t->chain, 0);
	for (guint n = owner == NO_OWNER ? FOREST_END : owner; n != FOREST_END; n = forest_parent(t->forest, n)) {
		if (seen_holds(t, n, begin)) {
			if (t->seen[n].top != SEEN_EMPTY) {
				top = t->seen[n].capture;
				root_most = t->seen[n].top;
			}
			break;
		}
		if (event_contains(&t->forest->events[n], begin)) {
			t->seen[n] = (struct path_seen){ SEEN_EMPTY, G_MAXUINT };
			break;
		}
		g_array_append_val(t->chain, n);
	}
	if (root_most == G_MAXUINT && t->chain->len)
		root_most = g_array_index(t->chain, guint, t->chain->len - 1);
	for (guint k = t->chain->len; k-- > 0;) { /* root-most first */
		guint n = g_array_index(t->chain, guint, k);
		top = capture_node_of(t, n, top);
		t->seen[n] = (struct path_seen){ root_most, top };
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
		.seen = g_new(struct path_seen, forest->count ? forest->count : 1),
		.chain = g_array_new(FALSE, FALSE, sizeof(guint)),
	};
	for (guint n = 0; n < forest->count; n++)
		t.seen[n].top = SEEN_NEVER;
	guint m = 0;
	for (guint w = 0; w < count; w++) {
		const struct event *begin = &a->launches[windows[w].begin];
		struct capture_window window = {
			.file = file, .begin_ts = begin->ts, .begin_index = begin->index, .first = capture->launches->len,
		};
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
	g_free(t.seen);
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
