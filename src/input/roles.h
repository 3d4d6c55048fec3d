/* Roles: which events matter, decided in one place. A table gives each
 * canonical category the roles it serves, from the category lists, and
 * event_roles() is the rule over an event's phase and category. The
 * skimmer (src/input/skim.c), which sees an event's bytes, and the extractor
 * (src/input/extract.c), which sees json-c's objects, both ask it, so that an
 * event set aside unparsed is one the extractor would keep nothing of
 * (tests/unit/test_roles_agree.c checks that on the real traces). */
#ifndef PP_ROLES_H
#define PP_ROLES_H

#include <glib.h>
#include <string.h>
#include "model/trace.h"

/* What event_roles() answers besides a category's enum event_role bits. */
enum {
	EVENT_PAIRED = 1 << 8,    /* a B or E: kept whatever its category, to be paired */
	EVENT_UNDECIDED = 1 << 9, /* the roles depend on a category not given (see event_roles) */
	EVENT_ROLE_BITS = 0xff,   /* a roles table's values: these bits, ROLE_TABLED, and a category id above them */
	ROLE_TABLED = 1 << 15,    /* in a table's values: the category is named (it may serve no role) */
};

/* The key of a roles table's default entry: the roles of an X event whose
 * category the table does not name (with roles_add_host only). */
#define ROLES_DEFAULT_KEY "\001default"
/* Whether some table of the process has a default entry (roles_add_host was
 * called): without one, no event pays a second lookup (the default run). */
extern gint roles_have_default;


/* The category given to event_roles() as a string the caller did not read
 * (the skimmer does not unescape): any category at all. */
extern const char CATEGORY_UNREAD[];

/* Canonical category -> its enum event_role bits; a GHashTable to free. */
GHashTable *roles_new(char **monitor_cats, char **host_cats, char **device_cats, gboolean memory);
/* The host events of SPEC 26.1 into ROLES (read_config.host_events): every
 * category it names that has neither ROLE_LAUNCH nor ROLE_DEVICE, and every
 * category it does not name (the default entry), gets ROLE_HOST; the device
 * categories (DEVICE_CATS and the defaults kernel, gpu_memcpy, gpu_memset),
 * gpu_user_annotation, cuda_sync and cuda_event never do. The extractor
 * takes ROLE_HOST off ProfilerStep#N events (by name, as python_function
 * events' ROLE_MONITORED): the skimmer keeps them. */
void roles_add_host(GHashTable *roles, char **device_cats);
/* ROLES with ROLE_SYNC for cuda_sync (read_config.sync). */
void roles_add_sync(GHashTable *roles);

/* Categories of kept events by a 16-bit id (struct event.category): the
 * categories of a roles table, registered by roles_new() for the whole
 * process; the command line names them all, so there are few. */
#define CATEGORY_NONE G_MAXUINT16
/* The id of CANONICAL, a category that ROLES has (CATEGORY_NONE for one
 * that only the default entry serves). */
static inline guint16 roles_category(GHashTable *roles, const char *canonical)
{
	guint bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, canonical));
	if (!bits && g_atomic_int_get(&roles_have_default))
		bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, ROLES_DEFAULT_KEY));
	return (guint16)(bits >> 16);
}
/* The category of ID: its text and its Python literal. */
const struct name *category_name(guint16 id);

/* The canonical spelling of a category: Operator is cpu_op, and so on. */
const char *category_canonical(const char *category);

/* The rule. PH is the phase (PH_LEN bytes); CATEGORY the event's "cat",
 * canonical, NULL when it has none that is a string, or CATEGORY_UNREAD.
 * - X: the roles of its category. Without a category string, EVENT_UNDECIDED:
 *   the extractor derives one (a legacy pid, json-c's text of a number),
 *   then asks again with it; the skimmer cannot, and keeps the event.
 * - i: ROLE_MEMORY, if its category string has it: [memory] events are named
 *   by their category.
 * - B and E: EVENT_PAIRED; a pair, once matched, is judged as an X of B's.
 * - any other phase: nothing (0).
 * CATEGORY_UNREAD gives EVENT_UNDECIDED where the category would decide.
 * The extractor alone also looks at names (python_function events other
 * than nn.Module ones, instants other than "[memory]" and "[OutOfMemory]"): the skimmer never
 * reads names, so for it those events stay needed. */
static inline guint event_roles(GHashTable *roles, const char *ph, gsize ph_len, const char *category)
{
	/* inline: the skimmer asks for every member of the events it sets aside */
	if (ph_len != 1)
		return 0;
	switch (ph[0]) {
	case 'X': {
		if (!category || category == CATEGORY_UNREAD)
			return EVENT_UNDECIDED;
		guint bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, category));
		if (!bits && g_atomic_int_get(&roles_have_default)) /* not named: the default entry's, when there is one */
			bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, ROLES_DEFAULT_KEY));
		return bits & EVENT_ROLE_BITS;
	}
	case 'i':
		if (category == CATEGORY_UNREAD)
			return EVENT_UNDECIDED;
		return category ? GPOINTER_TO_UINT(g_hash_table_lookup(roles, category)) & ROLE_MEMORY : 0;
	case 'B':
	case 'E':
		return EVENT_PAIRED;
	default:
		return 0;
	}
}

/* Steps (SPEC 11.2): X events, or B/E pairs, named "ProfilerStep#N" (N a
 * whole number) of any category but gpu_user_annotation, read only when
 * asked (read_config.steps). The skimmer sees a name's raw bytes and asks
 * step_name_candidate(); the extractor decides with step_number(). */
#define STEP_PREFIX "ProfilerStep#"
#define STEP_PREFIX_LEN (sizeof STEP_PREFIX - 1)

static inline gboolean step_name_candidate(const char *name, gsize len)
{
	return len > STEP_PREFIX_LEN && memcmp(name, STEP_PREFIX, STEP_PREFIX_LEN) == 0;
}

/* Whether an event of CATEGORY (canonical; NULL: none) may be a step. */
gboolean step_category(const char *category);
/* N of a step's NAME (LEN bytes): FALSE when NAME is not "ProfilerStep#" and digits. */
gboolean step_number(const char *name, gsize len, guint64 *number);

/* Events counted by canonical category (X and B events: those a category
 * list can take), for the warning about categories that match nothing.
 * Each worker counts its own; merged into trace.categories. */
struct category_counts {
	GHashTable *counts; /* char * -> guint64 *, both owned */
	const char *last;   /* the last category counted, its length and its */
	gsize last_len;     /* counter: runs of one category cost no lookup */
	guint64 *last_count;
};

void category_counts_init(struct category_counts *counts);
void category_counts_clear(struct category_counts *counts);
/* Counts an event whose "cat" is the LEN bytes of TEXT (not canonical yet). */
void category_counts_add(struct category_counts *counts, const char *text, gsize len);
/* Adds FROM's counts to INTO (char * -> guint64 *, as trace.categories) and empties FROM. */
void category_counts_move(GHashTable *into, struct category_counts *from);

#endif
