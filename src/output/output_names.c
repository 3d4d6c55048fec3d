/* The names of outputs (src/output/output.h): DIR/STEM.EXT, unique among the
 * traces of one run, and what a name says of its form. Decided before any
 * trace is read, so that the names never depend on the order in which the
 * jobs end. */
#include "output/output_names.h"
#include <string.h>
#include "util/visible.h"

gboolean output_is_directory(const char *dst)
{
	return strcmp(dst, "-") != 0 && (g_str_has_suffix(dst, "/") || g_file_test(dst, G_FILE_TEST_IS_DIR));
}

/* SRC's file name without its .gz, .json and .pt.trace endings; "stdin" for "-". */
static char *stem_of(const char *src)
{
	char *stem = strcmp(src, "-") == 0 ? g_strdup("stdin") : g_path_get_basename(src);
	static const char *const endings[] = { ".gz", ".json", ".pt.trace" };
	for (gsize i = 0; i < G_N_ELEMENTS(endings); i++)
		if (g_str_has_suffix(stem, endings[i]) && strlen(stem) > strlen(endings[i]))
			stem[strlen(stem) - strlen(endings[i])] = 0;
	return stem;
}

char *output_path(const char *dst, const char *src, const char *extension)
{
	if (!output_is_directory(dst))
		return g_strdup(dst);
	g_autofree char *stem = stem_of(src);
	g_autofree char *file = g_strconcat(stem, extension, NULL);
	return g_build_filename(dst, file, NULL);
}

/* One trace's way to its output's file name. */
struct candidate {
	char *stem;      /* stem_of the trace */
	char *base;      /* the trace's whole file name */
	char *folder;    /* its folder, absolute */
	char **parents;  /* the folder's components, innermost first */
	guint depth;     /* how many */
	guint prefixed;  /* how many of them the name starts with */
	gboolean whole;  /* the name is made of BASE, not STEM */
	char *name;
};

static void candidate_init(struct candidate *c, const char *src)
{
	memset(c, 0, sizeof *c);
	c->stem = stem_of(src);
	gboolean input = strcmp(src, "-") == 0;
	c->base = input ? g_strdup(c->stem) : g_path_get_basename(src);
	g_autofree char *absolute = g_canonicalize_filename(src, NULL);
	c->folder = input ? g_strdup("") : g_path_get_dirname(absolute);
	g_auto(GStrv) parts = g_strsplit(c->folder, G_DIR_SEPARATOR_S, -1);
	GPtrArray *parents = g_ptr_array_new();
	for (guint i = g_strv_length(parts); i-- > 0;)
		if (*parts[i])
			g_ptr_array_add(parents, g_strdup(parts[i]));
	c->depth = parents->len;
	g_ptr_array_add(parents, NULL);
	c->parents = (char **)g_ptr_array_free(parents, FALSE);
}

static void candidate_clear(struct candidate *c)
{
	g_free(c->stem);
	g_free(c->base);
	g_free(c->folder);
	g_strfreev(c->parents);
	g_free(c->name);
}

/* The file name of C as it stands, with SUFFIX (e.g. "-2") before EXTENSION. */
static void candidate_name(struct candidate *c, const char *suffix, const char *extension)
{
	GString *name = g_string_new(NULL);
	for (guint i = c->prefixed; i-- > 0;)
		g_string_append_printf(name, "%s_", c->parents[i]);
	g_string_append_printf(name, "%s%s%s", c->whole ? c->base : c->stem, suffix, extension);
	g_free(c->name);
	c->name = g_string_free(name, FALSE);
}

/* How many candidates have each name (KEY of a candidate), as a table. */
static GHashTable *count_names(struct candidate *candidates, guint count, gboolean by_folder)
{
	GHashTable *counts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < count; i++) {
		char *key = g_strconcat(candidates[i].name, by_folder ? "\n" : "", by_folder ? candidates[i].folder : "", NULL);
		guint n = GPOINTER_TO_UINT(g_hash_table_lookup(counts, key));
		g_hash_table_replace(counts, key, GUINT_TO_POINTER(n + 1));
	}
	return counts;
}

static guint name_count(GHashTable *counts, const struct candidate *c, gboolean by_folder)
{
	g_autofree char *key = g_strconcat(c->name, by_folder ? "\n" : "", by_folder ? c->folder : "", NULL);
	return GPOINTER_TO_UINT(g_hash_table_lookup(counts, key));
}

/* How wide each name's narrowest holders are: name -> the fewest parents
 * (+ 1, so that 0 is "none"), and name -> how many holders have that few. */
