#include "input/module_class.h"
#include <string.h>

#define MODULE_PREFIX "nn.Module: "
#define MODULE_PREFIX_LEN (sizeof MODULE_PREFIX - 1)

gsize module_class_len(const char *name, gsize len)
{
	if (len <= MODULE_PREFIX_LEN || memcmp(name, MODULE_PREFIX, MODULE_PREFIX_LEN) != 0)
		return len;
	gsize end = len;
	while (end > MODULE_PREFIX_LEN && g_ascii_isdigit(name[end - 1]))
		end--;
	if (end == len || end <= MODULE_PREFIX_LEN + 1 || name[end - 1] != '_')
		return len; /* no digits, or nothing before "_N" */
	return end - 1;
}

void module_class_apply(struct trace *trace)
{
	g_autoptr(GHashTable) given = g_hash_table_new(g_direct_hash, g_direct_equal); /* name read -> name given */
	for (guint i = 0; i < trace->monitored->len; i++) {
		struct event *event = &g_array_index(trace->monitored, struct event, i);
		const struct name *name = event->name;
		if (!name)
			continue;
		const struct name *class = g_hash_table_lookup(given, name);
		if (!class) {
			gsize len = module_class_len(name->text, name->len);
			class = len == name->len ? name : names_intern(trace->names, name->text, len, NULL);
			g_hash_table_insert(given, (gpointer)name, (gpointer)class);
		}
		event->name = class;
	}
}
