#include "sums.h"
#include <string.h>

/* The classes of device events, in the order of their figures. */
enum device_class { CLASS_COMPUTE, CLASS_COMMUNICATION, CLASS_MEMCPY, CLASS_MEMSET };

/* Names seen before: each name is matched against the pattern once, not once
 * per event (a trace has millions of events and a few thousand names). */
struct classifier {
	const GRegex *communication;
	GHashTable *by_name; /* const struct name * -> class + 1 */
};

static enum device_class classify(struct classifier *c, const struct event *event)
{
	if (strcmp(event->category->text, "gpu_memcpy") == 0)
		return CLASS_MEMCPY;
	if (strcmp(event->category->text, "gpu_memset") == 0)
		return CLASS_MEMSET;
	gpointer known = g_hash_table_lookup(c->by_name, event->name);
	if (known)
		return GPOINTER_TO_UINT(known) - 1;
	gboolean matches = g_regex_match_full(c->communication, event->name->text, (gssize)event->name->len, 0, 0,
					      NULL, NULL);
	enum device_class class = matches ? CLASS_COMMUNICATION : CLASS_COMPUTE;
	g_hash_table_insert(c->by_name, (gpointer)event->name, GUINT_TO_POINTER(class + 1));
	return class;
}

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

static void add(struct sums *s, enum figure figure, guint node, gint64 value)
{
	if (s->prefix[figure])
		s->prefix[figure][node + 1] += value;
}

/* The device events of launch L by class, to NODE. */
static void add_classes(struct sums *s, struct classifier *c, const struct attribution *a, guint l, guint node)
{
	for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
		add(s, FIGURE_COMPUTE + classify(c, &a->device[d]), node, a->device[d].dur);
}

static void add_launch(struct sums *s, struct classifier *c, const struct attribution *a, guint l)
{
	guint node = a->owner[l];
	const struct event *launch = &a->launches[l];
	add(s, FIGURE_DEVICE_TIME, node, a->device_time[l]);
	add(s, FIGURE_LAUNCHES, node, 1);
	add(s, FIGURE_DEVICE_EVENTS, node, a->device_first[l + 1] - a->device_first[l]);
	if (!a->nested[l]) {
		add(s, FIGURE_LAUNCH_TIME, node, launch->dur);
		if (s->prefix[FIGURE_SYNC] && launch_is_sync(launch->name->text))
			add(s, FIGURE_SYNC, node, launch->dur);
	}
	if (c->communication)
		add_classes(s, c, a, l, node);
}

struct sums *sums_new(const struct forest *forest, const struct attribution *a, guint figures,
		      const GRegex *communication)
{
	struct sums *s = g_new0(struct sums, 1);
	s->forest = forest;
	for (guint f = 0; f < FIGURE_COUNT; f++)
		if (figures & FIGURE_BIT(f))
			s->prefix[f] = g_new0(gint64, forest->count + 1);
	const guint classes = FIGURE_BIT(FIGURE_COMPUTE) | FIGURE_BIT(FIGURE_COMMUNICATION) |
			      FIGURE_BIT(FIGURE_MEMCPY) | FIGURE_BIT(FIGURE_MEMSET);
	g_autoptr(GRegex) own = NULL;
	if ((figures & classes) && !communication)
		communication = own = g_regex_new(COMMUNICATION_PATTERN, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, NULL);
	struct classifier c = { (figures & classes) ? communication : NULL, g_hash_table_new(NULL, NULL) };
	for (guint l = 0; figures && l < a->launch_count; l++)
		if (a->owner[l] != NO_OWNER)
			add_launch(s, &c, a, l);
	g_hash_table_destroy(c.by_name);
	for (guint f = 0; f < FIGURE_COUNT; f++)
		for (guint i = 0; s->prefix[f] && i < forest->count; i++)
			s->prefix[f][i + 1] += s->prefix[f][i];
	return s;
}

void sums_free(struct sums *s)
{
	if (!s)
		return;
	for (guint f = 0; f < FIGURE_COUNT; f++)
		g_free(s->prefix[f]);
	g_free(s);
}

gint64 sums_inclusive(const struct sums *s, enum figure figure, guint node)
{
	const gint64 *p = s->prefix[figure];
	return p ? p[s->forest->subtree_end[node]] - p[node] : 0;
}

gint64 sums_self(const struct sums *s, enum figure figure, guint node)
{
	const gint64 *p = s->prefix[figure];
	return p ? p[node + 1] - p[node] : 0;
}
