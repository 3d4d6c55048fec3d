#include "sinks/folded.h"
#include <string.h>
#include "attribution/sums.h"
#include "util/visible.h"

#define UNSET G_MAXUINT
#define FRAME_BLOCK (1u << FRAME_BLOCK_BITS)

/* TEXT (LEN bytes) as a frame's name, *SHOWN_LEN bytes: itself, or in
 * SCRATCH with its ';' replaced and its controls shown (src/util/visible.h). */
static const char *frame_text(const char *text, gsize len, GString *scratch, gsize *shown_len)
{
	*shown_len = len;
	if (!memchr(text, ';', len) && !visible_changes(text, len))
		return text;
	g_string_truncate(scratch, 0);
	visible_append(scratch, text, len, VISIBLE_SPACE);
	for (char *c = scratch->str; (c = memchr(c, ';', scratch->str + scratch->len - c)); c++)
		*c = FOLDED_SEMICOLON;
	*shown_len = scratch->len;
	return scratch->str;
}

/* FNV-1a over the name, mixed with the parent frame. */
static guint frame_hash_of(guint parent, const char *text, gsize len)
{
	guint32 h = 2166136261u ^ (parent * 2654435761u);
	for (gsize i = 0; i < len; i++)
		h = (h ^ (guchar)text[i]) * 16777619u;
	return h;
}

static guint frame_hash(gconstpointer key)
{
	return ((const struct flame_frame *)key)->hash;
}

static gboolean frame_equal(gconstpointer x, gconstpointer y)
{
	const struct flame_frame *a = x, *b = y;
	return a->parent == b->parent && a->len == b->len && memcmp(a->name, b->name, a->len) == 0;
}

static guint frame_new(struct flame_tree *tree, const struct flame_frame *model)
{
	if ((tree->count & (FRAME_BLOCK - 1)) == 0)
		g_ptr_array_add(tree->blocks, g_new(struct flame_frame, FRAME_BLOCK));
	guint index = tree->count++;
	*flame_frame(tree, index) = *model;
	return index;
}

/* The frame NAME under PARENT, made (of KIND) when there is none. */
static guint frame_child(struct flame_tree *tree, guint parent, const struct name *name, guint kind, GString *scratch)
{
	gsize len;
	const char *text = frame_text(name->text, name->len, scratch, &len);
	struct flame_frame probe = {
		.name = text, .len = (guint)len, .parent = parent,
		.hash = frame_hash_of(parent, text, len),
	};
	const struct flame_frame *found = g_hash_table_lookup(tree->frames, &probe);
	if (found)
		return found->index;
	if (text != name->text)
		probe.name = g_string_chunk_insert_len(tree->text, text, (gssize)len);
	probe.depth = flame_frame(tree, parent)->depth + 1;
	probe.kind = kind;
	probe.index = tree->count;
	guint index = frame_new(tree, &probe);
	g_hash_table_add(tree->frames, flame_frame(tree, index));
	return index;
}

/* The path under way: the names of its nodes, and their frames where
 * looked up (frame_at[0] is frame 0). */
struct walk {
	struct flame_tree *tree;
	const struct name **name_at;
	guint *frame_at;
	GString *scratch;
};

/* The frame of the path's first LEVEL names: from the deepest level looked
 * up, each new one looked up once per node. */
static guint path_frame(struct walk *w, guint level)
{
	guint known = level;
	while (w->frame_at[known] == UNSET)
		known--;
	for (guint j = known + 1; j <= level; j++)
		w->frame_at[j] = frame_child(w->tree, w->frame_at[j - 1], w->name_at[j], FRAME_HOST, w->scratch);
	return w->frame_at[level];
}

/* VALUE onto the stack of the path's first LEVEL names, and LEAF (of KIND)
 * when it is not NULL. */
static void add(struct walk *w, guint level, const struct name *leaf, guint kind, gint64 value)
{
	if (value <= 0)
		return;
	guint stack = path_frame(w, level);
	if (leaf)
		stack = frame_child(w->tree, stack, leaf, kind, w->scratch);
	struct flame_frame *frame = flame_frame(w->tree, stack);
	if (!frame->self)
		g_array_append_val(w->tree->stacks, stack);
	frame->self += value;
}

/* Each node's own launches, in sort order: node i's are
 * own[first[i] .. first[i + 1]). */
static guint *own_launches(const struct forest *forest, const struct attribution *a, guint **first_out)
{
	guint *first = g_new0(guint, forest->count + 1);
	for (guint l = 0; l < a->launch_count; l++)
		if (a->owner[l] != NO_OWNER)
			first[a->owner[l] + 1]++;
	for (guint i = 0; i < forest->count; i++)
		first[i + 1] += first[i];
	guint *own = g_new(guint, first[forest->count] + 1);
	g_autofree guint *next = g_memdup2(first, sizeof(guint) * (forest->count + 1));
	for (guint l = 0; l < a->launch_count; l++)
		if (a->owner[l] != NO_OWNER)
			own[next[a->owner[l]]++] = l;
	*first_out = first;
	return own;
}

/* The values of node I, at LEVEL of the path. */
static void add_node(struct walk *w, const struct forest *forest, const struct attribution *a, guint i, guint level,
		     const guint *own, const guint *first, struct classifier *classes)
{
	if (w->tree->weight == WEIGHT_HOST) {
		add(w, level, NULL, FRAME_HOST, node_self_host_time(forest, i));
		return;
	}
	for (guint k = first[i]; k < first[i + 1]; k++) {
		guint l = own[k];
		if (w->tree->weight == WEIGHT_LAUNCH) {
			if (!a->nested[l])
				add(w, level, a->launches[l].name, FRAME_LAUNCH, a->launches[l].dur);
			continue;
		}
		for (guint d = a->device_first[l]; d < a->device_first[l + 1]; d++)
			add(w, level, attribution_device(a, d)->name, FRAME_DEVICE + classify(classes, attribution_device(a, d)), attribution_device(a, d)->dur);
	}
}

