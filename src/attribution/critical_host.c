/* The host part of the critical graph (src/attribution/critical_graph.h):
 * each launching thread's (a thread with a launch, or with a step) ops (the forest's, grafted nodes left out) and
 * launches (virtual ones left out), both sorted by (thread, section 3's
 * order), are merged and walked with section 3's stack; each push makes a
 * start instant, each pop an end instant, each instant follows the last
 * one of its thread (host edge), its time raised to that one's where
 * nesting is broken. Then the host instants in time order (ends before
 * starts at one time, then as made), with the two latest ends of distinct
 * threads of each process at hand, give each start its handoff edge from
 * the latest end of another thread of its process. O(n log n), n the
 * thread's events (the sort is a radix one, src/util/radix.h); the stack
 * and the top two are all that is held. */
#include "attribution/critical_host.h"
#include "input/roles.h"
#include "model/build.h"
#include "util/radix.h"

struct open_event {
	const struct event *event;
	guint32 launch; /* an index into a->launches; CRITICAL_NONE: an op */
	guint32 label;
	guint32 position;
	guint16 factor; /* its own factor, else that of the nearest open event that has one */
	gboolean step;  /* a ProfilerStep#N op: its end node is kept */
};

struct thread_walk {
	struct critical_build *b;
	GArray *stack;          /* struct open_event */
	GArray *node_thread;    /* guint32: the thread of each host node */
	guint32 thread;
	guint32 last;           /* the thread's last node; CRITICAL_NONE */
	gint64 last_time;
	guint32 bottom_launch;  /* the outermost open launch */
	guint launches_open;
};

static guint32 emit(struct thread_walk *w, guint8 type, gint64 raw, const struct open_event *owner)
{
	gint64 time = w->last == CRITICAL_NONE ? raw : MAX(raw, w->last_time);
	guint32 node = critical_node_add(w->b, type, time, owner ? owner->label : CRITICAL_LABEL_OUTSIDE,
					 owner ? owner->factor : 0, owner ? owner->position : CRITICAL_NONE);
	if (w->last != CRITICAL_NONE)
		critical_edge_add(w->b, w->last, node, CRITICAL_EDGE_HOST);
	g_array_append_val(w->node_thread, w->thread);
	w->last = node;
	w->last_time = time;
	return node;
}

static void pop(struct thread_walk *w)
{
	struct open_event top = g_array_index(w->stack, struct open_event, w->stack->len - 1);
	guint32 node = emit(w, CRITICAL_HOST_END, event_end(top.event), &top);
	g_array_set_size(w->stack, w->stack->len - 1);
	if (top.launch != CRITICAL_NONE) {
		w->b->launch_end[top.launch] = node;
		w->launches_open--;
	}
	if (top.step)
		g_hash_table_insert(w->b->step_end, GUINT_TO_POINTER(top.position + 1), GUINT_TO_POINTER(node + 1));
}

static void push(struct thread_walk *w, const struct event *e, guint32 launch)
{
	while (w->stack->len &&
	       !event_contains(g_array_index(w->stack, struct open_event, w->stack->len - 1).event, e))
		pop(w);
	const struct open_event *parent =
		w->stack->len ? &g_array_index(w->stack, struct open_event, w->stack->len - 1) : NULL;
	guint32 node = emit(w, CRITICAL_HOST_START, e->ts, parent);
	guint16 own = critical_name_factor(w->b, e->name);
	struct open_event open = {
		.event = e,
		.launch = launch,
		.label = critical_name_label(w->b, e->name),
		.position = e->index,
		.factor = own ? own : parent ? parent->factor : 0,
		.step = launch == CRITICAL_NONE && step_name_candidate(e->name->text, e->name->len),
	};
	if (launch != CRITICAL_NONE) {
		w->b->launch_start[launch] = node;
		if (!w->launches_open++)
			w->bottom_launch = launch;
		w->b->outermost[launch] = w->bottom_launch;
	}
	g_array_append_val(w->stack, open);
}

