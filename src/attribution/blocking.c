#include "attribution/blocking.h"
#include <string.h>
#include "input/roles.h"

gboolean launch_is_sync(const char *name)
{
	static const char *const blocking[] = {
		"cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "hipMemcpy", "hipMemcpy2D", "cuMemcpyDtoH", "cuMemcpyHtoD",
	};
	if (strstr(name, "Synchronize"))
		return TRUE;
	gsize len = strlen(name);
	if (len > 3 && strcmp(name + len - 3, "_v2") == 0)
		len -= 3;
	for (gsize i = 0; i < G_N_ELEMENTS(blocking); i++)
		if (strlen(blocking[i]) == len && strncmp(name, blocking[i], len) == 0)
			return TRUE;
	return FALSE;
}

gboolean device_is_copy(const struct event *event)
{
	const char *category = category_name(event->category)->text;
	/* MTIA's copies: its device events named dma* (dma_request), as HTA classes them */
	return strcmp(category, "gpu_memcpy") == 0 ||
	       (strcmp(category, "mtia_ccp_events") == 0 && g_str_has_prefix(event->name->text, "dma"));
}

/* What a device event tells of its outermost launch, and of a launch's name. */
enum {
	SEEN = 1 << 0,     /* judged (a cache entry is never 0) */
	TO_HOST = 1 << 1,  /* DtoH or DeviceToHost, any ASCII case */
	PINNED = 1 << 2,   /* "Pinned", this case */
	SYNC_LIST = 1 << 3, /* a launch name in the sync list */
	SYNCHRONIZE = 1 << 4, /* a launch name containing "Synchronize" */
};

/* Names judged once each: interned names are one pointer each. */
struct judge {
	GHashTable *names; /* const struct name * -> its flags */
	const struct name *last;
	guint last_flags;
};

static guint judge_name(struct judge *j, const struct name *name, gboolean launch)
{
	if (name == j->last)
		return j->last_flags;
	guint flags = GPOINTER_TO_UINT(g_hash_table_lookup(j->names, name));
	if (!flags) {
		flags = SEEN;
		if (launch) {
			flags |= launch_is_sync(name->text) ? SYNC_LIST : 0;
			flags |= g_strstr_len(name->text, (gssize)name->len, "Synchronize") ? SYNCHRONIZE : 0;
		} else {
			g_autofree char *lower = g_ascii_strdown(name->text, (gssize)name->len);
			flags |= g_strstr_len(lower, (gssize)name->len, "dtoh") ||
					 g_strstr_len(lower, (gssize)name->len, "devicetohost")
				 ? TO_HOST
				 : 0;
			flags |= g_strstr_len(name->text, (gssize)name->len, "Pinned") ? PINNED : 0;
		}
		g_hash_table_insert(j->names, (gpointer)name, GUINT_TO_POINTER(flags));
	}
	j->last = name;
	j->last_flags = flags;
	return flags;
}

/* A non-nested launch of the thread at hand, and what its device events
 * and those of the launches nested in it showed. */
struct outer {
	guint launch;
	guint8 device, other, to_host, pinned; /* any event; any not a copy; any copy to the host; any Pinned name */
	gint64 latest_end;
};

/* The sweep over one thread's launches: its non-nested launches not yet
 * settled, OUTERS[HEAD..] (those settled before HEAD are dropped now and
 * then), and where what they did goes. */
struct sweep {
	const struct attribution *a;
	GArray *outers; /* struct outer, ends strictly increasing */
	guint head;
	struct judge launch_names, device_names;
	guint8 *kinds;                  /* or NULL */
	struct blocking_totals *totals; /* or NULL */
};

#define OUTER(w, i) (&g_array_index((w)->outers, struct outer, i))
#define OUTER_END(w, i) event_end(&(w)->a->launches[OUTER(w, i)->launch])

/* The first live outer launch that ends at or after END; outers->len when
 * none does. */
static guint first_ending_by(const struct sweep *w, gint64 end)
{
	guint first = w->head, last = w->outers->len;
	if (last > first && OUTER_END(w, last - 1) >= end && (last - 1 == first || OUTER_END(w, last - 2) < end))
		return last - 1; /* the latest one: nearly always */
	while (first < last) {
		guint middle = first + (last - first) / 2;
		if (OUTER_END(w, middle) >= end)
			last = middle;
		else
			first = middle + 1;
	}
	return first;
}

