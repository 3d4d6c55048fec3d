#include "attribution/sums.h"
#include <string.h>
#include "output/output.h"
#include "output/output_names.h"
#include "input/roles.h"

/* EVENT's class by its category alone, or CLASS_COUNT when its name decides. */
static enum device_class class_by_category(const struct event *event)
{
	if (device_is_copy(event))
		return CLASS_MEMCPY;
	if (strcmp(category_name(event->category)->text, "gpu_memset") == 0)
		return CLASS_MEMSET;
	return CLASS_COUNT;
}

enum device_class classify(struct classifier *c, const struct event *event)
{
	enum device_class by_category = class_by_category(event);
	if (by_category != CLASS_COUNT)
		return by_category;
	gpointer known = g_hash_table_lookup(c->by_name, event->name);
	if (known)
		return GPOINTER_TO_UINT(known) - 1;
	gboolean matches = g_regex_match_full(c->communication, event->name->text, (gssize)event->name->len, 0, 0,
					      NULL, NULL);
	enum device_class class = matches ? CLASS_COMMUNICATION : CLASS_COMPUTE;
	g_hash_table_insert(c->by_name, (gpointer)event->name, GUINT_TO_POINTER(class + 1));
	return class;
}

gboolean classifier_check(const GRegex *pattern, const struct event *events, guint count, GError **error)
{
	g_autoptr(GHashTable) seen = g_hash_table_new(NULL, NULL); /* names are interned: one pointer each */
	for (guint i = 0; i < count; i++) {
		const struct name *name = events[i].name;
		if (class_by_category(&events[i]) != CLASS_COUNT || !g_hash_table_add(seen, (gpointer)name))
			continue;
		g_autoptr(GError) failed = NULL;
		g_regex_match_full(pattern, name->text, (gssize)name->len, 0, 0, NULL, &failed);
		if (failed) {
			/* the pattern too is shown escaped, also where GLib's message repeats it */
			g_autofree char *shown = output_shown(name->text);
			g_autofree char *pattern_shown = output_shown(g_regex_get_pattern(pattern));
			g_autofree char *why = output_shown(failed->message);
			g_set_error(error, G_REGEX_ERROR, G_REGEX_ERROR_MATCH,
				    "--comm-pattern '%s' cannot be matched against the device event name '%s': %s",
				    pattern_shown, shown, why);
			return FALSE;
		}
	}
	return TRUE;
}

enum device_class classifier_class(struct classifier *c, const struct event *event)
{
	return classify(c, event);
}

void classifier_init(struct classifier *c, const GRegex *communication)
{
	c->own_pattern = communication ? NULL
				       : g_regex_new(COMMUNICATION_PATTERN, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, NULL);
	c->communication = communication ? communication : c->own_pattern;
	c->by_name = g_hash_table_new(NULL, NULL);
}

void classifier_clear(struct classifier *c)
{
	g_clear_pointer(&c->by_name, g_hash_table_destroy);
	g_clear_pointer(&c->own_pattern, g_regex_unref);
	c->communication = NULL;
}

const char *device_class_name(enum device_class class)
{
	static const char *const names[CLASS_COUNT] = { "compute", "communication", "memcpy", "memset" };
	return class < CLASS_COUNT ? names[class] : "?";
}

enum figure sums_device_class(struct sums *s, const struct event *event)
{
	return FIGURE_COMPUTE + classify(&s->classifier, event);
}

/* What launch L adds to each figure (those not asked for may be left 0). */
void sums_launch(struct sums *s, const struct attribution *a, guint l, gint64 *v)
{
	const struct event *launch = &a->launches[l];
	memset(v, 0, sizeof(gint64) * FIGURE_COUNT);
	v[FIGURE_DEVICE_TIME] = a->device_time[l];
	v[FIGURE_LAUNCHES] = a->virtual_launch && a->virtual_launch[l] ? 0 : 1;
	v[FIGURE_DEVICE_EVENTS] = a->device_first[l + 1] - a->device_first[l];
	if (!a->nested[l]) {
		v[FIGURE_LAUNCH_TIME] = launch->dur;
		if (s->kinds) { /* SPEC 19.1, 19.5: src/attribution/blocking.h */
			gboolean blocking = (s->kinds[l] & LAUNCH_BLOCKING) != 0;
			v[FIGURE_SYNC] = blocking ? launch->dur : 0;
			v[FIGURE_BLOCKING] = blocking;
			v[FIGURE_DEVICE_LAUNCHES] = (s->kinds[l] & LAUNCH_DEVICE_WORK) != 0;
		}
	}
	if (s->classifier.communication) /* the device events of the launch, by class */
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			v[FIGURE_COMPUTE + classify(&s->classifier, attribution_device(a, d))] += attribution_device(a, d)->dur;
}

