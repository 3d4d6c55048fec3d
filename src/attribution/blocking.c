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

/* The first of the thread's OUTERS that ends at or after END (its ends
 * strictly increase); outers->len when none does. */
static guint first_ending_by(const struct attribution *a, const GArray *outers, gint64 end)
{
	guint first = 0, last = outers->len;
	if (last && event_end(&a->launches[g_array_index(outers, struct outer, last - 1).launch]) >= end &&
	    (last == 1 || event_end(&a->launches[g_array_index(outers, struct outer, last - 2).launch]) < end))
		return last - 1; /* the latest one: nearly always */
	while (first < last) {
		guint middle = first + (last - first) / 2;
		if (event_end(&a->launches[g_array_index(outers, struct outer, middle).launch]) >= end)
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

/* The flags of the thread's outer launches, into KINDS. */
static void settle(const struct attribution *a, const GArray *outers, struct judge *j, guint8 *kinds)
{
	for (guint i = 0; i < outers->len; i++) {
		const struct outer *o = &g_array_index(outers, struct outer, i);
		const struct event *launch = &a->launches[o->launch];
		guint name = judge_name(j, launch->name, TRUE);
		gboolean copy = o->to_host && !o->other && !o->pinned && event_end(launch) >= o->latest_end;
		guint8 kind = o->device ? LAUNCH_DEVICE_WORK : 0;
		if ((name & SYNC_LIST) || copy)
			kind |= LAUNCH_BLOCKING | (name & SYNCHRONIZE ? LAUNCH_SYNCHRONIZE : 0);
		kinds[o->launch] = kind;
	}
}

guint8 *blocking_kinds(const struct attribution *a)
{
	guint8 *kinds = g_new0(guint8, a->launch_count + 1);
	struct judge launch_names = { g_hash_table_new(NULL, NULL), NULL, 0 };
	struct judge device_names = { g_hash_table_new(NULL, NULL), NULL, 0 };
	g_autoptr(GArray) outers = g_array_new(FALSE, FALSE, sizeof(struct outer));
	guint split_from = NO_LAUNCH; /* the outer launch of the last launch that is not virtual */
	for (guint l = 0; l < a->launch_count; l++) {
		if (l > 0 && a->launches[l].thread != a->launches[l - 1].thread) {
			settle(a, outers, &launch_names, kinds);
			g_array_set_size(outers, 0);
			split_from = NO_LAUNCH;
		}
		guint o;
		if (a->virtual_launch && a->virtual_launch[l]) {
			o = split_from;
		} else if (!a->nested[l]) {
			struct outer outer = { .launch = l, .latest_end = G_MININT64 };
			g_array_append_val(outers, outer);
			o = outers->len - 1;
		} else {
			o = first_ending_by(a, outers, event_end(&a->launches[l]));
			if (o == outers->len)
				o = NO_LAUNCH; /* not contained after all: no outer launch to count it */
		}
		if (!(a->virtual_launch && a->virtual_launch[l]))
			split_from = o;
		if (o != NO_LAUNCH)
			fold_events(a, l, &g_array_index(outers, struct outer, o), &device_names);
	}
	settle(a, outers, &launch_names, kinds);
	g_hash_table_destroy(launch_names.names);
	g_hash_table_destroy(device_names.names);
	return kinds;
}

void blocking_totals(const struct attribution *a, struct blocking_totals *t)
{
	memset(t, 0, sizeof *t);
	g_autofree guint8 *kinds = blocking_kinds(a);
	for (guint l = 0; l < a->launch_count; l++) {
		t->device_launches += (kinds[l] & LAUNCH_DEVICE_WORK) != 0;
		if (!(kinds[l] & LAUNCH_BLOCKING))
			continue;
		t->blocking++;
		t->blocking_time += a->launches[l].dur;
		if (kinds[l] & LAUNCH_SYNCHRONIZE)
			t->synchronize_time += a->launches[l].dur;
	}
}