/* Folds launch L's device events into O. */
static void fold_events(const struct attribution *a, guint l, struct outer *o, struct judge *j)
{
	for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++) {
		const struct event *event = attribution_device(a, d);
		o->device = 1;
		o->latest_end = MAX(o->latest_end, event_end(event));
		if (o->other)
			continue; /* no longer a copy: no blocking copy, whatever the names */
		if (!device_is_copy(event)) {
			o->other = 1;
			continue;
		}
		guint flags = judge_name(j, event->name, FALSE);
		o->to_host |= (flags & TO_HOST) != 0;
		o->pinned |= (flags & PINNED) != 0;
	}
}

/* What outer launch O did, into the sweep's kinds and totals. */
static void settle(struct sweep *w, const struct outer *o)
{
	const struct event *launch = &w->a->launches[o->launch];
	guint name = judge_name(&w->launch_names, launch->name, TRUE);
	gboolean copy = o->to_host && !o->other && !o->pinned && event_end(launch) >= o->latest_end;
	guint8 kind = o->device ? LAUNCH_DEVICE_WORK : 0;
	if ((name & SYNC_LIST) || copy)
		kind |= LAUNCH_BLOCKING | (name & SYNCHRONIZE ? LAUNCH_SYNCHRONIZE : 0);
	if (w->kinds)
		w->kinds[o->launch] = kind;
	if (w->totals) {
		w->totals->device_launches += o->device;
		if (kind & LAUNCH_BLOCKING) {
			w->totals->blocking++;
			w->totals->blocking_time += launch->dur;
			if (kind & LAUNCH_SYNCHRONIZE)
				w->totals->synchronize_time += launch->dur;
		}
	}
}

/* Settles the outer launches that end before TS: no launch from TS on lies
 * in them. They go in order (their ends increase); the array sheds them
 * once they are half of it, so it holds about the launches open at once. */
static void settle_before(struct sweep *w, gint64 ts)
{
	for (; w->head < w->outers->len && OUTER_END(w, w->head) < ts; w->head++)
		settle(w, OUTER(w, w->head));
	if (w->head >= 64 && 2 * w->head >= w->outers->len) {
		g_array_remove_range(w->outers, 0, w->head);
		w->head = 0;
	}
}

/* The thread's last launch is done: every outer launch is settled. */
static void settle_all(struct sweep *w)
{
	for (; w->head < w->outers->len; w->head++)
		settle(w, OUTER(w, w->head));
	g_array_set_size(w->outers, 0);
	w->head = 0;
}

static void sweep(const struct attribution *a, guint8 *kinds, struct blocking_totals *totals)
{
	struct sweep w = { a, g_array_new(FALSE, FALSE, sizeof(struct outer)), 0,
			   { g_hash_table_new(NULL, NULL), NULL, 0 }, { g_hash_table_new(NULL, NULL), NULL, 0 },
			   kinds, totals };
	/* the outer launch (an index into outers) of the last launch not
	 * virtual: its virtual launches follow it, with nothing settled between */
	guint split_from = NO_LAUNCH;
	for (guint l = 0; l < a->launch_count; l++) {
		if (l > 0 && a->launches[l].thread != a->launches[l - 1].thread) {
			settle_all(&w);
			split_from = NO_LAUNCH;
		}
		gboolean split = a->virtual_launch && a->virtual_launch[l];
		guint o; /* an index into outers */
		if (split) {
			o = split_from;
		} else {
			settle_before(&w, a->launches[l].ts);
			if (!a->nested[l]) {
				struct outer outer = { .launch = l, .latest_end = G_MININT64 };
				g_array_append_val(w.outers, outer);
				o = w.outers->len - 1;
			} else {
				guint found = first_ending_by(&w, event_end(&a->launches[l]));
				/* none: not contained after all, no outer launch to count it */
				o = found == w.outers->len ? NO_LAUNCH : found;
			}
			split_from = o;
		}
		if (o != NO_LAUNCH)
			fold_events(a, l, OUTER(&w, o), &w.device_names);
	}
	settle_all(&w);
	g_array_free(w.outers, TRUE);
	g_hash_table_destroy(w.launch_names.names);
	g_hash_table_destroy(w.device_names.names);
}

guint8 *blocking_kinds(const struct attribution *a)
{
	guint8 *kinds = g_new0(guint8, a->launch_count + 1);
	sweep(a, kinds, NULL);
	return kinds;
}

void blocking_totals(const struct attribution *a, struct blocking_totals *t)
{
	memset(t, 0, sizeof *t);
	sweep(a, NULL, t);
}
