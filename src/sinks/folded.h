/* Folded: the stacks of a flame graph (SPEC 12), from the forest and its
 * attribution, and their folded text ("frame;frame;...;frame VALUE").
 *
 * The stacks are kept as a tree of frames (a trie): a frame is a name under
 * a parent frame, found through a hash table keyed by (parent, name), so a
 * stack costs O(1) lookups however deep it is, and memory grows with the
 * distinct frames, not with the text of the stacks. Frame 0 is the root of
 * all stacks; a frame's value is that of the stack ending at it.
 *
 * The forest is walked once, in row order (each root's pre-order, roots in
 * sort order), without recursion. The path under way is a stack of the
 * nodes' names, one per level; the frames of a level are looked up only
 * when a value lands on the path, from the deepest level already looked up,
 * so every node costs O(1) lookups whatever its depth. Nodes deeper than
 * --max_depth add their values to the path at the cut. Zero values make no
 * stack. Stacks are numbered in the order their first value arrives: that
 * is the order of the folded lines, and, since a frame is made with the
 * first stack through it, the order of every frame's children too. */
#ifndef PP_FOLDED_H
#define PP_FOLDED_H

#include "attribution/attribute.h"
#include "output/output.h"
#include "sinks/sink.h"

enum flame_weight {
	WEIGHT_DEVICE, /* each device event of a node's own launches, a leaf frame under it */
	WEIGHT_LAUNCH, /* each of its own non-nested launches, a leaf frame under it */
	WEIGHT_HOST,   /* its self host time, on its own stack */
};

/* What a frame stands for; it gives its color in a flame graph. */
enum frame_kind {
	FRAME_HOST,   /* a monitored node (and frame 0) */
	FRAME_LAUNCH, /* a launch, with WEIGHT_LAUNCH */
	FRAME_DEVICE, /* a device event of class FRAME_DEVICE + its enum device_class */
	FRAME_KINDS = FRAME_DEVICE + 4,
};

/* In a name, ';' becomes FOLDED_SEMICOLON, C0 control characters (CR and
 * LF among them) a space, C1 and bidirectional controls an escape, "\u202e"
 * (src/util/visible.h). */
#define FOLDED_SEMICOLON ':'

struct flame_frame {
	const char *name; /* FOLDED_SEMICOLON'd; into the trace's names, or the tree's own text */
	guint len;
	guint parent; /* frame 0's is itself */
	guint depth;  /* frame 0: 0; a root's frame: 1 */
	guint hash;
	guint index;
	guint kind; /* enum frame_kind, of the first stack that made the frame */
	gint64 self;  /* the value of the stack that ends here */
	gint64 total; /* self and every frame above it: set by flame_tree_build */
};

struct flame_tree {
	GPtrArray *blocks; /* of FRAME_BLOCK frames each, so that frames do not move */
	guint count;       /* frames, frame 0 included */
	GArray *stacks;    /* guint: the frames with a value, in the order of their first one */
	GHashTable *frames; /* (parent, name) -> its frame */
	GStringChunk *text; /* names that had to be changed */
	enum flame_weight weight;
};

#define FRAME_BLOCK_BITS 12

static inline struct flame_frame *flame_frame(const struct flame_tree *tree, guint frame)
{
	struct flame_frame *block = tree->blocks->pdata[frame >> FRAME_BLOCK_BITS];
	return &block[frame & ((1u << FRAME_BLOCK_BITS) - 1)];
}

/* The stacks of WEIGHT; MAX_DEPTH (-1: none) cuts the tree; COMMUNICATION
 * (NULL: the default pattern) classes the device events. The frames point
 * into the forest's names: the tree must not outlive the trace. */
struct flame_tree *flame_tree_build(const struct forest *forest, const struct attribution *attribution,
				    enum flame_weight weight, int max_depth, const GRegex *communication);
void flame_tree_free(struct flame_tree *tree);

/* Appends the folded line of STACK (a frame with a value) to OUT. */
void folded_line_append(const struct flame_tree *tree, guint stack, GString *out);
/* Writes every stack's line; FALSE when OUT fails. */
gboolean folded_write(struct output *out, const struct flame_tree *tree);

/* --weight: WEIGHT for TEXT (host, device, launch), else a usage error. */
gboolean flame_weight_parse(const char *text, enum flame_weight *weight, GError **error);
/* "device time", "launch time", "self host time". */
const char *flame_weight_text(enum flame_weight weight);

extern const struct sink_class folded_sink;

typedef struct flame_tree FlameTree;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(FlameTree, flame_tree_free)

#endif
