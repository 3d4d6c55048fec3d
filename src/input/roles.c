#include "input/roles.h"
#include <string.h>
#include "util/fault.h"
#include "model/names.h"

const char CATEGORY_UNREAD[] = "";

/* The process's categories by id: registered under the lock, read without
 * it (an id is only ever read after the registration that made it). */
static GMutex category_lock;
static struct names *category_names;
static const struct name *category_by_id[CATEGORY_NONE];
static gint category_count;

static guint16 category_register(const char *canonical)
{
	g_mutex_lock(&category_lock);
	if (!category_names)
		category_names = names_new();
	const struct name *name = names_intern(category_names, canonical, strlen(canonical), NULL);
	gint id = 0, count = g_atomic_int_get(&category_count);
	while (id < count && category_by_id[id] != name)
		id++;
	if (id == count) {
		if (count == CATEGORY_NONE)
			fault_exit("more than 65534 categories named: not supported");
		category_by_id[id] = name;
		g_atomic_int_set(&category_count, count + 1);
	}
	g_mutex_unlock(&category_lock);
	return (guint16)id;
}

const struct name *category_name(guint16 id)
{
	static const struct name none = { "", 0, "''", 2 };
	return id < g_atomic_int_get(&category_count) ? category_by_id[id] : &none;
}

static void add_roles(GHashTable *roles, char **categories, enum event_role role)
{
	for (char **c = categories; c && *c; c++) {
		const char *canonical = category_canonical(*c);
		guint bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, canonical));
		if (!bits)
			bits = (guint)category_register(canonical) << 16 | ROLE_TABLED;
		g_hash_table_insert(roles, g_strdup(canonical), GUINT_TO_POINTER(bits | role));
	}
}

GHashTable *roles_new(char **monitor_cats, char **host_cats, char **device_cats, gboolean memory)
{
	GHashTable *roles = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	add_roles(roles, monitor_cats, ROLE_MONITORED);
	add_roles(roles, host_cats, ROLE_LAUNCH);
	add_roles(roles, device_cats, ROLE_DEVICE);
	static char *memory_cats[] = { "cpu_instant_event", NULL };
	if (memory)
		add_roles(roles, memory_cats, ROLE_MEMORY);
	return roles;
}

gint roles_have_default;

void roles_add_host(GHashTable *roles, char **device_cats)
{
	g_atomic_int_set(&roles_have_default, 1); /* set before any reader's worker reads the table (one write, never undone) */
	static char *never[] = { "kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation", "cuda_sync", "cuda_event",
				 NULL };
	add_roles(roles, never, 0); /* named: no default; their roles, if any, stay */
	add_roles(roles, device_cats, 0);
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, roles);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		guint bits = GPOINTER_TO_UINT(value);
		gboolean excluded = g_strv_contains((const char *const *)never, key);
		for (char **c = device_cats; c && *c && !excluded; c++)
			excluded = strcmp(category_canonical(*c), key) == 0;
		if (!excluded && !(bits & (ROLE_LAUNCH | ROLE_DEVICE)))
			g_hash_table_iter_replace(&iter, GUINT_TO_POINTER(bits | ROLE_HOST));
	}
	g_hash_table_insert(roles, g_strdup(ROLES_DEFAULT_KEY), GUINT_TO_POINTER((guint)CATEGORY_NONE << 16 | ROLE_TABLED | ROLE_HOST));
}

void roles_add_sync(GHashTable *roles)
{
	static char *sync_cats[] = { "cuda_sync", NULL };
	add_roles(roles, sync_cats, ROLE_SYNC);
}

static const struct {
	const char *alias;
	const char *canonical;
} category_aliases[] = {
	{ "Operator", "cpu_op" },
	{ "Runtime", "cuda_runtime" },
	{ "Kernel", "kernel" },
	{ "Memcpy", "gpu_memcpy" },
	{ "Memset", "gpu_memset" },
};

const char *category_canonical(const char *category)
{
	if (!g_ascii_isupper(category[0])) /* every alias is capitalized, no category of today is */
		return category;
	for (gsize i = 0; i < G_N_ELEMENTS(category_aliases); i++)
		if (strcmp(category, category_aliases[i].alias) == 0)
			return category_aliases[i].canonical;
	return category;
}

void category_counts_init(struct category_counts *counts)
{
	counts->counts = category_table_new();
	counts->last = NULL;
	counts->last_count = NULL;
}

void category_counts_clear(struct category_counts *counts)
{
	g_clear_pointer(&counts->counts, g_hash_table_destroy);
	counts->last = NULL;
	counts->last_count = NULL;
}

/* The counter of CATEGORY in TABLE, made at 0 when missing; *KEY its stored name. */
static guint64 *counter_of(GHashTable *table, const char *category, const char **key)
{
	gpointer stored, count;
	if (!g_hash_table_lookup_extended(table, category, &stored, &count)) {
		stored = g_strdup(category);
		count = g_new0(guint64, 1);
		g_hash_table_insert(table, stored, count);
	}
	if (key)
		*key = stored;
	return count;
}

void category_counts_add(struct category_counts *counts, const char *text, gsize len)
{
	if (counts->last && counts->last_len == len && memcmp(counts->last, text, len) == 0) {
		++*counts->last_count;
		return;
	}
	char buffer[64];
	g_autofree char *long_text = len < sizeof buffer ? NULL : g_strndup(text, len);
	if (!long_text) {
		memcpy(buffer, text, len);
		buffer[len] = 0;
	}
	const char *category = long_text ? long_text : buffer, *key;
	const char *canonical = category_canonical(category);
	guint64 *count = counter_of(counts->counts, canonical, &key);
	++*count;
	if (canonical == category) { /* the cache compares the text as given: not an alias */
		counts->last = key;
		counts->last_len = len;
		counts->last_count = count;
	}
}

void category_counts_move(GHashTable *into, struct category_counts *from)
{
	GHashTableIter iter;
	gpointer key, value;
	g_hash_table_iter_init(&iter, from->counts);
	while (g_hash_table_iter_next(&iter, &key, &value))
		*counter_of(into, key, NULL) += *(guint64 *)value;
	g_hash_table_remove_all(from->counts);
	from->last = NULL;
	from->last_count = NULL;
}

gboolean step_category(const char *category)
{
	return !category || strcmp(category, "gpu_user_annotation") != 0;
}

gboolean step_number(const char *name, gsize len, guint64 *number)
{
	if (!step_name_candidate(name, len) || len - STEP_PREFIX_LEN > 19) /* 19 digits fit in 64 bits */
		return FALSE;
	guint64 n = 0;
	for (gsize i = STEP_PREFIX_LEN; i < len; i++) {
		if (!g_ascii_isdigit(name[i]))
			return FALSE;
		n = n * 10 + (guint64)(name[i] - '0');
	}
	*number = n;
	return TRUE;
}
