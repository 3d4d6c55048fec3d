/* Capture: the capture windows of a capture trace and their captured
 * launches (SPEC 14.1), kept without the trace's forest.
 *
 * ALGORITHM. The attribution's launches are sorted by thread, then in the
 * order of section 3 (ts ascending); each thread's run is walked twice.
 * 1. Windows: the thread's BeginCapture and EndCapture launches (names
 *    holding those words; graph launches and nested launches, such as a
 *    driver call inside the runtime's, never count) pair by nesting, in
 *    sort order: a BeginCapture is pushed on a stack, an EndCapture closes
 *    the one on top. An EndCapture with the stack empty and the
 *    BeginCaptures left on it are ignored, one warning a thread and kind
 *    naming the first few (NAME#CORRELATION at ts); every other pair
 *    stands, so a capture profiled from its middle shifts nothing. A
 *    window runs from its BeginCapture's end to its EndCapture's ts; the
 *    thread's windows are put in the order of their BeginCaptures.
 * 2. Members: a launch a window may hold (see kind_of: not nested, not a
 *    graph launch, "Launch" without "HostFunc", "Memcpy" or "Memset") is
 *    held by the innermost window that holds it: of the windows whose start
 *    is by its ts and whose stop is at its end or later, the one whose
 *    BeginCapture is latest (nested windows each keep their own launches,
 *    and a launch is in one window: the pairs are never windows x
 *    launches). One walk over the thread's launches in sort order: windows
 *    enter the search as the walk passes their start; a Fenwick tree over
 *    the windows by stop (descending, so "stop at the end or later" is a
 *    prefix) holds the latest window entered in each prefix, a query is
 *    O(log W).
 * 3. The (window, launch) pairs, at most one a launch, are sorted by
 *    window, then (ts, position).
 * 4. Paths: a launch's capture path is its owner node and the ancestors up
 *    to the first node that contains the window's BeginCapture (a parent
 *    contains its children in the forest, so every node above contains it
 *    too). Each forest node remembers its path in the last window that
 *    needed it (the path's root-most node and its capture node); the walk
 *    up stops at a node whose remembered path has the same cut in this
 *    window (its root-most node does not contain the BeginCapture and that
 *    node's parent, if any, does: O(1)). In window order a node's cut
 *    only moves down its chain (the later a BeginCapture before the node,
 *    the deeper the deepest ancestor that contains it), so a node is
 *    walked once for each path it has: once for each capture node. Capture
 *    nodes are kept per (forest node, capture node of its parent on the
 *    path), so the same forest node under the same path prefix is one
 *    capture node, in any window of the file, and two forest nodes of the
 *    same name are two.
 * Cost per file: O(L log L + W log W) for L launches and W windows, plus
 * O(1) a forest node and a capture node; memory O(L + W) and that of the
 * nodes. capture_finish sorts the windows, O(W log W).
 *
 * A launch's name is its args.kernel as the reader keeps it with
 * read_config.launch_kernels: a C string, so a NUL inside a kernel name
 * ends it there (and would not compare equal to the device event's name). */
#ifndef PP_CAPTURE_H
#define PP_CAPTURE_H

#include "attribution/attribute.h"

/* A node of a capture trace that is on some capture path: what a grafted
 * row shows of it. Identified by its index in capture.nodes (two capture
 * nodes with the same name are still two nodes). */
struct capture_node {
	const struct name *name; /* interned in capture.names */
	const struct name *category; /* its category's name, interned in capture.names */
	guint16 category_id; /* its struct event.category: category ids are the process's (src/input/roles.h) */
	guint parent; /* index in capture.nodes of the next node of its path towards the root, or G_MAXUINT (first of the path) */
};

struct captured_launch {
	const struct name *name; /* args.kernel, interned in capture.names; NULL when absent */
	guint path_end;  /* index in capture.nodes of the last (innermost) node of its capture path, or G_MAXUINT: empty path */
	gint64 ts;
	guint32 index;   /* position in its file's event array */
};

struct capture_window {
	guint file;      /* the capture file's number, from 0 in the order given */
	gint64 begin_ts; /* ts of its BeginCapture event (the window order, with begin_index) */
	guint32 begin_index;
	guint first, count; /* its captured launches: capture.launches[first .. first + count) */
	guint unnamed;   /* how many of them have no name */
};

/* What the capture traces hold; windows in window order once all files are added. */
struct capture {
	GArray *windows;   /* struct capture_window */
	GArray *launches;  /* struct captured_launch */
	GArray *nodes;     /* struct capture_node */
	struct names *names;
	GPtrArray *warnings; /* char *: "FILE: what" for unpaired Begin/EndCapture, a file without windows */
};

struct capture *capture_new(void);
void capture_free(struct capture *capture);
/* Adds the windows of capture file number FILE (named PATH in warnings),
 * read into TRACE with its launches' args.kernel kept (read_config.launch_kernels)
 * and built into FOREST and ATTRIBUTION with the replay's options. Returns
 * the number of windows it added. TRACE may be freed after. */
guint capture_add(struct capture *capture, guint file, const char *path, const struct trace *trace,
		  const struct forest *forest, const struct attribution *attribution);
/* Sorts the windows into window order: by file, then (begin_ts, begin_index). */
void capture_finish(struct capture *capture);
/* Whether a launch event's NAME makes it a graph launch ("GraphLaunch" in it). */
gboolean capture_is_graph_launch(const struct name *name);

typedef struct capture Capture;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Capture, capture_free)

#endif