static void finish_thread(struct thread_walk *w)
{
	while (w->stack->len)
		pop(w);
	w->last = CRITICAL_NONE;
	w->launches_open = 0;
}

struct latest {
	guint32 node, thread;
};

/* Each start's handoff edge: from the latest end of another thread of its process. */
static void handoffs(struct critical_build *b, const GArray *node_thread, guint32 pids)
{
	guint32 count = node_thread->len;
	const struct critical_node_tmp *nodes = (const struct critical_node_tmp *)b->nodes->data;
	g_autofree guint32 *order = g_new(guint32, count + 1);
	g_autofree guint64 *key = g_new(guint64, count + 1);
	gint64 least = G_MAXINT64;
	for (guint32 i = 0; i < count; i++)
		least = MIN(least, nodes[i].time);
	for (guint32 i = 0; i < count; i++) /* by time, ends first at one time, then as made */
		order[i] = i, key[i] = (guint64)(nodes[i].time - least) << 1 | (nodes[i].type == CRITICAL_HOST_START);
	radix_sort(key, order, count);
	g_autofree struct latest *best = g_new(struct latest, pids + 1), *second = g_new(struct latest, pids + 1);
	for (guint32 p = 0; p <= pids; p++)
		best[p] = second[p] = (struct latest){ CRITICAL_NONE, CRITICAL_NONE };
	const guint32 *threads = (const guint32 *)node_thread->data;
	for (guint32 i = 0; i < count; i++) {
		guint32 node = order[i], thread = threads[node], pid = b->thread_pid[thread];
		if (nodes[node].type == CRITICAL_HOST_START) {
			const struct latest *from = best[pid].thread != thread ? &best[pid] : &second[pid];
			if (from->node != CRITICAL_NONE)
				critical_edge_add(b, from->node, node, CRITICAL_EDGE_HANDOFF);
		} else if (best[pid].thread == thread) {
			best[pid].node = node;
		} else {
			second[pid] = best[pid];
			best[pid] = (struct latest){ node, thread };
		}
	}
}

void critical_host_build(struct critical_build *b)
{
	const struct forest *forest = b->forest;
	const struct attribution *a = b->a;
	guint32 threads = threads_count(b->trace->threads);
	g_autofree guint8 *launching = g_new0(guint8, threads + 1);
	for (guint l = 0; l < a->launch_count; l++)
		if (!a->virtual_launch || !a->virtual_launch[l])
			launching[a->launches[l].thread] = 1;
	for (guint s = 0; b->steps && s < b->steps->count; s++) /* a step's thread: its path, even without launches */
		launching[b->steps->events[s].thread] = 1;
	struct thread_walk w = { .b = b, .last = CRITICAL_NONE };
	w.stack = g_array_new(FALSE, FALSE, sizeof(struct open_event));
	w.node_thread = g_array_new(FALSE, FALSE, sizeof(guint32));
	guint i = 0, l = 0;
	gboolean started = FALSE;
	while (i < forest->count || l < a->launch_count) {
		gboolean op_ok = i < forest->count, launch_ok = l < a->launch_count;
		if (op_ok && (!launching[forest->events[i].thread] ||
			      (forest->replayed_by && forest->replayed_by[i]))) {
			i++;
			continue;
		}
		if (launch_ok && a->virtual_launch && a->virtual_launch[l]) {
			l++;
			continue;
		}
		const struct event *op = op_ok ? &forest->events[i] : NULL, *launch = launch_ok ? &a->launches[l] : NULL;
		gboolean take_op = op && (!launch || op->thread < launch->thread ||
					  (op->thread == launch->thread && event_compare(op, launch) <= 0));
		const struct event *e = take_op ? op : launch;
		if (!started || e->thread != w.thread) {
			finish_thread(&w);
			w.thread = e->thread;
			started = TRUE;
		}
		push(&w, e, take_op ? CRITICAL_NONE : l);
		if (take_op)
			i++;
		else
			l++;
	}
	finish_thread(&w);
	handoffs(b, w.node_thread, threads);
	g_array_free(w.stack, TRUE);
	g_array_free(w.node_thread, TRUE);
}