/* How many nodes before index I (at most the forest's count) own launches. */
static inline guint owning_before(const struct sums *s, guint i)
{
	guint64 below = s->owning[i / 64] & ((G_GUINT64_CONSTANT(1) << (i % 64)) - 1);
	return s->owning_before[i / 64] + (guint)__builtin_popcountll(below);
}

struct sums *sums_new(const struct forest *forest, const struct attribution *a, guint figures,
		      const GRegex *communication, gboolean from_rows)
{
	struct sums *s = g_new0(struct sums, 1);
	s->forest = forest;
	s->figures = figures;
	s->from_rows = from_rows;
	const guint classes = FIGURE_BIT(FIGURE_COMPUTE) | FIGURE_BIT(FIGURE_COMMUNICATION) |
			      FIGURE_BIT(FIGURE_MEMCPY) | FIGURE_BIT(FIGURE_MEMSET);
	if (figures & classes)
		classifier_init(&s->classifier, communication);
	else
		s->classifier.by_name = g_hash_table_new(NULL, NULL); /* communication NULL: no class asked for */
	if (figures & FIGURES_BLOCKING)
		s->kinds = blocking_kinds(a);
	if (from_rows || !figures)
		return s;
	guint words = forest->count / 64 + 1; /* (index count too has a word) */
	s->owning = g_new0(guint64, words);
	s->owning_before = g_new(guint, words + 1);
	for (guint l = 0; l < a->launch_count; l++)
		if (a->owner[l] != NO_OWNER)
			s->owning[a->owner[l] / 64] |= G_GUINT64_CONSTANT(1) << (a->owner[l] % 64);
	s->owning_before[0] = 0;
	for (guint w = 0; w < words; w++)
		s->owning_before[w + 1] = s->owning_before[w] + (guint)__builtin_popcountll(s->owning[w]);
	guint owners = s->owning_before[words];
	for (guint f = 0; f < FIGURE_COUNT; f++)
		if (figures & FIGURE_BIT(f))
			s->prefix[f] = g_new0(gint64, owners + 1);
	gint64 v[FIGURE_COUNT];
	for (guint l = 0; l < a->launch_count; l++) {
		if (a->owner[l] == NO_OWNER)
			continue;
		sums_launch(s, a, l, v);
		guint k = owning_before(s, a->owner[l]);
		for (guint f = 0; f < FIGURE_COUNT; f++)
			if (s->prefix[f])
				s->prefix[f][k + 1] += v[f];
	}
	for (guint f = 0; f < FIGURE_COUNT; f++)
		for (guint k = 0; s->prefix[f] && k < owners; k++)
			s->prefix[f][k + 1] += s->prefix[f][k];
	return s;
}

void sums_set_row(struct sums *s, const struct attribution *a, guint node, const GArray *launches)
{
	memset(s->row_inclusive, 0, sizeof s->row_inclusive);
	memset(s->row_self, 0, sizeof s->row_self);
	gint64 v[FIGURE_COUNT];
	for (guint k = 0; k < launches->len; k++) {
		guint l = g_array_index(launches, guint, k);
		sums_launch(s, a, l, v);
		for (guint f = 0; f < FIGURE_COUNT; f++) {
			s->row_inclusive[f] += v[f];
			if (a->owner[l] == node)
				s->row_self[f] += v[f];
		}
	}
}

void sums_free(struct sums *s)
{
	if (!s)
		return;
	for (guint f = 0; f < FIGURE_COUNT; f++)
		g_free(s->prefix[f]);
	g_free(s->owning);
	g_free(s->owning_before);
	g_free(s->kinds);
	classifier_clear(&s->classifier);
	g_free(s);
}

gint64 sums_inclusive(const struct sums *s, enum figure figure, guint node)
{
	if (s->from_rows)
		return s->figures & FIGURE_BIT(figure) ? s->row_inclusive[figure] : 0;
	const gint64 *p = s->prefix[figure];
	return p ? p[owning_before(s, s->forest->subtree_end[node])] - p[owning_before(s, node)] : 0;
}

gint64 sums_self(const struct sums *s, enum figure figure, guint node)
{
	if (s->from_rows)
		return s->figures & FIGURE_BIT(figure) ? s->row_self[figure] : 0;
	const gint64 *p = s->prefix[figure];
	return p ? p[owning_before(s, node + 1)] - p[owning_before(s, node)] : 0;
}