static struct flame_tree *flame_tree_new(enum flame_weight weight)
{
	struct flame_tree *tree = g_new0(struct flame_tree, 1);
	tree->weight = weight;
	tree->blocks = g_ptr_array_new_with_free_func(g_free);
	tree->stacks = g_array_new(FALSE, FALSE, sizeof(guint));
	tree->frames = g_hash_table_new(frame_hash, frame_equal);
	tree->text = g_string_chunk_new(4096);
	struct flame_frame all = { .name = "all", .len = 3, .kind = FRAME_HOST };
	frame_new(tree, &all);
	return tree;
}

struct flame_tree *flame_tree_build(const struct forest *forest, const struct attribution *a,
				    enum flame_weight weight, int max_depth, const GRegex *communication)
{
	struct flame_tree *tree = flame_tree_new(weight);
	guint levels = max_depth >= 0 && (guint)max_depth < forest->deepest ? (guint)max_depth : forest->deepest;
	g_autofree const struct name **name_at = g_new0(const struct name *, levels + 1);
	g_autofree guint *frame_at = g_new0(guint, levels + 1); /* frame_at[0]: frame 0 */
	g_autoptr(GString) scratch = g_string_new(NULL);
	struct walk w = { tree, name_at, frame_at, scratch };
	g_autofree guint *first = NULL;
	g_autofree guint *own = weight == WEIGHT_HOST ? NULL : own_launches(forest, a, &first);
	struct classifier classes = { 0 };
	if (weight == WEIGHT_DEVICE) /* only device events have classes */
		classifier_init(&classes, communication);
	g_autofree guint *open_end = g_new(guint, forest->deepest + 1); /* as select.c counts depths */
	for (guint r = forest->first_root; r != FOREST_END; r = forest_next_root(forest, r)) {
		guint depth = 0;
		for (guint i = r; i < forest->subtree_end[r]; i++) {
			while (depth && open_end[depth] <= i)
				depth--;
			open_end[++depth] = forest->subtree_end[i];
			guint level = depth;
			if (level <= levels) {
				name_at[level] = forest->events[i].name;
				frame_at[level] = UNSET;
			} else {
				level = levels; /* below the cut: onto the path at the cut */
			}
			add_node(&w, forest, a, i, level, own, first, &classes);
		}
	}
	classifier_clear(&classes);
	/* a frame's total: its own value and its children's totals (children come after their parents) */
	for (guint f = 0; f < tree->count; f++)
		flame_frame(tree, f)->total = flame_frame(tree, f)->self;
	for (guint f = tree->count - 1; f > 0; f--)
		flame_frame(tree, flame_frame(tree, f)->parent)->total += flame_frame(tree, f)->total;
	return tree;
}

void flame_tree_free(struct flame_tree *tree)
{
	if (!tree)
		return;
	g_hash_table_destroy(tree->frames);
	g_ptr_array_free(tree->blocks, TRUE);
	g_array_free(tree->stacks, TRUE);
	g_string_chunk_free(tree->text);
	g_free(tree);
}

/* Walked up from the stack's frame, the names are written from the end of
 * the line back: no array of the frames is needed. */
void folded_line_append(const struct flame_tree *tree, guint stack, GString *out)
{
	gsize len = 0; /* each name with the ';' or ' ' after it */
	for (guint f = stack; f; f = flame_frame(tree, f)->parent)
		len += flame_frame(tree, f)->len + 1;
	gsize start = out->len;
	g_string_set_size(out, start + len);
	char *end = out->str + start + len;
	*--end = ' ';
	for (guint f = stack; f; f = flame_frame(tree, f)->parent) {
		const struct flame_frame *frame = flame_frame(tree, f);
		end -= frame->len;
		memcpy(end, frame->name, frame->len);
		if (frame->parent)
			*--end = ';';
	}
	g_string_append_printf(out, "%" G_GINT64_FORMAT "\n", flame_frame(tree, stack)->self);
}

gboolean folded_write(struct output *out, const struct flame_tree *tree)
{
	g_autoptr(GString) text = g_string_sized_new(1 << 16);
	gboolean ok = TRUE;
	for (guint s = 0; ok && s < tree->stacks->len; s++) {
		folded_line_append(tree, g_array_index(tree->stacks, guint, s), text);
		if (text->len >= (1 << 16) || s + 1 == tree->stacks->len) {
			ok = output_write(out, text->str, text->len);
			g_string_truncate(text, 0);
		}
	}
	return ok;
}

static const char *const weight_names[] = { "device", "launch", "host" };

gboolean flame_weight_parse(const char *text, enum flame_weight *weight, GError **error)
{
	for (guint w = 0; w < G_N_ELEMENTS(weight_names); w++)
		if (strcmp(text, weight_names[w]) == 0) {
			*weight = w;
			return TRUE;
		}
	g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--weight wants host, device or launch, not '%s'",
		    text);
	return FALSE;
}

const char *flame_weight_text(enum flame_weight weight)
{
	static const char *const texts[] = { "device time", "launch time", "self host time" };
	return texts[weight];
}

/* Drawn whole by src/views/flame/flame.c, not row by row. */
const struct sink_class folded_sink = {
	.format = "folded",
	.extension = ".folded",
};