static void narrowest(struct candidate *candidates, guint count, GHashTable *fewest, GHashTable *holders)
{
	for (guint i = 0; i < count; i++) {
		guint least = GPOINTER_TO_UINT(g_hash_table_lookup(fewest, candidates[i].name));
		if (!least || candidates[i].prefixed + 1 < least) {
			g_hash_table_insert(fewest, candidates[i].name, GUINT_TO_POINTER(candidates[i].prefixed + 1));
			g_hash_table_insert(holders, candidates[i].name, GUINT_TO_POINTER(1));
		} else if (candidates[i].prefixed + 1 == least) {
			guint n = GPOINTER_TO_UINT(g_hash_table_lookup(holders, candidates[i].name));
			g_hash_table_insert(holders, candidates[i].name, GUINT_TO_POINTER(n + 1));
		}
	}
}

/* One step towards unique names: each candidate whose name another has
 * takes its whole file name when one of them is in its folder (no parent
 * tells those apart), else one more parent — except the one candidate that
 * holds the name with fewer parents than the others: a name that told a
 * trace apart already (a/t.json as a_t) does not displace a trace that
 * had it as its own (a_t.json). FALSE when none could change. */
static gboolean widen_names(struct candidate *candidates, guint count, const char *extension)
{
	g_autoptr(GHashTable) by_name = count_names(candidates, count, FALSE);
	g_autoptr(GHashTable) by_folder = count_names(candidates, count, TRUE);
	g_autoptr(GHashTable) fewest = g_hash_table_new(g_str_hash, g_str_equal);
	g_autoptr(GHashTable) holders = g_hash_table_new(g_str_hash, g_str_equal);
	narrowest(candidates, count, fewest, holders);
	gboolean changed = FALSE;
	for (guint i = 0; i < count; i++) {
		struct candidate *c = &candidates[i];
		if (name_count(by_name, c, FALSE) < 2)
			continue;
		if (c->prefixed + 1 == GPOINTER_TO_UINT(g_hash_table_lookup(fewest, c->name)) &&
		    GPOINTER_TO_UINT(g_hash_table_lookup(holders, c->name)) == 1)
			continue; /* the only narrowest holder keeps its name */
		if (!c->whole && name_count(by_folder, c, TRUE) > 1 && strcmp(c->base, c->stem) != 0)
			c->whole = changed = TRUE;
		else if (c->prefixed < c->depth) {
			c->prefixed++;
			changed = TRUE;
		}
	}
	for (guint i = 0; changed && i < count; i++)
		candidate_name(&candidates[i], "", extension);
	return changed;
}

/* What no folder tells apart (names made alike by chance): a number. */
static void number_names(struct candidate *candidates, guint count, const char *extension)
{
	g_autoptr(GHashTable) taken = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < count; i++)
		g_hash_table_add(taken, g_strdup(candidates[i].name));
	g_autoptr(GHashTable) given = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < count; i++) {
		struct candidate *c = &candidates[i];
		gboolean renumber = g_hash_table_contains(given, c->name);
		for (guint n = 2; renumber; n++) {
			g_autofree char *suffix = g_strdup_printf("-%u", n);
			candidate_name(c, suffix, extension);
			renumber = g_hash_table_contains(taken, c->name) || g_hash_table_contains(given, c->name);
		}
		g_hash_table_add(given, g_strdup(c->name));
	}
}

char **output_unique_paths(const char *dst, char *const *sources, guint count, const char *extension)
{
	struct candidate *candidates = g_new(struct candidate, count);
	for (guint i = 0; i < count; i++) {
		candidate_init(&candidates[i], sources[i]);
		candidate_name(&candidates[i], "", extension);
	}
	while (widen_names(candidates, count, extension))
		;
	number_names(candidates, count, extension);
	char **paths = g_new0(char *, count + 1);
	for (guint i = 0; i < count; i++) {
		paths[i] = g_build_filename(dst, candidates[i].name, NULL);
		candidate_clear(&candidates[i]);
	}
	g_free(candidates);
	return paths;
}

char *output_name_extension(const char *dst, gboolean *gzip)
{
	*gzip = FALSE;
	if (strcmp(dst, "-") == 0 || g_str_has_suffix(dst, "/"))
		return NULL;
	g_autofree char *name = g_path_get_basename(dst);
	gsize len = strlen(name);
	if (g_str_has_suffix(name, ".gz") && len > 3) {
		*gzip = TRUE;
		name[len -= 3] = 0;
	}
	static const char compound[] = ".perfetto.json"; /* the annotated trace's (SPEC 29) */
	if (len > sizeof compound - 1 && g_str_has_suffix(name, compound))
		return g_strdup(compound);
	const char *dot = strrchr(name, '.');
	return dot && dot != name && dot[1] ? g_strdup(dot) : NULL;
}

char *output_shown(const char *path)
{
	if (!path)
		return NULL;
	GString *shown = g_string_new(NULL);
	visible_append(shown, path, strlen(path), VISIBLE_ESCAPE);
	return g_string_free(shown, FALSE);
}
