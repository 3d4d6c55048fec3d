#include "roles.h"
#include <string.h>

const char CATEGORY_UNREAD[] = "";

static void add_roles(GHashTable *roles, char **categories, enum event_role role)
{
	for (char **c = categories; c && *c; c++) {
		const char *canonical = category_canonical(*c);
		guint bits = GPOINTER_TO_UINT(g_hash_table_lookup(roles, canonical));
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
